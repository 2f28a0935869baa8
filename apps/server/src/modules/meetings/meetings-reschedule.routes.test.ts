/**
 * Meeting rescheduling (issue 18): either side proposes a new time, which holds the new slot for both people and the
 * table or booth under the rules of a request; the other side accepts (the meeting moves, its old slot is freed, the
 * .ics SEQUENCE goes up) or declines (it keeps its slot and status); one proposal at a time; the organiser moves a
 * meeting for both sides at once. Every change is mailed and put in the inbox of the side it concerns.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

const PASSWORD = 'Guest#Secure26';
// The fixtures' event is in Berlin (UTC+1): 10:00 there is 09:00 UTC.
const DAY = '2027-03-02';
const at = (hhmm: string) => `${DAY}T${hhmm}`;

let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherEventId: string;

type Person = { headers: Record<string, string>; eventUserId: string; email: string };
type Meeting = { id: string; slot: string; status: number; responseStatus: number; tableNumber: number | null; booth: string | null; sequence: number; canReschedule: boolean; proposal: null | { id: string; slot: string; answers: string[]; proposedBy: { name: string } | null; tableNumber: number | null } };
const base = (ev: string) => `/api/eventservices/events/${ev}`;
const call = (method: 'GET' | 'POST' | 'PUT', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

let n = 0;
async function participant(ev: string, firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${++n}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Tester', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId: ev } });
  expect(res.statusCode, res.body).toBe(200);
  const rec = res.json().data;
  return { headers: { ...bearer(rec.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken }, eventUserId: rec.eventData.eventUserId, email };
}

async function book(from: Person, to: Person, slot: string, over: Record<string, unknown> = {}): Promise<Meeting> {
  const res = await call('POST', from.headers, `${base(eventId)}/meetings/requests`, { inviteeEventUserId: to.eventUserId, slot: at(slot), place: 2, mode: 2, type: 2, booth: null, message: '', ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const propose = (p: Person, meetingId: string, slot: string, over: Record<string, unknown> = {}) => call('POST', p.headers, `${base(eventId)}/meetings/mine/${meetingId}/proposals`, { slot: at(slot), ...over });
const answer = (p: Person, meetingId: string, proposalId: string, ans: string) => call('POST', p.headers, `${base(eventId)}/meetings/mine/${meetingId}/proposals/${proposalId}/answer`, { answer: ans });
const mineOf = async (p: Person, meetingId: string): Promise<Meeting> => ((await call('GET', p.headers, `${base(eventId)}/meetings/mine`)).json().data.meetings as Meeting[]).find((m) => m.id === meetingId)!;
const freeSlots = async (p: Person, other: Person) => ((await call('GET', p.headers, `${base(eventId)}/meetings/slots?with=${other.eventUserId}`)).json().data.slots as { slot: string; free: boolean }[]).filter((s) => s.free).map((s) => s.slot.slice(11));
async function mails(p: Person): Promise<{ subject: string; text: string }[]> {
  const rows = await t.ctx.database.db.execute(sql`select subject, text_body as text from mail_outbox where event_id = ${eventId} and to_address = ${p.email} order by created_at, id`);
  return rows.rows as { subject: string; text: string }[];
}
async function inbox(p: Person): Promise<{ kind: string; title: string; body: string }[]> {
  const res = await call('GET', p.headers, `/api/notifyservices/api/events/${eventId}/notifications`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}

let ann: Person, ben: Person, cat: Person, dan: Person, eve: Person, fay: Person, gil: Person, hal: Person, outsider: Person;
let m1: Meeting; // Ann → Ben, virtual, 10:00, accepted
let m2: Meeting; // Cat → Dan, lounge, 10:30 (the only table)
let m3: Meeting; // Eve → Fay, lounge, 10:00
let m5: Meeting; // Gil → Hal, booth A12, 11:30
let m6: Meeting; // Dan → Fay, booth B7, 11:00

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Reschedule Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Reschedule Expo');
  otherEventId = await createEvent(t.app, a.accessToken, 'Second Expo');
  const saved = await call('PUT', hostA, `${base(eventId)}/meetings/settings`, { days: [{ date: DAY, start: '10:00', end: '12:00' }], slotMinutes: 30, loungeTables: 1 });
  expect(saved.statusCode, saved.body).toBe(200);
  [ann, ben, cat, dan, eve, fay, gil, hal, outsider] = await Promise.all([
    participant(eventId, 'Ann'),
    participant(eventId, 'Ben'),
    participant(eventId, 'Cat'),
    participant(eventId, 'Dan'),
    participant(eventId, 'Eve'),
    participant(eventId, 'Fay'),
    participant(eventId, 'Gil'),
    participant(eventId, 'Hal'),
    participant(otherEventId, 'Oli'),
  ]);
  m1 = await book(ann, ben, '10:00');
  expect((await call('POST', ben.headers, `${base(eventId)}/meetings/mine/${m1.id}/status`, { action: 'accept' })).statusCode).toBe(200);
  m2 = await book(cat, dan, '10:30', { mode: 1 });
  m3 = await book(eve, fay, '10:00', { mode: 1 });
  await book(eve, ben, '11:00');
  m5 = await book(gil, hal, '11:30', { mode: 1, place: 1, booth: 'A12' });
  m6 = await book(dan, fay, '11:00', { mode: 1, place: 1, booth: 'B7' });
});
afterAll(async () => {
  await t?.close();
});

describe('proposing a new time', () => {
  it('refuses bad input by field, strangers with 404, other events and the signed-out', async () => {
    const url = `${base(eventId)}/meetings/mine/${m1.id}/proposals`;
    expect((await call('POST', {}, url, { slot: at('10:30') })).statusCode).toBe(401);
    const foreign = await call('POST', outsider.headers, url, { slot: at('10:30') });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'MEETINGS_NOT_PARTICIPANT']);
    // Ann's sign-in is this event's: another event's path is refused, and the meeting is not found there either.
    expect((await call('POST', ann.headers, `${base(otherEventId)}/meetings/mine/${m1.id}/proposals`, { slot: at('10:30') })).statusCode).toBe(403);
    expect((await call('POST', outsider.headers, `${base(otherEventId)}/meetings/mine/${m1.id}/proposals`, { slot: at('10:30') })).statusCode).toBe(404);
    // Not a party: 404, as an unknown meeting.
    expect((await propose(cat, m1.id, '10:30')).statusCode).toBe(404);
    expect((await propose(ann, 'no-such-meeting', '10:30')).statusCode).toBe(404);
    const types = await call('POST', ann.headers, url, { slot: 'tomorrow', booth: 7 });
    expect(types.statusCode).toBe(400);
    expect(types.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['booth', 'slot']);
    expect((await call('POST', ann.headers, url, { slot: at('10:30'), isAdmin: true })).statusCode).toBe(400);
    expect((await propose(ann, m1.id, '10:15')).json().errors).toEqual([{ field: 'slot', key: 'unknownSlot' }]);
    expect((await propose(ann, m1.id, '10:00')).json().errors).toEqual([{ field: 'slot', key: 'sameSlot' }]);
    expect((await propose(ann, m1.id, '10:30', { booth: 'A1' })).json().errors).toEqual([{ field: 'booth', key: 'boothNotUsed' }]);
    expect((await propose(ann, m1.id, '10:30', { booth: '<script>' })).json().code).toBe(1001);
  });

  it('refuses a busy person, a full lounge and a taken booth with 409 saying which, as a request does', async () => {
    // Ben meets Eve at 11:00.
    const busy = await propose(ann, m1.id, '11:00');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'MEETING_PERSON_BUSY', message: 'Ben Tester already has a meeting at 2027-03-02 11:00' });
    // The lounge's only table is Cat and Dan's at 10:30.
    const full = await propose(fay, m3.id, '10:30');
    expect(full.json()).toMatchObject({ code: 'MEETING_NO_TABLE', message: 'All 1 lounge tables are taken at 2027-03-02 10:30' });
    // Booth A12 is Gil and Hal's at 11:30; Dan and Fay may move there at another booth.
    const booth = await propose(dan, m6.id, '11:30', { booth: 'a12' });
    expect(booth.json()).toMatchObject({ code: 'MEETING_BOOTH_TAKEN', message: 'The booth a12 already has a meeting at 2027-03-02 11:30' });
    // Nothing was held by the refused proposals.
    expect((await mineOf(ann, m1.id)).proposal).toBeNull();
  });

  it('holds the new slot for both people while it waits, one proposal at a time', async () => {
    const res = await propose(ann, m1.id, '10:30');
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().data as Meeting;
    // The meeting keeps its slot and status; the proposal is shown with what Ann may do (withdraw).
    expect(m).toMatchObject({ slot: at('10:00'), status: 1, responseStatus: 1, sequence: 0, canReschedule: false, proposal: { slot: at('10:30'), answers: ['withdraw'], proposedBy: { name: 'Ann Tester' } } });
    expect((await mineOf(ben, m1.id)).proposal).toMatchObject({ id: m.proposal!.id, answers: ['accept', 'decline'] });
    // Ben is held at 10:30: Gil cannot have him then, and the slots view says so.
    const held = await call('POST', gil.headers, `${base(eventId)}/meetings/requests`, { inviteeEventUserId: ben.eventUserId, slot: at('10:30'), place: 2, mode: 2, type: 2, booth: null, message: '' });
    expect(held.json()).toMatchObject({ code: 'MEETING_PERSON_BUSY', message: 'Ben Tester already has a meeting at 2027-03-02 10:30' });
    expect(await freeSlots(gil, ben)).toEqual([]);
    // One proposal at a time, whoever asks; each is told what they may answer.
    const second = await propose(ben, m1.id, '11:30');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'MEETING_PROPOSAL_OPEN',
      message: 'Ann Tester already proposed a new time (2027-03-02 10:30) that waits for an answer: one proposal at a time. Allowed: accept, decline.',
      errors: [
        { field: 'answer', key: 'accept' },
        { field: 'answer', key: 'decline' },
      ],
    });
    expect((await propose(ann, m1.id, '11:30')).json()).toMatchObject({ code: 'MEETING_PROPOSAL_OPEN', errors: [{ field: 'answer', key: 'withdraw' }] });
    expect((await mineOf(ann, m1.id)).proposal!.slot).toBe(at('10:30'));
  });

  it('lets only the other side answer, and answers an illegal one 409 naming the allowed ones', async () => {
    const p = (await mineOf(ann, m1.id)).proposal!;
    const own = await answer(ann, m1.id, p.id, 'accept');
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'MEETING_INVALID_TRANSITION', message: 'This new time is Pending: you cannot accept it. Allowed: withdraw.', errors: [{ field: 'answer', key: 'withdraw' }] });
    expect((await answer(cat, m1.id, p.id, 'accept')).statusCode).toBe(404);
    expect((await answer(ben, m1.id, 'no-such-proposal', 'accept')).statusCode).toBe(404);
    expect((await answer(ben, m2.id, p.id, 'accept')).statusCode).toBe(404);
    expect((await answer(ben, m1.id, p.id, 'maybe')).statusCode).toBe(400);
    expect((await call('POST', {}, `${base(eventId)}/meetings/mine/${m1.id}/proposals/${p.id}/answer`, { answer: 'accept' })).statusCode).toBe(401);
  });

  it('keeps the old slot and status when the other side declines, and frees the proposed slot', async () => {
    const p = (await mineOf(ann, m1.id)).proposal!;
    const res = await answer(ben, m1.id, p.id, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ slot: at('10:00'), status: 1, responseStatus: 1, sequence: 0, proposal: null, canReschedule: true });
    const again = await answer(ben, m1.id, p.id, 'decline');
    expect(again.json()).toMatchObject({ code: 'MEETING_INVALID_TRANSITION', message: 'This new time is Rejected: you cannot decline it. No answer is allowed any more.' });
    // 10:30 is free for Ben again.
    await book(gil, ben, '10:30');
  });

  it('moves the meeting when the other side accepts: the old slot is freed, the .ics carries the new time and SEQUENCE', async () => {
    const res = await propose(ben, m1.id, '11:30');
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data.proposal as { id: string };
    const moved = await answer(ann, m1.id, p.id, 'accept');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ slot: at('11:30'), startsAt: '2027-03-02T10:30:00.000Z', status: 1, responseStatus: 1, sequence: 1, proposal: null, canReschedule: true });
    // 10:00 is free for both again; 11:30 is not.
    expect(await freeSlots(ann, ben)).toEqual(['10:00']);
    const ics = await call('GET', ann.headers, `${base(eventId)}/meetings/mine/calendar.ics`);
    expect(ics.body).toContain('DTSTART:20270302T103000Z');
    expect(ics.body).toContain('SEQUENCE:1');
    expect(ics.body).not.toContain('DTSTART:20270302T090000Z');
    expect((await answer(ann, m1.id, p.id, 'decline')).statusCode).toBe(409);
  });

  it('makes a pending meeting approved when its new time is accepted, and takes the new slot’s lounge table', async () => {
    // Eve and Fay's lounge meeting (table 1 at 10:00) moves to 11:30, where the table is free.
    const res = await propose(fay, m3.id, '11:30');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 0, tableNumber: 1, proposal: { slot: at('11:30'), tableNumber: 1 } });
    // The proposal holds the only lounge table at 11:30: Cat and Dan, both free then, cannot meet in the lounge.
    const noTable = await call('POST', cat.headers, `${base(eventId)}/meetings/requests`, { inviteeEventUserId: dan.eventUserId, slot: at('11:30'), place: 2, mode: 1, type: 2, booth: null, message: '' });
    expect(noTable.json()).toMatchObject({ code: 'MEETING_NO_TABLE', message: 'All 1 lounge tables are taken at 2027-03-02 11:30' });
    const accepted = await answer(eve, m3.id, res.json().data.proposal.id, 'accept');
    expect(accepted.json().data).toMatchObject({ slot: at('11:30'), status: 1, responseStatus: 1, tableNumber: 1, sequence: 1 });
  });

  it('closes a waiting proposal when the meeting is cancelled, freeing its slot, and refuses a new time for a cancelled meeting', async () => {
    const res = await propose(cat, m2.id, '10:00');
    expect(res.statusCode, res.body).toBe(201);
    expect((await call('POST', dan.headers, `${base(eventId)}/meetings/mine/${m2.id}/status`, { action: 'cancel' })).statusCode).toBe(200);
    // Dan is free at 10:00 again, and the table too.
    await book(hal, dan, '10:00', { mode: 1 });
    const late = await propose(cat, m2.id, '11:30');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'MEETING_INVALID_TRANSITION', message: 'This meeting is Cancelled (Cancelled): you cannot reschedule it. No action is allowed any more.' });
    expect((await answer(dan, m2.id, res.json().data.proposal.id, 'accept')).json()).toMatchObject({ code: 'MEETING_INVALID_TRANSITION', message: expect.stringContaining('This new time is Cancelled') });
  });

  it('lets the proposer withdraw, keeping the meeting as it was', async () => {
    const res = await propose(dan, m6.id, '10:30', { booth: 'C3' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.proposal).toMatchObject({ booth: 'C3' });
    const back = await answer(dan, m6.id, res.json().data.proposal.id, 'withdraw');
    expect(back.json().data).toMatchObject({ slot: at('11:00'), booth: 'B7', proposal: null, canReschedule: true });
  });

  it('tells the other side of each proposal and the proposer of each answer, by mail and in the inbox, once each', async () => {
    expect((await mails(ben)).filter((m) => m.subject.includes('new time')).map((m) => m.subject)).toEqual(['Meeting invitation, new time: Reschedule Expo', 'Meeting accepted, new time: Reschedule Expo']);
    const annMails = (await mails(ann)).filter((m) => m.subject.includes('new time'));
    expect(annMails.map((m) => m.subject)).toEqual(['Meeting declined, new time: Reschedule Expo', 'Meeting invitation, new time: Reschedule Expo']);
    expect(annMails[1]!.text).toContain('Ben Tester proposes a new time for your meeting: 2027-03-02 11:30 (Europe/Berlin) instead of 2027-03-02 10:00 (Europe/Berlin).');
    expect(annMails[0]!.text).toContain('Ben Tester declined the new time 2027-03-02 10:30 (Europe/Berlin): your meeting stays at 2027-03-02 10:00 (Europe/Berlin).');
    // Dan was asked by Cat; his own proposal to Fay and its withdrawal mail him nothing.
    expect((await mails(dan)).filter((m) => m.subject.includes('new time')).map((m) => m.subject)).toEqual(['Meeting invitation, new time: Reschedule Expo']);
    const benInbox = await inbox(ben);
    expect(benInbox.filter((x) => x.body.includes('new time')).map((x) => [x.kind, x.title])).toEqual([
      ['MEETING_ACCEPTED', 'Meeting accepted'],
      ['MEETING_INVITED', 'Meeting invitation'],
    ]);
    expect(benInbox.find((x) => x.kind === 'MEETING_ACCEPTED')!.body).toBe('Ann Tester accepted the new time: your meeting is now at 2027-03-02 11:30 (Europe/Berlin).');
    expect((await inbox(ann)).filter((x) => x.body.includes('new time')).map((x) => x.kind)).toEqual(['MEETING_INVITED', 'MEETING_DECLINED']);
  });
});

describe('the organiser moves a meeting for both sides', () => {
  it('refuses another organisation, another event and clashes; moves it at once and tells both', async () => {
    const url = (ev: string, id: string) => `${base(ev)}/meetings/${id}/slot`;
    expect((await call('PUT', hostB, url(eventId, m5.id), { slot: at('10:30') })).statusCode).toBe(404);
    expect((await call('PUT', hostA, url(otherEventId, m5.id), { slot: at('10:30') })).statusCode).toBe(404);
    expect((await call('PUT', ann.headers, url(eventId, m5.id), { slot: at('10:30') })).statusCode).toBe(403);
    expect((await call('PUT', hostA, url(eventId, m5.id), { slot: at('10:31') })).statusCode).toBe(400);
    // Gil meets Ben at 10:30.
    expect((await call('PUT', hostA, url(eventId, m5.id), { slot: at('10:30') })).json()).toMatchObject({ code: 'MEETING_PERSON_BUSY', message: 'Gil Tester already has a meeting at 2027-03-02 10:30' });
    const moved = await call('PUT', hostA, url(eventId, m5.id), { slot: at('11:00'), booth: 'A14' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ slot: at('11:00'), booth: 'A14', status: 0, sequence: 1, proposal: null, actions: ['accept', 'decline', 'cancel'] });
    for (const p of [gil, hal]) {
      const got = (await mails(p)).filter((m) => m.subject === 'Meeting scheduled, new time: Reschedule Expo');
      expect(got).toHaveLength(1);
      expect(got[0]!.text).toContain('The organiser moved your meeting with');
      expect((await inbox(p)).filter((x) => x.kind === 'MEETING_SCHEDULED')).toHaveLength(1);
    }
    // A participant's proposal waiting: the organiser is refused until it is answered.
    expect((await propose(hal, m5.id, '11:30')).statusCode).toBe(201);
    expect((await call('PUT', hostA, url(eventId, m5.id), { slot: at('10:00') })).json()).toMatchObject({ code: 'MEETING_PROPOSAL_OPEN', message: expect.stringMatching(/^Hal Tester already proposed a new time \(2027-03-02 11:30\)/) });
  });
});
