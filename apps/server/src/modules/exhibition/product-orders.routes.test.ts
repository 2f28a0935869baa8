import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent, createTicket, placeOrder } from '../registration/registration.fixtures.ts';
import { companyAdminOf, participantOf } from './stand.fixtures.ts';
import { createExhibitionRepository } from './exhibition.repository.ts';
import { createProductOrdersRepository } from './product-orders.repository.ts';
import { createProductOrdersService } from './product-orders.service.ts';

/*
 * Issue 15: product images (type, magic bytes, size, count), attendees' product orders priced by the server, their
 * approval by the company (admin or staff) or the organiser under one status rule, the "Product approved" mail and
 * inbox notice, and the staff badge quota per stall size.
 */
const PUBLIC_URL = 'https://pavilion.test';
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
let farCo: string;
let priced: string;
let onRequest: string;
let betaProduct: string;
let farProduct: string;
let visitor: Record<string, string>;
let visitorEmail: string;
let unregistered: Record<string, string>;
let adminAcme: Record<string, string>;
let adminBeta: Record<string, string>;
let staffAcme: Record<string, string>;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const mine = (ev: string, path = '') => `/api/eventservices/events/${ev}/my-stand${path}`;
const pub = (ev: string, path: string) => `/api/eventservices/public/events/${ev}/exhibitors${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1ad7b0000000049454e44ae426082', 'hex');

async function company(name: string, ev = eventId) {
  const res = await call('POST', ex(ev, '/companies'), H, { name, contactEmail: `${name.toLowerCase().replace(/\W/g, '')}@firm.example` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function product(companyId: string, name: string, price: number | null, ev = eventId) {
  const res = await call('POST', ex(ev, `/companies/${companyId}/products`), H, { name, price });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function booth(number: string, sizeSqm: number, companyId: string, x: number) {
  const res = await call('POST', ex(eventId, '/booths'), H, { hall: 'Hall Q', number, sizeSqm, stallType: 'shell', price: 100, x, y: 0, w: 2, h: 2 });
  expect(res.statusCode, res.body).toBe(201);
  expect((await call('PUT', ex(eventId, `/booths/${res.json().data.id}/holder`), H, { companyId })).statusCode).toBe(200);
}
const participant = (ev: string, email: string) => participantOf(t, orgA, ev, email);
async function register(ev: string, ticketId: string, email: string) {
  const res = await placeOrder(t.app, ev, {
    items: [{ ticketId, quantity: 1 }],
    expectedTotal: 0,
    currency: 'EUR',
    buyer: { firstName: 'Olga', lastName: 'Orderer', email },
    attendees: [{ ticketId, firstName: 'Olga', lastName: 'Orderer', email }],
  });
  expect(res.statusCode, res.body).toBe(201);
}
const adminOf = (companyId: string, email: string) => companyAdminOf(t, smtp, H, eventId, companyId, email);
async function order(body: Record<string, unknown>, headers = visitor, companyId = acme) {
  return call('POST', pub(eventId, `/${companyId}/orders`), headers, body);
}
async function orderCount(): Promise<number> {
  return (await call('GET', ex(eventId, '/product-orders?pageSize=100'), H)).json().data.total;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  const a = await signupOrganiser(t.app, { organisationName: 'Orders Org' });
  H = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  rival = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Orders Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Orders Expo');
  eventB = await createEvent(t.app, a.accessToken, 'Far Expo');
  const role = await call('POST', '/api/auth/roles', H, { name: 'Orders viewer', codes: ['AP-572', 'AP-559', 'AP-535'] });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'ordersviewer@expo.example', password: 'View#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'ordersviewer@expo.example', password: 'View#Secure2026' }, remoteAddress: '10.79.0.1' });
  viewer = bearer(login.json().data.accessToken);

  acme = await company('Acme Tools');
  beta = await company('Beta Paints');
  farCo = await company('Far Co', eventB);
  priced = await product(acme, 'Torque wrench', 12.5);
  onRequest = await product(acme, 'Custom rig', null);
  betaProduct = await product(beta, 'Blue paint', 3);
  farProduct = await product(farCo, 'Far thing', 1, eventB);

  const ticket = await createTicket(t.app, a.accessToken, eventId, { isFree: true, price: 0 });
  visitorEmail = `olga-${newId().slice(0, 6).toLowerCase()}@example.com`;
  await register(eventId, ticket.id, visitorEmail);
  visitor = await participant(eventId, visitorEmail);
  unregistered = await participant(eventId, `nobody-${newId().slice(0, 6).toLowerCase()}@example.com`);
  adminAcme = await adminOf(acme, 'admin@acme.example');
  adminBeta = await adminOf(beta, 'admin@beta.example');
  const staffEmail = `staff-${newId().slice(0, 6).toLowerCase()}@acme.example`;
  expect((await call('PUT', ex(eventId, `/companies/${acme}/staff`), H, { emails: [staffEmail] })).statusCode).toBe(200);
  staffAcme = await participant(eventId, staffEmail);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('placing an order', () => {
  it('prices the order from the server: a priced product, and a quote request for one on request', async () => {
    const res = await order({ productId: priced, quantity: 3, note: 'Before Friday' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ productName: 'Torque wrench', quantity: 3, unitPrice: 12.5, total: 37.5, isQuote: false, status: 'pending', companyName: 'Acme Tools', note: 'Before Friday', attendeeEmail: visitorEmail, allowedActions: ['approve', 'reject'] });
    const quote = await order({ productId: onRequest, quantity: 1 });
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json().data).toMatchObject({ unitPrice: null, total: null, isQuote: true, status: 'pending' });
  });

  it('refuses a price sent along, a quantity of 0, -1 or 1.5, and writes nothing', async () => {
    const before = await orderCount();
    const tampered = await order({ productId: priced, quantity: 1, price: 0.01 });
    expect(tampered.statusCode).toBe(400);
    for (const quantity of [0, -1, 1.5, '2']) {
      const bad = await order({ productId: priced, quantity });
      expect(bad.statusCode, String(quantity)).toBe(400);
      expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['quantity']);
    }
    expect((await order({ quantity: 1 })).json().errors.map((e: { field: string }) => e.field)).toEqual(['productId']);
    expect((await order({ productId: priced, quantity: 1, note: '<script>alert(1)</script>' })).json().code).toBe(1001);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a product of another company or event (unknownProduct), a company of another event 404', async () => {
    for (const productId of [betaProduct, farProduct, 'nope']) {
      const res = await order({ productId, quantity: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'productId', key: 'unknownProduct' }]);
    }
    expect((await order({ productId: farProduct, quantity: 1 }, visitor, farCo)).statusCode).toBe(404);
  });

  it('needs a signed-in participant of the event with a registration', async () => {
    expect((await order({ productId: priced, quantity: 1 }, {})).statusCode).toBe(401);
    const noRegistration = await order({ productId: priced, quantity: 1 }, unregistered);
    expect(noRegistration.statusCode).toBe(403);
    expect(noRegistration.json().code).toBe('EXHIBITION_NO_REGISTRATION');
    // Signed in to another event: not a participant here.
    const elsewhere = await participant(eventB, visitorEmail);
    const res = await call('POST', pub(eventId, `/${acme}/orders`), elsewhere, { productId: priced, quantity: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EXHIBITION_NOT_PARTICIPANT');
  });

  it('shows the attendee their own orders only', async () => {
    const mineRes = await call('GET', `/api/eventservices/events/${eventId}/product-orders/mine`, visitor);
    expect(mineRes.statusCode).toBe(200);
    expect(mineRes.json().data.items.map((o: { productName: string }) => o.productName).sort()).toEqual(['Custom rig', 'Torque wrench']);
    expect((await call('GET', `/api/eventservices/events/${eventId}/product-orders/mine`, unregistered)).json().data.items).toEqual([]);
  });
});

describe('deciding orders', () => {
  it('lets the company admin and staff see their own orders; others are refused', async () => {
    const list = await call('GET', mine(eventId, '/product-orders'), adminAcme);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.company.name).toBe('Acme Tools');
    expect(list.json().data.items.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', mine(eventId, '/product-orders'), staffAcme)).json().data.items).toHaveLength(list.json().data.items.length);
    expect((await call('GET', mine(eventId, '/product-orders'), adminBeta)).json().data.items).toEqual([]);
    const outsider = await call('GET', mine(eventId, '/product-orders'), visitor);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe('EXHIBITION_NOT_COMPANY_MEMBER');
  });

  it('approves once: mail and inbox notice "Product approved"; another company cannot; then fulfilled', async () => {
    const placed = (await order({ productId: priced, quantity: 2 })).json().data;
    const betaTry = await call('POST', mine(eventId, `/product-orders/${placed.id}/approve`), adminBeta, {});
    expect(betaTry.statusCode).toBe(404);
    expect((await call('POST', mine(eventId, `/product-orders/${placed.id}/approve`), visitor, {})).statusCode).toBe(403);
    const before = smtp.messages.length;
    const ok = await call('POST', mine(eventId, `/product-orders/${placed.id}/approve`), adminAcme, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', allowedActions: ['fulfil'] });
    await smtp.waitFor(before + 1);
    const mail = smtp.messages.slice(before).find((m) => m.to.includes(visitorEmail))!;
    expect(mail.raw).toContain('Product approved: Torque wrench');
    const inbox = await call('GET', `/api/notifyservices/api/events/${eventId}/notifications`, visitor);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const notice = inbox.json().data.items.find((n: { kind: string; body: string }) => n.kind === 'PRODUCT_APPROVED' && n.body.includes('2 × Torque wrench'));
    expect(notice).toMatchObject({ title: 'Product approved' });
    expect(notice.body).toContain('Total: 25.00');
    const again = await call('POST', mine(eventId, `/product-orders/${placed.id}/approve`), adminAcme, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EXHIBITION_PRODUCT_ORDER_STATUS');
    expect(again.json().message).toContain('allowed: fulfil');
    expect((await call('POST', mine(eventId, `/product-orders/${placed.id}/reject`), adminAcme, { reason: 'late' })).statusCode).toBe(409);
    expect((await call('POST', mine(eventId, `/product-orders/${placed.id}/fulfil`), staffAcme, {})).json().data.status).toBe('fulfilled');
    const seen = (await call('GET', `/api/eventservices/events/${eventId}/product-orders/mine`, visitor)).json().data.items.find((o: { id: string }) => o.id === placed.id);
    expect(seen.status).toBe('fulfilled');
  });

  it('rejects with a reason (staff), which the attendee reads; a blank reason is refused', async () => {
    const placed = (await order({ productId: onRequest, quantity: 4 })).json().data;
    const blank = await call('POST', mine(eventId, `/product-orders/${placed.id}/reject`), staffAcme, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.map((e: { field: string }) => e.field)).toEqual(['reason']);
    const res = await call('POST', mine(eventId, `/product-orders/${placed.id}/reject`), staffAcme, { reason: 'Out of stock until March' });
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await call('GET', `/api/eventservices/events/${eventId}/product-orders/mine`, visitor)).json().data.items.find((o: { id: string }) => o.id === placed.id);
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: 'Out of stock until March', allowedActions: [] });
  });

  it('of an approve and a reject at once, exactly one wins and the other is told', async () => {
    for (let i = 0; i < 3; i++) {
      const placed = (await order({ productId: priced, quantity: 1 })).json().data;
      const [a, b] = await Promise.all([
        call('POST', mine(eventId, `/product-orders/${placed.id}/approve`), adminAcme, {}),
        call('POST', ex(eventId, `/product-orders/${placed.id}/reject`), H, { reason: 'Duplicate' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().code).toBe('EXHIBITION_PRODUCT_ORDER_STATUS');
      const final = (await call('GET', mine(eventId, '/product-orders'), adminAcme)).json().data.items.find((o: { id: string }) => o.id === placed.id);
      expect(final.status).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
    }
  });

  it('lets the organiser list by status and decide, scoped to its organisation and gated by AP-572/AP-574', async () => {
    const placed = (await order({ productId: priced, quantity: 5 })).json().data;
    const pending = await call('GET', ex(eventId, `/product-orders?status=pending&companyId=${acme}`), H);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.items.every((o: { status: string; companyId: string }) => o.status === 'pending' && o.companyId === acme)).toBe(true);
    expect(pending.json().data.items.some((o: { id: string }) => o.id === placed.id)).toBe(true);
    expect((await call('GET', ex(eventId, '/product-orders?status=lost'), H)).statusCode).toBe(400);
    expect((await call('GET', ex(eventId, '/product-orders'), rival)).statusCode).toBe(404);
    expect((await call('POST', ex(eventId, `/product-orders/${placed.id}/approve`), rival, {})).statusCode).toBe(404);
    expect((await call('GET', ex(eventB, '/product-orders'), H)).json().data.total).toBe(0);
    expect((await call('POST', ex(eventB, `/product-orders/${placed.id}/approve`), H, {})).statusCode).toBe(404);
    expect((await call('GET', ex(eventId, '/product-orders'), viewer)).statusCode).toBe(200);
    const denied = await call('POST', ex(eventId, `/product-orders/${placed.id}/approve`), viewer, {});
    expect(denied.statusCode).toBe(403);
    const ok = await call('POST', ex(eventId, `/product-orders/${placed.id}/approve`), H, {});
    expect(ok.json().data.status).toBe('approved');
  });

  it('counts orders per product for the exhibitor report (the port)', async () => {
    const db = t.ctx.database.db;
    const exhibitionRepo = createExhibitionRepository(db);
    const service = createProductOrdersService({
      repo: createProductOrdersRepository(db),
      products: (ev: string, c: string) => exhibitionRepo.products(ev, c),
    } as unknown as Parameters<typeof createProductOrdersService>[0]);
    const counts = await service.productOrderCounts(eventId, acme);
    const wrench = counts.find((c) => c.productId === priced)!;
    const rig = counts.find((c) => c.productId === onRequest)!;
    expect(wrench.total).toBe(wrench.pending + wrench.approved + wrench.rejected + wrench.fulfilled);
    expect(wrench.fulfilled).toBe(1);
    expect(wrench.approved).toBeGreaterThanOrEqual(1);
    expect(rig).toMatchObject({ rejected: 1, productName: 'Custom rig' });
    expect((await service.productOrderCounts(eventId, beta)).map((c) => c.total)).toEqual([0]);
  });
});

describe('exporting orders (AP-573, and the company its own)', () => {
  const rowsOf = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\r\n');
  const HEADER = 'Ordered at (UTC),Company,Product,Quantity,Unit price,Total,Currency,Status,Orderer,Orderer email,Decided at (UTC),Rejection reason,Note';

  it('gives the organiser every order of the event as CSV or XLSX, by company and status, in the event currency', async () => {
    const paint = await order({ productId: betaProduct, quantity: 2, note: '=HYPERLINK("x")' }, visitor, beta);
    expect(paint.statusCode, paint.body).toBe(201);
    expect(paint.json().data.currency).toBe('EUR');
    expect((await call('GET', ex(eventId, '/product-orders'), H)).json().data.items.every((o: { currency: string }) => o.currency === 'EUR')).toBe(true);

    const all = await call('GET', ex(eventId, '/product-orders/export?format=csv'), H);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="product-orders-event.csv"');
    const lines = rowsOf(all.body);
    expect(lines[0]).toBe(HEADER);
    expect(lines.length - 1).toBe(await orderCount());
    expect(lines.some((l) => l.includes(`,Acme Tools,Torque wrench,3,12.5,37.5,EUR,`) && l.includes(`,Olga Orderer,${visitorEmail},`) && l.endsWith(',Before Friday'))).toBe(true);
    expect(lines.some((l) => l.includes(',Acme Tools,Custom rig,1,On request,,,'))).toBe(true);
    // A note that looks like a formula is written as text.
    expect(lines.some((l) => l.includes(',Beta Paints,Blue paint,2,3,6,EUR,pending,') && l.endsWith(`,"'=HYPERLINK(""x"")"`))).toBe(true);

    const betaPending = await call('GET', ex(eventId, `/product-orders/export?format=csv&companyId=${beta}&status=pending`), H);
    expect(betaPending.headers['content-disposition']).toBe('attachment; filename="product-orders-Beta-Paints.csv"');
    const betaLines = rowsOf(betaPending.body).slice(1);
    expect(betaLines.length).toBeGreaterThanOrEqual(1);
    expect(betaLines.every((l) => l.includes(',Beta Paints,') && l.includes(',pending,'))).toBe(true);
    expect(rowsOf((await call('GET', ex(eventId, `/product-orders/export?format=csv&companyId=${acme}&status=fulfilled`), H)).body).slice(1).every((l) => l.includes(',Acme Tools,') && l.includes(',fulfilled,'))).toBe(true);

    const XLSX = await import('@e965/xlsx');
    const sheet = await call('GET', ex(eventId, `/product-orders/export?format=xlsx&companyId=${beta}`), H);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(new Uint8Array(sheet.rawPayload), { type: 'array' });
    const table = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets['Product orders']!, { header: 1 });
    expect(table[0]).toEqual(HEADER.split(','));
    expect(table.slice(1).some((r) => r[1] === 'Beta Paints' && r[2] === 'Blue paint' && r[3] === 2 && r[4] === 3 && r[5] === 6 && r[6] === 'EUR')).toBe(true);
  });

  it('scopes the export to the organisation and event, needs AP-573 and a format it offers', async () => {
    expect((await call('GET', ex(eventId, '/product-orders/export?format=csv'), rival)).statusCode).toBe(404);
    expect(rowsOf((await call('GET', ex(eventB, '/product-orders/export?format=csv'), H)).body)).toEqual([HEADER]);
    expect((await call('GET', ex(eventId, `/product-orders/export?format=csv&companyId=${farCo}`), H)).statusCode).toBe(404);
    const denied = await call('GET', ex(eventId, '/product-orders/export?format=csv'), viewer);
    expect(denied.statusCode).toBe(403);
    const pdf = await call('GET', ex(eventId, '/product-orders/export?format=pdf'), H);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual([{ field: 'format', key: 'pattern' }]);
    expect((await call('GET', ex(eventId, '/product-orders/export'), H)).statusCode).toBe(400);
    expect((await call('GET', ex(eventId, '/product-orders/export?format=csv&status=lost'), H)).statusCode).toBe(400);
    expect((await call('GET', ex(eventId, '/product-orders/export?format=csv'), {})).statusCode).toBe(401);
  });

  it('gives the company admin and staff their own company orders only; anyone else is refused', async () => {
    const acmeFile = await call('GET', mine(eventId, '/product-orders/export?format=csv'), adminAcme);
    expect(acmeFile.statusCode, acmeFile.body).toBe(200);
    expect(acmeFile.headers['content-disposition']).toBe('attachment; filename="product-orders-Acme-Tools.csv"');
    const acmeLines = rowsOf(acmeFile.body);
    expect(acmeLines[0]).toBe(HEADER);
    const acmeTotal = (await call('GET', mine(eventId, '/product-orders'), adminAcme)).json().data.items.length;
    expect(acmeLines.length - 1).toBe(acmeTotal);
    expect(acmeLines.slice(1).every((l) => l.includes(',Acme Tools,'))).toBe(true);
    const staff = await call('GET', mine(eventId, '/product-orders/export?format=csv&status=rejected'), staffAcme);
    expect(staff.statusCode).toBe(200);
    expect(rowsOf(staff.body).slice(1).every((l) => l.includes(',Acme Tools,') && l.includes(',rejected,'))).toBe(true);
    const betaLines = rowsOf((await call('GET', mine(eventId, '/product-orders/export?format=csv'), adminBeta)).body).slice(1);
    expect(betaLines.length).toBeGreaterThanOrEqual(1);
    expect(betaLines.every((l) => l.includes(',Beta Paints,'))).toBe(true);
    // The company is the caller's: naming another is refused, as are visitors, other formats and the signed out.
    expect((await call('GET', mine(eventId, `/product-orders/export?format=csv&companyId=${acme}`), adminBeta)).statusCode).toBe(400);
    const visitorTry = await call('GET', mine(eventId, '/product-orders/export?format=csv'), visitor);
    expect(visitorTry.statusCode).toBe(403);
    expect(visitorTry.json().code).toBe('EXHIBITION_NOT_COMPANY_MEMBER');
    const pdf = await call('GET', mine(eventId, '/product-orders/export?format=pdf'), adminAcme);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual([{ field: 'format', key: 'pattern' }]);
    expect((await call('GET', mine(eventB, '/product-orders/export?format=csv'), adminAcme)).statusCode).toBe(403);
    expect((await call('GET', mine(eventId, '/product-orders/export?format=csv'), {})).statusCode).toBe(401);
    const XLSX = await import('@e965/xlsx');
    const sheet = await call('GET', mine(eventId, '/product-orders/export?format=xlsx'), staffAcme);
    const table = XLSX.utils.sheet_to_json<(string | number)[]>(XLSX.read(new Uint8Array(sheet.rawPayload), { type: 'array' }).Sheets['Product orders']!, { header: 1 });
    expect(table.length - 1).toBe(acmeTotal);
  });
});

describe('product images', () => {
  const img = (path = '') => ex(eventId, `/companies/${acme}/products/${priced}/images${path}`);

  it('takes SPEC §5 images whose bytes match their name, shows them to visitors, and refuses the rest', async () => {
    const up = await call('POST', img(), H, { fileName: 'wrench.png', dataBase64: PNG.toString('base64') });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ fileName: 'wrench.png', contentType: 'image/png', byteSize: PNG.length });
    const renamed = await call('POST', img(), H, { fileName: 'evil.png', dataBase64: Buffer.from('MZ\x90\x00 not a png').toString('base64') });
    expect(renamed.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
    const exe = await call('POST', img(), H, { fileName: 'tool.exe', dataBase64: PNG.toString('base64') });
    expect(exe.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    const big = await call('POST', img(), H, { fileName: 'big.png', dataBase64: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]).toString('base64') });
    expect(big.statusCode).toBe(400);
    expect((await call('POST', img(), H, { fileName: 'x.png', dataBase64: '!!!' })).statusCode).toBe(400);

    const ids = (await call('GET', pub(eventId, `/${acme}/product-images`), {})).json().data;
    expect(ids).toEqual({ [priced]: [up.json().data.id] });
    const file = await call('GET', pub(eventId, `/${acme}/products/${priced}/images/${up.json().data.id}`), {});
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.from(file.rawPayload).equals(PNG)).toBe(true);
    expect((await call('GET', pub(eventId, `/${beta}/products/${priced}/images/${up.json().data.id}`), {})).statusCode).toBe(404);
  });

  it('keeps at most five a product; another organisation, company or event answers 404; AP-561 to upload', async () => {
    const existing = (await call('GET', img(), H)).json().data.length as number;
    for (let i = existing; i < 5; i++) expect((await call('POST', img(), H, { fileName: `p${i}.png`, dataBase64: PNG.toString('base64') })).statusCode).toBe(201);
    const sixth = await call('POST', img(), H, { fileName: 'p6.png', dataBase64: PNG.toString('base64') });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('EXHIBITION_TOO_MANY_IMAGES');
    expect((await call('GET', img(), rival)).statusCode).toBe(404);
    expect((await call('POST', ex(eventId, `/companies/${beta}/products/${priced}/images`), H, { fileName: 'a.png', dataBase64: PNG.toString('base64') })).statusCode).toBe(404);
    expect((await call('GET', ex(eventB, `/companies/${acme}/products/${priced}/images`), H)).statusCode).toBe(404);
    expect((await call('GET', img(), viewer)).statusCode).toBe(200);
    expect((await call('POST', img(), viewer, { fileName: 'a.png', dataBase64: PNG.toString('base64') })).statusCode).toBe(403);
    const first = (await call('GET', img(), H)).json().data[0].id as string;
    expect((await call('DELETE', img(`/${first}`), H)).statusCode).toBe(200);
    expect((await call('DELETE', img(`/${first}`), H)).statusCode).toBe(404);
    expect((await call('GET', img(), H)).json().data).toHaveLength(4);
  });
});

describe('staff badge quota per stall size', () => {
  const rule = { bands: [{ upToSqm: 9, staff: 2 }, { upToSqm: 18, staff: 4 }, { upToSqm: null, staff: 6 }] };
  const emails = (n: number) => Array.from({ length: n }, (_, i) => `q${i}-${acme.slice(0, 4).toLowerCase()}@quota.example`);

  it('sets a rule by field, sums the bands of the booths of a company and refuses staff beyond it', async () => {
    expect((await call('GET', ex(eventId, '/staff-quota'), H)).json().data).toEqual({ bands: [], isSet: false });
    expect((await call('GET', ex(eventId, `/companies/${acme}/staff`), H)).json().data.quota).toBeNull();
    const open = await call('PUT', ex(eventId, '/staff-quota'), H, { bands: [{ upToSqm: 9, staff: 2 }] });
    expect(open.json().errors).toEqual([{ field: 'bands.0.upToSqm', key: 'lastBandOpen' }]);
    expect((await call('PUT', ex(eventId, '/staff-quota'), H, { bands: [] })).statusCode).toBe(400);
    expect((await call('PUT', ex(eventId, '/staff-quota'), H, { bands: [{ upToSqm: null, staff: -1 }] })).statusCode).toBe(400);
    expect((await call('PUT', ex(eventId, '/staff-quota'), viewer, rule)).statusCode).toBe(403);
    expect((await call('PUT', ex(eventId, '/staff-quota'), rival, rule)).statusCode).toBe(404);
    const saved = await call('PUT', ex(eventId, '/staff-quota'), H, rule);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ ...rule, isSet: true });

    // Acme holds a 9 m² and a 12 m² booth: 2 + 4 = 6 staff badges. Beta holds none: 0.
    await booth('Q1', 9, acme, 0);
    await booth('Q2', 12, acme, 3);
    expect((await call('GET', ex(eventId, `/companies/${acme}/staff`), H)).json().data).toMatchObject({ quota: 6 });
    const tooMany = await call('PUT', ex(eventId, `/companies/${acme}/staff`), H, { emails: emails(7) });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('EXHIBITION_STAFF_QUOTA_EXCEEDED');
    expect(tooMany.json().message).toBe('Acme Tools has 6 staff badges for the booths it holds: 7 staff are too many');
    expect((await call('GET', ex(eventId, `/companies/${acme}/staff`), H)).json().data.emails).toHaveLength(1);
    const six = await call('PUT', ex(eventId, `/companies/${acme}/staff`), H, { emails: emails(6) });
    expect(six.statusCode, six.body).toBe(200);
    expect(six.json().data).toMatchObject({ quota: 6 });
    expect(six.json().data.emails).toHaveLength(6);
    expect((await call('PUT', ex(eventId, `/companies/${beta}/staff`), H, { emails: ['one@beta.example'] })).json().code).toBe('EXHIBITION_STAFF_QUOTA_EXCEEDED');
    expect((await call('PUT', ex(eventId, `/companies/${beta}/staff`), H, { emails: [] })).statusCode).toBe(200);

    const cleared = await call('DELETE', ex(eventId, '/staff-quota'), H);
    expect(cleared.json().data).toEqual({ bands: [], isSet: false });
    expect((await call('PUT', ex(eventId, `/companies/${beta}/staff`), H, { emails: ['one@beta.example'] })).statusCode).toBe(200);
  });
});
