import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

// The clock stands on the second day of a 1–3 March 2027 event in Berlin.
const NOW = new Date('2027-03-02T10:00:00Z');
let clock = NOW;
const PASSWORD = 'Guest#Secure26';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Enough of a PNG for the magic-byte check: the signature and a header chunk's start. */
const PNG = Buffer.concat([PNG_SIGNATURE, Buffer.from('\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00', 'latin1')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-rest-of-a-jpeg')]);

let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let viewer: Record<string, string>;
let hybridId: string;
let inPersonId: string;
let laterId: string;
let otherEventId: string;
let otherOrgEventId: string;
let sessionId: string;
let pdf: Buffer;

const base = (eventId: string, rest = '') => `/api/scheduleservices/api/events/${eventId}/eposters${rest}`;
const portal = (eventId: string, rest = '') => `/api/scheduleservices/api/events/${eventId}/portal/eposters${rest}`;
const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const file = (fileName: string, bytes: Buffer) => ({ fileName, dataBase64: bytes.toString('base64') });
const poster = (over: Record<string, unknown> = {}) => ({
  title: 'Protein folding at the edge',
  topic: 'Biology',
  authors: [{ name: 'Ada Lovelace', affiliation: 'Analytical Engines Ltd' }, { name: 'Grace Hopper', affiliation: '' }],
  abstract: 'We fold proteins <fast>.',
  sessionId: null,
  file: file('poster.png', PNG),
  ...over,
});

/** A participant of `eventId` signed in through ei/{eventId}: the bearer and event access token the portal sends. */
async function attendeeOf(eventId: string, email: string): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Ada', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const organisationId = (await t.ctx.tokens.verifyAccess(hostA.authorization!.slice(7)))!.organisationId!;
  await t.ctx.events.addParticipant(organisationId, eventId, user.id, UserType.Attendee);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId } });
  expect(res.statusCode).toBe(200);
  const rec = res.json().data;
  return { ...bearer(rec.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken };
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const a = await signupOrganiser(t.app, { organisationName: 'Poster Org' });
  hostA = bearer(a.accessToken);
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Org' })).accessToken);
  hybridId = await createEvent(t.app, a.accessToken, 'Hybrid Congress', { eventMode: 3 });
  inPersonId = await createEvent(t.app, a.accessToken, 'Floor Congress', { eventMode: 2 });
  laterId = await createEvent(t.app, a.accessToken, 'April Congress', { eventMode: 1, startDate: '2027-04-01', endDate: '2027-04-02' });
  otherEventId = await createEvent(t.app, a.accessToken, 'Virtual Congress', { eventMode: 1 });
  otherOrgEventId = await createEvent(t.app, hostB.authorization!.slice(7), 'Rival Congress', { eventMode: 3 });
  const session = await send('POST', hostA, `/api/scheduleservices/api/events/${hybridId}/sessions`, {
    title: 'Poster walk',
    descriptionHtml: '',
    sessionType: 'talk',
    trackId: null,
    roomId: null,
    start: '2027-03-02T14:00',
    end: '2027-03-02T15:00',
    speakerIds: [],
    capacity: null,
    bookingRequired: false,
  });
  expect(session.statusCode).toBe(201);
  sessionId = session.json().data.id;
  // A team member whose role may look at e-posters but not upload or delete them.
  const orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const role = await send('POST', hostA, '/api/auth/roles', { name: 'Poster viewer', codes: ['AP-756'] });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'viewer@posters.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'viewer@posters.example', password: 'View#Secure2026' }, remoteAddress: '10.78.0.1' });
  viewer = bearer(login.json().data.accessToken);
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('A poster', { x: 50, y: 780, size: 24 });
  pdf = Buffer.from(await doc.save());
});
afterAll(async () => {
  await t?.close();
});

describe('organiser e-posters', () => {
  it('creates a PNG poster linked to a session and a PDF poster, lists them and serves the file byte for byte', async () => {
    const png = await send('POST', hostA, base(hybridId), poster({ sessionId }));
    expect(png.statusCode).toBe(201);
    expect(png.json().data).toMatchObject({
      title: 'Protein folding at the edge',
      topic: 'Biology',
      authors: [{ name: 'Ada Lovelace', affiliation: 'Analytical Engines Ltd' }, { name: 'Grace Hopper', affiliation: '' }],
      abstract: 'We fold proteins <fast>.',
      session: { id: sessionId, title: 'Poster walk', startsAt: '2027-03-02T13:00:00.000Z' },
      file: { fileName: 'poster.png', contentType: 'image/png', byteSize: PNG.length, kind: 'image' },
    });
    const doc = await send('POST', hostA, base(hybridId), poster({ title: 'Dark matter maps', topic: 'Physics', authors: [{ name: 'Vera Rubin', affiliation: 'Carnegie' }], file: file('maps.pdf', pdf) }));
    expect(doc.statusCode).toBe(201);
    expect(doc.json().data.file).toEqual({ fileName: 'maps.pdf', contentType: 'application/pdf', byteSize: pdf.length, kind: 'pdf' });

    const list = await send('GET', viewer, base(hybridId));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((p: { title: string }) => p.title)).toEqual(['Dark matter maps', 'Protein folding at the edge']);

    const served = await send('GET', hostA, base(hybridId, `/${doc.json().data.id}/file`));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses a file whose bytes are not its declared type, a type outside PDF/PNG/JPEG and an oversize file, by field and writing nothing', async () => {
    const before = (await send('GET', hostA, base(hybridId))).json().data.items.length;
    const cases: [unknown, string, string][] = [
      // A PNG named .pdf, a PDF named .jpg, a renamed executable.
      [file('poster.pdf', PNG), 'file.dataBase64', 'fileContentMismatch'],
      [file('poster.jpg', pdf), 'file.dataBase64', 'fileContentMismatch'],
      [file('poster.png', Buffer.from('MZ\x90\x00rest-of-an-executable', 'latin1')), 'file.dataBase64', 'fileContentMismatch'],
      // SPEC §5 types that are not a poster's, and none at all.
      [file('poster.docx', Buffer.from('PK\x03\x04rest', 'latin1')), 'file.fileName', 'fileTypeNotAllowed'],
      [file('poster.gif', Buffer.from('GIF89a-rest', 'latin1')), 'file.fileName', 'fileTypeNotAllowed'],
      [file('poster', PNG), 'file.fileName', 'fileTypeNotAllowed'],
      // An image over 5 MB (a PDF of that size would do).
      [file('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])), 'file.dataBase64', 'posterFileTooLarge'],
      [file('big.pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)])), 'file.dataBase64', 'posterFileTooLarge'],
    ];
    for (const [f, field, key] of cases) {
      const res = await send('POST', hostA, base(hybridId), poster({ file: f }));
      expect(res.statusCode, JSON.stringify((f as { fileName: string }).fileName)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, key });
    }
    // A 5 MB PDF is fine where a 5 MB image is not.
    const midPdf = await send('POST', hostA, base(hybridId), poster({ title: 'Big but fine', file: file('mid.pdf', Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)])) }));
    expect(midPdf.statusCode).toBe(201);
    expect((await send('DELETE', hostA, base(hybridId, `/${midPdf.json().data.id}`))).statusCode).toBe(200);
    // More than the route's 15 MB body: 413 before anything is read.
    const huge = await send('POST', hostA, base(hybridId), poster({ file: file('huge.pdf', Buffer.concat([pdf, Buffer.alloc(12 * 1024 * 1024)])) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect((await send('GET', hostA, base(hybridId))).json().data.items.length).toBe(before);
  });

  it('refuses bad fields with their keys: blank title, no authors, a session of another event, unknown fields', async () => {
    const otherSession = await send('POST', hostA, `/api/scheduleservices/api/events/${otherEventId}/sessions`, {
      title: 'Elsewhere', descriptionHtml: '', sessionType: 'talk', trackId: null, roomId: null, start: '2027-03-02T09:00', end: '2027-03-02T10:00', speakerIds: [], capacity: null, bookingRequired: false,
    });
    const cases: [unknown, string, string][] = [
      [poster({ title: '   ' }), 'title', 'required'],
      [poster({ topic: '' }), 'topic', 'required'],
      [poster({ authors: [] }), 'authors', 'too_small'],
      [poster({ authors: [{ name: ' ', affiliation: '' }] }), 'authors.0.name', 'required'],
      [poster({ sessionId: otherSession.json().data.id }), 'sessionId', 'unknownSession'],
      [poster({ sessionId: 'made-up-session' }), 'sessionId', 'unknownSession'],
      [poster({ extra: 1 }), 'extra', 'unknownField'],
      [poster({ abstract: 'x'.repeat(5001) }), 'abstract', 'too_big'],
    ];
    for (const [body, field, key] of cases) {
      const res = await send('POST', hostA, base(hybridId), body);
      expect(res.statusCode, `${field} ${key}`).toBe(400);
      expect(res.json().errors).toContainEqual({ field, key });
    }
    // Script-like content is refused before validation (SPEC §5, code 1001).
    const script = await send('POST', hostA, base(hybridId), poster({ abstract: '<script>alert(1)</script>' }));
    expect(script.statusCode).toBe(400);
    expect(script.json().code).toBe(1001);
  });

  it('edits a poster, replaces its file, and deletes it', async () => {
    const created = (await send('POST', hostA, base(hybridId), poster({ title: 'Draft poster', topic: 'Chemistry' }))).json().data;
    const kept = await send('PUT', hostA, base(hybridId, `/${created.id}`), poster({ title: 'Final poster', topic: 'Chemistry', file: null, sessionId }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ title: 'Final poster', session: { id: sessionId }, file: { fileName: 'poster.png' } });
    const replaced = await send('PUT', hostA, base(hybridId, `/${created.id}`), poster({ title: 'Final poster', topic: 'Chemistry', file: file('final.jpeg', JPEG) }));
    expect(replaced.json().data.file).toEqual({ fileName: 'final.jpeg', contentType: 'image/jpeg', byteSize: JPEG.length, kind: 'image' });
    const bad = await send('PUT', hostA, base(hybridId, `/${created.id}`), poster({ file: file('final.png', JPEG) }));
    expect(bad.json().errors).toEqual([{ field: 'file.dataBase64', key: 'fileContentMismatch' }]);
    expect((await send('GET', hostA, base(hybridId, `/${created.id}/file`))).rawPayload.equals(JPEG)).toBe(true);
    expect((await send('DELETE', hostA, base(hybridId, `/${created.id}`))).json().data).toEqual({ id: created.id });
    const gone = await send('DELETE', hostA, base(hybridId, `/${created.id}`));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('EPOSTER_NOT_FOUND');
    expect((await send('PUT', hostA, base(hybridId, `/${created.id}`), poster({ file: null }))).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 without the code, 404 to another organisation and for another event’s poster', async () => {
    const mine = (await send('GET', hostA, base(hybridId))).json().data.items[0];
    expect((await t.app.inject({ url: base(hybridId) })).statusCode).toBe(401);
    const denied = await send('POST', viewer, base(hybridId), poster());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('ACCESS_DENIED');
    expect((await send('DELETE', viewer, base(hybridId, `/${mine.id}`))).statusCode).toBe(403);
    expect((await send('GET', hostB, base(hybridId))).statusCode).toBe(404);
    expect((await send('POST', hostB, base(hybridId), poster())).statusCode).toBe(404);
    expect((await send('PUT', hostB, base(hybridId, `/${mine.id}`), poster({ file: null }))).statusCode).toBe(404);
    expect((await send('DELETE', hostB, base(hybridId, `/${mine.id}`))).statusCode).toBe(404);
    expect((await send('GET', hostB, base(hybridId, `/${mine.id}/file`))).statusCode).toBe(404);
    // The rival organisation names the poster under its own event: not found either.
    expect((await send('DELETE', hostB, base(otherOrgEventId, `/${mine.id}`))).statusCode).toBe(404);
    // Organisation A's own other event does not hold it.
    expect((await send('GET', hostA, base(otherEventId, `/${mine.id}/file`))).statusCode).toBe(404);
    expect((await send('DELETE', hostA, base(otherEventId, `/${mine.id}`))).statusCode).toBe(404);
  });
});

describe('the web portal’s E-Poster entry', () => {
  it('lets a participant of a hybrid event during it search, filter by topic, open a poster and load its file', async () => {
    const guest = await attendeeOf(hybridId, 'ada@example.com');
    const all = await send('GET', guest, portal(hybridId));
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ eventName: 'Hybrid Congress', total: 2, topics: ['Biology', 'Physics'] });
    expect(all.json().data.items[0]).not.toHaveProperty('abstract');
    const titles = async (query: string) => (await send('GET', guest, portal(hybridId, query))).json().data.items.map((p: { title: string }) => p.title);
    expect(await titles('?q=rubin')).toEqual(['Dark matter maps']); // an author
    expect(await titles('?q=analytical')).toEqual(['Protein folding at the edge']); // an affiliation
    expect(await titles('?q=FOLDING')).toEqual(['Protein folding at the edge']); // the title
    expect(await titles('?q=physics')).toEqual(['Dark matter maps']); // the topic
    expect(await titles('?topic=biology')).toEqual(['Protein folding at the edge']);
    expect(await titles('?q=maps&topic=Biology')).toEqual([]);
    expect(await titles('?q=%25')).toEqual([]); // a % is a character, not a wildcard
    expect((await send('GET', guest, portal(hybridId, `?q=${'x'.repeat(101)}`))).statusCode).toBe(400);

    const pdfPoster = all.json().data.items.find((p: { title: string }) => p.title === 'Dark matter maps');
    const view = await send('GET', guest, portal(hybridId, `/${pdfPoster.id}`));
    expect(view.statusCode).toBe(200);
    const data = view.json().data;
    expect(data).toMatchObject({ title: 'Dark matter maps', abstract: 'We fold proteins <fast>.', eventName: 'Hybrid Congress', file: { kind: 'pdf' } });
    expect(data.fileUrl).toMatch(/^\/api\/scheduleservices\/public\/eposter-files\//);
    // The signed address works without any bearer (an <iframe> sends none): the file, byte for byte, shown in place.
    const served = await t.app.inject(data.fileUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`inline; filename="maps.pdf"; filename*=UTF-8''maps.pdf`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(served.rawPayload.equals(pdf)).toBe(true);
    // An altered address, another poster's signature and a made-up one are not found.
    const other = all.json().data.items.find((p: { title: string }) => p.title !== 'Dark matter maps');
    expect((await t.app.inject(data.fileUrl.replace(/eu=[^&]+/, 'eu=someone-else'))).statusCode).toBe(404);
    expect((await t.app.inject(data.fileUrl.replace(pdfPoster.id, other.id))).statusCode).toBe(404);
    expect((await t.app.inject(data.fileUrl.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`))).statusCode).toBe(404);
    expect((await t.app.inject(data.fileUrl.replace(/sig=[^&]+/, 'sig=short'))).statusCode).toBe(400);

    const image = (await send('GET', guest, portal(hybridId, `/${other.id}`))).json().data;
    const png = await t.app.inject(image.fileUrl);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    expect((await send('GET', guest, portal(hybridId, '/made-up-poster'))).json().code).toBe('EPOSTER_NOT_FOUND');
  });

  it('stops an old file address once the file is replaced, and an address after it expires', async () => {
    const guest = await attendeeOf(hybridId, 'bo@example.com');
    const created = (await send('POST', hostA, base(hybridId), poster({ title: 'Replaced soon' }))).json().data;
    const first = (await send('GET', guest, portal(hybridId, `/${created.id}`))).json().data.fileUrl;
    expect((await t.app.inject(first)).statusCode).toBe(200);
    await send('PUT', hostA, base(hybridId, `/${created.id}`), poster({ title: 'Replaced soon', file: file('new.jpg', JPEG) }));
    expect((await t.app.inject(first)).statusCode).toBe(404);
    const second = (await send('GET', guest, portal(hybridId, `/${created.id}`))).json().data.fileUrl;
    expect((await t.app.inject(second)).rawPayload.equals(JPEG)).toBe(true);
    // Half an hour later the address has expired (the page asks for a new one when it is read again).
    clock = new Date(NOW.getTime() + 31 * 60_000);
    const expired = await t.app.inject(second);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('EPOSTER_LINK_EXPIRED');
    clock = NOW;
    expect((await t.app.inject(second)).statusCode).toBe(200);
    await send('DELETE', hostA, base(hybridId, `/${created.id}`));
    expect((await t.app.inject(second)).statusCode).toBe(404);
  });

  it('refuses anyone but a participant of this event, signed in to it', async () => {
    const stranger = await attendeeOf(otherEventId, 'cy@example.com');
    const crossed = await send('GET', stranger, portal(hybridId));
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json().code).toBe('EPOSTER_NOT_PARTICIPANT');
    const someId = (await send('GET', hostA, base(hybridId))).json().data.items[0].id;
    expect((await send('GET', stranger, portal(hybridId, `/${someId}`))).json().code).toBe('EPOSTER_NOT_PARTICIPANT');
    // The poster is not the other event's either, even to its own participant.
    expect((await send('GET', stranger, portal(otherEventId, `/${someId}`))).json().code).toBe('EPOSTER_NOT_FOUND');
    const guest = await attendeeOf(hybridId, 'di@example.com');
    expect((await send('GET', { authorization: guest.authorization! }, portal(hybridId))).json().code).toBe('EPOSTER_NOT_PARTICIPANT');
    expect((await t.app.inject(portal(hybridId))).statusCode).toBe(401);
    // The organiser is no participant.
    expect((await send('GET', hostA, portal(hybridId))).json().code).toBe('EPOSTER_NOT_PARTICIPANT');
  });

  it('follows the portal menu: in person, before the event and hidden by the organiser answer 404', async () => {
    const floor = await attendeeOf(inPersonId, 'ed@example.com');
    const inPerson = await send('GET', floor, portal(inPersonId));
    expect(inPerson.statusCode).toBe(404);
    expect(inPerson.json().code).toBe('TAB_NOT_AVAILABLE');
    const early = await attendeeOf(laterId, 'fi@example.com');
    expect((await send('GET', early, portal(laterId))).statusCode).toBe(404);

    const guest = await attendeeOf(hybridId, 'gu@example.com');
    const someId = (await send('GET', hostA, base(hybridId))).json().data.items[0].id;
    const fileUrl = (await send('GET', guest, portal(hybridId, `/${someId}`))).json().data.fileUrl;
    const menuUrl = `/api/eventservices/events/${hybridId}/portal-menu`;
    const { entries } = (await send('GET', hostA, menuUrl)).json().data as { entries: { key: string; title: string; displayOrder: number; isShown: boolean; eventMode: number[]; showMenuOnPreEvent: boolean }[] };
    const hide = (hidden: boolean) => entries.map(({ key, title, displayOrder, isShown, eventMode, showMenuOnPreEvent }) => ({ key, title, displayOrder, isShown: key === 'e-poster' ? !hidden : isShown, eventMode, showMenuOnPreEvent }));
    expect((await send('PUT', hostA, menuUrl, { entries: hide(true) })).statusCode).toBe(200);
    expect((await send('GET', guest, portal(hybridId))).statusCode).toBe(404);
    expect((await send('GET', guest, portal(hybridId, `/${someId}`))).json().code).toBe('TAB_NOT_AVAILABLE');
    // Nor does a file address given out before still open.
    expect((await t.app.inject(fileUrl)).statusCode).toBe(404);
    expect((await send('PUT', hostA, menuUrl, { entries: hide(false) })).statusCode).toBe(200);
    expect((await t.app.inject(fileUrl)).statusCode).toBe(200);
  });
});
