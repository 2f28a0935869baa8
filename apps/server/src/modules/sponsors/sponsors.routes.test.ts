import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_TABS, PORTAL_MENU } from '@pavilion/domain';
import { SPONSOR_LOGO_MAX_BYTES } from '@pavilion/domain/sponsors/sponsors.schemas';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { drawLogoPng } from './sponsors.demo-logos.ts';
import { eventParticipant, showcaseUrl, sponsorCaller, sponsorsBase } from './sponsors.fixtures.ts';

const PASSWORD = 'Guest#Secure26';
const PNG = drawLogoPng(32, [0x1c, 0x7e, 0xd6], 'ring');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let secondEventId: string;
let otherOrgEventId: string;

const base = sponsorsBase;
const showcase = showcaseUrl;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) => sponsorCaller(t)(method, headers, url, payload);

async function tier(name: string, ev = eventId, colour: string | null = null): Promise<{ id: string }> {
  const res = await call('POST', hostA, `${base(ev)}/tiers`, { name, colour });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function logo(ev = eventId, fileName = 'logo.png', bytes: Buffer = PNG): Promise<string> {
  const res = await call('POST', hostA, `${base(ev)}/logos`, { fileName, dataBase64: bytes.toString('base64') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.logoId;
}
const sponsorBody = (tierId: string, over: Record<string, unknown> = {}) => ({ tierId, name: 'Acme', description: 'Makes things.', website: 'https://acme.example.com', logoId: null, companyId: null, ...over });
async function sponsor(tierId: string, over: Record<string, unknown> = {}, ev = eventId): Promise<{ id: string; logoUrl: string | null; companyName: string | null }> {
  const res = await call('POST', hostA, `${base(ev)}/items`, sponsorBody(tierId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A participant of `ev` with the bearer and event access token the app sends after ei/{eventId}. */
const participant = (ev: string) => eventParticipant(t, orgA, ev);

/** The app tabs with `sponsor` shown (and login-required when asked), as the organiser's App & portal saves them. */
const tabsWithSponsor = (loginRequired: boolean) =>
  DEFAULT_APP_TABS.map(({ tabName, title, displayOrder, showInMenu, loginRequired: login, menuBanner, ticketIds }) => ({
    tabName,
    title,
    displayOrder,
    showInMenu: showInMenu || tabName === 'sponsor',
    loginRequired: tabName === 'sponsor' ? loginRequired : login,
    menuBanner,
    ticketIds: [...ticketIds],
  }));

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Sponsor Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Sponsor Expo');
  secondEventId = await createEvent(t.app, a.accessToken, 'Second Expo');
  otherOrgEventId = await createEvent(t.app, hostB.authorization!.slice(7), 'Rival Expo');
});
afterAll(async () => {
  await t?.close();
});

describe('logos', () => {
  it('stores a PNG, JPEG or WebP whose bytes match its name and serves it by id', async () => {
    const id = await logo(eventId, 'acme.png');
    const res = await t.app.inject(`/api/eventservices/public/sponsor-logos/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const jpeg = await logo(eventId, 'acme.JPG', JPEG);
    expect((await t.app.inject(`/api/eventservices/public/sponsor-logos/${jpeg}`)).headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject('/api/eventservices/public/sponsor-logos/AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('refuses bytes that are not what the name says, SVG, GIF, an executable and an oversize file, by field', async () => {
    const upload = (fileName: string, bytes: Buffer | string) =>
      call('POST', hostA, `${base(eventId)}/logos`, { fileName, dataBase64: typeof bytes === 'string' ? bytes : bytes.toString('base64') });
    const cases: [string, Buffer | string, string, string][] = [
      ['logo.jpg', PNG, 'dataBase64', 'fileContentMismatch'],
      ['logo.webp', PNG, 'dataBase64', 'fileContentMismatch'],
      ['logo.png', Buffer.from('MZ\x90\x00 an executable wearing a png name'), 'dataBase64', 'fileContentMismatch'],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'), 'fileName', 'fileTypeNotAllowed'],
      ['logo.gif', Buffer.from('GIF89a\x01\x00\x01\x00'), 'fileName', 'fileTypeNotAllowed'],
      ['logo', PNG, 'fileName', 'fileTypeNotAllowed'],
      ['logo.png', 'not base64 at all!', 'dataBase64', 'fileContentMismatch'],
    ];
    for (const [fileName, bytes, field, key] of cases) {
      const res = await upload(fileName, bytes);
      expect(res.statusCode, fileName).toBe(400);
      expect(res.json().errors, fileName).toEqual([{ field, key }]);
    }
    // A real PNG padded past the limit: refused as too large, before or after decoding.
    const big = Buffer.concat([PNG, Buffer.alloc(SPONSOR_LOGO_MAX_BYTES)]);
    const oversize = await upload('big.png', big);
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().errors).toEqual([{ field: 'dataBase64', key: 'fileTooLarge' }]);
    const justOver = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(SPONSOR_LOGO_MAX_BYTES - PNG.length + 1)]));
    expect(justOver.json().errors).toEqual([{ field: 'dataBase64', key: 'fileTooLarge' }]);
  });
});

describe('organiser: tiers and sponsors', () => {
  it('refuses bad input by field with its key and writes nothing', async () => {
    const gold = await tier('Gold (bad input)');
    const tierErrors = (await call('POST', hostA, `${base(eventId)}/tiers`, { name: '  ', colour: 'red' })).json().errors;
    expect(tierErrors).toEqual([{ field: 'name', key: 'required' }, { field: 'colour', key: 'pattern' }]);
    expect((await call('POST', hostA, `${base(eventId)}/tiers`, { name: 'X', colour: null, displayOrder: 1 })).json().errors).toEqual([{ field: 'displayOrder', key: 'unknownField' }]);
    const otherEventLogo = await logo(secondEventId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'required'],
      [{ website: 'http://acme.example.com' }, 'website', 'httpsUrlRequired'],
      [{ website: 'ftp://acme.example.com' }, 'website', 'httpsUrlRequired'],
      [{ website: 'https://user:pw@acme.example.com' }, 'website', 'httpsUrlRequired'],
      [{ description: 'x'.repeat(601) }, 'description', 'too_big'],
      [{ tierId: 'madeUpTier123' }, 'tierId', 'unknownTier'],
      [{ logoId: 'madeUpLogo123' }, 'logoId', 'unknownLogo'],
      [{ logoId: otherEventLogo }, 'logoId', 'unknownLogo'],
      [{ companyId: 'madeUpCompany1' }, 'companyId', 'unknownCompany'],
      [{ rank: 1 }, 'rank', 'unknownField'],
    ];
    for (const [over, field, key] of cases) {
      const res = await call('POST', hostA, `${base(eventId)}/items`, sponsorBody(gold.id, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors, JSON.stringify(over)).toContainEqual({ field, key });
    }
    // Script-like content is refused before validation (SPEC §5: code 1001).
    const script = await call('POST', hostA, `${base(eventId)}/items`, sponsorBody(gold.id, { website: 'javascript:alert(1)' }));
    expect(script.statusCode).toBe(400);
    expect(script.json().code).toBe(1001);
    const admin = (await call('GET', hostA, base(eventId))).json().data;
    expect(admin.sponsors).toEqual([]);
    expect(admin.tiers.map((x: { name: string }) => x.name)).toEqual(['Gold (bad input)']);
    expect((await call('DELETE', hostA, `${base(eventId)}/tiers/${gold.id}`)).statusCode).toBe(200);
  });

  it('keeps tier names unique per event in any case, and refuses deleting a tier that has sponsors', async () => {
    const platinum = await tier('Platinum', eventId, '#5f3dc4');
    const dup = await call('POST', hostA, `${base(eventId)}/tiers`, { name: 'PLATINUM', colour: null });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('SPONSOR_TIER_NAME_TAKEN');
    // Another event may have its own Platinum.
    await tier('Platinum', secondEventId);
    const s = await sponsor(platinum.id, { name: 'Keeps the tier' });
    const refused = await call('DELETE', hostA, `${base(eventId)}/tiers/${platinum.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SPONSOR_TIER_NOT_EMPTY', message: expect.stringContaining('1 sponsor') });
    expect((await call('GET', hostA, base(eventId))).json().data.tiers.find((x: { id: string }) => x.id === platinum.id)).toMatchObject({ name: 'Platinum', colour: '#5f3dc4', sponsorCount: 1 });
    expect((await call('DELETE', hostA, `${base(eventId)}/items/${s.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', hostA, `${base(eventId)}/tiers/${platinum.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', hostA, `${base(eventId)}/tiers/${platinum.id}`)).statusCode).toBe(404);
  });

  it('links a sponsor to an exhibiting company of the event only', async () => {
    const t1 = await tier('Partners');
    const company = await call('POST', hostA, `/api/eventservices/events/${eventId}/exhibition/companies`, { name: 'Nimbus Textiles' });
    expect(company.statusCode, company.body).toBe(201);
    const elsewhere = await call('POST', hostA, `/api/eventservices/events/${secondEventId}/exhibition/companies`, { name: 'Elsewhere Ltd' });
    const linked = await sponsor(t1.id, { name: 'Nimbus', companyId: company.json().data.id });
    expect(linked.companyName).toBe('Nimbus Textiles');
    const refused = await call('POST', hostA, `${base(eventId)}/items`, sponsorBody(t1.id, { companyId: elsewhere.json().data.id }));
    expect(refused.json().errors).toEqual([{ field: 'companyId', key: 'unknownCompany' }]);
    // The admin page offers the event's companies to link.
    expect((await call('GET', hostA, base(eventId))).json().data.companies).toEqual([{ id: company.json().data.id, name: 'Nimbus Textiles' }]);
    await call('DELETE', hostA, `${base(eventId)}/items/${linked.id}`);
    await call('DELETE', hostA, `${base(eventId)}/tiers/${t1.id}`);
  });

  it('answers 401 signed out, 403 without the code, 404 for another organisation’s event or items', async () => {
    expect((await call('GET', {}, base(eventId))).statusCode).toBe(401);
    expect((await call('GET', hostB, base(eventId))).statusCode).toBe(404);
    expect((await call('POST', hostB, `${base(eventId)}/tiers`, { name: 'Sneaky', colour: null })).statusCode).toBe(404);
    expect((await call('POST', hostB, `${base(eventId)}/logos`, { fileName: 'x.png', dataBase64: PNG.toString('base64') })).statusCode).toBe(404);
    const mine = await tier('Scoped');
    const s = await sponsor(mine.id, { name: 'Scoped sponsor' });
    // Through its own event, the other organisation cannot reach A's tier or sponsor.
    expect((await call('PUT', hostB, `${base(otherOrgEventId)}/tiers/${mine.id}`, { name: 'Mine', colour: null })).statusCode).toBe(404);
    expect((await call('DELETE', hostB, `${base(otherOrgEventId)}/tiers/${mine.id}`)).statusCode).toBe(404);
    expect((await call('PUT', hostB, `${base(otherOrgEventId)}/items/${s.id}`, sponsorBody(mine.id))).statusCode).toBe(404);
    expect((await call('DELETE', hostB, `${base(otherOrgEventId)}/items/${s.id}`)).statusCode).toBe(404);
    // Nor can A reach its own sponsor through another of its events.
    expect((await call('DELETE', hostA, `${base(secondEventId)}/items/${s.id}`)).statusCode).toBe(404);
    // A team member whose role holds only Companies: View reads the page and changes nothing.
    const role = await call('POST', hostA, '/api/auth/roles', { name: 'Companies viewer', codes: ['AP-482'] });
    expect(role.statusCode, role.body).toBe(201);
    const email = `viewer-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@sponsors.example`;
    await t.ctx.auth.createUser({ organisationId: orgA, email, password: PASSWORD, firstName: 'Vic', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD }, remoteAddress: '10.9.9.9' });
    const viewer = bearer(login.json().data.accessToken);
    expect((await call('GET', viewer, base(eventId))).statusCode).toBe(200);
    expect((await call('POST', viewer, `${base(eventId)}/tiers`, { name: 'Nope', colour: null })).statusCode).toBe(403);
    expect((await call('PUT', viewer, `${base(eventId)}/tiers/${mine.id}/sponsor-order`, { sponsorIds: [s.id] })).statusCode).toBe(403);
    expect((await call('DELETE', viewer, `${base(eventId)}/items/${s.id}`)).statusCode).toBe(403);
    await call('DELETE', hostA, `${base(eventId)}/items/${s.id}`);
    await call('DELETE', hostA, `${base(eventId)}/tiers/${mine.id}`);
  });
});

describe('attendee: the sponsor tab and the portal’s Sponsors', () => {
  it('groups sponsors by tier in tier order, each tier in its own order, and follows reordering', async () => {
    const gold = await tier('Gold', eventId, '#e67700');
    const silver = await tier('Silver');
    await tier('Bronze (empty)');
    const acme = await sponsor(silver.id, { name: 'Acme', logoId: await logo() });
    const beta = await sponsor(silver.id, { name: 'Beta', website: '' });
    const gamma = await sponsor(gold.id, { name: 'Gamma' });
    const p = await participant(eventId);
    const read = async () => {
      const res = await call('GET', p, showcase(eventId, 'portal'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json().data.tiers.map((x: { name: string; sponsors: { name: string }[] }) => [x.name, x.sponsors.map((s) => s.name)]);
    };
    // Empty tiers are left out.
    expect(await read()).toEqual([
      ['Gold', ['Gamma']],
      ['Silver', ['Acme', 'Beta']],
    ]);
    const full = (await call('GET', p, showcase(eventId, 'portal'))).json().data.tiers[1].sponsors[0];
    expect(full).toEqual({ id: acme.id, name: 'Acme', description: 'Makes things.', website: 'https://acme.example.com', logoUrl: acme.logoUrl, companyId: null });
    expect(full.logoUrl).toMatch(/^\/api\/eventservices\/public\/sponsor-logos\//);

    // Reorder within the tier; the order must name each of its sponsors once.
    const mismatch = await call('PUT', hostA, `${base(eventId)}/tiers/${silver.id}/sponsor-order`, { sponsorIds: [beta.id, gamma.id] });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([{ field: 'sponsorIds', key: 'orderMismatch' }]);
    expect((await call('PUT', hostA, `${base(eventId)}/tiers/${silver.id}/sponsor-order`, { sponsorIds: [beta.id, beta.id] })).statusCode).toBe(400);
    expect((await call('PUT', hostA, `${base(eventId)}/tiers/${silver.id}/sponsor-order`, { sponsorIds: [beta.id, acme.id] })).statusCode).toBe(200);
    // Tiers: Silver above Gold.
    const tiers = (await call('GET', hostA, base(eventId))).json().data.tiers.map((x: { id: string }) => x.id);
    const reordered = [silver.id, ...tiers.filter((id: string) => id !== silver.id)];
    expect((await call('PUT', hostA, `${base(eventId)}/tier-order`, { tierIds: reordered.slice(1) })).json().errors).toEqual([{ field: 'tierIds', key: 'orderMismatch' }]);
    const ordered = await call('PUT', hostA, `${base(eventId)}/tier-order`, { tierIds: reordered });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(await read()).toEqual([
      ['Silver', ['Beta', 'Acme']],
      ['Gold', ['Gamma']],
    ]);
    // Moving a sponsor to another tier puts it at that tier's end.
    expect((await call('PUT', hostA, `${base(eventId)}/items/${gamma.id}`, sponsorBody(silver.id, { name: 'Gamma' }))).statusCode).toBe(200);
    expect(await read()).toEqual([['Silver', ['Beta', 'Acme', 'Gamma']]]);
    // Another event's showcase is its own.
    expect((await call('GET', p, showcase(secondEventId, 'portal'))).json().data.tiers).toEqual([]);
  });

  it('reads under the app tab’s rules (hidden by default) or the portal menu’s', async () => {
    // SPEC §2.4: the Sponsor tab is not in the default menu: its data says so.
    const hidden = await call('GET', {}, showcase(eventId));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('TAB_NOT_AVAILABLE');
    // The portal lists Sponsors by default.
    expect((await call('GET', {}, showcase(eventId, 'portal'))).statusCode).toBe(200);
    expect((await call('GET', {}, showcase(eventId, 'elsewhere' as 'app'))).statusCode).toBe(400);
    // The organiser shows the tab, login required: a visitor 401, a participant 200.
    expect((await call('PUT', hostA, `/api/eventservices/events/${eventId}/app-tabs`, { tabs: tabsWithSponsor(true) })).statusCode).toBe(200);
    const anonymous = await call('GET', {}, showcase(eventId));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('TAB_LOGIN_REQUIRED');
    const p = await participant(eventId);
    expect((await call('GET', p, showcase(eventId))).statusCode).toBe(200);
    // A participant of the second event is not one of this event.
    expect((await call('GET', await participant(secondEventId), showcase(eventId))).statusCode).toBe(403);
    // The organiser hides the portal entry: its data goes too.
    const entries = PORTAL_MENU.map((e, i) => ({ key: e.key, title: e.name, displayOrder: i + 1, isShown: e.key !== 'sponsors', eventMode: [...e.eventMode], showMenuOnPreEvent: e.showMenuOnPreEvent }));
    expect((await call('PUT', hostA, `/api/eventservices/events/${eventId}/portal-menu`, { entries })).statusCode).toBe(200);
    expect((await call('GET', p, showcase(eventId, 'portal'))).statusCode).toBe(404);
    expect((await call('GET', {}, showcase('noSuchEvent123'))).statusCode).toBe(404);
  });
});
