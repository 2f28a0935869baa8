import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

let t: TestApp;
let H: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let eventId: string;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const pub = (ev: string, path: string) => `/api/eventservices/public/events/${ev}${path}`;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 256, fill = 7) => {
  const b = Buffer.alloc(size, fill);
  Buffer.from(PNG_SIGNATURE).copy(b);
  return b;
};
const EXE = (() => {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'latin1');
  return b;
})();
const upload = (hall: string, fileName: string, bytes: Buffer, headers = H, ev = eventId) => send('PUT', ex(ev, '/hall-plans'), { hall, fileName, dataBase64: bytes.toString('base64') }, headers);
const fieldsOf = (res: { json: () => { errors?: { field: string; key: string }[] } }) => res.json().errors?.map((e) => `${e.field}:${e.key}`) ?? [];

async function company(name: string, over: Record<string, unknown> = {}, ev = eventId) {
  const res = await send('POST', ex(ev, '/companies'), { name, ...over });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string };
}
async function booth(over: Record<string, unknown>, companyId: string | null = null, ev = eventId) {
  const res = await send('POST', ex(ev, '/booths'), { hall: 'Hall 1', number: 'A1', sizeSqm: 9, stallType: 'shell', price: 1200, x: 0, y: 0, w: 3, h: 3, ...over });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.id as string;
  if (companyId) expect((await send('PUT', ex(ev, `/booths/${id}/holder`), { companyId })).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Plan Org' });
  H = bearer(a.accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Plan Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Plan Fair');
  // A team member who may look at booths (AP-535) but not edit them (AP-537).
  const orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: H, payload: { name: 'Plan viewer', codes: ['AP-482', 'AP-535'] } });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'planviewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'planviewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.78.0.1' });
  viewer = bearer(login.json().data.accessToken);
});
afterAll(async () => {
  await t?.close();
});

describe('floor-plan images', () => {
  it('uploads a hall image, serves it with caching headers, replaces it under a new URL and removes it', async () => {
    const first = await upload('Hall 1', 'hall-1.png', png(300, 1));
    expect(first.statusCode).toBe(200);
    const img = first.json().data as { hall: string; url: string; imageId: string; contentType: string; byteSize: number };
    expect(img).toMatchObject({ hall: 'Hall 1', contentType: 'image/png', byteSize: 300, fileName: 'hall-1.png' });
    const served = await t.app.inject({ url: img.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, png(300, 1))).toBe(0);

    const list = await t.app.inject({ url: ex(eventId, '/hall-plans'), headers: H });
    expect(list.json().data).toEqual([expect.objectContaining({ hall: 'Hall 1', imageId: img.imageId })]);

    // A replacement is a new id: the old URL's bytes are gone, the new one serves the new bytes.
    const second = await upload('Hall 1', 'hall-1-v2.png', png(400, 2));
    expect(second.statusCode).toBe(200);
    const img2 = second.json().data as { url: string; imageId: string };
    expect(img2.imageId).not.toBe(img.imageId);
    expect((await t.app.inject({ url: img.url })).statusCode).toBe(404);
    expect(Buffer.compare((await t.app.inject({ url: img2.url })).rawPayload, png(400, 2))).toBe(0);
    expect((await t.app.inject({ url: ex(eventId, '/hall-plans'), headers: H })).json().data).toHaveLength(1);

    const removed = await send('DELETE', ex(eventId, `/hall-plans?hall=${encodeURIComponent('Hall 1')}`));
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: img2.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: ex(eventId, '/hall-plans'), headers: H })).json().data).toEqual([]);
    expect((await send('DELETE', ex(eventId, `/hall-plans?hall=${encodeURIComponent('Hall 1')}`))).statusCode).toBe(404);
  });

  it('refuses a non-image, a renamed .exe, an oversized image and a missing hall with 400 and field keys, writing nothing', async () => {
    const exe = await upload('Hall 2', 'plan.exe', EXE);
    expect(exe.statusCode).toBe(400);
    expect(fieldsOf(exe)).toEqual(['fileName:fileTypeNotAllowed']);
    const renamed = await upload('Hall 2', 'plan.png', EXE);
    expect(renamed.statusCode).toBe(400);
    expect(fieldsOf(renamed)).toEqual(['dataBase64:fileContentMismatch']);
    const jpegNamedPng = await upload('Hall 2', 'plan.jpg', png());
    expect(fieldsOf(jpegNamedPng)).toEqual(['dataBase64:fileContentMismatch']);
    const big = await upload('Hall 2', 'plan.png', png(5 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(400);
    expect(fieldsOf(big)).toEqual(['dataBase64:fileTooLarge']);
    const noHall = await send('PUT', ex(eventId, '/hall-plans'), { hall: '  ', fileName: 'plan.png', dataBase64: png().toString('base64') });
    expect(noHall.statusCode).toBe(400);
    expect(fieldsOf(noHall)[0]).toMatch(/^hall:/);
    expect((await t.app.inject({ url: ex(eventId, '/hall-plans'), headers: H })).json().data.filter((i: { hall: string }) => i.hall === 'Hall 2')).toEqual([]);
  });

  it('keeps another organisation out (404) and a member without AP-537 (403)', async () => {
    expect((await upload('Hall 3', 'plan.png', png(), other)).statusCode).toBe(404);
    expect((await t.app.inject({ url: ex(eventId, '/hall-plans'), headers: other })).statusCode).toBe(404);
    expect((await upload('Hall 3', 'plan.png', png())).statusCode).toBe(200);
    expect((await send('DELETE', ex(eventId, '/hall-plans?hall=Hall%203'), undefined, other)).statusCode).toBe(404);
    // The viewer sees the plans (AP-535) but may not change them.
    expect((await t.app.inject({ url: ex(eventId, '/hall-plans'), headers: viewer })).statusCode).toBe(200);
    const denied = await upload('Hall 3', 'plan.png', png(), viewer);
    expect(denied.statusCode).toBe(403);
    expect((await send('DELETE', ex(eventId, '/hall-plans?hall=Hall%203'), undefined, viewer)).statusCode).toBe(403);
    // Still there.
    expect((await t.app.inject({ url: ex(eventId, '/hall-plans'), headers: H })).json().data.map((i: { hall: string }) => i.hall)).toContain('Hall 3');
  });
});

describe('the hall plan and filters for attendees', () => {
  let ev: string;
  let lumen: string;
  let rigs: string;
  beforeAll(async () => {
    ev = await createEvent(t.app, H.authorization!.slice(7), 'Optics Fair');
    lumen = (await company('Lumen Optics', { category: 'Optics', countryCode: 'DE' }, ev)).id;
    rigs = (await company('North Rigs', { category: 'Machinery', countryCode: 'NO' }, ev)).id;
    await company('Lens Lab', { category: 'optics', countryCode: 'FR' }, ev);
    await booth({ hall: 'Hall 1', number: 'B12', x: 2, y: 3, w: 4, h: 2 }, lumen, ev);
    await booth({ hall: 'Hall 1', number: 'B13', x: 6, y: 3, w: 2, h: 2 }, null, ev);
    await booth({ hall: 'Hall 2', number: 'C1', x: 0, y: 0, w: 2, h: 2 }, rigs, ev);
    expect((await upload('Hall 2', 'hall-2.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]), H, ev)).statusCode).toBe(200);
  });

  it('shows every hall with its image and booths, holders named, no prices', async () => {
    const res = await t.app.inject({ url: pub(ev, '/hall-plan') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const plan = res.json().data as { columns: number; rows: number; halls: { hall: string; imageUrl: string | null; booths: Record<string, unknown>[] }[] };
    expect(plan).toMatchObject({ columns: 40, rows: 24 });
    expect(plan.halls.map((h) => [h.hall, h.imageUrl === null])).toEqual([
      ['Hall 1', true],
      ['Hall 2', false],
    ]);
    expect(plan.halls[0]!.booths).toEqual([
      { id: expect.any(String), number: 'B12', x: 2, y: 3, w: 4, h: 2, company: { id: lumen, name: 'Lumen Optics' } },
      { id: expect.any(String), number: 'B13', x: 6, y: 3, w: 2, h: 2, company: null },
    ]);
    expect(JSON.stringify(plan)).not.toMatch(/price|stallType|sizeSqm/);
    const image = await t.app.inject({ url: plan.halls[1]!.imageUrl! });
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('names the companies meeting the plan filters (category in any case, country), null without filters; bad filters 400', async () => {
    const plan = async (q: string) => {
      const res = await t.app.inject({ url: pub(ev, `/hall-plan${q}`) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { matches: string[] | null; halls: unknown[] };
    };
    expect((await plan('')).matches).toBeNull();
    const optics = await plan('?category=OPTICS');
    // Every booth stays on the plan; the answer says which companies match (Lens Lab holds no booth, it still matches).
    expect(optics.halls).toEqual((await plan('')).halls);
    expect(optics.matches).toHaveLength(2);
    expect(optics.matches).toContain(lumen);
    expect(optics.matches).not.toContain(rigs);
    expect((await plan('?category=optics&country=DE')).matches).toEqual([lumen]);
    expect((await plan('?country=no')).matches).toEqual([rigs]);
    expect((await plan('?category=Nothing')).matches).toEqual([]);
    const bad = await t.app.inject({ url: pub(ev, '/hall-plan?country=XX&category=') });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual([expect.stringMatching(/^category:/), 'country:unknownCountry']);
    const unknown = await t.app.inject({ url: pub(ev, '/hall-plan?hall=Hall%201') });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['hall:unknownField']);
  });

  it('filters the list by category, country and hall, combined with the search', async () => {
    const names = async (q: string) => {
      const res = await t.app.inject({ url: pub(ev, `/exhibitors?${q}`) });
      expect(res.statusCode).toBe(200);
      return (res.json().data.items as { name: string }[]).map((c) => c.name);
    };
    // Category matches whatever the case.
    expect(await names('category=Optics')).toEqual(['Lens Lab', 'Lumen Optics']);
    expect(await names('country=de')).toEqual(['Lumen Optics']);
    expect(await names('hall=Hall%202')).toEqual(['North Rigs']);
    expect(await names('category=optics&hall=Hall%201')).toEqual(['Lumen Optics']);
    expect(await names('category=optics&search=lens')).toEqual(['Lens Lab']);
    expect(await names('category=Optics&country=NO')).toEqual([]);
    const bad = await t.app.inject({ url: pub(ev, '/exhibitors?country=XX&hall=') });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['country:unknownCountry', expect.stringMatching(/^hall:/)]);
    expect((await t.app.inject({ url: pub(ev, '/exhibitors?sort=name') })).statusCode).toBe(400);
  });

  it('offers the filter options the event uses', async () => {
    const res = await t.app.inject({ url: pub(ev, '/exhibitor-filters') });
    expect(res.statusCode).toBe(200);
    // One spelling per category; countries by code; only halls where a company holds a booth.
    expect(res.json().data).toEqual({ categories: ['Machinery', 'Optics'], countries: ['DE', 'FR', 'NO'], halls: ['Hall 1', 'Hall 2'] });
  });

  it('applies the Exhibitors tab rules: login required 401, hidden 404', async () => {
    const tabs = (await t.app.inject({ url: `/api/eventservices/events/${ev}/app-tabs`, headers: H })).json().data.tabs as Record<string, unknown>[];
    const save = (patch: Record<string, unknown>) =>
      send('PUT', `/api/eventservices/events/${ev}/app-tabs`, {
        tabs: tabs.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds, ...(tabName === 'exhibitors' ? patch : {}) })),
      });
    expect((await save({ loginRequired: true })).statusCode).toBe(200);
    expect((await t.app.inject({ url: pub(ev, '/hall-plan') })).statusCode).toBe(401);
    expect((await t.app.inject({ url: pub(ev, '/exhibitor-filters') })).statusCode).toBe(401);
    expect((await save({ showInMenu: false, loginRequired: false })).statusCode).toBe(200);
    expect((await t.app.inject({ url: pub(ev, '/hall-plan') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: pub(ev, '/exhibitor-filters') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: pub(ev, '/exhibitors?category=Optics') })).statusCode).toBe(404);
  });
});

describe('a hall made from its floor plan alone', () => {
  it('is a hall of the attendee plan before any booth is placed on it, and takes booths afterwards', async () => {
    const ev = await createEvent(t.app, H.authorization!.slice(7), 'Empty Halls Fair');
    expect((await upload('Hall Z', 'hall-z.png', png(), H, ev)).statusCode).toBe(200);
    const plan = (await t.app.inject({ url: pub(ev, '/hall-plan') })).json().data as { halls: { hall: string; imageUrl: string | null; booths: unknown[] }[] };
    expect(plan.halls).toEqual([{ hall: 'Hall Z', imageUrl: expect.stringMatching(/^\/api\/eventservices\/public\/hall-plan-images\//), booths: [] }]);
    const images = (await t.app.inject({ url: ex(ev, '/hall-plans'), headers: H })).json().data as { hall: string }[];
    expect(images.map((i) => i.hall)).toEqual(['Hall Z']);
    await booth({ hall: 'Hall Z', number: 'Z1', x: 0, y: 0, w: 2, h: 2 }, null, ev);
    const after = (await t.app.inject({ url: pub(ev, '/hall-plan') })).json().data as { halls: { hall: string; booths: { number: string }[] }[] };
    expect(after.halls.map((h) => [h.hall, h.booths.map((b) => b.number)])).toEqual([['Hall Z', ['Z1']]]);
  });
});
