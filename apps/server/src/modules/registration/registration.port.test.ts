import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from './registration.fixtures.ts';
import { createRegistrationPort, isAdmissible, notAdmissibleReason, type AdmissionState } from './registration.port.ts';

// Registration's port: the one admissibility rule, and the read model other modules use instead of its tables.

describe('admissibility (the one rule)', () => {
  it.each<[AdmissionState, ReturnType<typeof notAdmissibleReason>]>([
    [{ approvalStatus: 'approved', orderStatus: 'paid', paymentStatus: 'paid' }, null],
    [{ approvalStatus: 'approved', orderStatus: 'paid' }, null],
    [{ approvalStatus: 'approved', orderStatus: 'paid', paymentStatus: 'partially_refunded' }, null],
    [{ approvalStatus: 'approved', orderStatus: 'paid', paymentStatus: 'refunded' }, 'cancelled'],
    [{ approvalStatus: 'approved', orderStatus: 'cancelled', paymentStatus: 'unpaid' }, 'cancelled'],
    [{ approvalStatus: 'approved', orderStatus: 'expired', paymentStatus: 'unpaid' }, 'cancelled'],
    [{ approvalStatus: 'disapproved', orderStatus: 'paid', paymentStatus: 'paid' }, 'rejected'],
    [{ approvalStatus: 'suspended', orderStatus: 'paid', paymentStatus: 'paid' }, 'rejected'],
    [{ approvalStatus: 'approved', orderStatus: 'pending', paymentStatus: 'unpaid' }, 'unpaid'],
    [{ approvalStatus: 'pending', orderStatus: 'pending', paymentStatus: 'unpaid' }, 'unpaid'],
    [{ approvalStatus: 'pending', orderStatus: 'paid', paymentStatus: 'paid' }, 'pendingApproval'],
  ])('%o → %s', (state, reason) => {
    expect(notAdmissibleReason(state)).toBe(reason);
    expect(isAdmissible(state)).toBe(reason === null);
  });
});

describe('registration port (read model)', () => {
  let t: TestApp;
  let eventId: string;
  const regIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const { accessToken } = await signupOrganiser(t.app);
    eventId = await createEvent(t.app, accessToken, 'Port Expo');
    const ticket = await createTicket(t.app, accessToken, eventId, { isFree: true });
    for (let i = 0; i < 5; i++) {
      const res = await placeOrder(t.app, eventId, orderBody(ticket.id));
      expect(res.statusCode).toBe(201);
      regIds.push(res.json().data.order.attendees[0].id);
    }
    // Five states, set as the registration module would leave them (tests may write the tables; modules may not).
    const [paid, refunded, pendingApproval, unpaid, rejected] = regIds;
    await t.ctx.database.db.execute(sql`update orders set payment_status = 'refunded' where id = (select order_id from registrations where id = ${refunded})`);
    await t.ctx.database.db.execute(sql`update registrations set approval_status = 'pending' where id = ${pendingApproval}`);
    await t.ctx.database.db.execute(sql`update orders set status = 'pending', payment_status = 'unpaid' where id = (select order_id from registrations where id = ${unpaid})`);
    await t.ctx.database.db.execute(sql`update registrations set approval_status = 'disapproved' where id = ${rejected}`);
    expect(paid).toBeDefined();
  });
  afterAll(() => t?.close());

  it('selects as admissible exactly the registrations the rule admits', async () => {
    const port = createRegistrationPort(t.ctx.database.db);
    const all = await port.attendees(eventId);
    expect(all.map((a) => a.id).sort()).toEqual([...regIds].sort());
    const admissible = await port.attendees(eventId, { isAdmissibleOnly: true });
    expect(admissible.map((a) => a.id)).toEqual(all.filter(isAdmissible).map((a) => a.id));
    expect(admissible.map((a) => a.id)).toEqual([regIds[0]]);
    expect(all.map((a) => notAdmissibleReason(a)).sort()).toEqual([null, 'cancelled', 'pendingApproval', 'rejected', 'unpaid'].sort());
  });

  it('reads one registration, scoped to its event when asked, and pages ids in order', async () => {
    const port = createRegistrationPort(t.ctx.database.db);
    const one = await port.attendee(regIds[0]!);
    expect(one).toMatchObject({ id: regIds[0], eventId, orderStatus: 'paid', approvalStatus: 'approved' });
    expect(one!.registrationNo).toMatch(/\S/);
    expect(await port.attendee(regIds[0]!, 'another-event')).toBeNull();
    const first = await port.ids(eventId, { limit: 3 });
    const rest = await port.ids(eventId, { afterId: first[first.length - 1]!.id, limit: 3 });
    expect(first).toHaveLength(3);
    expect([...first, ...rest].map((r) => r.id)).toEqual([...regIds].sort());
  });

  it('finds registrations by email and by a part of email or registration number', async () => {
    const port = createRegistrationPort(t.ctx.database.db);
    const one = (await port.attendee(regIds[1]!))!;
    expect((await port.attendeesByEmail(one.email.toUpperCase())).map((a) => a.id)).toEqual([one.id]);
    expect(await port.idsMatching(eventId, one.email.slice(0, -4))).toContain(one.id);
    expect(await port.idsMatching(eventId, one.registrationNo)).toEqual([one.id]);
    expect(await port.idsMatching(eventId, '100%_no-such')).toEqual([]);
    expect((await port.attendeesByIds([regIds[2]!, 'missing'])).map((a) => a.id)).toEqual([regIds[2]]);
  });
});
