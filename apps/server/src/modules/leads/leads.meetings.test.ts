import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { UserType } from '@pavilion/domain';
import { leadActions } from './leads.tables.ts';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

/*
 * SPEC §9 report actions 7 (general call), 8 (meetings) and 9 (networking): a meeting booked with a company's staff
 * counts at that company, through the meetings module's notice (the event bus), once per meeting, by its SPEC §3.10
 * type (GENERAL 7, MEETING 8, NETWORKING 9); an answered 1:1 video call with the staff is a general call (7, analytics
 * type 18 Video Calls). The host's Onsite Leads tab and the exhibitor's own report read them.
 */
const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let host: Record<string, string>;
let orgId: string;
let eventId: string;
let companyId: string;
type Person = { headers: Record<string, string>; eventUserId: string; userId: string };

const base = () => `/api/eventservices/events/${eventId}`;
const call = (method: 'GET' | 'POST' | 'PUT', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function participant(email = `p-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`): Promise<Person> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Pat', lastName: 'Person', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { headers: { ...bearer(access), 'x-user-access-token': eventAccess }, eventUserId: eu!.id, userId: user.id };
}

const actionsOfCompany = async () => {
  const onsite = await call('GET', host, `${base()}/onsite-leads`);
  expect(onsite.statusCode).toBe(200);
  const data = onsite.json().data as { companies: { companyId: string; actions: Record<string, number> }[]; totals: { actions: Record<string, number> } };
  return { company: data.companies.find((c) => c.companyId === companyId)!.actions, totals: data.totals.actions };
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Meetings Leads Org' });
  host = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Meetings Leads Expo');
  companyId = (await call('POST', host, `${base()}/exhibition/companies`, { name: 'Gamma Pumps' })).json().data.id;
  const settings = { days: [{ date: '2027-03-02', start: '10:00', end: '12:00' }], slotMinutes: 30, loungeTables: 5 };
  expect((await call('PUT', host, `${base()}/meetings/settings`, settings)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

let staff: Person;
describe('meetings counted at the company', () => {
  it('counts a GENERAL meeting with its staff as action 7, a MEETING as 8 and a NETWORKING meeting as 9, once each; meetings without staff count nowhere', async () => {
    const staffEmail = `staff-${newId().slice(0, 6).toLowerCase()}@example.com`;
    expect((await call('PUT', host, `${base()}/exhibition/companies/${companyId}/staff`, { emails: [staffEmail] })).statusCode).toBe(200);
    staff = await participant(staffEmail);
    const [buyer, other, third] = [await participant(), await participant(), await participant()];
    const request = (slot: string, type: number, inviteeEventUserId: string) => ({ inviteeEventUserId, slot, place: 2, mode: 1, type, booth: null, message: '' });

    // A buyer asks the staff member for a MEETING; the staff member asks another visitor for a NETWORKING one.
    expect((await call('POST', buyer.headers, `${base()}/meetings/requests`, request('2027-03-02T10:00', 2, staff.eventUserId))).statusCode).toBe(201);
    expect((await call('POST', staff.headers, `${base()}/meetings/requests`, request('2027-03-02T10:30', 3, other.eventUserId))).statusCode).toBe(201);
    // Two visitors meet without any staff: nobody's report counts it.
    expect((await call('POST', other.headers, `${base()}/meetings/requests`, request('2027-03-02T11:00', 2, third.eventUserId))).statusCode).toBe(201);
    // The organiser schedules the buyer with the staff member on their behalf, a GENERAL one: a general call.
    expect((await call('POST', host, `${base()}/meetings`, { ...request('2027-03-02T11:30', 1, staff.eventUserId), requesterEventUserId: buyer.eventUserId })).statusCode).toBe(201);

    const after = await actionsOfCompany();
    expect(after.company).toEqual({ '7': 1, '8': 1, '9': 1 });
    expect(after.totals).toMatchObject({ '7': 1, '8': 1, '9': 1 });

    // A notice delivered again (the outbox is at least once) adds nothing.
    const list = (await call('GET', host, `${base()}/meetings?pageSize=50`)).json().data.items as { id: string; type: number; requester: { eventUserId: string } }[];
    for (const m of list) await t.ctx.bus.publish('meeting.notice', { eventId, meetingId: m.id, kind: 'requested' });
    expect((await actionsOfCompany()).company).toEqual({ '7': 1, '8': 1, '9': 1 });
  });
});

describe('1:1 video calls counted at the company', () => {
  const actor = (p: Person) => ({ userId: p.userId, eventId, eventUserId: p.eventUserId });
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('counts an answered call between a visitor and the staff as action 7 (Video Calls 18) once per call; unanswered calls and calls without staff count nowhere', async () => {
    const [visitor, a, b] = [await participant(), await participant(), await participant()];
    const video = t.ctx.video.service;
    // The visitor calls the staff member, who answers: one general call.
    await video.call(actor(visitor), { to: staff.eventUserId, channel: 'call-one' });
    await video.answer(actor(staff), { channel: 'call-one', isAccepted: true });
    await until(async () => (await actionsOfCompany()).company['7'] === 2);
    expect((await actionsOfCompany()).company).toEqual({ '7': 2, '8': 1, '9': 1 });
    const rows = await t.ctx.database.db.select().from(leadActions).where(and(eq(leadActions.companyId, companyId), eq(leadActions.analyticsType, 18)));
    expect(rows.map((r) => [r.action, r.eventUserId])).toEqual([[7, visitor.eventUserId]]);
    await video.end(actor(visitor), { channel: 'call-one' });

    // The staff member calls a visitor who declines; two visitors talk without staff: nothing.
    await video.call(actor(staff), { to: a.eventUserId, channel: 'call-two' });
    await video.answer(actor(a), { channel: 'call-two', isAccepted: false });
    await video.call(actor(a), { to: b.eventUserId, channel: 'call-three' });
    await video.answer(actor(b), { channel: 'call-three', isAccepted: true });
    await video.end(actor(a), { channel: 'call-three' });
    // The answer delivered twice (the bus is in-process, but a repeat must not count twice either).
    const call1 = rows[0]!.refId!;
    await t.ctx.bus.publish('video.call.answered', { eventId, callId: call1, callerEventUserId: visitor.eventUserId, calleeEventUserId: staff.eventUserId });
    await new Promise((r) => setTimeout(r, 100));
    expect((await actionsOfCompany()).company).toEqual({ '7': 2, '8': 1, '9': 1 });
  });

  it('shows general calls in the exhibitor report of the staff member (Booth Action Point)', async () => {
    const report = await call('GET', staff.headers, `${base()}/my-stand/report`);
    expect(report.statusCode, report.body).toBe(200);
    const tab = (report.json().data.tabs as { key: string; rows: { label: string; counts: number[] }[] }[]).find((x) => x.key === 'boothActionPoint')!;
    expect(tab.rows).toEqual(expect.arrayContaining([{ label: 'general call', counts: [2] }, { label: 'meetings', counts: [1] }, { label: 'networking', counts: [1] }]));
  });
});
