import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { DEMO_BANNER_PNG_BASE64 } from './venue.demo-banner.ts';

// The clock stands on the second day of a 1–3 March 2027 event in Berlin.
const NOW = new Date('2027-03-02T10:00:00Z');
const PASSWORD = 'Guest#Secure26';

let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let hybridId: string;
let inPersonId: string;
let laterId: string;
let otherOrgEventId: string;

const venue = (eventId: string, rest = '') => `/api/eventservices/events/${eventId}/venue${rest}`;
const portal = (eventId: string, page: string) => `/api/eventservices/portal/events/${eventId}/venue/${page}`;
const put = (headers: Record<string, string>, url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers, payload: payload as Record<string, unknown> });
const emptyLobby = { bannerImageId: null, welcomeVideoUrl: null, welcomeImageId: null, hotspots: [] };

/** A participant of `eventId` signed in through ei/{eventId}: the bearer and event access token the portal sends. */
async function attendeeOf(eventId: string, host: Record<string, string>, email: string): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Ada', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const organisationId = (await t.ctx.tokens.verifyAccess(host.authorization!.slice(7)))!.organisationId!;
  await t.ctx.events.addParticipant(organisationId, eventId, user.id, UserType.Attendee);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId } });
  expect(res.statusCode).toBe(200);
  const rec = res.json().data;
  return { ...bearer(rec.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken };
}

async function upload(headers: Record<string, string>, eventId: string, fileName: string, dataBase64 = DEMO_BANNER_PNG_BASE64) {
  return t.app.inject({ method: 'POST', url: venue(eventId, '/images'), headers, payload: { fileName, dataBase64 } });
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  hostA = bearer((await signupOrganiser(t.app, { organisationName: 'Venue Org' })).accessToken);
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
  const a = hostA.authorization!.slice(7);
  hybridId = await createEvent(t.app, a, 'Hybrid Expo', { eventMode: 3 });
  inPersonId = await createEvent(t.app, a, 'Floor Expo', { eventMode: 2 });
  laterId = await createEvent(t.app, a, 'April Summit', { eventMode: 1, startDate: '2027-04-01', endDate: '2027-04-02' });
  otherOrgEventId = await createEvent(t.app, hostB.authorization!.slice(7), 'Other Expo', { eventMode: 1 });
});
afterAll(async () => {
  await t?.close();
});

describe('venue images', () => {
  it('stores an image whose bytes are the type its name claims and serves it by id', async () => {
    const res = await upload(hostA, hybridId, 'banner.png');
    expect(res.statusCode).toBe(201);
    const { imageId, url } = res.json().data;
    const img = await t.app.inject(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(Buffer.from(DEMO_BANNER_PNG_BASE64, 'base64'))).toBe(true);
    expect(imageId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  it('refuses a renamed file, a type outside the image list and an oversize image, by field', async () => {
    const mismatch = await upload(hostA, hybridId, 'banner.jpg');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
    const exe = await upload(hostA, hybridId, 'banner.exe', Buffer.from('MZ\x90\x00rest-of-an-executable').toString('base64'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    const svg = await upload(hostA, hybridId, 'banner.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'));
    expect(svg.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    const big = Buffer.concat([Buffer.from(DEMO_BANNER_PNG_BASE64, 'base64'), Buffer.alloc(620 * 1024)]);
    const oversize = await upload(hostA, hybridId, 'big.png', big.toString('base64'));
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().errors[0].field).toBe('dataBase64');
  });

  it('answers 404 for an unknown image id', async () => {
    expect((await t.app.inject('/api/eventservices/public/venue-images/AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });
});

describe('organiser configuration', () => {
  it('refuses a bad lobby with the field key and writes nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...emptyLobby, hotspots: [{ label: 'Hall', target: 'exhibition-hall', x: 120, y: 10 }] }, 'hotspots.0.x', 'too_big'],
      [{ ...emptyLobby, hotspots: [{ label: 'Bar', target: 'bar', x: 10, y: 10 }] }, 'hotspots.0.target', 'invalid_value'],
      [{ ...emptyLobby, welcomeVideoUrl: 'http://www.youtube.com/watch?v=dQw4w9WgXcQ' }, 'welcomeVideoUrl', 'videoUrlNotAllowed'],
      [{ ...emptyLobby, welcomeVideoUrl: 'https://evil.example/clip' }, 'welcomeVideoUrl', 'videoUrlNotAllowed'],
      [{ ...emptyLobby, bannerImageId: 'madeUpImageId123' }, 'bannerImageId', 'unknownImage'],
      [{ ...emptyLobby, extra: 1 }, 'extra', 'unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const res = await put(hostA, venue(hybridId, '/lobby'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, key });
    }
    const settings = await t.app.inject({ url: venue(hybridId), headers: hostA });
    expect(settings.json().data.lobby).toEqual({ config: null, isPublished: false, updatedAt: null });
  });

  it('refuses http join links, hours out of order and rich text with a class attribute', async () => {
    const room = { title: 'Networking room', description: '', joinUrl: 'https://meet.example.org/r/1', opensAt: '09:00', closesAt: '18:00' };
    expect((await put(hostA, venue(hybridId, '/virtual-room'), { ...room, joinUrl: 'http://meet.example.org' })).json().errors).toEqual([{ field: 'joinUrl', key: 'httpsUrlRequired' }]);
    expect((await put(hostA, venue(hybridId, '/virtual-room'), { ...room, opensAt: '18:00', closesAt: '09:00' })).json().errors).toEqual([{ field: 'closesAt', key: 'timeCampare' }]);
    expect((await put(hostA, venue(hybridId, '/info'), { title: 'Info', html: '<p class="x">Hi</p>' })).json().errors).toEqual([{ field: 'html', key: 'htmlClassNotAllowed' }]);
  });

  it('saves each page, sanitises the info page and keeps images to their event', async () => {
    const imageId = (await upload(hostA, hybridId, 'banner.png')).json().data.imageId;
    const lobby = { ...emptyLobby, bannerImageId: imageId, welcomeVideoUrl: 'https://youtu.be/dQw4w9WgXcQ', hotspots: [{ label: 'To the hall', target: 'exhibition-hall', x: 25, y: 50 }] };
    const saved = await put(hostA, venue(hybridId, '/lobby'), lobby);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ page: 'lobby', isPublished: false });
    // The same image in another event's lobby is refused: it belongs to the hybrid event.
    expect((await put(hostA, venue(laterId, '/lobby'), lobby)).json().errors).toEqual([{ field: 'bannerImageId', key: 'unknownImage' }]);
    const info = await put(hostA, venue(hybridId, '/info'), { title: 'Visitor info', html: '<p style="position:fixed;inset:0">Welcome <a href="https://example.org">here</a></p>' });
    expect(info.statusCode).toBe(200);
    expect((await put(hostA, venue(hybridId, '/exhibition-hall'), { heading: 'Hall A', intro: 'Booths open at ten.' })).statusCode).toBe(200);
    expect((await put(hostA, venue(hybridId, '/virtual-room'), { title: 'Networking room', description: 'Meet others', joinUrl: 'https://meet.example.org/r/1', opensAt: '09:00', closesAt: '18:00' })).statusCode).toBe(200);
    const settings = (await t.app.inject({ url: venue(hybridId), headers: hostA })).json().data;
    expect(settings.lobby.config).toEqual(lobby);
    expect(settings.info.config.html).toBe('<p>Welcome <a href="https://example.org">here</a></p>');
    expect(settings.auditorium.config).toBeNull();
  });

  it('publishes only a saved page', async () => {
    const unsaved = await put(hostA, venue(hybridId, '/auditorium/publication'), { isPublished: true });
    expect(unsaved.statusCode).toBe(409);
    expect(unsaved.json().code).toBe('VENUE_PAGE_NOT_SAVED');
    for (const page of ['lobby', 'info', 'virtual-room']) {
      const res = await put(hostA, venue(hybridId, `/${page}/publication`), { isPublished: true });
      expect(res.json().data).toMatchObject({ page, isPublished: true });
    }
  });

  it('answers 404 to another organisation, whatever it tries', async () => {
    expect((await t.app.inject({ url: venue(hybridId), headers: hostB })).statusCode).toBe(404);
    expect((await put(hostB, venue(hybridId, '/lobby'), emptyLobby)).statusCode).toBe(404);
    expect((await put(hostB, venue(hybridId, '/lobby/publication'), { isPublished: false })).statusCode).toBe(404);
    expect((await upload(hostB, hybridId, 'banner.png')).statusCode).toBe(404);
    // Nor may it show organisation A's image in its own event.
    const imageId = (await upload(hostA, hybridId, 'banner.png')).json().data.imageId;
    expect((await put(hostB, venue(otherOrgEventId, '/lobby'), { ...emptyLobby, bannerImageId: imageId })).json().errors).toEqual([{ field: 'bannerImageId', key: 'unknownImage' }]);
    expect((await t.app.inject({ url: venue(hybridId, '/lobby/publication'), method: 'PUT', payload: { isPublished: false } })).statusCode).toBe(401);
  });
});

describe('attendee reads', () => {
  it('shows a participant of a hybrid event during the event what the organiser published', async () => {
    const guest = await attendeeOf(hybridId, hostA, 'ada@example.com');
    const lobby = await t.app.inject({ url: portal(hybridId, 'lobby'), headers: guest });
    expect(lobby.statusCode).toBe(200);
    expect(lobby.json().data).toMatchObject({ eventName: 'Hybrid Expo', timeZone: 'Europe/Berlin', content: { page: 'lobby', config: { hotspots: [{ label: 'To the hall', target: 'exhibition-hall', x: 25, y: 50 }] } } });
    // 10:00Z is 11:00 in Berlin: within 09:00–18:00.
    const room = (await t.app.inject({ url: portal(hybridId, 'virtual-room'), headers: guest })).json().data;
    expect(room).toMatchObject({ isOpenNow: true, content: { config: { joinUrl: 'https://meet.example.org/r/1' } } });
    // Saved but not published, and never saved: nothing to show.
    expect((await t.app.inject({ url: portal(hybridId, 'exhibition-hall'), headers: guest })).json().data.content).toEqual({ page: 'exhibition-hall', config: null });
    expect((await t.app.inject({ url: portal(hybridId, 'auditorium'), headers: guest })).json().data.content).toEqual({ page: 'auditorium', config: null });
    // The organiser hides the lobby again: attendees see nothing of it.
    await put(hostA, venue(hybridId, '/lobby/publication'), { isPublished: false });
    expect((await t.app.inject({ url: portal(hybridId, 'lobby'), headers: guest })).json().data.content.config).toBeNull();
    await put(hostA, venue(hybridId, '/lobby/publication'), { isPublished: true });
  });

  it('refuses an in-person event, an event not started yet, and anyone who is not its participant', async () => {
    const floor = await attendeeOf(inPersonId, hostA, 'bo@example.com');
    const inPerson = await t.app.inject({ url: portal(inPersonId, 'lobby'), headers: floor });
    expect(inPerson.statusCode).toBe(403);
    expect(inPerson.json().code).toBe('VENUE_NOT_IN_EVENT_MODE');
    const early = await attendeeOf(laterId, hostA, 'cy@example.com');
    const before = await t.app.inject({ url: portal(laterId, 'info'), headers: early });
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('VENUE_BEFORE_EVENT');

    // Event A's participant reads nothing of event B, nor without the event access token, nor signed out.
    const crossed = await t.app.inject({ url: portal(hybridId, 'lobby'), headers: floor });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json().code).toBe('VENUE_NOT_ATTENDEE');
    const guest = await attendeeOf(hybridId, hostA, 'di@example.com');
    expect((await t.app.inject({ url: portal(hybridId, 'lobby'), headers: { authorization: guest.authorization! } })).json().code).toBe('VENUE_NOT_ATTENDEE');
    expect((await t.app.inject({ url: portal(otherOrgEventId, 'lobby'), headers: guest })).json().code).toBe('VENUE_NOT_ATTENDEE');
    expect((await t.app.inject(portal(hybridId, 'lobby'))).statusCode).toBe(401);
    expect((await t.app.inject({ url: portal(hybridId, 'bar'), headers: guest })).statusCode).toBe(400);
  });

  it('follows the organiser web portal menu: a page it leaves out is refused', async () => {
    const guest = await attendeeOf(hybridId, hostA, 'ed@example.com');
    const menuUrl = `/api/eventservices/events/${hybridId}/portal-menu`;
    const { entries } = (await t.app.inject({ url: menuUrl, headers: hostA })).json().data as { entries: { key: string; title: string; displayOrder: number; isShown: boolean; eventMode: number[]; showMenuOnPreEvent: boolean }[] };
    const hideInfo = entries.map(({ key, title, displayOrder, isShown, eventMode, showMenuOnPreEvent }) => ({ key, title, displayOrder, isShown: key === 'info' ? false : isShown, eventMode, showMenuOnPreEvent }));
    expect((await put(hostA, menuUrl, { entries: hideInfo })).statusCode).toBe(200);
    const hidden = await t.app.inject({ url: portal(hybridId, 'info'), headers: guest });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().code).toBe('VENUE_HIDDEN');
    expect((await t.app.inject({ url: portal(hybridId, 'lobby'), headers: guest })).statusCode).toBe(200);
  });
});
