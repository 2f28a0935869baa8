import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType, zonedLocalToUtc } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket } from '../registration/registration.fixtures.ts';
import { injectAs, programmeBase, sessionInput } from './programme.fixtures.ts';

/*
 * Issue 16, versioned publishing: the organiser's moves and deletions are a draft that attendees do not see until
 * "Publish changes"; each publish is the event's next version, and everyone who booked, is waitlisted on or starred a
 * moved or cancelled session gets one "session updated" inbox notice (old → new, in the event's zone) and a mail.
 */
const PASSWORD = 'Guest#Secure26';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let tokenA: string;
let eventId: string;
let otherOrgEventId: string;

const base = programmeBase;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) => injectAs(t.app, method, headers, url, payload);
const session = sessionInput;

async function create(kind: 'rooms' | 'sessions' | 'speakers' | 'tracks', body: unknown, ev = eventId, headers = hostA) {
  const res = await call('POST', headers, `${base(ev)}/${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string } & Record<string, unknown>;
}

async function participant(ev: string): Promise<{ headers: Record<string, string>; email: string }> {
  const email = `p-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Pat', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { headers: { ...bearer(access), 'x-user-access-token': eventAccess }, email };
}

type Seen = { id: string; start: string; end: string; roomId: string | null };
const schedule = async (h: Record<string, string>) => (await call('GET', h, `${base(eventId)}/schedule`)).json().data.sessions as Seen[];
/** The participant's "session updated" notices, once the event outbox has delivered what the publishes wrote to it. */
const inbox = async (h: Record<string, string>) => {
  await t.ctx.outbox.worker.drainNow();
  const items = (await call('GET', h, `/api/notifyservices/api/events/${eventId}/notifications`)).json().data.items as { kind: string; title: string; body: string }[];
  return items.filter((n) => n.kind === 'SESSION_UPDATED');
};
const updateMails = (to: string) => smtp.messages.filter((m) => m.to.includes(to) && /Subject: Session updated/.test(m.raw));
const programme = async () => (await call('GET', hostA, `${base(eventId)}/programme`)).json().data as { version: number; timeZone: string; changes: { sessionId: string; kind: string; title: string; text: string; details: string[] }[]; sessions: Seen[] };
const publish = (h = hostA, ev = eventId) => call('POST', h, `${base(ev)}/programme/publish`);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test', SMTP_URL: smtp.url });
  const a = await signupOrganiser(t.app, { organisationName: 'Publish Org' });
  hostA = bearer(a.accessToken);
  tokenA = a.accessToken;
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const b = await signupOrganiser(t.app, { organisationName: 'Rival Publish Org' });
  hostB = bearer(b.accessToken);
  // createEvent's zone is the fixture's; the texts below are checked against the programme's own zone.
  eventId = await createEvent(t.app, a.accessToken, 'Publish Expo');
  otherOrgEventId = await createEvent(t.app, b.accessToken, 'Rival Expo');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('versioned publishing', () => {
  it('keeps moves and deletions in the draft until publish, then tells bookers and starrers once with what changed', async () => {
    const hallA = await create('rooms', { name: 'Hall A', capacity: 100 });
    const hallB = await create('rooms', { name: 'Hall B', capacity: 100 });
    const moved = await create('sessions', session({ title: 'Grid storage', roomId: hallA.id, capacity: 10, bookingRequired: true }));
    const dropped = await create('sessions', session({ title: 'Hydrogen myths', roomId: hallB.id, start: '2027-03-02T11:00', end: '2027-03-02T12:00' }));
    const quiet = await create('sessions', session({ title: 'Untouched', roomId: hallB.id, start: '2027-03-02T14:00', end: '2027-03-02T15:00' }));

    // A new event's sessions are published as they are made: attendees see them at once, version 0, nothing pending.
    const booker = await participant(eventId);
    const starrer = await participant(eventId);
    const bystander = await participant(eventId);
    expect((await call('POST', booker.headers, `${base(eventId)}/sessions/${moved.id}/booking`)).statusCode).toBe(200);
    expect((await call('PUT', starrer.headers, `${base(eventId)}/sessions/${dropped.id}/bookmark`)).statusCode).toBe(200);
    expect((await call('PUT', bystander.headers, `${base(eventId)}/sessions/${quiet.id}/bookmark`)).statusCode).toBe(200);
    expect(await programme()).toMatchObject({ version: 0, changes: [] });
    expect((await schedule(booker.headers)).map((s) => s.id)).toEqual([moved.id, dropped.id, quiet.id]);
    // Nothing to publish yet.
    const empty = await publish();
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('PROGRAMME_NOTHING_TO_PUBLISH');

    // The organiser moves one session to another time and room and deletes another: a draft.
    const edit = await call('PUT', hostA, `${base(eventId)}/sessions/${moved.id}`, session({ title: 'Grid storage', roomId: hallB.id, start: '2027-03-02T16:00', end: '2027-03-02T17:30', capacity: 10, bookingRequired: true }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('DELETE', hostA, `${base(eventId)}/sessions/${dropped.id}`)).statusCode).toBe(200);
    // Deleted in the draft: a second delete and an edit are 404; its room and time are free in the draft.
    expect((await call('DELETE', hostA, `${base(eventId)}/sessions/${dropped.id}`)).statusCode).toBe(404);
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${dropped.id}`, session({ roomId: hallB.id }))).statusCode).toBe(404);

    const draft = await programme();
    const draftZone = draft.timeZone;
    expect(draft.version).toBe(0);
    expect(draft.sessions.map((s) => s.id)).toEqual([quiet.id, moved.id]);
    expect(draft.changes).toEqual([
      {
        sessionId: moved.id,
        title: 'Grid storage',
        kind: 'moved',
        text: expect.stringContaining('time 2027-03-02 09:00–10:00 → 2027-03-02 16:00–17:30; room Hall A → Hall B'),
        details: [`Time: 2027-03-02 09:00–10:00 → 2027-03-02 16:00–17:30 (${draftZone})`, 'Room: Hall A → Hall B'],
      },
      { sessionId: dropped.id, title: 'Hydrogen myths', kind: 'cancelled', text: '"Hydrogen myths" (2027-03-02 11:00–12:00, Hall B) is cancelled.', details: ['Removed from the programme (2027-03-02 11:00–12:00, Hall B)'] },
    ]);

    // Attendees still see the published programme: the old time and room, and the deleted session; no notice yet.
    const before = await schedule(booker.headers);
    expect(before.find((s) => s.id === moved.id)).toMatchObject({ start: '2027-03-02T09:00', end: '2027-03-02T10:00', roomId: hallA.id });
    expect(before.map((s) => s.id)).toContain(dropped.id);
    const utc = (local: string) => `DTSTART:${zonedLocalToUtc(local, draftZone).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
    const ics = await call('GET', booker.headers, `${base(eventId)}/my-schedule.ics`);
    expect(ics.body).toContain(utc('2027-03-02T09:00'));
    expect(await inbox(booker.headers)).toEqual([]);

    // Only the organiser publishes: anonymous 401, an attendee 401/403, another organisation 404.
    expect((await publish({})).statusCode).toBe(401);
    expect([401, 403]).toContain((await publish(booker.headers)).statusCode);
    expect((await publish(hostB)).statusCode).toBe(404);
    expect((await publish(hostA, 'no-such-event')).statusCode).toBe(404);
    expect((await publish(hostB, otherOrgEventId)).statusCode).toBe(409);

    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, notified: 2 });
    expect(await programme()).toMatchObject({ version: 1, changes: [] });

    // Attendees now see the new time and room, and the cancelled session is gone (with its star).
    const after = await schedule(booker.headers);
    expect(after.find((s) => s.id === moved.id)).toMatchObject({ start: '2027-03-02T16:00', end: '2027-03-02T17:30', roomId: hallB.id });
    expect(after.map((s) => s.id)).not.toContain(dropped.id);
    expect((await call('GET', booker.headers, `${base(eventId)}/my-schedule.ics`)).body).toContain(utc('2027-03-02T16:00'));

    // One notice each, with what changed; the bystander (a session that did not change) gets none.
    const bookerNotices = await inbox(booker.headers);
    expect(bookerNotices).toHaveLength(1);
    expect(bookerNotices[0]!.title).toBe('Session updated: Grid storage');
    expect(bookerNotices[0]!.body).toContain('time 2027-03-02 09:00–10:00 → 2027-03-02 16:00–17:30; room Hall A → Hall B');
    const starrerNotices = await inbox(starrer.headers);
    expect(starrerNotices).toHaveLength(1);
    expect(starrerNotices[0]!.body).toBe('"Hydrogen myths" (2027-03-02 11:00–12:00, Hall B) is cancelled.');
    expect(await inbox(bystander.headers)).toEqual([]);

    // And a mail each.
    await expect.poll(() => updateMails(booker.email).length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => updateMails(starrer.email).length, { timeout: 5000 }).toBe(1);
    expect(updateMails(booker.email)[0]!.raw.replace(/=\r?\n/g, '')).toContain('Hall A');
    expect(updateMails(bystander.email)).toHaveLength(0);

    // Publishing again with nothing changed is refused and tells nobody twice.
    expect((await publish()).statusCode).toBe(409);
    expect(await inbox(booker.headers)).toHaveLength(1);

    // A second move is version 2, another notice for the same session.
    const again = await call('PUT', hostA, `${base(eventId)}/sessions/${moved.id}`, session({ title: 'Grid storage', roomId: hallB.id, start: '2027-03-03T10:00', end: '2027-03-03T11:00', capacity: 10, bookingRequired: true }));
    expect(again.statusCode, again.body).toBe(200);
    const second = await publish();
    expect(second.json().data).toMatchObject({ version: 2, notified: 1 });
    const two = await inbox(booker.headers);
    expect(two).toHaveLength(2);
    expect(two.map((n) => n.body).join(' ')).toContain('2027-03-02 16:00–17:30 → 2027-03-03 10:00–11:00');
  });

  it('keeps every attendee-visible field in the draft until publish, and tells people only of a title change', async () => {
    type Shown = Seen & { title: string; speakerIds: string[]; tags: string[]; ticketIds: string[]; capacity: number | null; seatsLeft: number | null; myStatus: string | null; descriptionHtml: string };
    const shown = async (h: Record<string, string>, id: string) => ((await call('GET', h, `${base(eventId)}/schedule`)).json().data.sessions as Shown[]).find((x) => x.id === id)!;
    const speakerSessions = async (h: Record<string, string>, id: string) =>
      ((await call('GET', h, `${base(eventId)}/speaker-listing`)).json().data.speakers as { id: string; sessions: { title: string }[] }[]).find((x) => x.id === id)!.sessions.map((x) => x.title);
    const star = (h: Record<string, string>, id: string) => call('PUT', h, `${base(eventId)}/sessions/${id}/bookmark`);
    const hall = await create('rooms', { name: 'Hall C', capacity: 50 });
    const speaker = (name: string) => create('speakers', { name, title: '', company: '', bio: '', links: [], email: null });
    const ada = await speaker('Ada Lovelace');
    const alan = await speaker('Alan Turing');
    const vip = (await createTicket(t.app, tokenA, eventId, { name: 'VIP', isFree: true, price: 0 })).id;
    const talkFields = { roomId: hall.id, start: '2027-03-04T09:00', end: '2027-03-04T10:00', bookingRequired: true };
    const talk = await create('sessions', session({ title: 'Battery basics', speakerIds: [ada.id], tags: ['Storage'], capacity: 1, ...talkFields }));
    const quietFields = { title: 'Quiet hour', roomId: hall.id, start: '2027-03-04T11:00', end: '2027-03-04T12:00' };
    const quiet = await create('sessions', session(quietFields));
    const booker = await participant(eventId);
    const waiter = await participant(eventId);
    const starrer = await participant(eventId);
    expect((await call('POST', booker.headers, `${base(eventId)}/sessions/${talk.id}/booking`)).json().data.status).toBe('booked');
    expect((await call('POST', waiter.headers, `${base(eventId)}/sessions/${talk.id}/booking`)).json().data.status).toBe('waitlisted');
    expect((await star(starrer.headers, quiet.id)).statusCode).toBe(200);
    const { version } = await programme();

    // The organiser renames the talk and changes its speakers, tags, capacity, tickets and description; the quiet hour
    // gets a description and a tag. All of it is the draft: the organiser's view shows it, with what would change.
    const edit = await call('PUT', hostA, `${base(eventId)}/sessions/${talk.id}`, session({ title: 'Battery futures', descriptionHtml: '<p>Now with solid state.</p>', speakerIds: [alan.id], tags: ['Storage', 'Grid'], capacity: 2, ticketIds: [vip], ...talkFields }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${quiet.id}`, session({ ...quietFields, descriptionHtml: '<p>Bring tea.</p>', tags: ['Calm'] }))).statusCode).toBe(200);
    const draft = await programme();
    expect(draft.sessions.find((x) => x.id === talk.id)).toMatchObject({ title: 'Battery futures', speakerIds: [alan.id], tags: ['Storage', 'Grid'], capacity: 2, ticketIds: [vip] });
    expect(draft.changes).toEqual([
      {
        sessionId: talk.id,
        title: 'Battery futures',
        kind: 'renamed',
        text: '"Battery basics" is now "Battery futures".',
        details: ['Title: Battery basics → Battery futures', 'Description: edited', 'Speakers: added Alan Turing; removed Ada Lovelace', 'Tags: added Grid', 'Ticket restriction: anyone → VIP', 'Capacity: 1 → 2'],
      },
      { sessionId: quiet.id, title: 'Quiet hour', kind: 'edited', text: '"Quiet hour" updated: description, tags.', details: ['Description: edited', 'Tags: added Calm'] },
    ]);

    // Attendees, anonymous visitors, the Speakers tab and calendar files still see the published copy; booking follows
    // its capacity (1: the waiter stays waitlisted) and its ticket restriction (none yet: anyone may star the talk).
    expect(await shown(booker.headers, talk.id)).toMatchObject({ title: 'Battery basics', speakerIds: [ada.id], tags: ['Storage'], ticketIds: [], capacity: 1, seatsLeft: 0, descriptionHtml: '' });
    expect(await shown(waiter.headers, talk.id)).toMatchObject({ myStatus: 'waitlisted' });
    expect(await shown(starrer.headers, quiet.id)).toMatchObject({ tags: [], descriptionHtml: '' });
    expect(((await call('GET', {}, `${base(eventId)}/schedule`)).json().data.sessions as Shown[]).find((x) => x.id === talk.id)!.title).toBe('Battery basics');
    expect(await speakerSessions(booker.headers, ada.id)).toEqual(['Battery basics']);
    expect(await speakerSessions(booker.headers, alan.id)).toEqual([]);
    expect((await call('GET', booker.headers, `${base(eventId)}/my-schedule.ics`)).body).toContain('SUMMARY:Battery basics');
    expect((await call('GET', booker.headers, `${base(eventId)}/sessions/${talk.id}/calendar.ics`)).body).toContain('SUMMARY:Battery basics');
    const early = await participant(eventId);
    expect((await star(early.headers, talk.id)).statusCode).toBe(200);

    // Publish: one version; the talk's renaming tells its booker, waiter and starrer; the quiet hour's edit tells nobody.
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: version + 1, notified: 3 });
    expect(res.json().data.changes.map((c: { kind: string }) => c.kind)).toEqual(['renamed', 'edited']);
    expect(await programme()).toMatchObject({ version: version + 1, changes: [] });
    // The anonymous document shows it at once (the publish drops the cached copy, younger than its second).
    expect(((await call('GET', {}, `${base(eventId)}/schedule`)).json().data.sessions as Shown[]).find((x) => x.id === talk.id)!.title).toBe('Battery futures');
    expect(await shown(booker.headers, talk.id)).toMatchObject({ title: 'Battery futures', speakerIds: [alan.id], tags: ['Storage', 'Grid'], ticketIds: [vip], capacity: 2, seatsLeft: 0, descriptionHtml: '<p>Now with solid state.</p>' });
    // The published capacity of 2 seats the waitlist's first.
    expect(await shown(waiter.headers, talk.id)).toMatchObject({ myStatus: 'booked' });
    expect(await shown(starrer.headers, quiet.id)).toMatchObject({ tags: ['Calm'], descriptionHtml: '<p>Bring tea.</p>' });
    expect(await speakerSessions(booker.headers, alan.id)).toEqual(['Battery futures']);
    expect(await speakerSessions(booker.headers, ada.id)).toEqual([]);
    expect((await call('GET', booker.headers, `${base(eventId)}/my-schedule.ics`)).body).toContain('SUMMARY:Battery futures');
    // The published ticket restriction now holds: a participant without a VIP ticket is refused the star.
    expect((await star((await participant(eventId)).headers, talk.id)).json().code).toBe('PROGRAMME_TICKET_RESTRICTED');

    const notices = await inbox(booker.headers);
    expect(notices.filter((n) => n.title === 'Session updated: Battery futures').map((n) => n.body)).toEqual(['"Battery basics" is now "Battery futures".']);
    expect(await inbox(waiter.headers)).toHaveLength(1);
    expect(await inbox(early.headers)).toHaveLength(1);
    expect(await inbox(starrer.headers)).toEqual([]);
    await expect.poll(() => updateMails(waiter.email).length, { timeout: 5000 }).toBe(1);
    expect(updateMails(starrer.email)).toHaveLength(0);

    // A description edit alone is the next version, and tells nobody.
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${quiet.id}`, session({ ...quietFields, descriptionHtml: '<p>Bring cake.</p>', tags: ['Calm'] }))).statusCode).toBe(200);
    const quietOnly = await publish();
    expect(quietOnly.json().data).toMatchObject({ version: version + 2, notified: 0, changes: [{ sessionId: quiet.id, kind: 'edited', details: ['Description: edited'] }] });
    expect(await shown(starrer.headers, quiet.id)).toMatchObject({ descriptionHtml: '<p>Bring cake.</p>' });
    expect(await inbox(starrer.headers)).toEqual([]);
  });

  it('keeps room renames and track renames and colours in the draft until publish, listed in the dialog, telling nobody', async () => {
    type Listed = { rooms: { id: string; name: string }[]; tracks: { id: string; name: string; colour: string }[]; sessions: (Seen & { title: string; trackId: string | null })[] };
    const attendeeView = async (h: Record<string, string>) => (await call('GET', h, `${base(eventId)}/schedule`)).json().data as Listed;
    const roomOf = (v: Listed, id: string) => v.rooms.find((r) => r.id === id)?.name;
    const trackOf = (v: Listed, id: string) => v.tracks.find((r) => r.id === id);
    const hallR = await create('rooms', { name: 'Hall R', capacity: 40 });
    const hallQ = await create('rooms', { name: 'Hall Q', capacity: 40 });
    const data = await create('tracks', { name: 'Data', colour: '#1c7ed6' });
    const fields = { title: 'Vector search', roomId: hallR.id, trackId: data.id, start: '2027-03-05T09:00', end: '2027-03-05T10:00', capacity: 5, bookingRequired: true };
    const talk = await create('sessions', session(fields));
    const booker = await participant(eventId);
    expect((await call('POST', booker.headers, `${base(eventId)}/sessions/${talk.id}/booking`)).json().data.status).toBe('booked');
    const { version } = await programme();
    expect(roomOf(await attendeeView(booker.headers), hallR.id)).toBe('Hall R');

    // The organiser renames the room and renames and recolours the track: their own lists show it at once.
    expect((await call('PUT', hostA, `${base(eventId)}/rooms/${hallR.id}`, { name: 'Main hall R', capacity: 40 })).statusCode).toBe(200);
    expect((await call('PUT', hostA, `${base(eventId)}/tracks/${data.id}`, { name: 'AI', colour: '#e03131' })).statusCode).toBe(200);
    expect((await call('GET', hostA, `${base(eventId)}/rooms`)).json().data.items.find((r: { id: string }) => r.id === hallR.id).name).toBe('Main hall R');
    const draft = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data as { changes: unknown[]; roomTrackChanges: unknown[]; rooms: { id: string; name: string }[] };
    expect(draft.rooms.find((r) => r.id === hallR.id)!.name).toBe('Main hall R');
    expect(draft.changes).toEqual([]);
    expect(draft.roomTrackChanges).toEqual([
      { kind: 'room', id: hallR.id, name: 'Main hall R', details: ['Name: Hall R → Main hall R'] },
      { kind: 'track', id: data.id, name: 'AI', details: ['Name: Data → AI', 'Colour: #1c7ed6 → #e03131'] },
    ]);

    // Attendees, anonymous visitors and the calendar files still see the published name and colour.
    for (const h of [booker.headers, {}]) {
      const v = await attendeeView(h);
      expect(roomOf(v, hallR.id)).toBe('Hall R');
      expect(trackOf(v, data.id)).toEqual({ id: data.id, name: 'Data', colour: '#1c7ed6' });
    }
    expect((await call('GET', booker.headers, `${base(eventId)}/sessions/${talk.id}/calendar.ics`)).body).toContain('LOCATION:Hall R');
    expect((await call('GET', booker.headers, `${base(eventId)}/my-schedule.ics`)).body).not.toContain('Main hall R');

    // Publish: the next version, with the room and the track and nobody told (the session is where it was).
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: version + 1, notified: 0, changes: [], roomTrackChanges: [{ kind: 'room', id: hallR.id }, { kind: 'track', id: data.id }] });
    expect(await programme()).toMatchObject({ version: version + 1, changes: [], roomTrackChanges: [] });
    for (const h of [booker.headers, {}]) {
      const v = await attendeeView(h);
      expect(roomOf(v, hallR.id)).toBe('Main hall R');
      expect(trackOf(v, data.id)).toEqual({ id: data.id, name: 'AI', colour: '#e03131' });
    }
    expect((await call('GET', booker.headers, `${base(eventId)}/sessions/${talk.id}/calendar.ics`)).body).toContain('LOCATION:Main hall R');
    expect(await inbox(booker.headers)).toEqual([]);
    expect((await publish()).statusCode).toBe(409);

    // A session moved out of a room renamed in the same draft: the notice names the room as attendees knew it.
    expect((await call('PUT', hostA, `${base(eventId)}/rooms/${hallR.id}`, { name: 'Hall Z', capacity: 40 })).statusCode).toBe(200);
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${talk.id}`, session({ ...fields, roomId: hallQ.id }))).statusCode).toBe(200);
    const moved = await publish();
    expect(moved.json().data).toMatchObject({ version: version + 2, notified: 1, roomTrackChanges: [{ kind: 'room', details: ['Name: Main hall R → Hall Z'] }] });
    expect((await inbox(booker.headers)).map((n) => n.body)).toEqual(['"Vector search" moved: room Main hall R → Hall Q (Europe/Berlin).']);
  });

  it('keeps a room capacity in the draft until publish: attendees, the agenda and the dialog', async () => {
    type Listed = { rooms: { id: string; name: string; capacity: number | null }[] };
    const hall = await create('rooms', { name: 'Hall C', capacity: 80 });
    const attendee = await participant(eventId);
    const seen = async (h: Record<string, string>, path = 'schedule') => (await call('GET', h, `${base(eventId)}/${path}`)).json().data as Listed;
    const capacityOf = (v: Listed) => v.rooms.find((r) => r.id === hall.id)?.capacity;
    const { version } = await programme();

    const put = await call('PUT', hostA, `${base(eventId)}/rooms/${hall.id}`, { name: 'Hall C', capacity: 120 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ capacity: 120, draftState: 'changed' });
    expect((await call('GET', hostA, `${base(eventId)}/rooms`)).json().data.items.find((r: { id: string }) => r.id === hall.id)).toMatchObject({ capacity: 120, draftState: 'changed' });
    expect((await call('GET', hostA, `${base(eventId)}/programme`)).json().data.roomTrackChanges).toEqual([{ kind: 'room', id: hall.id, name: 'Hall C', details: ['Capacity: 80 → 120'] }]);
    // Attendees (signed in and anonymous) keep the published capacity, on the Schedule as in the attendee API's rooms.
    expect(capacityOf(await seen(attendee.headers))).toBe(80);
    expect(capacityOf(await seen({}))).toBe(80);

    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: version + 1, notified: 0, roomTrackChanges: [{ kind: 'room', id: hall.id, details: ['Capacity: 80 → 120'] }] });
    expect(capacityOf(await seen(attendee.headers))).toBe(120);
    expect((await call('GET', hostA, `${base(eventId)}/rooms`)).json().data.items.find((r: { id: string }) => r.id === hall.id).draftState).toBe('published');
    // Back to no limit, listed as such.
    await call('PUT', hostA, `${base(eventId)}/rooms/${hall.id}`, { name: 'Hall C', capacity: null });
    expect((await programme() as unknown as { roomTrackChanges: unknown[] }).roomTrackChanges).toEqual([{ kind: 'room', id: hall.id, name: 'Hall C', details: ['Capacity: 120 → unlimited'] }]);
    expect((await publish()).statusCode).toBe(200);
    expect(capacityOf(await seen({}))).toBeNull();
  });

  it('books against the session published capacity, whatever the room draft capacity says', async () => {
    const small = await create('rooms', { name: 'Small room', capacity: 1 });
    const talk = await create('sessions', session({ title: 'Seats by the session', roomId: small.id, start: '2027-03-06T09:00', end: '2027-03-06T10:00', capacity: 2, bookingRequired: true }));
    await call('PUT', hostA, `${base(eventId)}/rooms/${small.id}`, { name: 'Small room', capacity: 500 });
    const [a, b, c] = [await participant(eventId), await participant(eventId), await participant(eventId)];
    const book = async (h: Record<string, string>) => (await call('POST', h, `${base(eventId)}/sessions/${talk.id}/booking`)).json().data.status as string;
    expect([await book(a.headers), await book(b.headers), await book(c.headers)]).toEqual(['booked', 'booked', 'waitlisted']);
    // Published, the room's capacity is what attendees read; the session's own still bounds its seats.
    expect((await publish()).statusCode).toBe(200);
    expect(await book((await participant(eventId)).headers)).toBe('waitlisted');
  });

  it('keeps room and track deletions in the draft until publish, with undo, and refuses one a session uses', async () => {
    type Listed = { rooms: { id: string; name: string }[]; tracks: { id: string; name: string }[] };
    const used = await create('rooms', { name: 'Used room', capacity: 30 });
    const spare = await create('rooms', { name: 'Spare room', capacity: 30 });
    const usedTrack = await create('tracks', { name: 'Used track', colour: '#2f9e44' });
    const spareTrack = await create('tracks', { name: 'Spare track', colour: '#f08c00' });
    const talk = await create('sessions', session({ title: 'Still here', roomId: used.id, trackId: usedTrack.id, start: '2027-03-07T09:00', end: '2027-03-07T10:00' }));
    const { version } = await programme();
    const attendee = await participant(eventId);
    const seen = async (h: Record<string, string>) => (await call('GET', h, `${base(eventId)}/schedule`)).json().data as Listed;

    // A room or track a session of the draft still uses: refused, naming the session, nothing changed.
    const roomRefused = await call('DELETE', hostA, `${base(eventId)}/rooms/${used.id}`);
    expect(roomRefused.statusCode).toBe(409);
    expect(roomRefused.json()).toMatchObject({ code: 'PROGRAMME_ROOM_IN_USE', message: expect.stringContaining('Still here') });
    const trackRefused = await call('DELETE', hostA, `${base(eventId)}/tracks/${usedTrack.id}`);
    expect(trackRefused.statusCode).toBe(409);
    expect(trackRefused.json()).toMatchObject({ code: 'PROGRAMME_TRACK_IN_USE', message: expect.stringContaining('Still here') });

    // Unused ones are deleted in the draft: the organiser sees them pending, attendees still see them.
    expect((await call('DELETE', hostA, `${base(eventId)}/rooms/${spare.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', hostA, `${base(eventId)}/tracks/${spareTrack.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', hostA, `${base(eventId)}/rooms/${spare.id}`)).statusCode).toBe(404);
    expect((await call('GET', hostA, `${base(eventId)}/rooms`)).json().data.items.find((r: { id: string }) => r.id === spare.id).draftState).toBe('deleted');
    expect((await call('GET', hostA, `${base(eventId)}/tracks`)).json().data.items.find((r: { id: string }) => r.id === spareTrack.id).draftState).toBe('deleted');
    expect((await call('GET', hostA, `${base(eventId)}/programme`)).json().data.roomTrackChanges).toEqual([
      { kind: 'room', id: spare.id, name: 'Spare room', details: ['Deleted'] },
      { kind: 'track', id: spareTrack.id, name: 'Spare track', details: ['Deleted'] },
    ]);
    for (const h of [attendee.headers, {}]) {
      const v = await seen(h);
      expect(v.rooms.map((r) => r.id)).toContain(spare.id);
      expect(v.tracks.map((r) => r.id)).toContain(spareTrack.id);
    }
    // A session cannot be put in a room or track deleted in the draft.
    const into = await call('PUT', hostA, `${base(eventId)}/sessions/${talk.id}`, session({ title: 'Still here', roomId: spare.id, trackId: spareTrack.id, start: '2027-03-07T09:00', end: '2027-03-07T10:00' }));
    expect(into.statusCode).toBe(400);
    expect(into.json().errors).toEqual(expect.arrayContaining([{ field: 'roomId', key: 'unknownRoom' }, { field: 'trackId', key: 'unknownTrack' }]));

    // Undo, then delete again; another organisation can do neither.
    expect((await call('POST', hostB, `${base(otherOrgEventId)}/rooms/${spare.id}/restore`)).statusCode).toBe(404);
    expect((await call('DELETE', hostB, `${base(otherOrgEventId)}/tracks/${usedTrack.id}`)).statusCode).toBe(404);
    const undone = await call('POST', hostA, `${base(eventId)}/rooms/${spare.id}/restore`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toMatchObject({ id: spare.id, draftState: 'published' });
    expect((await call('GET', hostA, `${base(eventId)}/programme`)).json().data.roomTrackChanges).toEqual([{ kind: 'track', id: spareTrack.id, name: 'Spare track', details: ['Deleted'] }]);
    expect((await call('DELETE', hostA, `${base(eventId)}/rooms/${spare.id}`)).statusCode).toBe(200);

    // Publish: the rows go, for attendees and the organiser.
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: version + 1, notified: 0, changes: [] });
    for (const h of [attendee.headers, {}]) {
      const v = await seen(h);
      expect(v.rooms.map((r) => r.id)).not.toContain(spare.id);
      expect(v.tracks.map((r) => r.id)).not.toContain(spareTrack.id);
      expect(v.rooms.map((r) => r.id)).toContain(used.id);
    }
    expect((await call('GET', hostA, `${base(eventId)}/rooms`)).json().data.items.map((r: { id: string }) => r.id)).not.toContain(spare.id);
    expect((await call('POST', hostA, `${base(eventId)}/rooms/${spare.id}/restore`)).statusCode).toBe(404);

    // Once the session moves out in the draft, its old room can be deleted in the same draft and both publish together.
    const other = await create('rooms', { name: 'New home', capacity: 30 });
    expect((await call('PUT', hostA, `${base(eventId)}/sessions/${talk.id}`, session({ title: 'Still here', roomId: other.id, trackId: usedTrack.id, start: '2027-03-07T09:00', end: '2027-03-07T10:00' }))).statusCode).toBe(200);
    expect((await call('DELETE', hostA, `${base(eventId)}/rooms/${used.id}`)).statusCode).toBe(200);
    expect((await seen(attendee.headers)).rooms.map((r) => r.id)).toContain(used.id);
    expect((await publish()).statusCode).toBe(200);
    expect((await seen(attendee.headers)).rooms.map((r) => r.id)).not.toContain(used.id);
  });

  it('refuses deleting and restoring rooms and tracks to a role without their delete codes', async () => {
    const role = await call('POST', hostA, '/api/auth/roles', { name: 'Rooms editor', codes: ['AP-328', 'AP-330', 'AP-307', 'AP-309'] });
    expect(role.statusCode, role.body).toBe(201);
    const email = `rooms-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@publish.example`;
    await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'Room', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: '10.9.9.2' });
    expect(login.statusCode, login.body).toBe(200);
    const editor = bearer(login.json().data.accessToken);
    const room = await create('rooms', { name: 'Guarded', capacity: 10 });
    const track = await create('tracks', { name: 'Guarded track', colour: '#000000' });
    expect((await call('DELETE', editor, `${base(eventId)}/rooms/${room.id}`)).statusCode).toBe(403);
    expect((await call('POST', editor, `${base(eventId)}/rooms/${room.id}/restore`)).statusCode).toBe(403);
    expect((await call('DELETE', editor, `${base(eventId)}/tracks/${track.id}`)).statusCode).toBe(403);
    expect((await call('POST', editor, `${base(eventId)}/tracks/${track.id}/restore`)).statusCode).toBe(403);
    expect((await call('PUT', editor, `${base(eventId)}/rooms/${room.id}`, { name: 'Guarded', capacity: 11 })).statusCode).toBe(200);
  });

  it('refuses publishing to a role without the sessions edit code', async () => {
    const role = await call('POST', hostA, '/api/auth/roles', { name: 'Sessions viewer', codes: ['AP-300'] });
    expect(role.statusCode, role.body).toBe(201);
    const email = `viewer-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@publish.example`;
    await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'View', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: '10.9.9.1' });
    expect(login.statusCode, login.body).toBe(200);
    const viewer = bearer(login.json().data.accessToken);
    expect((await call('GET', viewer, `${base(eventId)}/programme`)).statusCode).toBe(200);
    expect((await publish(viewer)).statusCode).toBe(403);
  });
  it('keeps a session deletion in the draft with its undo, until the publish makes it final', async () => {
    const ev = await createEvent(t.app, tokenA, 'Undo Expo');
    const url = (path: string) => `${base(ev)}${path}`;
    const mk = async (kind: 'rooms' | 'sessions', body: unknown) => create(kind, body, ev);
    const organiserView = async () =>
      (await call('GET', hostA, url('/programme'))).json().data as { sessions: { id: string; draftState: string }[]; deletedSessions: { id: string; draftState: string; title: string }[]; changes: { sessionId: string; kind: string }[] };
    const seenBy = async (h: Record<string, string>) => ((await call('GET', h, url('/schedule'))).json().data.sessions as { id: string }[]).map((x) => x.id);
    const room = await mk('rooms', { name: 'Undo hall', capacity: 50 });
    const talk = await mk('sessions', session({ title: 'Undoable talk', roomId: room.id, start: '2027-03-04T09:00', end: '2027-03-04T10:00', capacity: 10, bookingRequired: true }));
    const keep = await mk('sessions', session({ title: 'Kept talk', roomId: room.id, start: '2027-03-04T11:00', end: '2027-03-04T12:00' }));
    const booker = await participant(ev);
    expect((await call('POST', booker.headers, url(`/sessions/${talk.id}/booking`))).statusCode).toBe(200);
    const restore = (id: string, h = hostA, e = ev) => call('POST', h, `${base(e)}/sessions/${id}/restore`);

    // Deleted in the draft: listed apart, marked, pending in the publish dialog; attendees still see it.
    const deleted = await call('DELETE', hostA, url(`/sessions/${talk.id}`));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ id: talk.id, pending: true });
    let view = await organiserView();
    expect(view.sessions.map((x) => x.id)).toEqual([keep.id]);
    expect(view.deletedSessions).toEqual([expect.objectContaining({ id: talk.id, title: 'Undoable talk', draftState: 'deleted' })]);
    expect(view.changes).toEqual([expect.objectContaining({ sessionId: talk.id, kind: 'cancelled' })]);
    expect(await seenBy(booker.headers)).toContain(talk.id);

    // Another organisation, an unknown id and a role without the delete code cannot undo it.
    expect((await restore(talk.id, hostB)).statusCode).toBe(404);
    expect((await restore(talk.id, hostB, otherOrgEventId)).statusCode).toBe(404);
    expect((await restore('no-such-session')).statusCode).toBe(404);
    const role = await call('POST', hostA, '/api/auth/roles', { name: 'Session editor', codes: ['AP-300', 'AP-301', 'AP-302'] });
    expect(role.statusCode, role.body).toBe(201);
    const email = `sessions-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@publish.example`;
    await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'Sess', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: '10.9.9.3' });
    expect(login.statusCode, login.body).toBe(200);
    expect((await restore(talk.id, bearer(login.json().data.accessToken))).statusCode).toBe(403);

    // Undo: back in the draft as it was, nothing pending, the booking kept.
    const undone = await restore(talk.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toMatchObject({ id: talk.id, title: 'Undoable talk', roomId: room.id, bookedCount: 1 });
    view = await organiserView();
    expect(view.sessions.map((x) => x.id)).toEqual([talk.id, keep.id]);
    expect(view.sessions[0]!.draftState).toBe('published');
    expect(view.deletedSessions).toEqual([]);
    expect(view.changes).toEqual([]);
    // Undoing a session that is not deleted changes nothing.
    expect((await restore(talk.id)).statusCode).toBe(200);

    // While it is deleted its slot is free in the draft: a session put there blocks the undo (409 naming it) until it moves.
    expect((await call('DELETE', hostA, url(`/sessions/${talk.id}`))).statusCode).toBe(200);
    const squatter = await mk('sessions', session({ title: 'Squatter', roomId: room.id, start: '2027-03-04T09:30', end: '2027-03-04T10:30' }));
    const clash = await restore(talk.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'PROGRAMME_ROOM_CLASH', message: expect.stringContaining('Squatter') });
    expect((await call('PUT', hostA, url(`/sessions/${squatter.id}`), session({ title: 'Squatter', roomId: room.id, start: '2027-03-04T14:00', end: '2027-03-04T15:00' }))).statusCode).toBe(200);
    // Its room deleted in the draft blocks it too, until that deletion is undone.
    const lone = await mk('rooms', { name: 'Lone room', capacity: 5 });
    expect((await call('PUT', hostA, url(`/sessions/${keep.id}`), session({ title: 'Kept talk', roomId: lone.id, start: '2027-03-04T11:00', end: '2027-03-04T12:00' }))).statusCode).toBe(200);
    expect((await call('DELETE', hostA, url(`/sessions/${keep.id}`))).statusCode).toBe(200);
    expect((await call('DELETE', hostA, url(`/rooms/${lone.id}`))).statusCode).toBe(200);
    const blocked = await restore(keep.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'PROGRAMME_RESTORE_BLOCKED', message: expect.stringContaining('Lone room') });
    expect((await call('POST', hostA, url(`/rooms/${lone.id}/restore`))).statusCode).toBe(200);
    expect((await restore(keep.id)).statusCode).toBe(200);
    expect((await restore(talk.id)).statusCode).toBe(200);

    // Deleted again and published: attendees no longer see it, its booker is told once, and the undo comes too late.
    expect((await call('DELETE', hostA, url(`/sessions/${talk.id}`))).statusCode).toBe(200);
    const published = await publish(hostA, ev);
    expect(published.statusCode, published.body).toBe(200);
    const version = published.json().data.version as number;
    expect(await seenBy(booker.headers)).not.toContain(talk.id);
    expect((await organiserView()).deletedSessions).toEqual([]);
    await t.ctx.outbox.worker.drainNow();
    const notices = ((await call('GET', booker.headers, `/api/notifyservices/api/events/${ev}/notifications`)).json().data.items as { kind: string; body: string }[]).filter((n) => n.kind === 'SESSION_UPDATED');
    expect(notices.map((n) => n.body)).toEqual(['"Undoable talk" (2027-03-04 09:00–10:00, Undo hall) is cancelled.']);
    const late = await restore(talk.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PROGRAMME_SESSION_DELETION_PUBLISHED', message: expect.stringContaining(`version ${version}`) });
    expect((await restore(talk.id, hostB)).statusCode).toBe(404);
  });
});
