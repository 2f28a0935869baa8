import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { SPONSOR_CONTACTS_MAX } from '@pavilion/domain/sponsors/sponsors.schemas';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { drawLogoPng } from './sponsors.demo-logos.ts';
import { SPONSOR_TEST_PASSWORD, eventParticipant, showcaseUrl, sponsorCaller, sponsorsBase as base, tierWithSponsor, uniqueEmail } from './sponsors.fixtures.ts';

/*
 * Issue 15, the sponsor's own account (SPEC §3.1 user type 3): the organiser invites the sponsor's contact by mail
 * (auth's one-time `adl` link, read from a real SMTP server); the link signs them in to My sponsorship, where they
 * accept (choosing a password when the invitation made the account), edit the description, website and logo (never
 * the name or tier), and see the Sponsors list's viewers and the click-throughs of the counted visit redirect.
 */
const PUBLIC_URL = 'https://pavilion.test';
const NEW_PASSWORD = 'Sponsor#Bright27';
const PNG = drawLogoPng(24, [0x20, 0x90, 0x40], 'ring');

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherEventId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) => sponsorCaller(t)(method, headers, url, payload);
const mine = (ev: string, id = '') => `/api/eventservices/events/${ev}/my-sponsorships${id ? `/${id}` : ''}`;
const cardViewsUrl = (ev: string) => `/api/eventservices/public/events/${ev}/sponsors/card-views`;
const visitUrl = (ev: string, id: string) => `/api/eventservices/public/events/${ev}/sponsors/${id}/visit`;
type Contact = { id: string; email: string; invitation: string; invitedAt: string };
const orgSponsor = async (id: string) => ((await call('GET', hostA, base(eventId))).json().data.sponsors as { id: string; contacts: Contact[]; description: string }[]).find((s) => s.id === id)!;
const sponsorRow = (name: string, website = 'https://acme.example.com') => tierWithSponsor(t, hostA, eventId, `Tier ${name}`, { name, website, description: 'First words.' });

/** Mails already read (a contact may be invited twice). */
const used = new Set<string>();

/** Invites the sponsor's contact and returns the one-time key the mail's link carries. */
async function invite(sponsorId: string, email: string): Promise<{ key: string; sentTo: string }> {
  const res = await call('POST', hostA, `${base(eventId)}/items/${sponsorId}/invitation`, { email, firstName: 'Sam' });
  expect(res.statusCode, res.body).toBe(201);
  const sentTo = res.json().data.sentTo as string;
  const mail = await smtp.waitForMail((m) => m.to.includes(sentTo) && m.text.includes(`/adl/`) && !used.has(m.raw));
  used.add(mail.raw);
  const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/adl/([A-Za-z0-9_-]+)/${eventId}`).exec(mail.text.replace(/=3D/g, '='));
  expect(link, 'the mail carries the sign-in link').toBeTruthy();
  return { key: link![1]!, sentTo };
}
async function signIn(key: string): Promise<{ headers: Record<string, string>; redirectTo: string; userType: number }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { headers: { ...bearer(data.accessToken), 'x-user-access-token': data.eventData.accessCodeToken }, redirectTo: data.redirectTo, userType: data.userData.userType };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  const a = await signupOrganiser(t.app, { organisationName: 'Sponsor Contacts Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Contacts Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Contacts Expo');
  otherEventId = await createEvent(t.app, a.accessToken, 'Other Contacts Expo');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the sponsor contact invitation', () => {
  it('mails a one-time link that makes a Sponsor account; the contact accepts with a password, then signs in with it', async () => {
    const { sponsorId } = await sponsorRow('Brightwave');
    expect((await orgSponsor(sponsorId)).contacts).toEqual([]);
    const email = uniqueEmail('sam', 'brightwave.example');
    const { key, sentTo } = await invite(sponsorId, email);
    expect(sentTo).toBe(email);
    expect((await orgSponsor(sponsorId)).contacts).toMatchObject([{ invitation: 'invited', email }]);

    const contact = await signIn(key);
    expect(contact.redirectTo).toBe('/attendium/sponsorship');
    expect(contact.userType).toBe(UserType.Sponsor);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/autologin/consume', payload: { kind: 'adl', key, eventId } })).statusCode).toBe(410);

    expect((await call('GET', contact.headers, mine(eventId))).json().data.items).toEqual([{ id: sponsorId, name: 'Brightwave', tierName: 'Tier Brightwave', isAccepted: false }]);
    expect((await call('GET', contact.headers, mine(eventId, sponsorId))).json().data).toMatchObject({ isAccepted: false, needsPassword: true, description: 'First words.' });
    // Nothing is edited before the invitation is accepted.
    const early = await call('PUT', contact.headers, mine(eventId, sponsorId), { description: 'Too soon', website: '', logoId: null });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('SPONSOR_INVITATION_NOT_ACCEPTED');

    // The invitation made the account: accepting needs a password that follows the SPEC §5 rules.
    const noPassword = await call('POST', contact.headers, `${mine(eventId, sponsorId)}/accept`, {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual([{ field: 'password', key: 'required' }]);
    expect((await call('POST', contact.headers, `${mine(eventId, sponsorId)}/accept`, { password: 'short' })).statusCode).toBe(400);
    expect((await orgSponsor(sponsorId)).contacts[0]!.invitation).toBe('invited');
    const accepted = await call('POST', contact.headers, `${mine(eventId, sponsorId)}/accept`, { password: NEW_PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ isAccepted: true, needsPassword: false });
    expect((await orgSponsor(sponsorId)).contacts[0]!.invitation).toBe('accepted');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: NEW_PASSWORD, eventId } });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('reuses an attendee account (no password asked) and refuses a team account, a taken account, another organisation and a signed-out caller', async () => {
    const { sponsorId } = await sponsorRow('Reused Co');
    const attendeeEmail = uniqueEmail('att', 'reused.example');
    await eventParticipant(t, orgA, eventId, attendeeEmail);
    const contact = await signIn((await invite(sponsorId, attendeeEmail)).key);
    expect(contact.userType).toBe(UserType.Attendee);
    expect(contact.redirectTo).toBe('/attendium');
    const accepted = await call('POST', contact.headers, `${mine(eventId, sponsorId)}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The same account cannot be the contact of a second sponsor of the event: nothing changes on that sponsor.
    const { sponsorId: second } = await sponsorRow('Second Co');
    const taken = await call('POST', hostA, `${base(eventId)}/items/${second}/invitation`, { email: attendeeEmail, firstName: 'Sam' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SPONSOR_CONTACT_TAKEN');
    expect((await orgSponsor(second)).contacts).toEqual([]);

    const teamEmail = uniqueEmail('team', 'contacts.example');
    await t.ctx.auth.createUser({ organisationId: orgA, email: teamEmail, password: SPONSOR_TEST_PASSWORD, firstName: 'Tea', userType: 0, role: 'Team Member', accessLevel: 1 });
    const team = await call('POST', hostA, `${base(eventId)}/items/${second}/invitation`, { email: teamEmail, firstName: 'Tea' });
    expect(team.statusCode).toBe(409);
    expect(team.json().code).toBe('SPONSOR_CONTACT_TEAM_ACCOUNT');

    const bad = await call('POST', hostA, `${base(eventId)}/items/${second}/invitation`, { email: 'not-an-email', firstName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'firstName']);
    expect((await call('POST', hostB, `${base(eventId)}/items/${second}/invitation`, { email: uniqueEmail('b'), firstName: 'B' })).statusCode).toBe(404);
    expect((await call('POST', hostA, `${base(otherEventId)}/items/${second}/invitation`, { email: uniqueEmail('c'), firstName: 'C' })).statusCode).toBe(404);
    expect((await call('POST', {}, `${base(eventId)}/items/${second}/invitation`, { email: uniqueEmail('d'), firstName: 'D' })).statusCode).toBe(401);
  });
});

describe('several contacts of one sponsor', () => {
  it('invites several contacts, each with the same My sponsorship and their own acceptance; a contact invited again is not listed twice', async () => {
    const { sponsorId } = await sponsorRow('Twin Co');
    const [emailA, emailB] = [uniqueEmail('ana', 'twin.example'), uniqueEmail('ben', 'twin.example')];
    const ana = await signIn((await invite(sponsorId, emailA)).key);
    const ben = await signIn((await invite(sponsorId, emailB)).key);
    expect((await orgSponsor(sponsorId)).contacts.map((c) => [c.email, c.invitation])).toEqual([
      [emailA, 'invited'],
      [emailB, 'invited'],
    ]);
    expect((await call('POST', ana.headers, `${mine(eventId, sponsorId)}/accept`, { password: NEW_PASSWORD })).statusCode).toBe(200);
    // Ana's acceptance is hers: Ben still accepts for himself before editing.
    expect((await call('GET', ben.headers, mine(eventId, sponsorId))).json().data).toMatchObject({ isAccepted: false, needsPassword: true });
    expect((await call('PUT', ben.headers, mine(eventId, sponsorId), { description: 'Ben first', website: '', logoId: null })).json().code).toBe('SPONSOR_INVITATION_NOT_ACCEPTED');
    const saved = await call('PUT', ana.headers, mine(eventId, sponsorId), { description: 'Two of us now.', website: 'https://twin.example.com', logoId: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('POST', ben.headers, `${mine(eventId, sponsorId)}/accept`, { password: NEW_PASSWORD })).statusCode).toBe(200);
    // The same page for both: Ana's edit, the same figures.
    const [pageA, pageB] = await Promise.all([ana, ben].map(async (c) => (await call('GET', c.headers, mine(eventId, sponsorId))).json().data));
    expect(pageB).toEqual(pageA);
    expect(pageB).toMatchObject({ name: 'Twin Co', description: 'Two of us now.', isAccepted: true });
    expect((await orgSponsor(sponsorId)).contacts.map((c) => c.invitation)).toEqual(['accepted', 'accepted']);

    // Invited again: a new link, still one row, still accepted.
    const again = await call('POST', hostA, `${base(eventId)}/items/${sponsorId}/invitation`, { email: emailA, firstName: 'Ana' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.contact).toMatchObject({ email: emailA, invitation: 'accepted' });
    expect((await orgSponsor(sponsorId)).contacts).toHaveLength(2);
  });

  it('revokes one contact: their My sponsorship closes, the other keeps theirs; scoped to the organisation, the event and the sponsor', async () => {
    const { sponsorId } = await sponsorRow('Revoke Co');
    const { sponsorId: otherSponsor } = await sponsorRow('Bystander Co');
    const [emailA, emailB] = [uniqueEmail('kay', 'revoke.example'), uniqueEmail('lou', 'revoke.example')];
    const kay = await signIn((await invite(sponsorId, emailA)).key);
    const lou = await signIn((await invite(sponsorId, emailB)).key);
    for (const c of [kay, lou]) expect((await call('POST', c.headers, `${mine(eventId, sponsorId)}/accept`, { password: NEW_PASSWORD })).statusCode).toBe(200);
    const kayId = (await orgSponsor(sponsorId)).contacts.find((c) => c.email === emailA)!.id;
    const url = (ev: string, sponsor: string, contact: string) => `${base(ev)}/items/${sponsor}/contacts/${contact}`;

    for (const [headers, path] of [
      [hostB, url(eventId, sponsorId, kayId)],
      [hostA, url(otherEventId, sponsorId, kayId)],
      [hostA, url(eventId, otherSponsor, kayId)],
      [hostA, url(eventId, sponsorId, 'no-such-contact')],
    ] as const) {
      expect((await call('DELETE', headers, path)).statusCode, path).toBe(404);
    }
    expect((await call('DELETE', {}, url(eventId, sponsorId, kayId))).statusCode).toBe(401);
    expect((await call('DELETE', kay.headers, url(eventId, sponsorId, kayId))).statusCode).toBe(403);

    const revoked = await call('DELETE', hostA, url(eventId, sponsorId, kayId));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.contacts.map((c: Contact) => c.email)).toEqual([emailB]);
    expect((await call('DELETE', hostA, url(eventId, sponsorId, kayId))).statusCode).toBe(404);
    // Kay's page is closed, Lou's is not.
    const closed = await call('PUT', kay.headers, mine(eventId, sponsorId), { description: 'Still mine?', website: '', logoId: null });
    expect([closed.statusCode, closed.json().code]).toEqual([403, 'SPONSOR_NOT_CONTACT']);
    expect((await call('GET', kay.headers, mine(eventId))).json().data.items).toEqual([]);
    expect((await call('PUT', lou.headers, mine(eventId, sponsorId), { description: 'Lou carries on.', website: '', logoId: null })).statusCode).toBe(200);
    expect((await orgSponsor(sponsorId)).description).toBe('Lou carries on.');
    // Revoked, Kay may be the contact of another sponsor.
    expect((await call('POST', hostA, `${base(eventId)}/items/${otherSponsor}/invitation`, { email: emailA, firstName: 'Kay' })).statusCode).toBe(201);
  });

  it('takes at most SPONSOR_CONTACTS_MAX (10) contacts a sponsor (409 SPONSOR_CONTACTS_FULL)', async () => {
    const { sponsorId } = await sponsorRow('Crowded Co');
    for (let i = 0; i < SPONSOR_CONTACTS_MAX; i++) {
      const res = await call('POST', hostA, `${base(eventId)}/items/${sponsorId}/invitation`, { email: uniqueEmail(`c${i}`, 'crowded.example'), firstName: 'Cy' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const email = uniqueEmail('one-more', 'crowded.example');
    const full = await call('POST', hostA, `${base(eventId)}/items/${sponsorId}/invitation`, { email, firstName: 'Cy' });
    expect([full.statusCode, full.json().code]).toEqual([409, 'SPONSOR_CONTACTS_FULL']);
    expect((await orgSponsor(sponsorId)).contacts).toHaveLength(SPONSOR_CONTACTS_MAX);
    // Refused before any account was made.
    expect(await t.ctx.auth.findUserByEmail(email)).toBeFalsy();
  });
});

describe('my sponsorship', () => {
  it('lets the contact edit the description, website and logo by the organiser rules, never the name or tier', async () => {
    const { sponsorId } = await sponsorRow('Editable Co');
    const contact = await signIn((await invite(sponsorId, uniqueEmail('ed', 'editable.example'))).key);
    await call('POST', contact.headers, `${mine(eventId, sponsorId)}/accept`, { password: NEW_PASSWORD });
    const url = mine(eventId, sponsorId);

    const uploaded = await call('POST', contact.headers, `${url}/logos`, { fileName: 'mark.png', dataBase64: PNG.toString('base64') });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const logoId = uploaded.json().data.logoId as string;
    const saved = await call('PUT', contact.headers, url, { description: 'We make bright things.', website: 'https://editable.example.com', logoId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ description: 'We make bright things.', website: 'https://editable.example.com', logoId, name: 'Editable Co' });
    const seen = (await call('GET', {}, showcaseUrl(eventId, 'portal'))).json().data.tiers.flatMap((tier: { sponsors: unknown[] }) => tier.sponsors) as { id: string; description: string; logoUrl: string }[];
    expect(seen.find((s) => s.id === sponsorId)).toMatchObject({ description: 'We make bright things.', logoUrl: `/api/eventservices/public/sponsor-logos/${logoId}` });

    // Name and tier are the organiser's: the keys are refused and nothing is written.
    const renamed = await call('PUT', contact.headers, url, { description: 'Renamed', website: '', logoId: null, name: 'Hijacked', tierId: 'x' });
    expect(renamed.statusCode).toBe(400);
    expect((await orgSponsor(sponsorId)).description).toBe('We make bright things.');
    const http = await call('PUT', contact.headers, url, { description: 'x', website: 'http://editable.example.com', logoId: null });
    expect(http.json().errors).toEqual([{ field: 'website', key: 'httpsUrlRequired' }]);
    const fake = await call('POST', contact.headers, `${url}/logos`, { fileName: 'mark.png', dataBase64: Buffer.from('just some text, not an image').toString('base64') });
    expect(fake.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
    const svg = await call('POST', contact.headers, `${url}/logos`, { fileName: 'mark.svg', dataBase64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') });
    expect(svg.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    // A logo of another event is not this sponsor's to show.
    const elsewhere = await call('POST', hostA, `${base(otherEventId)}/logos`, { fileName: 'other.png', dataBase64: PNG.toString('base64') });
    const foreign = await call('PUT', contact.headers, url, { description: 'x', website: '', logoId: elsewhere.json().data.logoId });
    expect(foreign.json().errors).toEqual([{ field: 'logoId', key: 'unknownLogo' }]);
    expect((await orgSponsor(sponsorId)).description).toBe('We make bright things.');
  });

  it('answers another sponsor 404, a participant who is no contact 403 SPONSOR_NOT_CONTACT, and without the event access 403 SPONSOR_NOT_PARTICIPANT', async () => {
    const { sponsorId: own } = await sponsorRow('Own Co');
    const { sponsorId: other } = await sponsorRow('Other Co');
    const contact = await signIn((await invite(own, uniqueEmail('own', 'own.example'))).key);
    await call('POST', contact.headers, `${mine(eventId, own)}/accept`, { password: NEW_PASSWORD });
    const body = { description: 'Not yours', website: '', logoId: null };
    for (const [method, path, payload] of [
      ['GET', mine(eventId, other), undefined],
      ['PUT', mine(eventId, other), body],
      ['POST', `${mine(eventId, other)}/accept`, {}],
      ['POST', `${mine(eventId, other)}/logos`, { fileName: 'a.png', dataBase64: PNG.toString('base64') }],
    ] as const) {
      expect((await call(method, contact.headers, path, payload)).statusCode, `${method} ${path}`).toBe(404);
    }
    const attendee = await eventParticipant(t, orgA, eventId);
    expect((await call('GET', attendee, mine(eventId))).json().data.items).toEqual([]);
    const notContact = await call('PUT', attendee, mine(eventId, own), body);
    expect(notContact.statusCode).toBe(403);
    expect(notContact.json().code).toBe('SPONSOR_NOT_CONTACT');
    // The contact's bearer without this event's access (another event's token, or none).
    const noAccess = await call('GET', { authorization: contact.headers.authorization! }, mine(eventId, own));
    expect(noAccess.statusCode).toBe(403);
    expect(noAccess.json().code).toBe('SPONSOR_NOT_PARTICIPANT');
    expect((await call('GET', contact.headers, mine(otherEventId, own))).json().code).toBe('SPONSOR_NOT_PARTICIPANT');
    expect((await call('GET', {}, mine(eventId, own))).statusCode).toBe(401);
    expect((await orgSponsor(other)).description).toBe('First words.');
  });
});

describe('figures', () => {
  it('counts each card shown once per viewer, sponsor and day and click-throughs once per visitor, and redirects to the website', async () => {
    const { sponsorId } = await sponsorRow('Counted Co', 'https://counted.example.com/home');
    const { sponsorId: noSite } = await sponsorRow('Quiet Co', '');
    const contact = await signIn((await invite(sponsorId, uniqueEmail('count', 'counted.example'))).key);
    await call('POST', contact.headers, `${mine(eventId, sponsorId)}/accept`, { password: NEW_PASSWORD });
    const figures = async () => (await call('GET', contact.headers, mine(eventId, sponsorId))).json().data.figures as { views: number; clicks: number; days: { day: string; views: number; clicks: number }[] };
    const before = await figures();
    expect(before.days).toHaveLength(14);

    const viewer = await eventParticipant(t, orgA, eventId);
    for (let i = 0; i < 3; i++) expect((await call('GET', viewer, showcaseUrl(eventId, 'portal'))).statusCode).toBe(200);
    await call('GET', { 'user-agent': 'Phone A' }, showcaseUrl(eventId, 'portal'));
    // Reading the list counts no card: the page reports the cards it showed on screen, in one request per page view.
    expect((await figures()).views).toBe(before.views);
    const cards = (headers: Record<string, string>, body: unknown) => call('POST', headers, cardViewsUrl(eventId), body);
    const shown = await cards(viewer, { from: 'portal', sponsorIds: [sponsorId, noSite, sponsorId] });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toEqual({ counted: 2 });
    // The same account's next page view today, and a visitor without an account (address and browser), twice.
    expect((await cards(viewer, { from: 'portal', sponsorIds: [sponsorId] })).json().data).toEqual({ counted: 0 });
    expect((await cards({ 'user-agent': 'Phone A' }, { from: 'portal', sponsorIds: [sponsorId] })).json().data).toEqual({ counted: 1 });
    expect((await cards({ 'user-agent': 'Phone A' }, { from: 'portal', sponsorIds: [sponsorId] })).json().data).toEqual({ counted: 0 });
    // Every id must be a sponsor of this event: another event's or an unknown one is refused by its place, nothing counted.
    const { sponsorId: elsewhere } = await tierWithSponsor(t, hostA, otherEventId, 'Tier Elsewhere', { name: 'Elsewhere Co', website: 'https://elsewhere.example.com' });
    const strangers = await cards({ 'user-agent': 'Laptop B' }, { from: 'portal', sponsorIds: [sponsorId, elsewhere, 'no-such-sponsor'] });
    expect(strangers.statusCode).toBe(400);
    expect(strangers.json().errors).toEqual([
      { field: 'sponsorIds.1', key: 'unknownSponsor' },
      { field: 'sponsorIds.2', key: 'unknownSponsor' },
    ]);
    for (const bad of [{ from: 'portal', sponsorIds: [] }, { sponsorIds: [sponsorId] }, { from: 'elsewhere', sponsorIds: [sponsorId] }, { from: 'portal', sponsorIds: sponsorId }, { from: 'portal', sponsorIds: [42] }, { from: 'portal', sponsorIds: Array.from({ length: 301 }, (_, i) => `s${i}`) }, { from: 'portal', sponsorIds: ['x'.repeat(65)] }, { from: 'portal', sponsorIds: [sponsorId], extra: 1 }]) {
      const res = await cards({ 'user-agent': 'Laptop B' }, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // The app tab's rules apply as to reading it (the Sponsor tab is off in the SPEC's default menu).
    const tabRead = await call('GET', viewer, showcaseUrl(eventId, 'app'));
    expect((await cards(viewer, { from: 'app', sponsorIds: [sponsorId] })).statusCode).toBe(tabRead.statusCode);
    expect((await cards({}, { from: 'portal', sponsorIds: [sponsorId] })).statusCode).toBe(200);

    const first = await call('GET', { 'user-agent': 'Phone A' }, visitUrl(eventId, sponsorId));
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://counted.example.com/home');
    expect(first.headers['cache-control']).toBe('no-store');
    await call('GET', { 'user-agent': 'Phone A' }, visitUrl(eventId, sponsorId));
    await call('GET', { 'user-agent': 'Laptop B' }, visitUrl(eventId, sponsorId));

    const after = await figures();
    // The account and Phone A (and the empty header set's visitor); Laptop B's refused requests counted nothing.
    expect(after.views - before.views).toBe(3);
    expect(after.clicks).toBe(2);
    const today = after.days.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.clicks).toBe(2);

    expect((await call('GET', {}, visitUrl(eventId, noSite))).statusCode).toBe(404);
    expect((await call('GET', {}, visitUrl(otherEventId, sponsorId))).statusCode).toBe(404);
    expect((await call('GET', {}, visitUrl(eventId, 'no-such-sponsor'))).statusCode).toBe(404);

    // The figures as files: every day since the sponsor was added (today only here), for a contact and the organiser.
    const csv = await call('GET', contact.headers, `${mine(eventId, sponsorId)}/figures?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sponsor-figures-Counted-Co.csv"');
    expect(csv.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual(['Day (UTC),Card views,Click-throughs', `${today.day},${today.views},2`]);
    const XLSX = await import('@e965/xlsx');
    const sheet = await call('GET', hostA, `${base(eventId)}/items/${sponsorId}/figures?format=xlsx`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="sponsor-figures-Counted-Co.xlsx"');
    const book = XLSX.read(new Uint8Array(sheet.rawPayload), { type: 'array' });
    expect(XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets['Sponsor figures']!, { header: 1 })).toEqual([
      ['Day (UTC)', 'Card views', 'Click-throughs'],
      [today.day, today.views, 2],
    ]);
    // Scoped: another organisation 404, another sponsor for this contact 404, a format that is not offered 400, signed out 401.
    expect((await call('GET', hostB, `${base(eventId)}/items/${sponsorId}/figures?format=csv`)).statusCode).toBe(404);
    expect((await call('GET', contact.headers, `${mine(eventId, noSite)}/figures?format=csv`)).statusCode).toBe(404);
    const badFormat = await call('GET', hostA, `${base(eventId)}/items/${sponsorId}/figures?format=pdf`);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors).toEqual([{ field: 'format', key: 'pattern' }]);
    expect((await call('GET', {}, `${base(eventId)}/items/${sponsorId}/figures?format=csv`)).statusCode).toBe(401);
  });

  it('rate-limits card views per address: a page view sends one request', async () => {
    const { sponsorId } = await sponsorRow('Busy Co', 'https://busy.example.com');
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({ method: 'POST', url: cardViewsUrl(eventId), remoteAddress: '10.77.0.9', payload: { from: 'portal', sponsorIds: [sponsorId] } });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
