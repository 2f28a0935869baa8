import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeRangeFilter, timeRangeBounds } from '@pavilion/domain';
import { bearer, createTestApp, HOST_PASSWORD, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

// The app's clock: prints are stamped with it, and moving it on moves "now" for the report's SPEC §9 ranges.
let clock = Date.now();
let t: TestApp;
let H: Record<string, string>;
let O: Record<string, string>;
let eventId: string;
const emails: string[] = [];

/** Access tokens live 15 minutes of the app's clock: after moving it, sign in again. */
async function moveClock(ms: number) {
  clock += ms;
  const login = async (identifier: string) =>
    bearer((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password: HOST_PASSWORD } })).json().data.accessToken);
  [H, O] = [await login(emails[0]!), await login(emails[1]!)];
}

const ev = (path: string, headers = H, method: 'GET' | 'POST' = 'GET', payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/eventservices/events/${eventId}${path}`, headers, ...(payload ? { payload } : {}) });
const report = async (range: number) => {
  const res = await ev(`/badge-print-report/activity?range=${range}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const sum = (series: { prints: number }[]) => series.reduce((n, p) => n + p.prints, 0);

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
  const host = await signupOrganiser(t.app, { organisationName: 'Report Org' });
  const otherHost = await signupOrganiser(t.app, { organisationName: 'Other Org' });
  emails.push(host.userData.email, otherHost.userData.email);
  H = bearer(host.accessToken);
  O = bearer(otherHost.accessToken);
  eventId = await createEvent(t.app, H.authorization!.slice(7), 'Delhi Expo', { timeZone: 'Asia/Kolkata' });
});
afterAll(async () => t?.close());

describe('Badge Print report (analytics type 28)', () => {
  it('is empty before anything is printed, with every bucket of the range present', async () => {
    const r = await report(TimeRangeFilter.Last1Hour);
    expect(r).toMatchObject({ range: 10, bucket: 'minute', timeZone: 'Asia/Kolkata', totals: { prints: 0, reprints: 0, attendees: 0, fromBulkJobs: 0 }, byTemplate: [] });
    expect(r.series.length).toBeGreaterThanOrEqual(60);
    expect(sum(r.series)).toBe(0);
    expect((await report(TimeRangeFilter.AllDates)).series).toEqual([]);
  });

  it('counts prints, reprints and attendees within the SPEC §9 range, in the event time zone', async () => {
    const ticket = await createTicket(t.app, H.authorization!.slice(7), eventId, { name: 'Visitor', isFree: true, currency: 'INR' });
    const placed = await placeOrder(t.app, eventId, { ...orderBody(ticket.id, { quantity: 2, currency: 'INR' }) });
    expect(placed.statusCode, placed.body).toBe(201);
    const [a, b] = (placed.json().data.order.attendees as { id: string }[]).map((x) => x.id);
    const tpl = await ev('/badge-templates', H, 'POST', {
      name: 'Visitor badge',
      pageSize: 'A6',
      elements: [{ id: 'name', type: 'text', source: 'fullName', x: 5, y: 30, width: 95, height: 15, fontSize: 22 }],
    });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const printedAt = new Date(clock);
    for (const registrationId of [a, b, a]) expect((await ev('/badge-prints', H, 'POST', { registrationId })).statusCode).toBe(200);
    clock += 1000; // a range ends before "now": what happened at this very instant is not in it yet

    const hour = await report(TimeRangeFilter.Last1Hour);
    expect(hour.totals).toEqual({ prints: 3, reprints: 1, attendees: 2, fromBulkJobs: 0 });
    expect(sum(hour.series)).toBe(3);
    expect(hour.series.find((p: { prints: number }) => p.prints > 0)).toMatchObject({ prints: 3, reprints: 1 });
    expect(hour.byTemplate).toEqual([{ templateName: 'Visitor badge', prints: 3, reprints: 1 }]);

    // Two days later: the last hour is empty, All Dates and Last 90 Days still hold the prints.
    await moveClock(50 * 3600 * 1000);
    expect((await report(TimeRangeFilter.Last1Hour)).totals.prints).toBe(0);
    expect((await report(TimeRangeFilter.Today)).totals.prints).toBe(0);
    for (const range of [TimeRangeFilter.AllDates, TimeRangeFilter.Last90Days]) {
      const r = await report(range);
      expect(r.totals.prints).toBe(3);
      expect(r.bucket).toBe('day');
      // Day buckets start at midnight in Kolkata (18:30 UTC), not at UTC midnight.
      const day = r.series.find((p: { prints: number }) => p.prints > 0);
      expect(day.at).toMatch(/T18:30:00\.000Z$/);
      expect(new Date(day.at).getTime()).toBeLessThanOrEqual(printedAt.getTime());
      expect(printedAt.getTime() - new Date(day.at).getTime()).toBeLessThan(24 * 3600 * 1000);
    }
    // This Week and This Month hold the prints exactly when their window (Monday / the 1st, Kolkata time) does.
    for (const range of [TimeRangeFilter.ThisWeek, TimeRangeFilter.ThisMonth, TimeRangeFilter.Yesterday]) {
      const w = timeRangeBounds(range, new Date(clock), 'Asia/Kolkata');
      const inside = w.from !== null && w.from <= printedAt && printedAt < w.to;
      expect((await report(range)).totals.prints, `range ${range}`).toBe(inside ? 3 : 0);
    }
  });

  it('refuses an unknown range and another organisation', async () => {
    const bad = await ev('/badge-print-report/activity?range=6');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED', errors: [{ field: 'range', key: 'pattern' }] });
    expect((await ev('/badge-print-report/activity', O)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/eventservices/events/${eventId}/badge-print-report/activity` })).statusCode).toBe(401);
  });
});
