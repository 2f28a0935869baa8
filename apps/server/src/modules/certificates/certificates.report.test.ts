import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeRangeFilter } from '@pavilion/domain';
import { bearer, createTestApp, HOST_PASSWORD, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

// The app's clock stamps issues, mails and revocations; moving it on moves "now" for the SPEC §9 ranges.
let clock = Date.now();
let t: TestApp;
let H: Record<string, string>;
let O: Record<string, string>;
let email = '';
let eventId: string;

const ev = (path: string, headers = H, method: 'GET' | 'POST' = 'GET', payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/eventservices/events/${eventId}${path}`, headers, ...(payload ? { payload } : {}) });
const report = async (range: number) => {
  const res = await ev(`/certificate-report?range=${range}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
async function moveClock(ms: number) {
  clock += ms;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: HOST_PASSWORD } });
  H = bearer(res.json().data.accessToken);
}
const TEMPLATE = { title: 'Delhi Expo', conductedBy: 'Expo Academy', html: '<h1>Certificate</h1><p>[firstName] [lastName]</p>' };

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
  const host = await signupOrganiser(t.app, { organisationName: 'Cert Report Org' });
  email = host.userData.email;
  H = bearer(host.accessToken);
  O = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
  eventId = await createEvent(t.app, H.authorization!.slice(7), 'Delhi Expo', { timeZone: 'Asia/Kolkata' });
});
afterAll(async () => t?.close());

describe('Certificate Printing report (analytics type 45)', () => {
  it('counts certificates issued, mailed and revoked in the SPEC §9 range, by template and channel', async () => {
    const empty = await report(TimeRangeFilter.Today);
    expect(empty).toMatchObject({ range: 2, bucket: 'hour', timeZone: 'Asia/Kolkata', totals: { issued: 0, emailed: 0, revoked: 0 }, byTemplate: [], byChannel: [] });
    expect(empty.series.every((p: { issued: number }) => p.issued === 0)).toBe(true);

    const ticket = await createTicket(t.app, H.authorization!.slice(7), eventId, { name: 'Visitor', isFree: true, currency: 'INR' });
    const placed = await placeOrder(t.app, eventId, orderBody(ticket.id, { quantity: 3, currency: 'INR' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const regs = (placed.json().data.order.attendees as { id: string }[]).map((x) => x.id);
    const participation = (await ev('/certificate-templates', H, 'POST', { ...TEMPLATE, name: 'Participation' })).json().data.id;
    const speaker = (await ev('/certificate-templates', H, 'POST', { ...TEMPLATE, name: 'Speaker' })).json().data.id;
    expect((await ev('/certificates/issue', H, 'POST', { templateId: participation, isAllAdmissible: true })).json().data.issued).toBe(3);
    expect((await ev('/certificates/issue', H, 'POST', { templateId: speaker, registrationIds: [regs[0]] })).json().data.issued).toBe(1);
    await moveClock(1000); // a range ends at "now": what happens at this very instant is not in it yet

    const hour = await report(TimeRangeFilter.Last1Hour);
    expect(hour.totals).toEqual({ issued: 4, emailed: 0, revoked: 0 });
    expect(hour.series.reduce((n: number, p: { issued: number }) => n + p.issued, 0)).toBe(4);
    expect(hour.byTemplate).toEqual([
      { templateId: participation, templateName: 'Participation', issued: 3 },
      { templateId: speaker, templateName: 'Speaker', issued: 1 },
    ]);
    expect(hour.byChannel).toEqual([
      { issuedVia: 'bulk', issued: 3 },
      { issuedVia: 'manual', issued: 1 },
    ]);

    // Two days later one is mailed and one revoked: the last hour shows those, not the issues.
    await moveClock(50 * 3600 * 1000);
    const list = (await ev(`/certificates?templateId=${speaker}`)).json().data.items as { id: string }[];
    // Mail is a job: the batch answers at once and finishes in the background.
    const batch = await ev('/certificates/email', H, 'POST', { certificateIds: [list[0]!.id] });
    expect(batch.statusCode, batch.body).toBe(202);
    await expect.poll(async () => (await ev(`/certificates/email/${batch.json().data.id}`)).json().data, { timeout: 10_000 }).toMatchObject({ status: 'done', sent: 1 });
    expect((await ev(`/certificates/${list[0]!.id}/revoke`, H, 'POST', { reason: 'Wrong name' })).statusCode).toBe(200);
    await moveClock(1000);
    expect((await report(TimeRangeFilter.Last1Hour)).totals).toEqual({ issued: 0, emailed: 1, revoked: 1 });
    const all = await report(TimeRangeFilter.AllDates);
    expect(all.totals).toEqual({ issued: 4, emailed: 1, revoked: 1 });
    expect(all.bucket).toBe('day');
    // Day buckets start at midnight in Kolkata (18:30 UTC).
    expect(all.series.find((p: { issued: number }) => p.issued > 0)).toMatchObject({ issued: 4, at: expect.stringMatching(/T18:30:00\.000Z$/) });
  });

  it('refuses an unknown range and another organisation', async () => {
    O = bearer((await signupOrganiser(t.app, { organisationName: 'Late Org' })).accessToken); // a token of the moved clock
    const bad = await ev('/certificate-report?range=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED', errors: [{ field: 'range', key: 'pattern' }] });
    expect((await ev('/certificate-report', O)).statusCode).toBe(404);
  });
});
