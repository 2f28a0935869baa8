import { zipSync } from 'fflate';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

let t: TestApp;
let H: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let eventId: string;
let eventB: string;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const pub = (ev: string, path = '') => `/api/eventservices/public/events/${ev}/exhibitors${path}`;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = H) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const booth = (over: Record<string, unknown> = {}) => ({ hall: 'Hall 1', number: 'A1', sizeSqm: 9, stallType: 'shell', price: 1200, x: 0, y: 0, w: 3, h: 3, ...over });

async function company(name: string, ev = eventId, over: Record<string, unknown> = {}) {
  const res = await send('POST', ex(ev, '/companies'), { name, ...over });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; name: string; profileHtml: string };
}
async function newBooth(over: Record<string, unknown> = {}, ev = eventId) {
  const res = await send('POST', ex(ev, '/booths'), booth(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; number: string };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Expo Org' });
  H = bearer(a.accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Trade Fair');
  eventB = await createEvent(t.app, a.accessToken, 'Second Fair');
  // A team member whose role may look at companies but not change them.
  const orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: H, payload: { name: 'Exhibition viewer', codes: ['AP-482', 'AP-535'] } });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'viewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'viewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.77.0.1' });
  viewer = bearer(login.json().data.accessToken);
});
afterAll(async () => {
  await t?.close();
});

describe('companies', () => {
  it('creates a company with a sanitised profile, lists and searches it, and edits it', async () => {
    const c = await company('Acme Robotics', eventId, { profileHtml: '<p>Arms <b>and</b> grippers</p><iframe src="https://x.example"></iframe><form><input name="card"></form>', category: 'Automation', countryCode: 'de', website: 'https://acme.example', contactEmail: 'sales@acme.example' });
    expect(c.profileHtml).not.toMatch(/iframe|form|input/);
    expect(c.profileHtml).toContain('<b>and</b>');
    await company('Blue Textiles', eventId, { category: 'Fabrics' });
    const all = await t.app.inject({ url: ex(eventId, '/companies'), headers: H });
    expect(all.json().data.items.map((x: { name: string }) => x.name)).toEqual(['Acme Robotics', 'Blue Textiles']);
    const found = await t.app.inject({ url: ex(eventId, '/companies?search=fabr'), headers: H });
    expect(found.json().data).toMatchObject({ total: 1, items: [{ name: 'Blue Textiles' }] });
    const upd = await send('PUT', ex(eventId, `/companies/${c.id}`), { name: 'Acme Robotics GmbH', countryCode: 'DE' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ name: 'Acme Robotics GmbH', countryCode: 'DE', category: '' });
  });

  it('refuses bad input by field and a duplicate name with 409', async () => {
    const bad = await send('POST', ex(eventId, '/companies'), { name: ' ', countryCode: 'XX', website: 'ftp://files.example', contactEmail: 'nope', role: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'countryCode', 'website', 'contactEmail']));
    const dup = await send('POST', ex(eventId, '/companies'), { name: 'blue textiles' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EXHIBITION_COMPANY_NAME_TAKEN');
    // The same name is fine in another event.
    await company('Blue Textiles', eventB);
  });

  it('keeps another organisation out (404) and a member without the code (403)', async () => {
    expect((await t.app.inject({ url: ex(eventId, '/companies'), headers: other })).statusCode).toBe(404);
    expect((await send('POST', ex(eventId, '/companies'), { name: 'Intruder' }, other)).statusCode).toBe(404);
    expect((await t.app.inject({ url: ex(eventId, '/companies'), headers: viewer })).statusCode).toBe(200);
    expect((await send('POST', ex(eventId, '/companies'), { name: 'Not allowed' }, viewer)).statusCode).toBe(403);
    const c = await company('Scoped Co');
    // A company id used under another event of the same organiser is unknown there.
    expect((await send('PUT', ex(eventB, `/companies/${c.id}`), { name: 'Moved' })).statusCode).toBe(404);
    expect((await send('DELETE', ex(eventId, `/companies/${c.id}`), undefined, other)).statusCode).toBe(404);
  });
});

describe('CSV import of companies', () => {
  const importCsv = (csv: string, ev = eventB, headers = H) => send('POST', ex(ev, '/companies/import'), { csv }, headers);

  it('reports every bad row by row and column and imports nothing', async () => {
    const before = (await t.app.inject({ url: ex(eventB, '/companies'), headers: H })).json().data.total as number;
    const csv = ['Name,Country,Website,Email,Notes', 'Good One,IN,https://good.example,a@good.example,x', ',DE,,,', 'Bad Country,QQ,,,', 'good one,,,,', 'Blue Textiles,,,nope,'].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'rows.3.name', key: 'too_small' },
      { field: 'rows.4.countryCode', key: 'unknownCountry' },
      { field: 'rows.5.name', key: 'duplicateInFile' },
      { field: 'rows.6.contactEmail', key: 'inVaildEmail' },
      { field: 'rows.6.name', key: 'companyNameTaken' },
    ]);
    expect(res.json().message).toContain('nothing was imported');
    expect((await t.app.inject({ url: ex(eventB, '/companies'), headers: H })).json().data.total).toBe(before);
  });

  it('creates every row of a clean file, sanitising profiles; refuses a file without a name column, and callers without AP-490', async () => {
    const csv = 'company name,category,profile\r\n"Delta, Ltd",Energy,"<p>Solar <b>panels</b></p><iframe src=""https://x.example""></iframe>"\r\nEpsilon,,\r\n';
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ created: 2 });
    const delta = (await t.app.inject({ url: ex(eventB, '/companies?search=Delta'), headers: H })).json().data.items[0];
    expect(delta).toMatchObject({ name: 'Delta, Ltd', category: 'Energy', profileHtml: '<p>Solar <b>panels</b></p>' });
    expect((await importCsv('category\nFood')).json().errors).toEqual([{ field: 'csv', key: 'nameColumnMissing' }]);
    expect((await importCsv('name\n')).json().errors).toEqual([{ field: 'csv', key: 'noRows' }]);
    expect((await importCsv('name\nZed', eventB, viewer)).statusCode).toBe(403);
    expect((await importCsv('name\nZed', eventB, other)).statusCode).toBe(404);
  });
});

describe('XLSX import of companies', () => {
  const importXlsx = (bytes: Uint8Array, ev = eventB, headers = H) => send('POST', ex(ev, '/companies/import'), { xlsxBase64: Buffer.from(bytes).toString('base64') }, headers);
  /** A workbook as Excel writes one (SheetJS's writer): the first sheet holds the table. */
  const workbook = (rows: unknown[][], extraSheet?: unknown[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Companies');
    if (extraSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(extraSheet), 'Notes');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };

  it('imports the first sheet as the CSV import does: header aliases, numbers as text, blank rows skipped', async () => {
    const res = await importXlsx(workbook([['Company', 'Country', 'Category', 'Web'], ['Zeta Robotics', 'DE', 'Automation', 'https://zeta.example'], [], ['Eta 42', 'IN', 2027, '']], [['name'], ['Not imported']]));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ created: 2 });
    const zeta = (await t.app.inject({ url: ex(eventB, '/companies?search=Zeta'), headers: H })).json().data.items[0];
    expect(zeta).toMatchObject({ name: 'Zeta Robotics', countryCode: 'DE', category: 'Automation', website: 'https://zeta.example' });
    expect((await t.app.inject({ url: ex(eventB, '/companies?search=Eta 42'), headers: H })).json().data.items[0]).toMatchObject({ category: '2027' });
    expect((await t.app.inject({ url: ex(eventB, '/companies?search=Not imported'), headers: H })).json().data.total).toBe(0);
  });

  it('reports bad rows by row and column and imports nothing', async () => {
    const before = (await t.app.inject({ url: ex(eventB, '/companies'), headers: H })).json().data.total as number;
    const res = await importXlsx(workbook([['name', 'email'], ['Theta', 'theta@example.com'], ['Theta', ''], ['Iota', 'nope']]));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'rows.3.name', key: 'duplicateInFile' },
      { field: 'rows.4.contactEmail', key: 'inVaildEmail' },
    ]);
    expect((await t.app.inject({ url: ex(eventB, '/companies'), headers: H })).json().data.total).toBe(before);
  });

  it('refuses what is not a workbook, a zip bomb, too many rows, both files or none, and callers without AP-490', async () => {
    const xlsxError = async (bytes: Uint8Array) => (await importXlsx(bytes)).json().errors;
    expect(await xlsxError(Buffer.from('name\nKappa\n'))).toEqual([{ field: 'xlsxBase64', key: 'xlsxInvalid' }]);
    // A zip, but no workbook in it.
    expect(await xlsxError(zipSync({ 'readme.txt': new TextEncoder().encode('hello') }))).toEqual([{ field: 'xlsxBase64', key: 'xlsxInvalid' }]);
    // 64 MB of zeros deflate to about 64 KB: refused from the zip's directory, before anything is inflated.
    expect(await xlsxError(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(64 * 1024 * 1024) }, { level: 9 }))).toEqual([{ field: 'xlsxBase64', key: 'xlsxTooLarge' }]);
    const long = [['name'], ...Array.from({ length: 2001 }, (_, i) => [`Company ${i}`])];
    expect(await xlsxError(workbook(long))).toEqual([{ field: 'xlsxBase64', key: 'tooManyRows' }]);
    expect(await xlsxError(workbook([['category'], ['Food']]))).toEqual([{ field: 'xlsxBase64', key: 'nameColumnMissing' }]);
    const both = await send('POST', ex(eventB, '/companies/import'), { csv: 'name\nLambda', xlsxBase64: 'UEsDBA==' });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual([{ field: 'file', key: 'fileMissing' }]);
    expect((await send('POST', ex(eventB, '/companies/import'), {})).json().errors).toEqual([{ field: 'file', key: 'fileMissing' }]);
    expect((await send('POST', ex(eventB, '/companies/import'), { xlsxBase64: 'not base64!' })).statusCode).toBe(400);
    expect((await importXlsx(workbook([['name'], ['Mu']]), eventB, viewer)).statusCode).toBe(403);
    expect((await importXlsx(workbook([['name'], ['Mu']]), eventB, other)).statusCode).toBe(404);
  });
});

describe('booths and the hall plan', () => {
  it('places booths, refuses a duplicate number and an overlap naming the clashing booth', async () => {
    const a1 = await newBooth({ hall: 'Hall 2', number: 'A1', x: 0, y: 0, w: 3, h: 2 });
    // Touching edges is fine.
    await newBooth({ hall: 'Hall 2', number: 'A2', x: 3, y: 0, w: 2, h: 2, stallType: 'raw' });
    const dup = await send('POST', ex(eventId, '/booths'), booth({ hall: 'Hall 2', number: 'a1', x: 10, y: 10 }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EXHIBITION_BOOTH_NUMBER_TAKEN');
    const overlap = await send('POST', ex(eventId, '/booths'), booth({ hall: 'Hall 2', number: 'B7', x: 2, y: 1, w: 2, h: 2 }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'EXHIBITION_BOOTH_OVERLAP' });
    expect(overlap.json().message).toContain('A1');
    // The same cells in another hall are free; moving a booth onto another is refused, onto its own cells is not.
    await newBooth({ hall: 'Hall 3', number: 'A1', x: 0, y: 0, w: 3, h: 2 });
    const move = await send('PUT', ex(eventId, `/booths/${a1.id}`), booth({ hall: 'Hall 2', number: 'A1', x: 1, y: 0, w: 3, h: 2 }));
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toContain('A2');
    const grow = await send('PUT', ex(eventId, `/booths/${a1.id}`), booth({ hall: 'Hall 2', number: 'A1', x: 0, y: 0, w: 3, h: 4, sizeSqm: 24 }));
    expect(grow.statusCode).toBe(200);
    expect(grow.json().data).toMatchObject({ h: 4, sizeSqm: 24 });
    const list = (await t.app.inject({ url: ex(eventId, '/booths'), headers: H })).json().data;
    expect(list.halls).toEqual(expect.arrayContaining(['Hall 2', 'Hall 3']));
    expect(list.booths.filter((b: { hall: string }) => b.hall === 'Hall 2').map((b: { number: string }) => b.number)).toEqual(['A1', 'A2']);
  });

  it('refuses a booth outside the plan, a bad stall type, a negative or sub-cent price', async () => {
    const outside = await send('POST', ex(eventId, '/booths'), booth({ number: 'Z9', x: 38, w: 5 }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([{ field: 'w', key: 'outsidePlan' }]);
    const res = await send('POST', ex(eventId, '/booths'), booth({ number: 'Z9', stallType: 'tent', price: -1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['price', 'stallType']);
    const cents = await send('POST', ex(eventId, '/booths'), booth({ number: 'Z9', x: 30, price: 10.005 }));
    expect(cents.json().errors).toEqual([{ field: 'price', key: 'priceCents' }]);
  });

  it('gives a booth to one company, lets a company hold several, and refuses to delete a holder', async () => {
    const holder = await company('Holder Ltd');
    const b1 = await newBooth({ hall: 'Hall 4', number: '1', x: 0 });
    const b2 = await newBooth({ hall: 'Hall 4', number: '2', x: 5 });
    expect((await send('PUT', ex(eventId, `/booths/${b1.id}/holder`), { companyId: holder.id })).json().data.company).toEqual({ id: holder.id, name: 'Holder Ltd' });
    await send('PUT', ex(eventId, `/booths/${b2.id}/holder`), { companyId: holder.id });
    // Reassigning replaces the holder: a booth has at most one.
    const rival = await company('Rival Stands');
    expect((await send('PUT', ex(eventId, `/booths/${b2.id}/holder`), { companyId: rival.id })).json().data.company.name).toBe('Rival Stands');
    const mine = (await t.app.inject({ url: ex(eventId, '/companies?search=Holder'), headers: H })).json().data.items[0];
    expect(mine.booths.map((b: { number: string }) => b.number)).toEqual(['1']);
    // A company of another event, or of another organisation, cannot take it.
    const elsewhere = await company('Elsewhere', eventB);
    const wrong = await send('PUT', ex(eventId, `/booths/${b1.id}/holder`), { companyId: elsewhere.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'companyId', key: 'unknownCompany' }]);
    expect((await send('PUT', ex(eventId, `/booths/${b1.id}/holder`), { companyId: holder.id }, other)).statusCode).toBe(404);
    expect((await send('PUT', ex(eventId, `/booths/${b1.id}/holder`), { companyId: holder.id }, viewer)).statusCode).toBe(403);
    const del = await send('DELETE', ex(eventId, `/companies/${holder.id}`));
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'EXHIBITION_COMPANY_HOLDS_BOOTHS' });
    expect(del.json().message).toContain('Hall 4 1');
    await send('PUT', ex(eventId, `/booths/${b1.id}/holder`), { companyId: null });
    expect((await send('DELETE', ex(eventId, `/companies/${holder.id}`))).statusCode).toBe(200);
    expect((await send('DELETE', ex(eventId, `/booths/${b2.id}`))).statusCode).toBe(200);
    expect((await send('DELETE', ex(eventId, `/booths/${b2.id}`))).statusCode).toBe(404);
  });
});

describe('products', () => {
  it('adds products with a price or on request, scoped to the company and event', async () => {
    const c = await company('Gadget House');
    const priced = await send('POST', ex(eventId, `/companies/${c.id}/products`), { name: 'Smart Lamp', category: 'Lighting', description: 'Warm light', price: 49.9 });
    expect(priced.statusCode).toBe(201);
    expect(priced.json().data).toMatchObject({ name: 'Smart Lamp', price: 49.9 });
    const onRequest = await send('POST', ex(eventId, `/companies/${c.id}/products`), { name: 'Custom Rig', price: null });
    expect(onRequest.json().data.price).toBeNull();
    const missing = await send('POST', ex(eventId, `/companies/${c.id}/products`), { name: 'No price field' });
    expect(missing.statusCode).toBe(400);
    const list = (await t.app.inject({ url: ex(eventId, `/companies/${c.id}/products`), headers: H })).json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Custom Rig', 'Smart Lamp']);
    expect((await t.app.inject({ url: ex(eventB, `/companies/${c.id}/products`), headers: H })).statusCode).toBe(404);
    expect((await t.app.inject({ url: ex(eventId, `/companies/${c.id}/products`), headers: other })).statusCode).toBe(404);
    const id = priced.json().data.id as string;
    expect((await send('PUT', ex(eventId, `/companies/${c.id}/products/${id}`), { name: 'Smart Lamp 2', price: 59 })).json().data.price).toBe(59);
    expect((await send('DELETE', ex(eventId, `/companies/${c.id}/products/${id}`))).statusCode).toBe(200);
  });
});

describe('attendee: the Exhibitors tab', () => {
  it('lists the event companies with their booths, searches them, and opens a company page with products', async () => {
    const ev = await createEvent(t.app, H.authorization!.slice(7), 'Visitor Fair');
    const c = await company('Nordic Foods', ev, { category: 'Food', profileHtml: '<p>Smoked fish</p>' });
    await company('Zeta Tools', ev);
    const b = await newBooth({ hall: 'Hall A', number: 'F12' }, ev);
    await send('PUT', ex(ev, `/booths/${b.id}/holder`), { companyId: c.id });
    await send('POST', ex(ev, `/companies/${c.id}/products`), { name: 'Salmon box', price: null });
    const list = await t.app.inject(pub(ev));
    expect(list.statusCode).toBe(200);
    // An anonymous visitor's list: cached bytes with an ETag the browser revalidates (304); a body this small is
    // not compressed even when the browser takes gzip.
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const etag = list.headers.etag as string;
    expect((await t.app.inject({ url: pub(ev), headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const small = await t.app.inject({ url: pub(ev), headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(list.json());
    expect(list.json().data.items).toEqual([
      { id: c.id, name: 'Nordic Foods', logoUrl: null, category: 'Food', countryCode: '', booths: [{ id: b.id, hall: 'Hall A', number: 'F12' }] },
      expect.objectContaining({ name: 'Zeta Tools', booths: [] }),
    ]);
    expect((await t.app.inject(pub(ev, '?search=f12'))).json().data.items.map((x: { name: string }) => x.name)).toEqual(['Nordic Foods']);
    // Paged: a page of one, with the total.
    const second = (await t.app.inject(pub(ev, '?pageSize=1&page=2'))).json().data;
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ name: 'Zeta Tools' }] });
    expect((await t.app.inject(pub(ev, '?pageSize=500'))).statusCode).toBe(400);
    const page = await t.app.inject(pub(ev, `/${c.id}`));
    expect(page.json().data).toMatchObject({ company: { name: 'Nordic Foods', profileHtml: '<p>Smoked fish</p>' }, products: [{ name: 'Salmon box', price: null }] });
    // Another event's company is not found through this event.
    expect((await t.app.inject(pub(eventId, `/${c.id}`))).statusCode).toBe(404);
  });

  it('applies the tab rules: hidden 404, login required 401 anonymous and 200 for the organiser', async () => {
    const ev = await createEvent(t.app, H.authorization!.slice(7), 'Rules Fair');
    const tabs = (await t.app.inject({ url: `/api/eventservices/events/${ev}/app-tabs`, headers: H })).json().data.tabs as Record<string, unknown>[];
    const save = (patch: Record<string, unknown>) =>
      send('PUT', `/api/eventservices/events/${ev}/app-tabs`, {
        tabs: tabs.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds, ...(tabName === 'exhibitors' ? patch : {}) })),
      });
    expect((await save({ loginRequired: true })).statusCode).toBe(200);
    expect((await t.app.inject(pub(ev))).statusCode).toBe(401);
    expect((await t.app.inject({ url: pub(ev), headers: H })).statusCode).toBe(200);
    expect((await save({ showInMenu: false, loginRequired: false })).statusCode).toBe(200);
    expect((await t.app.inject(pub(ev))).statusCode).toBe(404);
    // An attendee of no event gets nothing of a hidden tab either.
    await t.ctx.auth.createUser({ organisationId: null, email: 'walker@example.com', password: 'Walk#Secure2026', firstName: 'Wa', userType: UserType.Attendee, role: 'Attendee' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'walker@example.com', password: 'Walk#Secure2026' }, remoteAddress: '10.77.0.2' });
    expect((await t.app.inject({ url: pub(ev), headers: bearer(login.json().data.accessToken) })).statusCode).toBe(404);
  });
});
