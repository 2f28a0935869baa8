import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_DOCUMENT_MAX_BYTES, PRODUCT_DOCUMENTS_MAX } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { companyAdminOf, participantOf } from './stand.fixtures.ts';

/*
 * Issue 15, a product's documents: the organiser (Products codes) and the company admin on My stand upload, rename and
 * delete them with one set of rules (SPEC §5 document types by magic bytes, size, at most 5 a product); bad input by
 * key writes nothing; staff and strangers 403, another company's product, event or organisation 404. Visitors list
 * them on the company's page and open them with a 10-minute link, each open counted as Documents 4 / download 2, and
 * the exhibitor report lists them.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let rival: Record<string, string>;
let viewer: Record<string, string>;
let orgA: string;
let eventId: string;
let eventB: string;
let acme: string;
let beta: string;
let lamp: string;
let stool: string;
let productOtherEvent: string;
let companyOtherEvent: string;
let adminAcme: Record<string, string>;
let staffAcme: Record<string, string>;
let stranger: Record<string, string>;
let shiftMs = 0;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const mine = (ev: string, path: string) => `/api/eventservices/events/${ev}/my-stand${path}`;
const pub = (ev: string, path: string) => `/api/eventservices/public/events/${ev}/exhibitors${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = H, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const body = (file: Buffer, fileName: string, title = 'Data sheet') => ({ title, fileName, dataBase64: file.toString('base64') });
const docsOf = (c: string, p: string, ev = eventId) => ex(ev, `/companies/${c}/products/${p}/documents`);
const listed = async (c = acme, p = lamp) => (await call('GET', docsOf(c, p))).json().data as { id: string; title: string; downloads: number }[];

async function product(companyId: string, name: string, ev = eventId) {
  const res = await call('POST', ex(ev, `/companies/${companyId}/products`), H, { name, price: 10 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.test' }, { now: () => new Date(Date.now() + shiftMs) });
  const a = await signupOrganiser(t.app, { organisationName: 'Product Docs Org' });
  H = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  rival = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Product Docs Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Product Docs Fair');
  eventB = await createEvent(t.app, a.accessToken, 'Other Product Docs Fair');
  acme = (await call('POST', ex(eventId, '/companies'), H, { name: 'Acme Lamps' })).json().data.id;
  beta = (await call('POST', ex(eventId, '/companies'), H, { name: 'Beta Chairs' })).json().data.id;
  companyOtherEvent = (await call('POST', ex(eventB, '/companies'), H, { name: 'Elsewhere Ltd' })).json().data.id;
  lamp = await product(acme, 'Desk lamp');
  stool = await product(beta, 'Stool');
  productOtherEvent = await product(companyOtherEvent, 'Far lamp', eventB);
  // A team member who may view products (AP-559) but not edit them (AP-561).
  const role = await call('POST', '/api/auth/roles', H, { name: 'Product viewer', codes: ['AP-559'] });
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'product-viewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'product-viewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.81.0.1' });
  viewer = bearer(login.json().data.accessToken);
  adminAcme = await companyAdminOf(t, smtp, H, eventId, acme, 'admin@acme-lamps.example');
  const staffEmail = `staff-${newId().slice(0, 6).toLowerCase()}@acme-lamps.example`;
  expect((await call('PUT', ex(eventId, `/companies/${acme}/staff`), H, { emails: [staffEmail] })).statusCode).toBe(200);
  staffAcme = await participantOf(t, orgA, eventId, staffEmail);
  stranger = await participantOf(t, orgA, eventId, `visitor-${newId().slice(0, 6).toLowerCase()}@example.com`);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('organiser: product documents', () => {
  it('uploads, lists, renames and deletes a product document', async () => {
    const up = await call('POST', docsOf(acme, lamp), H, body(PDF, 'lamp.pdf'));
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ productId: lamp, companyId: acme, title: 'Data sheet', fileName: 'lamp.pdf', contentType: 'application/pdf', byteSize: PDF.length, downloads: 0 });
    const csv = (await call('POST', docsOf(acme, lamp), H, body(Buffer.from('a,b\n1,2\n'), 'stock.csv', 'Stock'))).json().data as { id: string; contentType: string };
    expect(csv.contentType).toBe('text/csv');
    const renamed = await call('PUT', `${docsOf(acme, lamp)}/${csv.id}`, H, { title: '  Stock list ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.title).toBe('Stock list');
    expect((await listed()).map((d) => d.title)).toEqual(['Data sheet', 'Stock list']);
    expect((await call('DELETE', `${docsOf(acme, lamp)}/${csv.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${docsOf(acme, lamp)}/${csv.id}`)).statusCode).toBe(404);
    expect((await listed()).map((d) => d.title)).toEqual(['Data sheet']);
  });

  it('refuses a wrong type, a renamed exe, mismatched bytes, a too-large file and bad fields by key, and writes nothing', async () => {
    const before = (await listed()).length;
    const type = await call('POST', docsOf(acme, lamp), H, body(PDF, 'sheet.exe'));
    expect(type.statusCode).toBe(400);
    expect(type.json().errors).toEqual([expect.objectContaining({ field: 'fileName', key: 'fileTypeNotAllowed' })]);
    const exe = await call('POST', docsOf(acme, lamp), H, body(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'sheet.pdf'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors).toEqual([expect.objectContaining({ field: 'dataBase64', key: 'fileContentMismatch' })]);
    const png = await call('POST', docsOf(acme, lamp), H, body(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'), 'sheet.docx'));
    expect(png.json().errors).toEqual([expect.objectContaining({ field: 'dataBase64', key: 'fileContentMismatch' })]);
    const big = Buffer.alloc(PRODUCT_DOCUMENT_MAX_BYTES + 1, 0x20);
    PDF.copy(big, 0);
    const tooBig = await call('POST', docsOf(acme, lamp), H, body(big, 'big.pdf'));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual([expect.objectContaining({ field: 'dataBase64', key: 'fileTooLarge' })]);
    expect((await call('POST', docsOf(acme, lamp), H, body(PDF, 'x.pdf', ' '))).json().errors).toEqual([expect.objectContaining({ field: 'title' })]);
    expect((await call('POST', docsOf(acme, lamp), H, { ...body(PDF, 'x.pdf'), dataBase64: 'not base64!' })).json().errors).toEqual([expect.objectContaining({ field: 'dataBase64' })]);
    expect((await call('POST', docsOf(acme, lamp), H, { ...body(PDF, 'x.pdf'), productId: stool })).statusCode).toBe(400);
    expect((await call('POST', docsOf(acme, lamp), H, { title: 'No file' })).statusCode).toBe(400);
    const id = (await listed())[0]!.id;
    expect((await call('PUT', `${docsOf(acme, lamp)}/${id}`, H, { title: '' })).json().errors).toEqual([expect.objectContaining({ field: 'title' })]);
    expect((await listed()).length).toBe(before);
    expect((await listed())[0]!.title).toBe('Data sheet');
  });

  it('holds at most 5 documents a product: the next one is 409 and not written', async () => {
    const extra: string[] = [];
    while ((await listed(beta, stool)).length < PRODUCT_DOCUMENTS_MAX) extra.push((await call('POST', docsOf(beta, stool), H, body(PDF, 'stool.pdf'))).json().data.id);
    const full = await call('POST', docsOf(beta, stool), H, body(PDF, 'stool.pdf'));
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('EXHIBITION_TOO_MANY_DOCUMENTS');
    expect(await listed(beta, stool)).toHaveLength(PRODUCT_DOCUMENTS_MAX);
    for (const id of extra) expect((await call('DELETE', `${docsOf(beta, stool)}/${id}`)).statusCode).toBe(200);
  });

  it('answers 401 without a session, 403 without the edit code, 404 for another organisation, event, company or product', async () => {
    const id = (await listed())[0]!.id;
    expect((await call('GET', docsOf(acme, lamp), {})).statusCode).toBe(401);
    expect((await call('GET', docsOf(acme, lamp), viewer)).statusCode).toBe(200);
    expect((await call('POST', docsOf(acme, lamp), viewer, body(PDF, 'v.pdf'))).statusCode).toBe(403);
    expect((await call('PUT', `${docsOf(acme, lamp)}/${id}`, viewer, { title: 'Viewer' })).statusCode).toBe(403);
    expect((await call('DELETE', `${docsOf(acme, lamp)}/${id}`, viewer)).statusCode).toBe(403);
    expect((await call('GET', docsOf(acme, lamp), rival)).statusCode).toBe(404);
    expect((await call('POST', docsOf(acme, lamp), rival, body(PDF, 'r.pdf'))).statusCode).toBe(404);
    expect((await call('DELETE', `${docsOf(acme, lamp)}/${id}`, rival)).statusCode).toBe(404);
    // Acme's product through Beta's path, a product of another event through this one, Acme's document under Beta's product.
    expect((await call('POST', docsOf(beta, lamp), H, body(PDF, 'b.pdf'))).statusCode).toBe(404);
    expect((await call('GET', docsOf(companyOtherEvent, productOtherEvent, eventId))).statusCode).toBe(404);
    expect((await call('PUT', `${docsOf(beta, stool)}/${id}`, H, { title: 'Moved' })).statusCode).toBe(404);
    expect((await call('DELETE', `${docsOf(beta, stool)}/${id}`)).statusCode).toBe(404);
    expect((await listed()).map((d) => d.title)).toEqual(['Data sheet']);
  });
});

describe('my-stand: product documents of the company admin', () => {
  const myDocs = (p: string) => mine(eventId, `/products/${p}/documents`);

  it('uploads, renames and deletes documents of its own products with the same rules', async () => {
    const up = await call('POST', myDocs(lamp), adminAcme, body(Buffer.from('Lamp wattage: 40\n'), 'specs.txt', 'Specs'));
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().data.id as string;
    // The organiser sees the same document on the product (one table, one set of rules).
    expect((await listed()).map((d) => d.title)).toEqual(['Data sheet', 'Specs']);
    expect((await call('PUT', `${myDocs(lamp)}/${id}`, adminAcme, { title: 'Lamp specs' })).json().data.title).toBe('Lamp specs');
    const exe = await call('POST', myDocs(lamp), adminAcme, body(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'specs.pdf'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors).toEqual([expect.objectContaining({ field: 'dataBase64', key: 'fileContentMismatch' })]);
    expect((await call('GET', myDocs(lamp), adminAcme)).json().data.map((d: { title: string }) => d.title)).toEqual(['Data sheet', 'Lamp specs']);
    expect((await call('DELETE', `${myDocs(lamp)}/${id}`, adminAcme)).statusCode).toBe(200);
    expect((await listed()).map((d) => d.title)).toEqual(['Data sheet']);
  });

  it('refuses staff and strangers (403) and a product of another company (404), writing nothing', async () => {
    const id = (await listed())[0]!.id;
    for (const who of [staffAcme, stranger]) {
      const res = await call('POST', myDocs(lamp), who, body(PDF, 's.pdf'));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('EXHIBITION_NOT_COMPANY_ADMIN');
      expect((await call('GET', myDocs(lamp), who)).statusCode).toBe(403);
      expect((await call('DELETE', `${myDocs(lamp)}/${id}`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', myDocs(lamp), {})).statusCode).toBe(401);
    expect((await call('GET', myDocs(stool), adminAcme)).statusCode).toBe(404);
    expect((await call('POST', myDocs(stool), adminAcme, body(PDF, 's.pdf'))).statusCode).toBe(404);
    expect((await call('PUT', `${mine(eventId, `/products/${stool}/documents`)}/${id}`, adminAcme, { title: 'Mine' })).statusCode).toBe(404);
    expect(await listed(beta, stool)).toEqual([]);
    expect((await listed()).map((d) => d.title)).toEqual(['Data sheet']);
  });
});

describe('visitors: a product document', () => {
  it('lists the documents by product, counts each open once per participant (anonymous every time), serves the bytes and expires the link', async () => {
    const doc = (await listed())[0]!;
    const docs = await call('GET', pub(eventId, `/${acme}/product-documents`), {});
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json().data).toEqual({ [lamp]: [{ id: doc.id, title: 'Data sheet', fileName: 'lamp.pdf', byteSize: PDF.length }] });
    expect((await call('GET', pub(eventB, `/${acme}/product-documents`), {})).statusCode).toBe(404);

    const visitor = await participantOf(t, orgA, eventId, `buyer-${newId().slice(0, 6).toLowerCase()}@example.com`);
    const openPath = pub(eventId, `/${acme}/products/${lamp}/documents/${doc.id}/open`);
    const open = await call('POST', openPath, visitor);
    expect(open.statusCode, open.body).toBe(200);
    const { url, fileName } = open.json().data as { url: string; fileName: string };
    expect(fileName).toBe('lamp.pdf');
    await call('POST', openPath, visitor);
    await call('POST', openPath, {});
    // Another company's path, another product: 404, nothing counted.
    expect((await call('POST', openPath.replace(acme, beta), visitor)).statusCode).toBe(404);
    expect((await call('POST', openPath.replace(lamp, stool), visitor)).statusCode).toBe(404);

    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="lamp.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const rows = await t.ctx.database.db.execute(sql`select analytics_type, action, item_id, event_user_id is null as anonymous from exhibition_media_actions where company_id = ${acme} order by anonymous`);
    expect(rows.rows).toEqual([
      { analytics_type: 4, action: 2, item_id: doc.id, anonymous: false },
      { analytics_type: 4, action: 2, item_id: doc.id, anonymous: true },
    ]);
    expect((await listed())[0]!.downloads).toBe(2);
    const report = (await call('GET', ex(eventId, `/companies/${acme}/report`))).json().data as { tabs: { key: string; rows: { label: string; counts: number[] }[] }[] };
    expect(report.tabs.find((x) => x.key === 'documents')!.rows).toEqual([{ label: 'Desk lamp · Data sheet', counts: [0, 2] }]);

    // A forged ticket (sealed or not), another document's path, an expired link: 404.
    const path = url.slice(0, url.indexOf('?'));
    const ticket = url.slice(url.indexOf('ticket=') + 7);
    expect((await t.app.inject({ url: `${path}?ticket=forged` })).statusCode).toBe(404);
    const plain = encodeURIComponent(JSON.stringify({ d: doc.id, p: lamp, e: eventId, c: acme, x: Date.now() + 60_000 }));
    expect((await t.app.inject({ url: `${path}?ticket=${plain}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${path.replace(lamp, stool)}?ticket=${ticket}` })).statusCode).toBe(404);
    shiftMs = 11 * 60 * 1000;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    shiftMs = 0;
  });

  it('forgets the downloads of a deleted document', async () => {
    const id = (await call('POST', docsOf(acme, lamp), H, body(PDF, 'old.pdf', 'Old sheet'))).json().data.id as string;
    await call('POST', pub(eventId, `/${acme}/products/${lamp}/documents/${id}/open`), {});
    expect((await call('DELETE', `${docsOf(acme, lamp)}/${id}`)).statusCode).toBe(200);
    const left = await t.ctx.database.db.execute(sql`select count(*)::int as n from exhibition_media_actions where item_id = ${id}`);
    expect(left.rows).toEqual([{ n: 0 }]);
    expect((await call('POST', pub(eventId, `/${acme}/products/${lamp}/documents/${id}/open`), {})).statusCode).toBe(404);
  });
});
