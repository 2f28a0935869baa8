import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, placeOrder } from '../registration/registration.fixtures.ts';
import { injectAs, programmeBase, sessionInput } from './programme.fixtures.ts';

/*
 * Issue 16, My schedule bookmarks and session requests: a participant stars any session (booking or not) and finds it
 * in My schedule and its calendar files; participants propose sessions or ask to speak, the organiser approves or
 * disapproves once, and the requester gets the SPEC §3.10 "Session request approved/disapproved" mail.
 */
const PASSWORD = 'Guest#Secure26';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherEventId: string;
let otherOrgEventId: string;

const base = programmeBase;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) => injectAs(t.app, method, headers, url, payload);
const session = sessionInput;

async function create(kind: 'rooms' | 'tracks' | 'speakers' | 'sessions', body: unknown, ev = eventId) {
  const res = await call('POST', hostA, `${base(ev)}/${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string } & Record<string, unknown>;
}

/** A participant of `ev` (the tokens the app holds after ei/{eventId}), with their account email. */
async function participant(ev: string, firstName = 'Pat', userType: number = UserType.Attendee): Promise<{ headers: Record<string, string>; email: string }> {
  const email = `p-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, userType, role: userType === UserType.Exhibitor ? 'Exhibitor' : 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, userType);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { headers: { ...bearer(access), 'x-user-access-token': eventAccess }, email };
}

/** A captured mail's text with quoted-printable soft line breaks joined. */
const text = (m: { raw: string }) => m.raw.replace(/=\r?\n/g, '');
/** The session-request mails a recipient got (the registration's own confirmation mail is not one). */
const decisionMails = (to: string) => smtp.messages.filter((m) => m.to.includes(to) && /Subject: Session request/.test(m.raw));
async function waitForDecisionMails(to: string, n: number) {
  await expect.poll(() => decisionMails(to).length, { timeout: 5000 }).toBe(n);
  return decisionMails(to).at(-1)!;
}

const proposal = (over: Record<string, unknown> = {}) => ({ kind: 'proposal', title: 'Batteries at sea', descriptionHtml: 'Ships that sail on stored wind.\n\nA 3 < 4 case study.', sessionType: 'talk', trackId: null, ...over });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test', SMTP_URL: smtp.url });
  const a = await signupOrganiser(t.app, { organisationName: 'Requests Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const b = await signupOrganiser(t.app, { organisationName: 'Rival Org' });
  hostB = bearer(b.accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Requests Expo');
  otherEventId = await createEvent(t.app, a.accessToken, 'Second Expo');
  otherOrgEventId = await createEvent(t.app, b.accessToken, 'Rival Expo');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('bookmarks', () => {
  it('stars any session for a participant of this event only, once, and puts it in My schedule, its file and its feed', async () => {
    const open = await create('sessions', session({ title: 'Open talk', start: '2027-03-01T10:00', end: '2027-03-01T11:00' }));
    const elsewhere = await create('sessions', session({ title: 'Elsewhere' }), otherEventId);
    const url = (ev: string, id: string) => `${base(ev)}/sessions/${id}/bookmark`;

    expect((await call('PUT', {}, url(eventId, open.id))).statusCode).toBe(401);
    const outsider = await participant(otherEventId);
    const refused = await call('PUT', outsider.headers, url(eventId, open.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PROGRAMME_NOT_PARTICIPANT');

    const p = await participant(eventId);
    // Another event's session, through this event: not found.
    expect((await call('PUT', p.headers, url(eventId, elsewhere.id))).statusCode).toBe(404);
    expect((await call('PUT', p.headers, url(eventId, 'nope'))).statusCode).toBe(404);

    // Starring twice is one bookmark.
    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', p.headers, url(eventId, open.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ sessionId: open.id, bookmarked: true });
    }
    const schedule = async (h: Record<string, string>) => (await call('GET', h, `${base(eventId)}/schedule`)).json().data.sessions as { id: string; bookmarked: boolean; myStatus: string | null }[];
    expect((await schedule(p.headers)).find((s) => s.id === open.id)).toMatchObject({ bookmarked: true, myStatus: null });
    // Nobody else's star, and the anonymous schedule has none.
    expect((await schedule(outsider.headers)).find((s) => s.id === open.id)?.bookmarked).toBe(false);
    expect((await schedule({})).every((s) => !s.bookmarked)).toBe(true);

    // The personal file and the subscribed feed hold it (once), beside a booked session.
    const workshop = await create('sessions', session({ title: 'Booked workshop', sessionType: 'workshop', start: '2027-03-01T12:00', end: '2027-03-01T13:00', capacity: 5, bookingRequired: true }));
    expect((await call('POST', p.headers, `${base(eventId)}/sessions/${workshop.id}/booking`)).statusCode).toBe(200);
    await call('PUT', p.headers, url(eventId, workshop.id));
    const ics = (await call('GET', p.headers, `${base(eventId)}/my-schedule.ics`)).body;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('SUMMARY:Open talk');
    expect(ics).toContain('DTSTART:20270301T090000Z');
    expect(ics).toContain('SUMMARY:Booked workshop');
    const feed = new URL((await call('GET', p.headers, `${base(eventId)}/my-schedule/feed`)).json().data.url as string);
    const subscribed = (await t.app.inject({ method: 'GET', url: `${feed.pathname}${feed.search}` })).body;
    expect(subscribed).toContain('SUMMARY:Open talk');

    // Removing it (twice is fine) takes it out of everything; a booking stays in the file on its own.
    for (let i = 0; i < 2; i++) expect((await call('DELETE', p.headers, url(eventId, open.id))).json().data).toEqual({ sessionId: open.id, bookmarked: false });
    expect((await schedule(p.headers)).find((s) => s.id === open.id)?.bookmarked).toBe(false);
    const after = (await t.app.inject({ method: 'GET', url: `${feed.pathname}${feed.search}` })).body;
    expect(after).not.toContain('SUMMARY:Open talk');
    expect(after.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });
});

describe('session requests', () => {
  it('refuses bad input by field, strangers and other events, and a second pending ask for the same session', async () => {
    const p = await participant(eventId);
    const url = `${base(eventId)}/session-requests`;
    expect((await call('POST', {}, url, proposal())).statusCode).toBe(401);
    const outsider = await participant(otherEventId);
    expect((await call('POST', outsider.headers, url, proposal())).json().code).toBe('PROGRAMME_NOT_PARTICIPANT');

    const bad = await call('POST', p.headers, url, proposal({ title: ' ', descriptionHtml: '<p class="x">Hi</p>', sessionType: 'party' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(expect.arrayContaining([{ field: 'title', key: 'required' }, { field: 'descriptionHtml', key: 'htmlClassNotAllowed' }]));
    expect((await call('POST', p.headers, url, { kind: 'lunch' })).statusCode).toBe(400);
    // Another event's track is no track of this event.
    const foreignTrack = await create('tracks', { name: 'Foreign', colour: '#123456' }, otherEventId);
    const track = await call('POST', p.headers, url, proposal({ trackId: foreignTrack.id }));
    expect(track.statusCode).toBe(400);
    expect(track.json().errors).toEqual([{ field: 'trackId', key: 'unknownTrack' }]);
    const foreignSession = await create('sessions', session({ title: 'Not here' }), otherEventId);
    expect((await call('POST', p.headers, url, { kind: 'speak', sessionId: foreignSession.id, message: '' })).statusCode).toBe(404);

    const target = await create('sessions', session({ title: 'Panel on ports', sessionType: 'panel', start: '2027-03-03T09:00', end: '2027-03-03T10:00' }));
    const first = await call('POST', p.headers, url, { kind: 'speak', sessionId: target.id, message: 'I run a port.' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call('POST', p.headers, url, { kind: 'speak', sessionId: target.id, message: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROGRAMME_REQUEST_DUPLICATE');
    const mine = (await call('GET', p.headers, `${base(eventId)}/my-session-requests`)).json().data.items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'speak', title: 'Panel on ports', sessionId: target.id, message: 'I run a port.', status: 'pending' });
    // Others see none of it.
    expect((await call('GET', outsider.headers, `${base(eventId)}/my-session-requests`)).statusCode).toBe(403);
    expect((await call('GET', (await participant(eventId)).headers, `${base(eventId)}/my-session-requests`)).json().data.items).toEqual([]);
  });

  it('approves a proposal once: a session placed by the organiser, the registered proposer as its speaker, and the approved mail', async () => {
    // The proposer registered for the event: the speaker and the mail take the registration's name.
    const p = await participant(eventId, 'Acct');
    const ticket = await createTicket(t.app, hostA.authorization!.slice(7), eventId, { isFree: true, price: 0 });
    const order = await placeOrder(t.app, eventId, { items: [{ ticketId: ticket.id, quantity: 1 }], expectedTotal: 0, currency: 'EUR', buyer: { firstName: 'Rita', lastName: 'Registered', email: p.email }, attendees: [{ ticketId: ticket.id, firstName: 'Rita', lastName: 'Registered', email: p.email }] });
    expect(order.statusCode, order.body).toBeLessThan(300);

    const track = await create('tracks', { name: 'Blue economy', colour: '#1c7ed6' });
    const room = await create('rooms', { name: 'Harbour room', capacity: 80 });
    const made = await call('POST', p.headers, `${base(eventId)}/session-requests`, proposal({ trackId: track.id }));
    expect(made.statusCode, made.body).toBe(201);
    const req = made.json().data;
    // Plain text became paragraphs, its "<" kept as text.
    expect(req.descriptionHtml).toBe('<p>Ships that sail on stored wind.</p><p>A 3 &#60; 4 case study.</p>');

    const list = await call('GET', hostA, `${base(eventId)}/session-requests`);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data;
    expect(listed.pending).toBeGreaterThanOrEqual(1);
    expect(listed.rooms).toContainEqual({ id: room.id, name: 'Harbour room' });
    expect(listed.items.find((x: { id: string }) => x.id === req.id)).toMatchObject({ requesterName: 'Rita Registered', requesterEmail: p.email, status: 'pending', trackId: track.id });

    const approve = (body: unknown, headers = hostA, ev = eventId) => call('POST', headers, `${base(ev)}/session-requests/${req.id}/approve`, body);
    // A proposal needs a place in the programme; the end after the start; a room of this event.
    expect((await approve({ note: '', placement: null })).json().errors).toEqual([{ field: 'placement', key: 'required' }]);
    expect((await approve({ note: '', placement: { start: '2027-03-02T15:00', end: '2027-03-02T14:00', roomId: null } })).json().errors).toEqual([{ field: 'placement.end', key: 'timeCampare' }]);
    const foreignRoom = await create('rooms', { name: 'Away', capacity: 5 }, otherEventId);
    expect((await approve({ note: '', placement: { start: '2027-03-02T14:00', end: '2027-03-02T15:00', roomId: foreignRoom.id } })).json().errors).toEqual([{ field: 'placement.roomId', key: 'unknownRoom' }]);
    // A room already taken: 409 naming the session, and nothing written (no session, no speaker, still pending).
    await create('sessions', session({ title: 'Harbour tour', roomId: room.id, start: '2027-03-02T14:00', end: '2027-03-02T15:00' }));
    const clash = await approve({ note: '', placement: { start: '2027-03-02T14:30', end: '2027-03-02T15:30', roomId: room.id } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('PROGRAMME_ROOM_CLASH');
    expect(clash.json().message).toContain('Harbour tour');
    const before = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    expect(before.sessions.some((s: { title: string }) => s.title === 'Batteries at sea')).toBe(false);
    expect(before.speakers.some((s: { name: string }) => s.name === 'Rita Registered')).toBe(false);
    // Another organisation, or this request through another event: not found. Anonymous: 401.
    expect((await approve({ note: '', placement: null }, hostB, otherOrgEventId)).statusCode).toBe(404);
    expect((await approve({ note: '', placement: null }, hostB)).statusCode).toBe(404);
    expect((await approve({ note: '', placement: null }, hostA, otherEventId)).statusCode).toBe(404);
    expect((await approve({ note: '', placement: null }, {})).statusCode).toBe(401);

    const ok = await approve({ note: 'See you on Tuesday.', placement: { start: '2027-03-02T15:00', end: '2027-03-02T15:45', roomId: room.id } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', note: 'See you on Tuesday.' });
    const sessionId = ok.json().data.sessionId as string;
    const programme = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    const speaker = programme.speakers.find((s: { name: string }) => s.name === 'Rita Registered');
    expect(speaker).toMatchObject({ email: p.email, userType: 5 });
    expect(programme.sessions.find((s: { id: string }) => s.id === sessionId)).toMatchObject({
      title: 'Batteries at sea',
      sessionType: 'talk',
      trackId: track.id,
      roomId: room.id,
      start: '2027-03-02T15:00',
      startsAt: '2027-03-02T14:00:00.000Z',
      speakerIds: [speaker.id],
      bookingRequired: false,
      draftState: 'changed',
    });
    // The placed session is the organiser's draft: listed as added in the publish dialog, unseen by attendees, not
    // bookable, starrable or open to "ask to speak" until the publish, whose version tells nobody of it.
    expect(programme.changes.find((c: { sessionId: string }) => c.sessionId === sessionId)).toMatchObject({ kind: 'added', title: 'Batteries at sea', details: [expect.stringMatching(/^Added to the programme \(2027-03-02 15:00–15:45, /)] });
    const attendeeSees = async () => ((await call('GET', p.headers, `${base(eventId)}/schedule`)).json().data.sessions as { id: string }[]).some((s) => s.id === sessionId);
    expect(await attendeeSees()).toBe(false);
    expect((await call('PUT', p.headers, `${base(eventId)}/sessions/${sessionId}/bookmark`)).statusCode).toBe(404);
    expect((await call('POST', p.headers, `${base(eventId)}/session-requests`, { kind: 'speak', sessionId, message: '' })).statusCode).toBe(404);
    const published = await call('POST', hostA, `${base(eventId)}/programme/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.changes.find((c: { sessionId: string }) => c.sessionId === sessionId)).toMatchObject({ kind: 'added' });
    expect(await attendeeSees()).toBe(true);
    expect((await call('GET', hostA, `${base(eventId)}/programme`)).json().data.sessions.find((s: { id: string }) => s.id === sessionId)).toMatchObject({ draftState: 'published' });

    const mail = await waitForDecisionMails(p.email, 1);
    expect(mail.to).toEqual([p.email]);
    expect(mail.raw).toContain('Subject: Session request approved: Requests Expo');
    expect(text(mail)).toContain('Hello Rita Registered');
    expect(text(mail)).toContain('your proposed session "Batteries at sea" at Requests Expo was approved');
    expect(text(mail)).toContain('See you on Tuesday.');
    expect(text(mail)).toContain('appears in the programme when the organiser publishes it');
    // The same words reach the requester's in-app inbox (programme's session.request.decided, notifications' inbox), once.
    const inbox = (await call('GET', p.headers, `/api/notifyservices/api/events/${eventId}/notifications`)).json().data;
    const notices = inbox.items.filter((n: { kind: string }) => n.kind === 'SESSION_REQUEST_APPROVED');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Session request approved', link: '/tabs/session-list' });
    expect(notices[0].body).toContain('See you on Tuesday.');

    // Decided once: approving or disapproving again is a 409 with its code, and no second mail.
    const twice = await approve({ note: '', placement: { start: '2027-03-02T16:00', end: '2027-03-02T17:00', roomId: null } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PROGRAMME_REQUEST_DECIDED');
    const dis = await call('POST', hostA, `${base(eventId)}/session-requests/${req.id}/disapprove`, { note: '' });
    expect(dis.json().code).toBe('PROGRAMME_REQUEST_DECIDED');
    await new Promise((r) => setTimeout(r, 200));
    expect(decisionMails(p.email)).toHaveLength(1);
    // The proposer sees it approved, with the session it became.
    const mine = (await call('GET', p.headers, `${base(eventId)}/my-session-requests`)).json().data.items;
    expect(mine.find((x: { id: string }) => x.id === req.id)).toMatchObject({ status: 'approved', sessionId, note: 'See you on Tuesday.' });
  });

  it('deletes an approved proposal’s draft session at once, since attendees never saw it: nothing pending, nothing to undo', async () => {
    const p = await participant(eventId, 'Drafty');
    const room = await create('rooms', { name: 'Draft room', capacity: 20 });
    const made = await call('POST', p.headers, `${base(eventId)}/session-requests`, proposal({ title: 'Never shown' }));
    expect(made.statusCode, made.body).toBe(201);
    const ok = await call('POST', hostA, `${base(eventId)}/session-requests/${made.json().data.id}/approve`, { note: '', placement: { start: '2027-03-03T09:00', end: '2027-03-03T09:30', roomId: room.id } });
    expect(ok.statusCode, ok.body).toBe(200);
    const sessionId = ok.json().data.sessionId as string;
    const gone = await call('DELETE', hostA, `${base(eventId)}/sessions/${sessionId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    // The page reads `pending: false` and says "Deleted", not "attendees keep seeing it until you publish".
    expect(gone.json().data).toEqual({ id: sessionId, pending: false });
    const view = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    expect(view.sessions.some((s: { id: string }) => s.id === sessionId)).toBe(false);
    expect(view.deletedSessions.some((s: { id: string }) => s.id === sessionId)).toBe(false);
    expect(view.changes.some((c: { sessionId: string }) => c.sessionId === sessionId)).toBe(false);
    expect((await call('POST', hostA, `${base(eventId)}/sessions/${sessionId}/restore`)).statusCode).toBe(404);
  });

  it('approves "ask to speak" by making the exhibitor a speaker of that session, reusing a speaker with their email, and refuses a clash', async () => {
    const ex = await participant(eventId, 'Exa', UserType.Exhibitor);
    const target = await create('sessions', session({ title: 'Green shipping panel', sessionType: 'panel', start: '2027-03-03T11:00', end: '2027-03-03T12:00' }));
    const busy = await create('sessions', session({ title: 'Busy hour', start: '2027-03-03T11:30', end: '2027-03-03T12:30' }));
    const asked = (await call('POST', ex.headers, `${base(eventId)}/session-requests`, { kind: 'speak', sessionId: target.id, message: 'We build the hulls.' })).json().data;
    // They already speak elsewhere at that time (a speaker with their email): a clash, nothing changes.
    const existing = await create('speakers', { name: 'Exa Known', title: '', company: 'Hulls Ltd', bio: '', links: [], email: ex.email.toUpperCase() });
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${busy.id}`, session({ title: 'Busy hour', start: '2027-03-03T11:30', end: '2027-03-03T12:30', speakerIds: [existing.id] }))).statusCode).toBe(200);
    const clash = await call('POST', hostA, `${base(eventId)}/session-requests/${asked.id}/approve`, { note: '', placement: null });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('PROGRAMME_SPEAKER_CLASH');
    expect(clash.json().message).toContain('Busy hour');
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${busy.id}`, session({ title: 'Busy hour', start: '2027-03-03T13:00', end: '2027-03-03T14:00', speakerIds: [existing.id] }))).statusCode).toBe(200);

    const ok = await call('POST', hostA, `${base(eventId)}/session-requests/${asked.id}/approve`, { note: '', placement: null });
    expect(ok.statusCode, ok.body).toBe(200);
    const programme = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    expect(programme.sessions.find((s: { id: string }) => s.id === target.id).speakerIds).toEqual([existing.id]);
    expect(programme.speakers.filter((s: { email: string | null }) => s.email?.toLowerCase() === ex.email)).toHaveLength(1);
    const mail = await waitForDecisionMails(ex.email, 1);
    expect(mail.raw).toContain('Subject: Session request approved: Requests Expo');
    expect(text(mail)).toContain('your request to speak on "Green shipping panel"');
  });

  it('disapproves with a note and mails "Session request disapproved"; the request list is the organiser\'s alone', async () => {
    const p = await participant(eventId, 'Dora');
    const req = (await call('POST', p.headers, `${base(eventId)}/session-requests`, proposal({ title: 'Too long a talk' }))).json().data;
    expect((await call('GET', hostB, `${base(eventId)}/session-requests`)).statusCode).toBe(404);
    expect((await call('GET', p.headers, `${base(eventId)}/session-requests`)).statusCode).toBe(403);
    expect((await call('GET', {}, `${base(eventId)}/session-requests`)).statusCode).toBe(401);
    expect((await call('POST', hostA, `${base(eventId)}/session-requests/${req.id}/disapprove`, { note: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call('POST', hostA, `${base(eventId)}/session-requests/nope/disapprove`, { note: '' })).statusCode).toBe(404);

    const res = await call('POST', hostA, `${base(eventId)}/session-requests/${req.id}/disapprove`, { note: 'The programme is full this year.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'disapproved', sessionId: null, requesterName: 'Dora' });
    const mail = await waitForDecisionMails(p.email, 1);
    expect(mail.raw).toContain('Subject: Session request disapproved: Requests Expo');
    expect(text(mail)).toContain('The programme is full this year.');
    expect((await call('GET', hostA, `${base(eventId)}/programme`)).json().data.sessions.some((s: { title: string }) => s.title === 'Too long a talk')).toBe(false);
    expect((await call('GET', p.headers, `${base(eventId)}/my-session-requests`)).json().data.items[0]).toMatchObject({ status: 'disapproved', note: 'The programme is full this year.' });
  });

  it('lets a role with only the Requests view code read the list but not decide, and one with Approve decide', async () => {
    const member = async (codes: string[]) => {
      const role = await call('POST', hostA, '/api/auth/roles', { name: `Req ${codes.join(' ')}`, codes });
      expect(role.statusCode, role.body).toBe(201);
      const email = `req-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@programme.example`;
      await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'Req', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: `10.8.${codes.length}.${Math.floor(Math.random() * 250)}` });
      expect(login.statusCode, login.body).toBe(200);
      return bearer(login.json().data.accessToken);
    };
    const p = await participant(eventId);
    const target = await create('sessions', session({ title: 'Roles talk', start: '2027-03-01T08:00', end: '2027-03-01T08:30' }));
    const req = (await call('POST', p.headers, `${base(eventId)}/session-requests`, { kind: 'speak', sessionId: target.id, message: '' })).json().data;
    const viewer = await member(['AP-346']);
    expect((await call('GET', viewer, `${base(eventId)}/session-requests`)).statusCode).toBe(200);
    expect((await call('POST', viewer, `${base(eventId)}/session-requests/${req.id}/approve`, { note: '', placement: null })).statusCode).toBe(403);
    expect((await call('GET', viewer, `${base(eventId)}/programme`)).statusCode).toBe(403);
    const approver = await member(['AP-348']);
    expect((await call('POST', approver, `${base(eventId)}/session-requests/${req.id}/disapprove`, { note: '' })).statusCode).toBe(403);
    expect((await call('POST', approver, `${base(eventId)}/session-requests/${req.id}/approve`, { note: '', placement: null })).statusCode).toBe(200);
  });
  it('exports every request of the event as CSV and XLSX to holders of the Requests export code only', async () => {
    const member = async (codes: string[]) => {
      const role = await call('POST', hostA, '/api/auth/roles', { name: `Export ${codes.join(' ')}`, codes });
      expect(role.statusCode, role.body).toBe(201);
      const email = `exp-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@programme.example`;
      await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'Exp', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: `10.7.${codes.length}.${Math.floor(Math.random() * 250)}` });
      expect(login.statusCode, login.body).toBe(200);
      return bearer(login.json().data.accessToken);
    };
    const track = await create('tracks', { name: 'Oceans', colour: '#1971c2' });
    const p = await participant(eventId, 'Erin');
    const made = await call('POST', p.headers, `${base(eventId)}/session-requests`, proposal({ title: '=HYPERLINK("x") tides', descriptionHtml: '<p>Tides &amp; waves</p><p>3 &lt; 4</p>', trackId: track.id }));
    expect(made.statusCode, made.body).toBe(201);
    expect((await call('POST', hostA, `${base(eventId)}/session-requests/${made.json().data.id}/disapprove`, { note: 'Next year, "maybe"' })).statusCode).toBe(200);
    const url = (format: string, ev = eventId) => `${base(ev)}/session-requests/export?format=${format}`;

    const csv = await call('GET', hostA, url('csv'));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="session-requests-Requests-Expo.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const zone = (await call('GET', hostA, `${base(eventId)}/session-requests`)).json().data.timeZone as string;
    expect(lines[0]).toBe(`Submitted (${zone}),Kind,Status,Requester,Email,Title,Session type,Track,Message,Description,Organiser note,Decided (${zone})`);
    const listed = (await call('GET', hostA, `${base(eventId)}/session-requests`)).json().data.items as unknown[];
    expect(lines).toHaveLength(listed.length + 1);
    // Newest first, as the tab lists them; a formula-like title is neutralised, quotes doubled.
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d,Proposal,disapproved,Erin,/);
    expect(lines[1]).toContain(`${p.email},"'=HYPERLINK(""x"") tides",talk,Oceans,,Tides & waves 3 < 4,"Next year, ""maybe""",`);

    const XLSX = await import('@e965/xlsx');
    const sheet = await call('GET', hostA, url('xlsx'));
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="session-requests-Requests-Expo.xlsx"');
    const book = XLSX.read(new Uint8Array(sheet.rawPayload), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Session requests']!, { header: 1 });
    expect(rows).toHaveLength(listed.length + 1);
    expect(rows[1]).toEqual(expect.arrayContaining(['Proposal', 'disapproved', 'Erin', 'Oceans', 'Tides & waves 3 < 4', 'Next year, "maybe"']));

    // Access: the export code alone is enough, the view code alone is not; another organisation 404; a participant 403;
    // signed out 401; a format that is not offered 400 by field.
    expect((await call('GET', await member(['AP-347']), url('csv'))).statusCode).toBe(200);
    expect((await call('GET', await member(['AP-346']), url('csv'))).statusCode).toBe(403);
    expect((await call('GET', hostB, url('csv'))).statusCode).toBe(404);
    expect((await call('GET', p.headers, url('csv'))).statusCode).toBe(403);
    expect((await call('GET', {}, url('csv'))).statusCode).toBe(401);
    const bad = await call('GET', hostA, url('pdf'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'format', key: 'pattern' }]);
    // Another event of the organisation has its own requests (none): the header alone.
    expect((await call('GET', hostA, url('csv', otherEventId))).body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });
});
