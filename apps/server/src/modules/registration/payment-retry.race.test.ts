import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder, resetRaceSwitches } from './registration.fixtures.ts';

// A failed payment's release and a retry's re-take against other buyers, at once. Runs on PGlite (one connection:
// the steps interleave between statements) and on Postgres when DATABASE_URL is set (real concurrent transactions,
// plus the lock-off control that must oversell, which proves the test can fail).

let t: TestApp;
let host: Awaited<ReturnType<typeof signupOrganiser>>;

beforeAll(async () => {
  t = await createTestApp();
  host = await signupOrganiser(t.app);
});
afterAll(async () => t?.close());
afterEach(() => resetRaceSwitches(t.ctx.registration.testing));

const isPostgres = () => t.ctx.database.kind === 'postgres';
const gateway = (sessionId: string, outcome: 'pay' | 'fail') =>
  t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${sessionId}/complete`, payload: { outcome } });
const retry = (orderId: string) => t.app.inject({ method: 'POST', url: `/api/eventservices/public/orders/${orderId}/payments`, payload: { provider: 'test' } });

async function number(query: ReturnType<typeof sql>): Promise<number> {
  const res = await t.ctx.database.db.execute(query);
  return Number((res.rows[0] as { n: string | number | null }).n ?? 0);
}
/** Seats that count against the ticket now (live holds of one quota), and the order's own live seats. */
const liveSeats = (ticketId: string) =>
  number(sql`select coalesce(sum(quantity), 0) as n from seat_holds where ticket_id = ${ticketId} and released_at is null and (expires_at is null or expires_at > now())`);
const orderSeats = (orderId: string) => number(sql`select coalesce(sum(quantity), 0) as n from seat_holds where order_id = ${orderId} and released_at is null`);
const paymentStatus = async (orderId: string) => ((await t.ctx.database.db.execute(sql`select payment_status from orders where id = ${orderId}`)).rows[0] as { payment_status: string }).payment_status;

/** A paid order of one seat whose payment failed: the seat is free again, the order may retry. */
async function failedOrder(eventId: string, ticketId: string) {
  const res = await placeOrder(t.app, eventId, orderBody(ticketId, { expectedTotal: 1000, paymentProvider: 'test' }));
  expect(res.statusCode, res.body).toBe(201);
  const { order, payment } = res.json().data;
  await gateway(payment.sessionId, 'fail');
  return order.id as string;
}

// PGlite runs one transaction at a time, so the lock-off control can only oversell on Postgres: it exists only there.
const lockings = process.env.DATABASE_URL ? [true, false] : [true];

describe.each([4, 12])('a retry against %i new buyers for the last seat', (n) => {
  for (const locking of lockings) {
    const label = locking ? 'with locking: one seat, one winner' : 'control, locking off (Postgres): oversells';
    it(label, async () => {
      if (!locking) expect(isPostgres()).toBe(true);
      const eventId = await createEvent(t.app, host.accessToken);
      const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 1 });
      const orderId = await failedOrder(eventId, ticket.id);
      expect(await liveSeats(ticket.id)).toBe(0);
      t.ctx.registration.testing.unsafeDisableLocking = !locking;
      t.ctx.registration.testing.raceBarrier = Math.min(n + 1, 16);
      t.ctx.registration.testing.raceWindowMs = 10;
      const [again, ...buyers] = await Promise.all([retry(orderId), ...Array.from({ length: n }, () => placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'test' })))]);
      const all = [again, ...buyers];
      expect(all.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const won = all.filter((r) => r.statusCode === 201).length;
      if (locking) {
        expect(won).toBe(1);
        expect(await liveSeats(ticket.id)).toBe(1);
        expect(all.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409 && ['SOLD_OUT', 'TRY_AGAIN'].includes(r.json().code))).toBe(true);
        // The retry either holds its seat again, or was refused and holds nothing.
        expect(await orderSeats(orderId)).toBe(again.statusCode === 201 ? 1 : 0);
        expect(await paymentStatus(orderId)).toBe(again.statusCode === 201 ? 'pending' : 'failed');
      } else {
        expect(await liveSeats(ticket.id)).toBeGreaterThan(1);
      }
    });
  }
});

describe('retries and failures of one order at once', () => {
  it('eight retries at once take the seat back once', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 3 });
    const orderId = await failedOrder(eventId, ticket.id);
    const res = await Promise.all(Array.from({ length: 8 }, () => retry(orderId)));
    expect(res.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(res.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(res.every((r) => r.statusCode === 201 || (r.statusCode === 409 && r.json().code === 'TRY_AGAIN'))).toBe(true);
    expect(await orderSeats(orderId)).toBe(1);
    expect(await liveSeats(ticket.id)).toBe(1);
  });

  it("an attempt's failure racing a retry leaves the order consistent: seats held exactly when its payment is not failed", async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 2 });
    for (let round = 0; round < 4; round++) {
      const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'test' }));
      const { order, payment } = res.json().data;
      const [failed, again] = await Promise.all([gateway(payment.sessionId, 'fail'), retry(order.id)]);
      expect([failed.statusCode, again.statusCode].filter((c) => c >= 500)).toEqual([]);
      const status = await paymentStatus(order.id);
      expect(await orderSeats(order.id)).toBe(status === 'failed' ? 0 : 1);
      expect(await liveSeats(ticket.id)).toBeLessThanOrEqual(2);
      // Leave the round's seat free for the next one.
      if (status !== 'failed' && again.statusCode === 201) await gateway(again.json().data.sessionId, 'fail');
      expect(await orderSeats(order.id)).toBe(0);
    }
  });
});
