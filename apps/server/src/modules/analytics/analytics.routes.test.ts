import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

let t: TestApp;
// Two hours ahead of the database's clock, and running: page views (stamped by the database) fall in "All Dates" but
// not in the last hour; what the modules stamp with this clock (a participant joining) is earlier than a later read.
const AHEAD_MS = 2 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(Date.now() + AHEAD_MS) });
});
afterAll(async () => t?.close());

describe('event overview', () => {
  it('counts page views and participants within the SPEC §9 time range, for the caller’s own events only', async () => {
    const host = await signupOrganiser(t.app);
    const other = await signupOrganiser(t.app);
    const H = bearer(host.accessToken);
    const ev = (
      await t.app.inject({
        method: 'POST',
        url: '/api/eventservices/events',
        headers: H,
        payload: { name: 'Stats Fair', startDate: '2026-12-01', endDate: '2026-12-02', timeZone: 'UTC', eventMode: 2, eventType: 2 },
      })
    ).json().data;
    for (const visitorId of ['visitor-aaaaaa', 'visitor-aaaaaa', 'visitor-bbbbbb']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/analytics/api/page-views', payload: { path: '/attendium', visitorId, eventId: ev.id } })).statusCode).toBe(202);
    }
    const orgId = (await t.ctx.tokens.verifyAccess(host.accessToken))!.organisationId!;
    const u = await t.ctx.auth.createUser({ organisationId: null, email: 'p1@x.example', password: 'Part#Secure2026', firstName: 'P', userType: UserType.Attendee, role: 'Attendee' });
    await t.ctx.events.addParticipant(orgId, ev.id, u.id, UserType.Attendee);

    const all = await t.app.inject({ url: `/api/analytics/api/events/${ev.id}/overview?range=1`, headers: H });
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data.pageViews).toMatchObject({ total: 3, uniqueVisitors: 2 });
    expect(data.pageViews.series.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(3);
    expect(data.participants).toEqual({ total: 1, byUserType: [{ userType: UserType.Attendee, count: 1 }] });
    expect(data).toMatchObject({ registrations: 0, revenue: [], checkIns: 0, liveFootfall: 0, bucket: 'day', from: null });

    const lastHour = (await t.app.inject({ url: `/api/analytics/api/events/${ev.id}/overview?range=10`, headers: H })).json().data;
    expect(lastHour.pageViews.total).toBe(0);
    expect(lastHour.bucket).toBe('minute');
    // Every minute of the hour is there, empty ones as zero, so a chart has no gaps.
    expect(lastHour.pageViews.series.length).toBeGreaterThanOrEqual(60); // 61 when the hour starts mid-minute
    expect(lastHour.pageViews.series.length).toBeLessThanOrEqual(61);
    expect(lastHour.pageViews.series.every((p: { count: number }) => p.count === 0)).toBe(true);

    // A free registration and a paid one (offline, marked paid) count as registrations; revenue is the paid total.
    const free = await createTicket(t.app, host.accessToken, ev.id, { name: 'Free', isFree: true });
    expect((await placeOrder(t.app, ev.id, orderBody(free.id))).statusCode).toBe(201);
    const paid = await createTicket(t.app, host.accessToken, ev.id, { name: 'Paid', price: 3000 });
    const placed = await placeOrder(t.app, ev.id, orderBody(paid.id, { expectedTotal: 3000, paymentProvider: 'offline' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.order.id;
    const before = (await t.app.inject({ url: `/api/analytics/api/events/${ev.id}/overview?range=1`, headers: H })).json().data;
    expect(before).toMatchObject({ registrations: 1, revenue: [] });
    expect((await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${ev.id}/orders/${orderId}/mark-paid`, headers: H })).statusCode).toBe(200);
    const after = (await t.app.inject({ url: `/api/analytics/api/events/${ev.id}/overview?range=1`, headers: H })).json().data;
    expect(after).toMatchObject({ registrations: 2, revenue: [{ currency: 'EUR', amountMinor: 3000 }] });

    expect((await t.app.inject({ url: `/api/analytics/api/events/${ev.id}/overview?range=6`, headers: H })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/analytics/api/events/${ev.id}/overview`, headers: bearer(other.accessToken) })).statusCode).toBe(404);
  });
});
