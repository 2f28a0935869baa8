import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_TABS, PORTAL_MENU, UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { attendee, createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

// A 1–3 March 2027 event in Berlin (UTC+1 in March).
const PASSWORD = 'Guest#Secure26';

let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let eventId: string;
let otherEventId: string;
let otherOrgEventId: string;
let orgA: string;

const base = (ev: string) => `/api/scheduleservices/api/events/${ev}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const session = (over: Record<string, unknown> = {}) => ({
  title: 'Opening keynote',
  descriptionHtml: '<p>Welcome</p>',
  sessionType: 'talk',
  trackId: null,
  roomId: null,
  start: '2027-03-02T09:00',
  end: '2027-03-02T10:00',
  speakerIds: [],
  capacity: null,
  bookingRequired: false,
  ...over,
});

async function create(kind: 'rooms' | 'tracks' | 'speakers' | 'sessions', body: unknown, ev = eventId, headers = hostA) {
  const res = await call('POST', headers, `${base(ev)}/${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string } & Record<string, unknown>;
}

/** A participant of `ev` with the bearer and event access token the app sends after ei/{eventId} (tokens signed directly). */
async function participant(ev: string, email = `p-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Pat', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { ...bearer(access), 'x-user-access-token': eventAccess };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Programme Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Programme Expo');
  otherEventId = await createEvent(t.app, a.accessToken, 'Second Expo');
  otherOrgEventId = await createEvent(t.app, hostB.authorization!.slice(7), 'Rival Expo');
});
afterAll(async () => {
  await t?.close();
});

describe('organiser programme', () => {
  it('refuses bad input by field with the spec keys and writes nothing', async () => {
    const endFirst = await call('POST', hostA, `${base(eventId)}/sessions`, session({ start: '2027-03-02T10:00', end: '2027-03-02T09:30' }));
    expect(endFirst.statusCode).toBe(400);
    expect(endFirst.json().errors).toEqual([{ field: 'end', key: 'timeCampare' }]);
    const same = await call('POST', hostA, `${base(eventId)}/sessions`, session({ end: '2027-03-02T09:00' }));
    expect(same.json().errors).toEqual([{ field: 'end', key: 'timeCampare' }]);
    const noCapacity = await call('POST', hostA, `${base(eventId)}/sessions`, session({ bookingRequired: true }));
    expect(noCapacity.json().errors).toEqual([{ field: 'capacity', key: 'required' }]);
    const classy = await call('POST', hostA, `${base(eventId)}/sessions`, session({ descriptionHtml: '<p class="x">Hi</p>' }));
    expect(classy.json().errors).toEqual([{ field: 'descriptionHtml', key: 'htmlClassNotAllowed' }]);
    const badTime = await call('POST', hostA, `${base(eventId)}/sessions`, session({ start: '2027-03-02 9am' }));
    expect(badTime.json().errors).toEqual([{ field: 'start', key: 'invalidTime' }]);
    const colour = await call('POST', hostA, `${base(eventId)}/tracks`, { name: ' ', colour: 'red' });
    expect(colour.json().errors).toEqual([{ field: 'name', key: 'required' }, { field: 'colour', key: 'pattern' }]);
    const email = await call('POST', hostA, `${base(eventId)}/speakers`, { name: 'Ada', title: '', company: '', bio: '', links: ['http://ada.example'], email: 'nope' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual(expect.arrayContaining([{ field: 'links.0', key: 'httpsUrlRequired' }, { field: 'email', key: 'inVaildEmail' }]));
    const sessions = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data.sessions;
    expect(sessions).toEqual([]);
  });

  it('stores times in UTC from the event time zone, shows them back in it, and sanitises the description', async () => {
    const room = await create('rooms', { name: 'Hall A', capacity: 200 });
    const track = await create('tracks', { name: 'AI', colour: '#1e90ff' });
    const s = await create('sessions', session({ roomId: room.id, trackId: track.id, start: '2027-03-02T09:30', end: '2027-03-02T10:15', descriptionHtml: '<p>Hi<iframe src="https://evil.example"></iframe></p>' }));
    expect(s.startsAt).toBe('2027-03-02T08:30:00.000Z');
    expect(s.endsAt).toBe('2027-03-02T09:15:00.000Z');
    expect(s.start).toBe('2027-03-02T09:30');
    expect(s.descriptionHtml).toBe('<p>Hi</p>');
    const programme = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    expect(programme.timeZone).toBe('Europe/Berlin');
    expect(programme.sessions.map((x: { id: string }) => x.id)).toEqual([s.id]);
    expect(programme.rooms).toEqual([{ id: room.id, name: 'Hall A', capacity: 200, checkinAreaId: null, draftState: 'published' }]);
  });

  it('scopes every item to its organisation and event', async () => {
    expect((await call('GET', hostB, `${base(eventId)}/programme`)).statusCode).toBe(404);
    expect((await call('POST', hostB, `${base(eventId)}/rooms`, { name: 'Sneaky', capacity: null })).statusCode).toBe(404);
    const roomA = await create('rooms', { name: 'Hall B', capacity: 50 });
    // Another organisation's room id, through its own event: not found.
    expect((await call('PUT', hostB, `${base(otherOrgEventId)}/rooms/${roomA.id}`, { name: 'Mine', capacity: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', hostB, `${base(otherOrgEventId)}/rooms/${roomA.id}`)).statusCode).toBe(404);
    // A room of another event of the same organisation cannot hold this event's session.
    const res = await call('POST', hostA, `${base(otherEventId)}/sessions`, session({ roomId: roomA.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'roomId', key: 'unknownRoom' }]);
    expect((await call('GET', {}, `${base(eventId)}/programme`)).statusCode).toBe(401);
  });

  it('lets a role holding only the Auditoriums, Tracks or Speakers view code read that list, and nothing else', async () => {
    const room = await create('rooms', { name: 'Auditorium Only', capacity: 30 });
    const track = await create('tracks', { name: 'Only track', colour: '#1c7ed6' });
    const speaker = await create('speakers', { name: 'Only Speaker', title: '', company: '', bio: '', links: [], email: null });
    const member = async (code: string) => {
      const role = await call('POST', hostA, '/api/auth/roles', { name: `Only ${code}`, codes: [code] });
      expect(role.statusCode, role.body).toBe(201);
      const email = `only-${code.toLowerCase()}@programme.example`;
      await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'Only', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: `10.7.${code.slice(3)}.1` });
      expect(login.statusCode, login.body).toBe(200);
      return bearer(login.json().data.accessToken);
    };
    const cases = [
      ['AP-328', 'rooms', room.id],
      ['AP-307', 'tracks', track.id],
      ['AP-335', 'speakers', speaker.id],
    ] as const;
    for (const [code, list, id] of cases) {
      const headers = await member(code);
      const own = await call('GET', headers, `${base(eventId)}/${list}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.items.map((x: { id: string }) => x.id)).toContain(id);
      // The whole programme (sessions) and the other lists stay closed to this role.
      expect((await call('GET', headers, `${base(eventId)}/programme`)).statusCode).toBe(403);
      for (const [, other] of cases.filter(([c]) => c !== code)) expect((await call('GET', headers, `${base(eventId)}/${other}`)).statusCode).toBe(403);
    }
    // Another organisation reads none of these lists of this event.
    for (const [, list] of cases) expect((await call('GET', hostB, `${base(eventId)}/${list}`)).statusCode).toBe(404);
  });

  it('refuses a room or a speaker booked twice at overlapping times with a 409 naming the clashing session', async () => {
    const room = await create('rooms', { name: 'Clash Hall', capacity: 10 });
    const other = await create('rooms', { name: 'Quiet Room', capacity: 10 });
    const ada = await create('speakers', { name: 'Ada Lovelace', title: 'CTO', company: 'Engines', bio: 'Numbers.', links: ['https://ada.example'], email: 'ada@example.com' });
    expect(ada.userType).toBe(5);
    const first = await create('sessions', session({ title: 'Analytical engines', roomId: room.id, speakerIds: [ada.id], start: '2027-03-03T11:00', end: '2027-03-03T12:00' }));
    const roomClash = await call('POST', hostA, `${base(eventId)}/sessions`, session({ title: 'Intruder', roomId: room.id, start: '2027-03-03T11:30', end: '2027-03-03T12:30' }));
    expect(roomClash.statusCode).toBe(409);
    expect(roomClash.json().code).toBe('PROGRAMME_ROOM_CLASH');
    expect(roomClash.json().message).toContain('Analytical engines');
    const speakerClash = await call('POST', hostA, `${base(eventId)}/sessions`, session({ title: 'Panel', roomId: other.id, speakerIds: [ada.id], start: '2027-03-03T10:30', end: '2027-03-03T11:01' }));
    expect(speakerClash.statusCode).toBe(409);
    expect(speakerClash.json().code).toBe('PROGRAMME_SPEAKER_CLASH');
    expect(speakerClash.json().message).toContain('Ada Lovelace');
    expect(speakerClash.json().message).toContain('Analytical engines');
    // Back to back is no clash; a session moved within its own slot does not clash with itself.
    await create('sessions', session({ title: 'Next', roomId: room.id, speakerIds: [ada.id], start: '2027-03-03T12:00', end: '2027-03-03T13:00' }));
    const moved = await call('PUT', hostA, `${base(eventId)}/sessions/${first.id}`, session({ title: 'Analytical engines', roomId: room.id, speakerIds: [ada.id], start: '2027-03-03T11:15', end: '2027-03-03T12:00' }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.start).toBe('2027-03-03T11:15');
  });
});

describe('attendee schedule and bookings', () => {
  let full: string;
  let open: string;

  beforeAll(async () => {
    full = (await create('sessions', session({ title: 'Hands-on workshop', sessionType: 'workshop', start: '2027-03-01T14:00', end: '2027-03-01T16:00', capacity: 2, bookingRequired: true }))).id;
    open = (await create('sessions', session({ title: 'Coffee', sessionType: 'break', start: '2027-03-01T16:00', end: '2027-03-01T16:30' }))).id;
  });

  it('shows the schedule tab to anyone and the speakers tab without email addresses', async () => {
    const res = await call('GET', {}, `${base(eventId)}/schedule`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.timeZone).toBe('Europe/Berlin');
    expect(data.sessions.find((s: { id: string }) => s.id === full)).toMatchObject({ seatsLeft: 2, myStatus: null, start: '2027-03-01T14:00' });
    const speakers = (await call('GET', {}, `${base(eventId)}/speaker-listing`)).json().data.speakers;
    expect(speakers[0].name).toBe('Ada Lovelace');
    expect(speakers[0].sessions.map((s: { title: string }) => s.title)).toContain('Analytical engines');
    expect(JSON.stringify(speakers)).not.toContain('ada@example.com');
  });

  it('gives the agenda under its own rules, the app tab or the portal entry, with nobody bookings', async () => {
    // The app's Agenda tab is off in the SPEC §2.4 defaults: its data says so.
    const hidden = await call('GET', {}, `${base(eventId)}/agenda`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('TAB_NOT_AVAILABLE');
    // The web portal lists Agenda by default, in every mode and before the event.
    const p = await participant(eventId);
    const portal = await call('GET', p, `${base(eventId)}/agenda?from=portal`);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().data.sessions.find((s: { id: string }) => s.id === full)).toMatchObject({ title: 'Hands-on workshop', start: '2027-03-01T14:00', myStatus: null });
    expect((await call('GET', {}, `${base(eventId)}/agenda?from=elsewhere`)).statusCode).toBe(400);
    // The organiser hides the portal entry: its data goes too; shows the app tab: the app's Agenda reads.
    const entries = PORTAL_MENU.map((e, i) => ({ key: e.key, title: e.name, displayOrder: i + 1, isShown: e.key !== 'agenda', eventMode: [...e.eventMode], showMenuOnPreEvent: e.showMenuOnPreEvent }));
    expect((await call('PUT', hostA, `/api/eventservices/events/${eventId}/portal-menu`, { entries })).statusCode).toBe(200);
    expect((await call('GET', p, `${base(eventId)}/agenda?from=portal`)).statusCode).toBe(404);
    const tabs = DEFAULT_APP_TABS.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu: showInMenu || tabName === 'event-agenda', loginRequired, menuBanner, ticketIds: [...ticketIds] }));
    expect((await call('PUT', hostA, `/api/eventservices/events/${eventId}/app-tabs`, { tabs })).statusCode).toBe(200);
    const app = await call('GET', {}, `${base(eventId)}/agenda`);
    expect(app.statusCode, app.body).toBe(200);
    expect(app.json().data.sessions.map((s: { title: string }) => s.title)).toEqual(expect.arrayContaining(['Hands-on workshop', 'Coffee']));
    // An anonymous visitor's agenda is sent as cached bytes: an ETag a browser revalidates (304), brotli when taken,
    // the same document as the Schedule's, at most a second old.
    expect((await call('GET', { 'if-none-match': app.headers.etag as string }, `${base(eventId)}/agenda`)).statusCode).toBe(304);
    const br = await call('GET', { 'accept-encoding': 'gzip, br' }, `${base(eventId)}/agenda`);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(app.json());
    expect((await call('GET', {}, `${base(eventId)}/schedule`)).headers.etag).toBe(app.headers.etag);
    expect((await call('PUT', hostA, `/api/eventservices/events/${eventId}/app-tabs`, { tabs: tabs.map((x) => (x.tabName === 'event-agenda' ? { ...x, showInMenu: false } : x)) })).statusCode).toBe(200);
    // The tab's rules are checked on every request, cached document or not.
    expect((await call('GET', {}, `${base(eventId)}/agenda`)).statusCode).toBe(404);
    expect((await call('PUT', hostA, `/api/eventservices/events/${eventId}/app-tabs`, { tabs })).statusCode).toBe(200);
    // Another event's agenda is its own.
    expect((await call('GET', {}, `${base(otherEventId)}/agenda`)).statusCode).toBe(404);
  });

  it('books only for a signed-in participant of this event', async () => {
    expect((await call('POST', {}, `${base(eventId)}/sessions/${full}/booking`)).statusCode).toBe(401);
    const elsewhere = await participant(otherEventId);
    const res = await call('POST', elsewhere, `${base(eventId)}/sessions/${full}/booking`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PROGRAMME_NOT_PARTICIPANT');
    const p = await participant(eventId);
    const noBooking = await call('POST', p, `${base(eventId)}/sessions/${open}/booking`);
    expect(noBooking.statusCode).toBe(409);
    expect(noBooking.json().code).toBe('PROGRAMME_BOOKING_NOT_NEEDED');
    expect((await call('POST', p, `${base(otherEventId)}/sessions/${full}/booking`)).statusCode).toBe(403);
  });

  it('waitlists when full and promotes the first on the waitlist when a seat frees', async () => {
    const [a, b, c, d] = await Promise.all([participant(eventId), participant(eventId), participant(eventId), participant(eventId)]);
    const book = async (h: Record<string, string>) => (await call('POST', h, `${base(eventId)}/sessions/${full}/booking`)).json().data;
    expect(await book(a!)).toEqual({ sessionId: full, status: 'booked', waitlistPosition: null });
    expect(await book(b!)).toMatchObject({ status: 'booked' });
    expect(await book(c!)).toEqual({ sessionId: full, status: 'waitlisted', waitlistPosition: 1 });
    expect(await book(d!)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    // Booking again changes nothing.
    expect(await book(a!)).toMatchObject({ status: 'booked' });
    const mine = (h: Record<string, string>) => call('GET', h, `${base(eventId)}/schedule`).then((r) => r.json().data.sessions.find((s: { id: string }) => s.id === full));
    expect(await mine(d!)).toMatchObject({ seatsLeft: 0, myStatus: 'waitlisted', myWaitlistPosition: 2 });

    const cancel = await call('DELETE', a!, `${base(eventId)}/sessions/${full}/booking`);
    expect(cancel.json().data).toEqual({ sessionId: full, status: null, waitlistPosition: null });
    expect(await mine(c!)).toMatchObject({ myStatus: 'booked', seatsLeft: 0 });
    expect(await mine(d!)).toMatchObject({ myStatus: 'waitlisted', myWaitlistPosition: 1 });
    // A waitlisted person leaving frees no seat.
    await call('DELETE', d!, `${base(eventId)}/sessions/${full}/booking`);
    expect(await mine(b!)).toMatchObject({ myStatus: 'booked', seatsLeft: 0 });
    // A booked person leaving with nobody waiting frees a seat.
    await call('DELETE', b!, `${base(eventId)}/sessions/${full}/booking`);
    expect(await mine(a!)).toMatchObject({ myStatus: null, seatsLeft: 1 });
    expect((await call('DELETE', a!, `${base(eventId)}/sessions/${full}/booking`)).json().code).toBe('PROGRAMME_NOT_BOOKED');
    const programme = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    expect(programme.sessions.find((s: { id: string }) => s.id === full)).toMatchObject({ bookedCount: 1, waitlistCount: 0 });
  });

  it('gives one session and the personal schedule as iCalendar files in UTC', async () => {
    const one = await call('GET', {}, `${base(eventId)}/sessions/${full}/calendar.ics`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('text/calendar');
    expect(one.body).toContain('BEGIN:VCALENDAR');
    expect(one.body).toContain('DTSTART:20270301T130000Z');
    expect(one.body).toContain('DTEND:20270301T150000Z');
    expect(one.body).toContain('SUMMARY:Hands-on workshop');

    const p = await participant(eventId);
    const empty = await call('GET', p, `${base(eventId)}/my-schedule.ics`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain('BEGIN:VEVENT');
    await call('POST', p, `${base(eventId)}/sessions/${full}/booking`);
    const mine = await call('GET', p, `${base(eventId)}/my-schedule.ics`);
    expect(mine.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(mine.body).toContain('DTSTART:20270301T130000Z');
    expect((await call('GET', {}, `${base(eventId)}/my-schedule.ics`)).statusCode).toBe(401);

    // The same schedule as a subscribed calendar: a signed address a calendar app fetches without any header.
    const feed = await call('GET', p, `${base(eventId)}/my-schedule/feed`);
    expect(feed.statusCode, feed.body).toBe(200);
    const { url, webcalUrl, googleUrl, outlookUrl } = feed.json().data as { url: string; webcalUrl: string; googleUrl: string; outlookUrl: string };
    expect(webcalUrl).toBe(url.replace(/^https?:/, 'webcal:'));
    expect(new URL(googleUrl).searchParams.get('cid')).toBe(webcalUrl);
    expect(new URL(outlookUrl).searchParams.get('url')).toBe(url);
    const path = `${new URL(url).pathname}${new URL(url).search}`;
    const subscribed = await t.app.inject({ method: 'GET', url: path });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.headers['content-type']).toContain('text/calendar');
    expect(subscribed.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    // Always current: a second booking shows in the next fetch.
    await call('POST', p, `${base(eventId)}/sessions/${(await create('sessions', session({ title: 'Feed extra', start: '2027-03-01T16:00', end: '2027-03-01T17:00', bookingRequired: true, capacity: 10 }))).id}/booking`);
    expect((await t.app.inject({ method: 'GET', url: path })).body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // A forged or altered address reads nothing.
    const token = new URL(url).searchParams.get('feed')!;
    const [h, claims, sig] = token.split('.');
    expect((await t.app.inject({ method: 'GET', url: path.replace(token, `${h}.${claims}.${sig!.slice(0, -2)}AA`) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path.replace(token, 'not-a-token') })).statusCode).toBe(400);
    expect((await call('GET', {}, `${base(eventId)}/my-schedule/feed`)).statusCode).toBe(401);

    // My schedule holds the participant's meetings too (the meetings module's port), in the file and the feed.
    const meetingsBase = `/api/eventservices/events/${eventId}/meetings`;
    expect((await call('PUT', hostA, `${meetingsBase}/settings`, { days: [{ date: '2027-03-02', start: '10:00', end: '11:00' }], slotMinutes: 30, loungeTables: 2 })).statusCode).toBe(200);
    const pUserId = (await t.ctx.tokens.verifyEventAccess(p['x-user-access-token']!))!.eventUserId;
    const asker = await participant(eventId);
    const asked = await call('POST', asker, `${meetingsBase}/requests`, { inviteeEventUserId: pUserId, slot: '2027-03-02T10:00', place: 2, mode: 1, type: 2, booth: null, message: '' });
    expect(asked.statusCode, asked.body).toBe(201);
    const withMeeting = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(withMeeting.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(withMeeting).toContain('SUMMARY:Meeting with Pat');
    expect((await call('GET', p, `${base(eventId)}/my-schedule.ics`)).body).toContain('SUMMARY:Meeting with Pat');
  });

  it('books exactly the capacity when many participants race for the last seats, the rest waitlisted in order', async () => {
    const race = (await create('sessions', session({ title: 'Popular masterclass', sessionType: 'workshop', start: '2027-03-01T09:00', end: '2027-03-01T10:00', capacity: 5, bookingRequired: true }))).id;
    const crowd = await Promise.all(Array.from({ length: 32 }, () => participant(eventId)));
    const results = await Promise.all(crowd.map((h) => call('POST', h, `${base(eventId)}/sessions/${race}/booking`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const data = results.map((r) => r.json().data as { status: string; waitlistPosition: number | null });
    expect(data.filter((d) => d.status === 'booked')).toHaveLength(5);
    const waiting = await Promise.all(crowd.map((h) => call('GET', h, `${base(eventId)}/schedule`).then((r) => r.json().data.sessions.find((s: { id: string }) => s.id === race))));
    const positions = waiting.filter((s) => s.myStatus === 'waitlisted').map((s) => s.myWaitlistPosition).sort((x, y) => x - y);
    expect(positions).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    const programme = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    expect(programme.sessions.find((s: { id: string }) => s.id === race)).toMatchObject({ bookedCount: 5, waitlistCount: 27 });
  });
});

describe('session moderators, sponsors, tags, ticket restrictions and stream', () => {
  let vip: string;
  let standard: string;
  let otherEventTicket: string;
  let sponsorId: string;
  let otherEventSponsor: string;
  let speakerId: string;
  let moderatorId: string;

  /** A sponsor of `ev` (a tier first) through the sponsors module's own routes. */
  async function sponsorOf(ev: string, name: string): Promise<string> {
    const tier = await call('POST', hostA, `/api/eventservices/events/${ev}/sponsors/tiers`, { name: `Gold ${name}`, colour: null });
    expect(tier.statusCode, tier.body).toBe(201);
    const sp = await call('POST', hostA, `/api/eventservices/events/${ev}/sponsors/items`, { tierId: tier.json().data.id, name, description: '', website: '', logoId: null, companyId: null });
    expect(sp.statusCode, sp.body).toBe(201);
    return sp.json().data.id;
  }
  /** A participant whose account email holds a (free, so paid and approved) registration of `ticketId`. */
  async function holder(ticketId: string): Promise<Record<string, string>> {
    const email = `h-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
    const order = await placeOrder(t.app, eventId, { ...orderBody(ticketId), attendees: [attendee(ticketId, { email })] });
    expect(order.statusCode, order.body).toBe(201);
    return participant(eventId, email);
  }
  const sessionsOf = async () => (await call('GET', hostA, `${base(eventId)}/programme`)).json().data.sessions as { id: string; title: string }[];

  beforeAll(async () => {
    const token = hostA.authorization!.slice(7);
    vip = (await createTicket(t.app, token, eventId, { name: 'VIP', isFree: true, price: 0 })).id;
    standard = (await createTicket(t.app, token, eventId, { name: 'Standard', isFree: true, price: 0 })).id;
    otherEventTicket = (await createTicket(t.app, token, otherEventId, { name: 'Elsewhere', isFree: true, price: 0 })).id;
    sponsorId = await sponsorOf(eventId, 'Acme Power');
    otherEventSponsor = await sponsorOf(otherEventId, 'Rival Corp');
    speakerId = (await create('speakers', { name: 'Grace Hopper', title: '', company: '', bio: '', links: [], email: null })).id;
    moderatorId = (await create('speakers', { name: 'Mod Erator', title: '', company: '', bio: '', links: [], email: null })).id;
  });

  it('refuses each bad field by its key and writes nothing', async () => {
    const before = (await sessionsOf()).length;
    const bad = async (over: Record<string, unknown>, errors: { field: string; key: string }[]) => {
      const res = await call('POST', hostA, `${base(eventId)}/sessions`, session({ title: 'Bad extras', start: '2027-03-03T15:00', end: '2027-03-03T16:00', ...over }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    };
    await bad({ speakerIds: [speakerId], moderatorIds: [speakerId] }, [{ field: 'moderatorIds.0', key: 'moderatorIsSpeaker' }]);
    await bad({ moderatorIds: ['nobody'] }, [{ field: 'moderatorIds.0', key: 'unknownSpeaker' }]);
    await bad({ sponsorIds: [sponsorId, otherEventSponsor] }, [{ field: 'sponsorIds.1', key: 'unknownSponsor' }]);
    await bad({ sponsorIds: ['made-up'] }, [{ field: 'sponsorIds.0', key: 'unknownSponsor' }]);
    await bad({ ticketIds: [otherEventTicket] }, [{ field: 'ticketIds.0', key: 'unknownTicket' }]);
    await bad({ tags: ['x'.repeat(41)] }, [{ field: 'tags.0', key: 'too_big' }]);
    await bad({ tags: ['   '] }, [{ field: 'tags.0', key: 'too_small' }]);
    await bad({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, [{ field: 'tags', key: 'too_big' }]);
    await bad({ streamUrl: 'http://stream.example/live' }, [{ field: 'streamUrl', key: 'httpsUrlRequired' }]);
    // A script address is dangerous request data: refused before validation (SPEC code 1001).
    const hostile = await call('POST', hostA, `${base(eventId)}/sessions`, session({ streamUrl: 'javascript:alert(1)' }));
    expect([hostile.statusCode, hostile.json().code]).toEqual([400, 1001]);
    await bad({ streamUrl: 'https://user:pw@stream.example/' }, [{ field: 'streamUrl', key: 'httpsUrlRequired' }]);
    expect((await sessionsOf()).length).toBe(before);
    // An in-person event has no Auditorium: no stream.
    const inPerson = await createEvent(t.app, hostA.authorization!.slice(7), 'Hall Only Expo', { eventMode: 2 });
    const res = await call('POST', hostA, `${base(inPerson)}/sessions`, session({ streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }));
    expect(res.json().errors).toEqual([{ field: 'streamUrl', key: 'streamNotForInPerson' }]);
    // Another organisation neither reads nor writes these sessions.
    expect((await call('POST', hostB, `${base(eventId)}/sessions`, session({ sponsorIds: [sponsorId] }))).statusCode).toBe(404);
  });

  it('saves the five fields, shows them to attendees, and answers them back to the organiser', async () => {
    const made = await create(
      'sessions',
      session({
        title: 'Grid storage panel',
        sessionType: 'panel',
        start: '2027-03-03T15:00',
        end: '2027-03-03T16:00',
        speakerIds: [speakerId],
        moderatorIds: [moderatorId, moderatorId],
        sponsorIds: [sponsorId],
        tags: [' Energy ', 'energy', 'Storage'],
        ticketIds: [vip],
        streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        capacity: 10,
        bookingRequired: true,
      }),
    );
    expect(made).toMatchObject({ speakerIds: [speakerId], moderatorIds: [moderatorId], sponsorIds: [sponsorId], tags: ['Energy', 'Storage'], ticketIds: [vip], streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const programme = (await call('GET', hostA, `${base(eventId)}/programme`)).json().data;
    expect(programme.sponsors).toContainEqual({ id: sponsorId, name: 'Acme Power', logoUrl: null });
    expect(programme.tickets.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['VIP', 'Standard']));
    expect(programme.sessions.find((x: { id: string }) => x.id === made.id)).toMatchObject({ moderatorIds: [moderatorId], tags: ['Energy', 'Storage'] });
    const schedule = (await call('GET', {}, `${base(eventId)}/schedule`)).json().data;
    expect(schedule.sponsors).toEqual([{ id: sponsorId, name: 'Acme Power', logoUrl: null }]);
    expect(schedule.tickets).toEqual([{ id: vip, name: 'VIP' }]);
    expect(schedule.sessions.find((x: { id: string }) => x.id === made.id)).toMatchObject({ moderatorIds: [moderatorId], sponsorIds: [sponsorId], ticketIds: [vip], isTicketAllowed: null });
    // The grid's move keeps them (the whole session is sent again).
    const moved = await call('PUT', hostA, `${base(eventId)}/sessions/${made.id}`, session({ title: 'Grid storage panel', start: '2027-03-03T15:15', end: '2027-03-03T16:15', speakerIds: [speakerId], moderatorIds: [moderatorId], sponsorIds: [sponsorId], tags: ['Energy'], ticketIds: [vip, standard], streamUrl: null, capacity: 10, bookingRequired: true }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ ticketIds: [vip, standard].sort(), tags: ['Energy'], streamUrl: null });
    await call('PUT', hostA, `${base(eventId)}/sessions/${made.id}`, session({ title: 'Grid storage panel', start: '2027-03-03T15:00', end: '2027-03-03T16:00', speakerIds: [speakerId], moderatorIds: [moderatorId], sponsorIds: [sponsorId], tags: ['Energy'], ticketIds: [vip], capacity: 10, bookingRequired: true }));
  });

  it('counts a moderator as busy: a clash with their other session is refused naming it', async () => {
    const clash = await call('POST', hostA, `${base(eventId)}/sessions`, session({ title: 'Same hour talk', start: '2027-03-03T15:30', end: '2027-03-03T16:30', speakerIds: [moderatorId] }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('PROGRAMME_SPEAKER_CLASH');
    expect(clash.json().message).toContain('Mod Erator');
    expect(clash.json().message).toContain('Grid storage panel');
    const asModerator = await call('POST', hostA, `${base(eventId)}/sessions`, session({ title: 'Same hour panel', start: '2027-03-03T15:30', end: '2027-03-03T16:30', moderatorIds: [speakerId] }));
    expect(asModerator.statusCode).toBe(409);
    expect(asModerator.json().message).toContain('Grace Hopper');
  });

  it('refuses booking and starring a restricted session to a holder of another ticket, with the ticket names, and lets a holder book', async () => {
    const restricted = (await sessionsOf()).find((x) => x.title === 'Grid storage panel')!.id;
    const other = await holder(standard);
    const refused = await call('POST', other, `${base(eventId)}/sessions/${restricted}/booking`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PROGRAMME_TICKET_RESTRICTED');
    expect(refused.json().message).toContain('VIP');
    expect((await call('PUT', other, `${base(eventId)}/sessions/${restricted}/bookmark`)).json().code).toBe('PROGRAMME_TICKET_RESTRICTED');
    // A participant with no registration at all is refused too; nothing was written for either.
    expect((await call('POST', await participant(eventId), `${base(eventId)}/sessions/${restricted}/booking`)).statusCode).toBe(403);
    const seen = (await call('GET', other, `${base(eventId)}/schedule`)).json().data.sessions.find((x: { id: string }) => x.id === restricted);
    expect(seen).toMatchObject({ isTicketAllowed: false, myStatus: null, bookmarked: false, seatsLeft: 10 });

    const vipHolder = await holder(vip);
    const booked = await call('POST', vipHolder, `${base(eventId)}/sessions/${restricted}/booking`);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data.status).toBe('booked');
    expect((await call('GET', vipHolder, `${base(eventId)}/schedule`)).json().data.sessions.find((x: { id: string }) => x.id === restricted)).toMatchObject({ isTicketAllowed: true, myStatus: 'booked' });
  });
});
