import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, newKey, orderBody, organiserPost, placeOrder, resetRaceSwitches } from './registration.fixtures.ts';

// Race tests need real concurrent connections: they always run on Postgres (CI's DATABASE_URL, or the local one).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

let t: TestApp;
let host: Awaited<ReturnType<typeof signupOrganiser>>;

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  host = await signupOrganiser(t.app);
});
afterAll(async () => t?.close());
afterEach(() => resetRaceSwitches(t.ctx.registration.testing));

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const res = await t.ctx.database.db.execute(query);
  return Number((res.rows[0] as { n: string | number }).n);
}

/** n buyers at once; answers tallied by status. A 500 would fail the test. */
async function stampede(n: number, body: (i: number) => { eventId: string; payload: unknown }) {
  const res = await Promise.all(Array.from({ length: n }, (_, i) => placeOrder(t.app, body(i).eventId, body(i).payload)));
  const codes = res.map((r) => r.statusCode);
  expect(codes.filter((c) => c >= 500), res.filter((r) => r.statusCode >= 500).map((r) => r.body).join('\n')).toEqual([]);
  return { won: codes.filter((c) => c === 201).length, refused: res.filter((r) => r.statusCode === 409).map((r) => r.json().code as string) };
}

const sizes = [2, 16, 64] as const;

describe.each(sizes)('%i buyers at once', (n) => {
  for (const locking of [true, false]) {
    const label = locking ? 'with locking: exactly one wins' : 'control, locking off: oversells';
    const setup = () => {
      t.ctx.registration.testing.unsafeDisableLocking = !locking;
      // The same window in both runs: buyers that saw "1 left" wait for each other (up to 16, within the pool of 20)
      // before writing. With the lock only one ever sees "1 left"; without it they all do.
      t.ctx.registration.testing.raceBarrier = Math.min(n, 16);
      t.ctx.registration.testing.raceWindowMs = 10;
    };

    it(`the last seat — ${label}`, async () => {
      const eventId = await createEvent(t.app, host.accessToken);
      const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true, capacity: 1 });
      setup();
      const r = await stampede(n, () => ({ eventId, payload: orderBody(ticket.id) }));
      const sold = await count(sql`select count(*) as n from registrations where event_id = ${eventId}`);
      if (locking) {
        expect(r.won).toBe(1);
        expect(sold).toBe(1);
        expect(new Set(r.refused).size <= 2 && r.refused.every((c) => c === 'SOLD_OUT' || c === 'TRY_AGAIN')).toBe(true);
      } else {
        expect(sold).toBeGreaterThan(1);
      }
    });

    it(`the last coupon use — ${label}`, async () => {
      const eventId = await createEvent(t.app, host.accessToken);
      const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000 });
      await organiserPost(t.app, host.accessToken, `/${eventId}/coupons`, { code: 'LAST', kind: 'fixed', value: 1000, currency: 'EUR', maxUses: 1 });
      setup();
      const r = await stampede(n, () => ({ eventId, payload: orderBody(ticket.id, { couponCode: 'LAST', expectedTotal: 0 }) }));
      const used = await count(sql`select count(*) as n from coupon_redemptions r join coupons c on c.id = r.coupon_id where c.event_id = ${eventId}`);
      if (locking) {
        expect(r.won).toBe(1);
        expect(used).toBe(1);
        expect(r.refused.every((c) => c === 'COUPON_USED_UP' || c === 'TRY_AGAIN')).toBe(true);
      } else {
        expect(used).toBeGreaterThan(1);
      }
    });

    it(`the last seat of a quota shared by two tickets — ${label}`, async () => {
      const eventId = await createEvent(t.app, host.accessToken);
      const a = await createTicket(t.app, host.accessToken, eventId, { name: 'Day', isFree: true });
      const b = await createTicket(t.app, host.accessToken, eventId, { name: 'Night', isFree: true });
      const q = await organiserPost(t.app, host.accessToken, `/${eventId}/quotas`, { name: 'Hall', capacity: 1, ticketIds: [a.id, b.id] });
      expect(q.statusCode).toBe(201);
      setup();
      const r = await stampede(n, (i) => ({ eventId, payload: orderBody(i % 2 ? a.id : b.id) }));
      const sold = await count(sql`select count(*) as n from registrations where event_id = ${eventId}`);
      if (locking) {
        expect(r.won).toBe(1);
        expect(sold).toBe(1);
      } else {
        expect(sold).toBeGreaterThan(1);
      }
    });
  }
});

describe('lock timeout and in-flight idempotency', () => {
  it('answers 409 TRY_AGAIN (never 500) when the quota lock is not obtained within 2 s', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true, capacity: 5 });
    const dbUrl = new URL(process.env.DATABASE_URL!);
    const current = await t.ctx.database.db.execute(sql`select current_database() as name`);
    dbUrl.pathname = `/${(current.rows[0] as { name: string }).name}`;
    const blocker = new pg.Client({ connectionString: dbUrl.toString() });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT * FROM quotas WHERE id = $1 FOR UPDATE', [ticket.quotaIds[0]]);
      const started = Date.now();
      const res = await placeOrder(t.app, eventId, orderBody(ticket.id));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('TRY_AGAIN');
      expect(res.headers['retry-after']).toBe('1');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect((await placeOrder(t.app, eventId, orderBody(ticket.id))).statusCode).toBe(201);
  });

  it('answers 409 IDEMPOTENCY_IN_FLIGHT while the first call with the key runs, then replays it', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true, capacity: 5 });
    const key = newKey();
    const body = orderBody(ticket.id);
    t.ctx.registration.testing.raceWindowMs = 400;
    const first = placeOrder(t.app, eventId, body, key);
    await new Promise((r) => setTimeout(r, 150));
    const second = await placeOrder(t.app, eventId, body, key);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect((await first).statusCode).toBe(201);
    t.ctx.registration.testing.raceWindowMs = 0;
    const replay = await placeOrder(t.app, eventId, body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual((await first).json());
    const concurrent = await Promise.all(Array.from({ length: 8 }, () => placeOrder(t.app, eventId, orderBody(ticket.id), 'same-key-for-all-8')));
    const created = concurrent.filter((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === 'false');
    expect(created).toHaveLength(1);
    const regs = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations`, headers: bearer(host.accessToken) })).json().data;
    expect(regs.total).toBe(2);
  });
});
