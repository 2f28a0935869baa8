import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType, VIDEO_MAX_BYTES } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

let t: TestApp;
let H: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let orgA: string;
let eventId: string;
let eventB: string;
let companyId: string;
let companyB: string;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const pub = (ev: string, path = '') => `/api/eventservices/public/events/${ev}/exhibitors${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = H, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** A WebM-shaped file: the EBML header, then a recognisable pattern (byte i is i mod 251). */
function webm(size = 4096): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = i % 251;
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(b, 0);
  return b;
}
/** An MP4-shaped file: a 24-byte `ftyp` box. */
function mp4(): Buffer {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'latin1');
  return b;
}
const upload = (file: Buffer, fileName: string, title = 'Factory tour', headers = H, c = companyId, ev = eventId) =>
  call('POST', ex(ev, `/companies/${c}/videos`), headers, { title, fileName, dataBase64: file.toString('base64') });

/** A participant of `ev` signed in (tokens signed directly), as leads' tests make them. */
async function participant(ev: string): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email: `v-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`, password: 'Guest#Secure26', firstName: 'Vi', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { ...bearer(access), 'x-user-access-token': eventAccess };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Video Expo Org' });
  H = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Video Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Video Fair');
  eventB = await createEvent(t.app, a.accessToken, 'Other Fair');
  companyId = (await call('POST', ex(eventId, '/companies'), H, { name: 'Acme Films' })).json().data.id;
  companyB = (await call('POST', ex(eventB, '/companies'), H, { name: 'Elsewhere Ltd' })).json().data.id;
  const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: H, payload: { name: 'Company viewer', codes: ['AP-482'] } });
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'vid-viewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'vid-viewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.78.0.1' });
  viewer = bearer(login.json().data.accessToken);
});
afterAll(async () => {
  await t?.close();
});

describe('organiser: company videos', () => {
  it('uploads a WebM and an MP4, lists, renames and deletes them', async () => {
    const a = await upload(webm(), 'tour.webm');
    expect(a.statusCode).toBe(201);
    expect(a.json().data).toMatchObject({ title: 'Factory tour', fileName: 'tour.webm', contentType: 'video/webm', byteSize: 4096, views: 0 });
    const b = await upload(mp4(), 'Clip.MP4', 'Product clip');
    expect(b.statusCode).toBe(201);
    expect(b.json().data.contentType).toBe('video/mp4');
    const list = await call('GET', ex(eventId, `/companies/${companyId}/videos`));
    expect(list.json().data.map((v: { title: string }) => v.title)).toEqual(['Factory tour', 'Product clip']);
    const renamed = await call('PUT', ex(eventId, `/companies/${companyId}/videos/${b.json().data.id}`), H, { title: '  Lamp clip ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.title).toBe('Lamp clip');
    expect((await call('DELETE', ex(eventId, `/companies/${companyId}/videos/${b.json().data.id}`))).statusCode).toBe(200);
    expect((await call('DELETE', ex(eventId, `/companies/${companyId}/videos/${b.json().data.id}`))).statusCode).toBe(404);
    expect((await call('GET', ex(eventId, `/companies/${companyId}/videos`))).json().data).toHaveLength(1);
  });

  it('refuses a wrong type, a mismatched content and a too-large file with codes, and writes nothing', async () => {
    const before = (await call('GET', ex(eventId, `/companies/${companyId}/videos`))).json().data.length;
    const type = await upload(webm(), 'tour.avi');
    expect(type.statusCode).toBe(400);
    expect(type.json().errors).toEqual([expect.objectContaining({ field: 'fileName', key: 'fileTypeNotAllowed' })]);
    // A PDF renamed to .mp4: its first bytes say so.
    const mismatch = await upload(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'trick.mp4');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([expect.objectContaining({ field: 'dataBase64', key: 'fileContentMismatch' })]);
    const executable = await upload(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'evil.webm');
    expect(executable.json().errors[0].key).toBe('fileContentMismatch');
    const big = await upload(webm(VIDEO_MAX_BYTES + 1), 'big.webm');
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual([expect.objectContaining({ field: 'dataBase64', key: 'fileTooLarge' })]);
    const noTitle = await upload(webm(), 'tour.webm', ' ');
    expect(noTitle.statusCode).toBe(400);
    expect((await call('GET', ex(eventId, `/companies/${companyId}/videos`))).json().data).toHaveLength(before);
  });

  it('answers 401 without a session, 403 without the edit code, 404 for another organisation or event', async () => {
    expect((await call('GET', ex(eventId, `/companies/${companyId}/videos`), {})).statusCode).toBe(401);
    expect((await upload(webm(), 'a.webm', 'x', {})).statusCode).toBe(401);
    // The viewer role may see the list but not upload (AP-484).
    expect((await call('GET', ex(eventId, `/companies/${companyId}/videos`), viewer)).statusCode).toBe(200);
    const denied = await upload(webm(), 'a.webm', 'x', viewer);
    expect(denied.statusCode).toBe(403);
    expect((await call('GET', ex(eventId, `/companies/${companyId}/videos`), other)).statusCode).toBe(404);
    expect((await upload(webm(), 'a.webm', 'x', other)).statusCode).toBe(404);
    // A company of another event, through this event: 404.
    expect((await upload(webm(), 'a.webm', 'x', H, companyB, eventId)).statusCode).toBe(404);
    const id = (await call('GET', ex(eventId, `/companies/${companyId}/videos`))).json().data[0].id as string;
    expect((await call('PUT', ex(eventId, `/companies/${companyId}/videos/${id}`), other, { title: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', ex(eventB, `/companies/${companyB}/videos/${id}`))).statusCode).toBe(404);
  });
});

describe('attendee: playing a company video', () => {
  it('lists only the companies of the event, counts a view once per participant, and streams with Range', async () => {
    const ev = await createEvent(t.app, H.authorization!.slice(7), 'Stream Fair');
    const c = (await call('POST', ex(ev, '/companies'), H, { name: 'Stream Co' })).json().data.id as string;
    const file = webm(10_000);
    const video = (await upload(file, 'demo.webm', 'Demo', H, c, ev)).json().data as { id: string };
    const visitor = await participant(ev);

    const list = await call('GET', pub(ev, `/${c}/videos`), visitor);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([{ id: video.id, title: 'Demo', contentType: 'video/webm', byteSize: 10_000 }]);
    // The company through another event, and another event's company: 404.
    expect((await call('GET', pub(eventId, `/${c}/videos`), visitor)).statusCode).toBe(404);
    expect((await call('POST', pub(eventId, `/${c}/videos/${video.id}/play`), visitor)).statusCode).toBe(404);

    const play = await call('POST', pub(ev, `/${c}/videos/${video.id}/play`), visitor);
    expect(play.statusCode).toBe(200);
    const url = play.json().data.url as string;
    await call('POST', pub(ev, `/${c}/videos/${video.id}/play`), visitor);
    // Another participant counts; an anonymous visitor plays but is not counted.
    await call('POST', pub(ev, `/${c}/videos/${video.id}/play`), await participant(ev));
    expect((await call('POST', pub(ev, `/${c}/videos/${video.id}/play`), {})).statusCode).toBe(200);
    const counted = (await call('GET', ex(ev, `/companies/${c}/videos`))).json().data[0];
    expect(counted.views).toBe(2);
    const rows = await t.ctx.database.db.execute(sql`select analytics_type, action from exhibition_media_actions where item_id = ${video.id}`);
    expect(rows.rows).toEqual([{ analytics_type: 5, action: 1 }, { analytics_type: 5, action: 1 }]);

    // The stream: whole file, a range (206 with exactly those bytes), a suffix, and outside the file (416).
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(file)).toBe(true);
    const part = await t.app.inject({ url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/10000');
    expect(part.rawPayload.equals(file.subarray(1000, 2000))).toBe(true);
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(9990))).toBe(true);
    const open = await t.app.inject({ url, headers: { range: 'bytes=9000-' } });
    expect(open.headers['content-range']).toBe('bytes 9000-9999/10000');
    const outside = await t.app.inject({ url, headers: { range: 'bytes=10000-10010' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */10000');

    // A forged, tampered or misused ticket: 404.
    const path = url.slice(0, url.indexOf('?'));
    expect((await t.app.inject({ url: `${path}?ticket=forged` })).statusCode).toBe(404);
    // The claims in the clear, as a sealed ticket holds them (video, event, company, expiry): never sealed here, refused.
    const clear = JSON.stringify({ v: video.id, e: ev, c, x: Date.now() + 3_600_000 });
    expect((await t.app.inject({ url: `${path}?ticket=${encodeURIComponent(clear)}` })).statusCode).toBe(404);
    const ticket = decodeURIComponent(url.slice(url.indexOf('ticket=') + 7));
    const tampered = ticket.slice(0, -4) + (ticket.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.app.inject({ url: `${path}?ticket=${encodeURIComponent(tampered)}` })).statusCode).toBe(404);
    const second = (await upload(webm(), 'two.webm', 'Two', H, c, ev)).json().data.id as string;
    expect((await t.app.inject({ url: `${path.replace(video.id, second)}?ticket=${encodeURIComponent(ticket)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: path })).statusCode).toBe(400);
  });

  it('applies the Exhibitors tab rules to videos: login required answers 401 anonymous', async () => {
    const ev = await createEvent(t.app, H.authorization!.slice(7), 'Closed Fair');
    const c = (await call('POST', ex(ev, '/companies'), H, { name: 'Closed Co' })).json().data.id as string;
    const tabs = (await t.app.inject({ url: `/api/eventservices/events/${ev}/app-tabs`, headers: H })).json().data.tabs as Record<string, unknown>[];
    const saved = await call('PUT', `/api/eventservices/events/${ev}/app-tabs`, H, {
      tabs: tabs.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds, ...(tabName === 'exhibitors' ? { loginRequired: true } : {}) })),
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', pub(ev, `/${c}/videos`), {})).statusCode).toBe(401);
    expect((await call('GET', pub(ev, `/${c}/videos`), await participant(ev))).statusCode).toBe(200);
  });
});
