import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { injectAs, programmeBase as base, sessionInput } from './programme.fixtures.ts';

/*
 * Issue 16, speakers' accounts: the organiser invites a speaker by mail (the foundation's one-time `adl` link); the
 * link signs the speaker in once, before it expires, to "My speaker profile", where they confirm, edit their own
 * profile (sanitised) and photo, and see their sessions. Photos: SPEC §5 image types, magic bytes, at most 2 MB.
 */
const PUBLIC_URL = 'https://pavilion.test';
const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherEventId: string;
let shiftMs = 0;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) => injectAs(t.app, method, headers, url, payload);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1ad7b0000000049454e44ae426082', 'hex');
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const upload = (fileName: string, bytes: Buffer) => ({ fileName, dataBase64: bytes.toString('base64') });

async function speaker(name: string, email: string | null, ev = eventId): Promise<string> {
  const res = await call('POST', hostA, `${base(ev)}/speakers`, { name, title: 'Engineer', company: 'Engines', bio: 'First bio.', links: [], email });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** Invites the speaker and returns the sign-in link the mail carries. */
async function invite(speakerId: string, ev = eventId): Promise<{ key: string; to: string }> {
  const before = smtp.messages.length;
  const res = await call('POST', hostA, `${base(ev)}/speakers/${speakerId}/invitation`);
  expect(res.statusCode, res.body).toBe(201);
  const to = res.json().data.sentTo as string;
  await smtp.waitFor(before + 1);
  const mail = smtp.messages.slice(before).find((m) => m.to.some((x) => x.toLowerCase() === to.toLowerCase()))!;
  const flat = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/adl/([A-Za-z0-9_-]+)/${ev}`).exec(flat);
  expect(link, 'the mail carries the sign-in link').toBeTruthy();
  return { key: link![1]!, to };
}
const consume = (key: string, ev = eventId) => t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId: ev } });
async function signIn(key: string, ev = eventId): Promise<Record<string, string>> {
  const res = await consume(key, ev);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { ...bearer(data.accessToken), 'x-user-access-token': data.eventData.accessCodeToken };
}
const orgSpeaker = async (id: string) => ((await call('GET', hostA, `${base(eventId)}/speakers`)).json().data.items as { id: string; invitation: string; photoUrl: string | null; bio: string }[]).find((s) => s.id === id)!;

/** An attendee of `ev` signed in to it (tokens signed directly, as the app holds them after ei/{eventId}). */
async function attendee(ev: string, email = `a-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Pat', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  return { ...bearer(access), 'x-user-access-token': await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id }) };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }, { now: () => new Date(Date.now() + shiftMs) });
  const a = await signupOrganiser(t.app, { organisationName: 'Speakers Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Speakers Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Speakers Summit');
  otherEventId = await createEvent(t.app, a.accessToken, 'Other Summit');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('speaker invitation', () => {
  it('mails a link that signs the speaker in once, to My speaker profile; a used or expired link is refused', async () => {
    const id = await speaker('Grace Hopper', 'Grace@Navy.example');
    expect((await orgSpeaker(id)).invitation).toBe('none');
    const { key, to } = await invite(id);
    expect(to.toLowerCase()).toBe('grace@navy.example');
    expect((await orgSpeaker(id)).invitation).toBe('invited');
    const first = await consume(key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.redirectTo).toBe('/attendium/speaker');
    expect(first.json().data.userData.userType).toBe(UserType.Speaker);
    expect((await consume(key)).statusCode).toBe(410);
    // A second invitation reuses the account; its link expires after three days.
    const late = await invite(id);
    shiftMs = 4 * 24 * 3600 * 1000;
    try {
      expect((await consume(late.key)).statusCode).toBe(410);
    } finally {
      shiftMs = 0;
    }
  });

  it('refuses a speaker without email, an organiser team account, another organisation and a signed-out caller', async () => {
    const noEmail = await speaker('No Mail', null);
    const res = await call('POST', hostA, `${base(eventId)}/speakers/${noEmail}/invitation`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', key: 'required' }]);
    const team = await speaker('Team Person', 'team-speaker@speakers.example');
    await t.ctx.auth.createUser({ organisationId: orgA, email: 'team-speaker@speakers.example', password: PASSWORD, firstName: 'Tea', userType: 0, role: 'Team Member', accessLevel: 1 });
    const refused = await call('POST', hostA, `${base(eventId)}/speakers/${team}/invitation`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROGRAMME_SPEAKER_TEAM_ACCOUNT');
    const mine = await speaker('Scoped Speaker', 'scoped@speakers.example');
    expect((await call('POST', hostB, `${base(eventId)}/speakers/${mine}/invitation`)).statusCode).toBe(404);
    // Through an event of the same organisation that the speaker is not of: not found.
    expect((await call('POST', hostA, `${base(otherEventId)}/speakers/${mine}/invitation`)).statusCode).toBe(404);
    expect((await call('POST', {}, `${base(eventId)}/speakers/${mine}/invitation`)).statusCode).toBe(401);
    expect((await orgSpeaker(mine)).invitation).toBe('none');
  });
});

describe('my speaker profile', () => {
  it('shows the speaker their sessions in the event time zone with the room; they confirm and edit, sanitised', async () => {
    const id = await speaker('Ada Lovelace', 'ada@engines.example');
    const room = (await call('POST', hostA, `${base(eventId)}/rooms`, { name: 'Hall Babbage', capacity: 80 })).json().data.id as string;
    const made = await call('POST', hostA, `${base(eventId)}/sessions`, sessionInput({ title: 'Notes on the engine', roomId: room, speakerIds: [id], start: '2027-03-02T14:00', end: '2027-03-02T15:00' }));
    expect(made.statusCode, made.body).toBe(201);
    const ada = await signIn((await invite(id)).key);

    const profile = await call('GET', ada, `${base(eventId)}/my-speaker-profile`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toMatchObject({
      eventId,
      timeZone: 'Europe/Berlin',
      speaker: { id, name: 'Ada Lovelace', invitation: 'invited', confirmedAt: null, bio: 'First bio.' },
      sessions: [{ title: 'Notes on the engine', start: '2027-03-02T14:00', end: '2027-03-02T15:00', room: 'Hall Babbage' }],
    });
    expect(JSON.stringify(profile.json().data)).not.toContain('ada@engines.example');

    const bad = await call('PUT', ada, `${base(eventId)}/my-speaker-profile`, { title: 'x'.repeat(161), company: '', bio: '', links: ['http://ada.example'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(expect.arrayContaining([{ field: 'title', key: expect.any(String) }, { field: 'links.0', key: 'httpsUrlRequired' }]));
    const extra = await call('PUT', ada, `${base(eventId)}/my-speaker-profile`, { title: '', company: '', bio: '', links: [], name: 'Someone Else' });
    expect(extra.statusCode).toBe(400);

    const saved = await call('PUT', ada, `${base(eventId)}/my-speaker-profile`, { title: 'Analyst\u0007', company: 'Analytical <b>Engines</b>', bio: 'Wrote the <em>first</em> program.\nPoet of science.', links: ['https://ada.example/notes'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.speaker).toMatchObject({ title: 'Analyst', company: 'Analytical Engines', bio: 'Wrote the first program.\nPoet of science.', links: ['https://ada.example/notes'] });

    const confirmed = await call('POST', ada, `${base(eventId)}/my-speaker-profile/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.speaker.invitation).toBe('confirmed');
    expect(confirmed.json().data.speaker.confirmedAt).toEqual(expect.any(String));
    expect((await orgSpeaker(id)).invitation).toBe('confirmed');
    // Attendees read the speaker's own words.
    const listing = (await call('GET', {}, `${base(eventId)}/speaker-listing`)).json().data.speakers as { id: string; bio: string }[];
    expect(listing.find((s) => s.id === id)!.bio).toBe('Wrote the first program.\nPoet of science.');
  });

  it('lets only the speaker edit their own profile: other participants, other events and signed-out callers are refused', async () => {
    const id = await speaker('Hedy Lamarr', 'hedy@radio.example');
    const hedy = await signIn((await invite(id)).key);
    const before = await orgSpeaker(id);

    // An attendee of the event is no speaker of it.
    const pat = await attendee(eventId);
    const notSpeaker = await call('PUT', pat, `${base(eventId)}/my-speaker-profile`, { title: 'Hijack', company: '', bio: 'Mine now', links: [] });
    expect(notSpeaker.statusCode).toBe(404);
    expect(notSpeaker.json().code).toBe('PROGRAMME_NOT_SPEAKER');
    expect((await call('POST', pat, `${base(eventId)}/my-speaker-profile/confirm`)).statusCode).toBe(404);
    expect((await call('PUT', pat, `${base(eventId)}/my-speaker-profile/photo`, upload('me.png', PNG))).statusCode).toBe(404);

    // The speaker's sign-in is for this event: another event's profile routes answer 403, and write nothing there.
    const elsewhere = await speaker('Other Event Speaker', 'hedy@radio.example', otherEventId);
    const other = await call('PUT', hedy, `${base(otherEventId)}/my-speaker-profile`, { title: 'Moved', company: '', bio: '', links: [] });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('PROGRAMME_NOT_PARTICIPANT');
    const otherList = (await call('GET', hostA, `${base(otherEventId)}/speakers`)).json().data.items as { id: string; title: string }[];
    expect(otherList.find((s) => s.id === elsewhere)!.title).toBe('Engineer');

    // The account alone (no event access token) and a signed-out caller.
    expect((await call('GET', { authorization: hedy.authorization! }, `${base(eventId)}/my-speaker-profile`)).statusCode).toBe(403);
    expect((await call('GET', {}, `${base(eventId)}/my-speaker-profile`)).statusCode).toBe(401);
    expect(await orgSpeaker(id)).toEqual(before);
  });
});

describe('speaker photos', () => {
  it('takes an image of SPEC §5 types by its bytes up to 2 MB, serves it, and shows it in the listing', async () => {
    const id = await speaker('Katherine Johnson', 'katherine@nasa.example');
    const photo = `${base(eventId)}/speakers/${id}/photo`;

    const exe = await call('PUT', hostA, photo, upload('photo.exe', PNG));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    const svg = await call('PUT', hostA, photo, upload('photo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')));
    expect(svg.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    const renamed = await call('PUT', hostA, photo, upload('photo.png', PDF));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
    const big = await call('PUT', hostA, photo, upload('photo.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual([{ field: 'dataBase64', key: 'fileTooLarge' }]);
    expect((await orgSpeaker(id)).photoUrl).toBeNull();
    expect((await call('PUT', hostB, photo, upload('photo.png', PNG))).statusCode).toBe(404);

    const ok = await call('PUT', hostA, photo, upload('Photo.PNG', PNG));
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().data.photoUrl as string;
    expect(url).toMatch(/^\/api\/scheduleservices\/api\/public\/speaker-photos\/[A-Za-z0-9_-]+$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const listing = (await call('GET', {}, `${base(eventId)}/speaker-listing`)).json().data.speakers as { id: string; photoUrl: string | null }[];
    expect(listing.find((s) => s.id === id)!.photoUrl).toBe(url);

    // The speaker replaces it with their own (a GIF); the old photo is gone.
    const katherine = await signIn((await invite(id)).key);
    const own = await call('PUT', katherine, `${base(eventId)}/my-speaker-profile/photo`, upload('me.gif', GIF));
    expect(own.statusCode, own.body).toBe(200);
    const next = own.json().data.speaker.photoUrl as string;
    expect(next).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: next })).headers['content-type']).toBe('image/gif');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const mismatch = await call('PUT', katherine, `${base(eventId)}/my-speaker-profile/photo`, upload('me.jpg', PNG));
    expect(mismatch.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
  });
});

describe('removing a speaker photo', () => {
  const photoOf = (id: string) => `${base(eventId)}/speakers/${id}/photo`;
  const listed = async (id: string) => ((await call('GET', {}, `${base(eventId)}/speaker-listing`)).json().data.speakers as { id: string; photoUrl: string | null }[]).find((s) => s.id === id)!;

  it('lets the organiser remove it: the image answers 404 and no list shows it; removing nothing is fine', async () => {
    const id = await speaker('Mary Jackson', 'mary@nasa.example');
    const url = (await call('PUT', hostA, photoOf(id), upload('mary.png', PNG))).json().data.photoUrl as string;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const removed = await call('DELETE', hostA, photoOf(id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ id, photoUrl: null });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await orgSpeaker(id)).photoUrl).toBeNull();
    expect((await listed(id)).photoUrl).toBeNull();
    const again = await call('DELETE', hostA, photoOf(id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.photoUrl).toBeNull();
  });

  it('refuses another organisation (404), a role without AP-337 (403) and a signed-out caller, keeping the photo', async () => {
    const id = await speaker('Dorothy Vaughan', 'dorothy@nasa.example');
    const url = (await call('PUT', hostA, photoOf(id), upload('dorothy.png', PNG))).json().data.photoUrl as string;
    expect((await call('DELETE', hostB, photoOf(id))).statusCode).toBe(404);
    expect((await call('DELETE', hostA, `${base(otherEventId)}/speakers/${id}/photo`)).statusCode).toBe(404);
    expect((await call('DELETE', hostA, `${base(eventId)}/speakers/${newId()}/photo`)).statusCode).toBe(404);

    const role = await call('POST', hostA, '/api/auth/roles', { name: 'Speakers viewer', codes: ['AP-335'] });
    expect(role.statusCode, role.body).toBe(201);
    await t.ctx.auth.createUser({ organisationId: orgA, email: 'viewer@speakers.example', password: PASSWORD, firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'viewer@speakers.example', password: PASSWORD } });
    const viewer = bearer(login.json().data.accessToken);
    expect((await call('GET', viewer, `${base(eventId)}/speakers`)).statusCode).toBe(200);
    const refused = await call('DELETE', viewer, photoOf(id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('AP-337');
    expect((await call('DELETE', {}, photoOf(id))).statusCode).toBe(401);

    expect((await orgSpeaker(id)).photoUrl).toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('lets the speaker remove their own photo; an attendee of the event is no speaker (404)', async () => {
    const id = await speaker('Christine Darden', 'christine@nasa.example');
    const christine = await signIn((await invite(id)).key);
    const url = (await call('PUT', christine, `${base(eventId)}/my-speaker-profile/photo`, upload('me.gif', GIF))).json().data.speaker.photoUrl as string;
    const pat = await attendee(eventId);
    const notSpeaker = await call('DELETE', pat, `${base(eventId)}/my-speaker-profile/photo`);
    expect(notSpeaker.statusCode).toBe(404);
    expect(notSpeaker.json().code).toBe('PROGRAMME_NOT_SPEAKER');
    expect((await call('DELETE', christine, `${base(otherEventId)}/my-speaker-profile/photo`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const removed = await call('DELETE', christine, `${base(eventId)}/my-speaker-profile/photo`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.speaker.photoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await listed(id)).photoUrl).toBeNull();
  });
});

describe('speaker status on the participant home', () => {
  const status = (headers: Record<string, string>, ev = eventId) => call('GET', headers, `${base(ev)}/my-speaker-profile/status`);

  it('tells an attendee later invited as a speaker that they are one, through the access they already hold', async () => {
    const email = 'ruth@attending.example';
    const ruth = await attendee(eventId, email);
    const before = await status(ruth);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ isSpeaker: false });
    expect(before.headers['cache-control']).toContain('no-store');

    const id = await speaker('Ruth Attendee', email);
    const { key } = await invite(id);
    expect((await status(ruth)).json().data).toEqual({ isSpeaker: true });
    // The invitation's link signs the attendee account in to its speaker profile, not the attendee home.
    const landed = await consume(key);
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.json().data.redirectTo).toBe('/attendium/speaker');
    // The account kept its participant type: it opens the profile with the access it had.
    expect((await call('GET', ruth, `${base(eventId)}/my-speaker-profile`)).json().data.speaker.id).toBe(id);
  });

  it('refuses another event access (403) and a signed-out caller (401)', async () => {
    const elsewhere = await attendee(otherEventId);
    const refused = await status(elsewhere);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PROGRAMME_NOT_PARTICIPANT');
    expect((await status({})).statusCode).toBe(401);
  });
});
