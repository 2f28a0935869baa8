import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent, createTicket, placeOrder } from '../registration/registration.fixtures.ts';
import { companyAdminOf, participantOf } from './stand.fixtures.ts';

/*
 * Issue 15, My stand for the company's own people: who the caller is (admin, staff, nobody), the admin's products
 * and their images through the organiser's own rules (the company found from the caller: another company's product
 * 404), staff and strangers refused 403, bad input by key; videos played back by admin and staff (no view counted)
 * and by the organiser (AP-482; another organisation 404).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let organiserToken: string;
let rival: Record<string, string>;
let orgA: string;
let eventId: string;
let eventB: string;
let acme: string;
let beta: string;
let betaProduct: string;
let adminAcme: Record<string, string>;
let adminBeta: Record<string, string>;
let staffAcme: Record<string, string>;
let stranger: Record<string, string>;
let adminAcmeInB: Record<string, string>;
let acmeVideo: string;
let betaVideo: string;

const ex = (ev: string, path: string) => `/api/eventservices/events/${ev}/exhibition${path}`;
const mine = (ev: string, path = '') => `/api/eventservices/events/${ev}/my-stand${path}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1ad7b0000000049454e44ae426082', 'hex');
/** A WebM-shaped file: the EBML header, then a recognisable pattern. */
function webm(size = 2048): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = i % 251;
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(b, 0);
  return b;
}

async function company(name: string, ev = eventId) {
  const res = await call('POST', ex(ev, '/companies'), H, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
const participant = (ev: string, email: string) => participantOf(t, orgA, ev, email);
const adminOf = (companyId: string, email: string) => companyAdminOf(t, smtp, H, eventId, companyId, email);
async function video(companyId: string, title: string) {
  const res = await call('POST', ex(eventId, `/companies/${companyId}/videos`), H, { title, fileName: 'clip.webm', dataBase64: webm().toString('base64') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.test' });
  const a = await signupOrganiser(t.app, { organisationName: 'Stand Org' });
  H = bearer(a.accessToken);
  organiserToken = a.accessToken;
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  rival = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Stand Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Stand Expo');
  eventB = await createEvent(t.app, a.accessToken, 'Other Stand Expo');
  acme = await company('Acme Lamps');
  beta = await company('Beta Chairs');
  const bp = await call('POST', ex(eventId, `/companies/${beta}/products`), H, { name: 'Stool', price: 20 });
  betaProduct = bp.json().data.id;
  adminAcme = await adminOf(acme, 'admin@acmelamps.example');
  adminBeta = await adminOf(beta, 'admin@betachairs.example');
  const staffEmail = `staff-${newId().slice(0, 6).toLowerCase()}@acmelamps.example`;
  expect((await call('PUT', ex(eventId, `/companies/${acme}/staff`), H, { emails: [staffEmail] })).statusCode).toBe(200);
  staffAcme = await participant(eventId, staffEmail);
  stranger = await participant(eventId, `visitor-${newId().slice(0, 6).toLowerCase()}@example.com`);
  // Acme's admin, signed in to another event of the organiser: their stand is not there.
  adminAcmeInB = await participant(eventB, 'admin@acmelamps.example');
  acmeVideo = await video(acme, 'Lamp tour');
  betaVideo = await video(beta, 'Chair tour');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('my-stand membership', () => {
  it('tells the admin, the staff member and anyone else who they are to a company of the event', async () => {
    const a = await call('GET', mine(eventId, '/membership'), adminAcme);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers['cache-control']).toBe('private, no-store');
    expect(a.json().data).toEqual({ role: 'admin', company: { id: acme, name: 'Acme Lamps' } });
    expect((await call('GET', mine(eventId, '/membership'), staffAcme)).json().data).toEqual({ role: 'staff', company: { id: acme, name: 'Acme Lamps' } });
    expect((await call('GET', mine(eventId, '/membership'), stranger)).json().data).toEqual({ role: null, company: null });
    // Signed in to another event: nothing here (the event access token names event B).
    expect((await call('GET', mine(eventId, '/membership'), adminAcmeInB)).json().data).toEqual({ role: null, company: null });
    expect((await call('GET', mine(eventB, '/membership'), adminAcmeInB)).json().data).toEqual({ role: null, company: null });
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', mine(eventId, '/membership'), {})).statusCode).toBe(401);
  });
});

describe('my-stand products (the company admin)', () => {
  let productId: string;

  it('adds, lists and edits its own products, price or on request', async () => {
    const created = await call('POST', mine(eventId, '/products'), adminAcme, { name: '  Desk lamp ', category: 'Lighting', description: 'Brass', price: 49.9 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Desk lamp', category: 'Lighting', description: 'Brass', price: 49.9 });
    productId = created.json().data.id;
    const edited = await call('PUT', mine(eventId, `/products/${productId}`), adminAcme, { name: 'Desk lamp XL', price: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Desk lamp XL', category: '', description: '', price: null });
    const list = await call('GET', mine(eventId, '/products'), adminAcme);
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Desk lamp XL']);
    // The organiser sees the same product on the company (one table, one set of rules).
    const org = await call('GET', ex(eventId, `/companies/${acme}/products`), H);
    expect(org.json().data).toEqual(list.json().data);
  });

  it('refuses bad input by key and writes nothing', async () => {
    const before = (await call('GET', mine(eventId, '/products'), adminAcme)).json().data.length;
    const cases: [unknown, string, string][] = [
      [{ price: 1 }, 'name', 'required'],
      [{ name: '', price: 1 }, 'name', 'too_small'],
      [{ name: 'X' }, 'price', 'required'],
      [{ name: 'X', price: -1 }, 'price', 'too_small'],
      [{ name: 'X', price: 1.234 }, 'price', 'priceCents'],
      [{ name: 'X', price: '12' }, 'price', 'invalid_type'],
      [{ name: 'X'.repeat(161), price: 1 }, 'name', 'too_big'],
      [{ name: 'X', price: 1, companyId: beta }, 'companyId', 'unknownField'],
    ];
    for (const [body, field, key] of cases) {
      const res = await call('POST', mine(eventId, '/products'), adminAcme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errs = res.json().errors as { field: string; key: string }[];
      expect(errs, JSON.stringify(body)).toEqual([{ field, key }]);
    }
    const hostile = await call('POST', mine(eventId, '/products'), adminAcme, { name: '<script>alert(1)</script>', price: 1 });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().code).toBe(1001);
    expect((await call('GET', mine(eventId, '/products'), adminAcme)).json().data.length).toBe(before);
  });

  it('reaches only its own company: another company’s product is not found', async () => {
    const res = await call('PUT', mine(eventId, `/products/${betaProduct}`), adminAcme, { name: 'Taken over', price: 1 });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', mine(eventId, `/products/${betaProduct}/images`), adminAcme)).statusCode).toBe(404);
    expect((await call('POST', mine(eventId, `/products/${betaProduct}/images`), adminAcme, { fileName: 'a.png', dataBase64: PNG.toString('base64') })).statusCode).toBe(404);
    // Beta's product is unchanged and Beta's admin sees only Beta's.
    expect((await call('GET', mine(eventId, '/products'), adminBeta)).json().data).toEqual([{ id: betaProduct, name: 'Stool', category: '', description: '', price: 20 }]);
  });

  it('refuses staff, a visitor, another event’s sign-in and the signed-out', async () => {
    for (const who of [staffAcme, stranger, adminAcmeInB]) {
      for (const [method, url, body] of [
        ['GET', mine(eventId, '/products'), undefined],
        ['POST', mine(eventId, '/products'), { name: 'Sneaky', price: 1 }],
        ['PUT', mine(eventId, `/products/${productId}`), { name: 'Sneaky', price: 1 }],
        ['GET', mine(eventId, `/products/${productId}/images`), undefined],
        ['POST', mine(eventId, `/products/${productId}/images`), { fileName: 'a.png', dataBase64: PNG.toString('base64') }],
        ['DELETE', mine(eventId, `/products/${productId}/images/whatever`), undefined],
      ] as const) {
        const res = await call(method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('EXHIBITION_NOT_COMPANY_ADMIN');
      }
    }
    expect((await call('GET', mine(eventId, '/products'), {})).statusCode).toBe(401);
    expect((await call('GET', mine(eventId, '/products'), adminAcme)).json().data.map((p: { name: string }) => p.name)).toEqual(['Desk lamp XL']);
  });

  it('adds and removes a product image under the organiser’s file rules', async () => {
    const up = await call('POST', mine(eventId, `/products/${productId}/images`), adminAcme, { fileName: 'lamp.png', dataBase64: PNG.toString('base64') });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ productId, fileName: 'lamp.png', contentType: 'image/png', byteSize: PNG.length });
    const imageId = up.json().data.id as string;
    // Served to visitors byte for byte, as the organiser's uploads are.
    const file = await t.app.inject({ method: 'GET', url: `/api/eventservices/public/events/${eventId}/exhibitors/${acme}/products/${productId}/images/${imageId}` });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    expect((await call('GET', mine(eventId, `/products/${productId}/images`), adminAcme)).json().data.map((i: { id: string }) => i.id)).toEqual([imageId]);

    const renamed = await call('POST', mine(eventId, `/products/${productId}/images`), adminAcme, { fileName: 'lamp.exe', dataBase64: PNG.toString('base64') });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    const mismatch = await call('POST', mine(eventId, `/products/${productId}/images`), adminAcme, { fileName: 'lamp.jpg', dataBase64: PNG.toString('base64') });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
    const badBase64 = await call('POST', mine(eventId, `/products/${productId}/images`), adminAcme, { fileName: 'lamp.png', dataBase64: '***' });
    expect(badBase64.statusCode).toBe(400);
    const oversize = await call('POST', mine(eventId, `/products/${productId}/images`), adminAcme, { fileName: 'big.png', dataBase64: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]).toString('base64') });
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().errors).toEqual([{ field: 'dataBase64', key: 'too_big' }]);
    expect((await call('GET', mine(eventId, `/products/${productId}/images`), adminAcme)).json().data).toHaveLength(1);

    expect((await call('DELETE', mine(eventId, `/products/${productId}/images/${imageId}`), adminAcme)).statusCode).toBe(200);
    expect((await call('DELETE', mine(eventId, `/products/${productId}/images/${imageId}`), adminAcme)).statusCode).toBe(404);
    expect((await call('GET', mine(eventId, `/products/${productId}/images`), adminAcme)).json().data).toEqual([]);
  });
});

describe('my-stand product delete (the company admin)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const pub = (path: string) => `/api/eventservices/public/events/${eventId}/exhibitors/${acme}${path}`;
  let buyer: Record<string, string>;

  beforeAll(async () => {
    const ticket = await createTicket(t.app, organiserToken, eventId, { name: 'Visitor', isFree: true, price: 0 });
    const email = `buyer-${newId().slice(0, 6).toLowerCase()}@example.com`;
    const reg = await placeOrder(t.app, eventId, {
      items: [{ ticketId: ticket.id, quantity: 1 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Bea', lastName: 'Buyer', email },
      attendees: [{ ticketId: ticket.id, firstName: 'Bea', lastName: 'Buyer', email }],
    });
    expect(reg.statusCode, reg.body).toBe(201);
    buyer = await participant(eventId, email);
  });
  async function productWithFiles(name: string) {
    const p = await call('POST', mine(eventId, '/products'), adminAcme, { name, price: 10 });
    expect(p.statusCode, p.body).toBe(201);
    const id = p.json().data.id as string;
    const img = await call('POST', mine(eventId, `/products/${id}/images`), adminAcme, { fileName: 'p.png', dataBase64: PNG.toString('base64') });
    expect(img.statusCode, img.body).toBe(201);
    const doc = await call('POST', mine(eventId, `/products/${id}/documents`), adminAcme, { title: `${name} sheet`, fileName: 'sheet.pdf', dataBase64: PDF.toString('base64') });
    expect(doc.statusCode, doc.body).toBe(201);
    return { id, imageId: img.json().data.id as string };
  }
  const ordersOf = async (who: Record<string, string>, url: string) => (await call('GET', url, who)).json().data.items as { productId: string | null; productName: string; status: string }[];

  it('deletes a product without orders with its images and documents', async () => {
    const { id, imageId } = await productWithFiles('Wall lamp');
    const del = await call('DELETE', mine(eventId, `/products/${id}`), adminAcme);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toEqual({ id });
    expect((await call('GET', mine(eventId, '/products'), adminAcme)).json().data.map((p: { id: string }) => p.id)).not.toContain(id);
    // Its photo and data sheet went with it: visitors get neither.
    expect((await t.app.inject({ method: 'GET', url: pub(`/products/${id}/images/${imageId}`) })).statusCode).toBe(404);
    expect(Object.keys((await call('GET', pub('/product-documents'), buyer)).json().data)).not.toContain(id);
    expect((await call('GET', mine(eventId, `/products/${id}/documents`), adminAcme)).statusCode).toBe(404);
    expect((await call('DELETE', mine(eventId, `/products/${id}`), adminAcme)).statusCode).toBe(404);
  });

  it('refuses while an order is pending or approved (409, for the organiser too); once fulfilled the order stays readable under the product name', async () => {
    const { id } = await productWithFiles('Floor lamp');
    const placed = await call('POST', pub('/orders'), buyer, { productId: id, quantity: 2 });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.id as string;
    for (const step of ['pending', 'approve', 'fulfil'] as const) {
      if (step !== 'pending') expect((await call('POST', mine(eventId, `/product-orders/${orderId}/${step}`), adminAcme, {})).statusCode).toBe(200);
      if (step === 'fulfil') break;
      for (const [who, url] of [
        [adminAcme, mine(eventId, `/products/${id}`)],
        [H, ex(eventId, `/companies/${acme}/products/${id}`)],
      ] as const) {
        const res = await call('DELETE', url, who);
        expect(res.statusCode, `${step} ${url}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'EXHIBITION_PRODUCT_HAS_OPEN_ORDERS', message: expect.stringContaining('1 open order') });
      }
      expect((await call('GET', mine(eventId, `/products/${id}/documents`), adminAcme)).json().data).toHaveLength(1);
    }
    expect((await call('DELETE', mine(eventId, `/products/${id}`), adminAcme)).statusCode).toBe(200);
    // Both sides still read the order, with the name it was placed with; the product itself is gone.
    for (const [who, url] of [
      [adminAcme, mine(eventId, '/product-orders')],
      [buyer, `/api/eventservices/events/${eventId}/product-orders/mine`],
    ] as const) {
      expect((await ordersOf(who, url)).find((o) => o.productName === 'Floor lamp')).toMatchObject({ productId: null, status: 'fulfilled' });
    }
    const again = await call('POST', pub('/orders'), buyer, { productId: id, quantity: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'productId', key: 'unknownProduct' }]);
  });

  it('reaches only its own company and refuses staff, visitors, another event and the signed-out', async () => {
    expect((await call('DELETE', mine(eventId, `/products/${betaProduct}`), adminAcme)).statusCode).toBe(404);
    const { id } = await productWithFiles('Desk fan');
    for (const who of [staffAcme, stranger, adminAcmeInB, adminBeta]) {
      const res = await call('DELETE', mine(eventId, `/products/${id}`), who);
      expect(res.statusCode).toBe(who === adminBeta ? 404 : 403);
      if (who !== adminBeta) expect(res.json().code).toBe('EXHIBITION_NOT_COMPANY_ADMIN');
    }
    expect((await call('DELETE', mine(eventId, `/products/${id}`), {})).statusCode).toBe(401);
    expect((await call('DELETE', mine(eventId, `/products/${'x'.repeat(65)}`), adminAcme)).statusCode).toBe(400);
    expect((await call('GET', mine(eventId, '/products'), adminAcme)).json().data.map((p: { id: string }) => p.id)).toContain(id);
    expect((await call('GET', mine(eventId, '/products'), adminBeta)).json().data.map((p: { id: string }) => p.id)).toEqual([betaProduct]);
  });
});

describe('my-stand videos (admin and staff)', () => {
  it('lists the company’s videos and plays one back without counting a view', async () => {
    for (const who of [adminAcme, staffAcme]) {
      const list = await call('GET', mine(eventId, '/videos'), who);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((v: { id: string; title: string }) => [v.id, v.title])).toEqual([[acmeVideo, 'Lamp tour']]);
      const play = await call('POST', mine(eventId, `/videos/${acmeVideo}/play`), who);
      expect(play.statusCode, play.body).toBe(200);
      const url = play.json().data.url as string;
      expect(url).toContain(`/exhibitors/${acme}/videos/${acmeVideo}/stream?ticket=`);
      const stream = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
      expect(stream.statusCode).toBe(206);
      expect([...stream.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    }
    expect((await call('GET', mine(eventId, '/videos'), adminAcme)).json().data[0].views).toBe(0);
  });

  it('does not reach another company’s video and refuses non-members', async () => {
    expect((await call('POST', mine(eventId, `/videos/${betaVideo}/play`), staffAcme)).statusCode).toBe(404);
    for (const who of [stranger, adminAcmeInB]) {
      for (const [method, url] of [
        ['GET', mine(eventId, '/videos')],
        ['POST', mine(eventId, `/videos/${acmeVideo}/play`)],
      ] as const) {
        const res = await call(method, url, who);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('EXHIBITION_NOT_COMPANY_MEMBER');
      }
    }
    expect((await call('GET', mine(eventId, '/videos'), {})).statusCode).toBe(401);
  });
});

describe('organiser video playback', () => {
  it('plays a company’s video back (AP-482) without counting a view; another organisation or event 404', async () => {
    const play = await call('POST', ex(eventId, `/companies/${acme}/videos/${acmeVideo}/play`), H);
    expect(play.statusCode, play.body).toBe(200);
    const stream = await t.app.inject({ method: 'GET', url: play.json().data.url });
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.length).toBe(2048);
    expect((await call('GET', ex(eventId, `/companies/${acme}/videos`), H)).json().data[0].views).toBe(0);
    expect((await call('POST', ex(eventId, `/companies/${acme}/videos/${acmeVideo}/play`), rival)).statusCode).toBe(404);
    expect((await call('POST', ex(eventId, `/companies/${acme}/videos/${betaVideo}/play`), H)).statusCode).toBe(404);
    expect((await call('POST', ex(eventB, `/companies/${acme}/videos/${acmeVideo}/play`), H)).statusCode).toBe(404);
    expect((await call('POST', ex(eventId, `/companies/${acme}/videos/${acmeVideo}/play`), adminAcme)).statusCode).toBe(403);
  });

  it('needs AP-482', async () => {
    const role = await call('POST', '/api/auth/roles', H, { name: 'Booths only', codes: ['AP-535'] });
    await t.ctx.auth.createUser({ organisationId: orgA, email: 'booths-only@stand.example', password: 'View#Secure2026', firstName: 'Bo', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'booths-only@stand.example', password: 'View#Secure2026' }, remoteAddress: '10.77.0.9' });
    const res = await call('POST', ex(eventId, `/companies/${acme}/videos/${acmeVideo}/play`), bearer(login.json().data.accessToken));
    expect(res.statusCode).toBe(403);
  });
});

describe('my-stand company profile (the company admin)', () => {
  it('edits its own profile with the organiser’s rules; the name stays the organiser’s', async () => {
    const saved = await call('PUT', mine(eventId, '/profile'), adminAcme, {
      profileHtml: '<p>Lamps <b>since</b> 1990</p><iframe src="https://x.example"></iframe><form><input name="card"></form>',
      category: 'Lighting',
      countryCode: 'in',
      website: 'https://acmelamps.example',
      contactEmail: 'hello@acmelamps.example',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: acme, name: 'Acme Lamps', category: 'Lighting', countryCode: 'IN', website: 'https://acmelamps.example', contactEmail: 'hello@acmelamps.example' });
    // Sanitised on the server, as the organiser's save is.
    expect(saved.json().data.profileHtml).toContain('<b>since</b>');
    expect(saved.json().data.profileHtml).not.toMatch(/iframe|form|input/);
    expect((await call('GET', mine(eventId, '/profile'), adminAcme)).json().data).toEqual(saved.json().data);
    // The organiser sees the same company.
    const org = await call('GET', ex(eventId, '/companies?search=Acme'), H);
    expect(org.json().data.items.find((c: { id: string }) => c.id === acme)).toMatchObject({ category: 'Lighting', countryCode: 'IN' });
  });

  it('refuses bad input by key (a name too) and writes nothing', async () => {
    const before = (await call('GET', mine(eventId, '/profile'), adminAcme)).json().data;
    const cases: [unknown, string, string][] = [
      [{ name: 'Renamed Lamps' }, 'name', 'unknownField'],
      [{ category: 'X'.repeat(81) }, 'category', 'too_big'],
      [{ countryCode: 'ZZ' }, 'countryCode', 'invalidCountry'],
      [{ website: 'ftp://acme.example' }, 'website', 'httpsUrlRequired'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail', 'inVaildEmail'],
      [{ category: 7 }, 'category', 'invalid_type'],
    ];
    for (const [body, field, key] of cases) {
      const res = await call('PUT', mine(eventId, '/profile'), adminAcme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json().errors as { field: string }[]).map((e) => e.field), JSON.stringify(body)).toEqual([field]);
      if (!['countryCode', 'website', 'contactEmail'].includes(field)) expect(res.json().errors, JSON.stringify(body)).toEqual([{ field, key }]);
    }
    const hostile = await call('PUT', mine(eventId, '/profile'), adminAcme, { category: '<script>alert(1)</script>' });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().code).toBe(1001);
    expect((await call('GET', mine(eventId, '/profile'), adminAcme)).json().data).toEqual(before);
  });
});

describe('my-stand documents and videos (the company admin)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  let docId: string;
  let betaDoc: string;

  beforeAll(async () => {
    const res = await call('POST', ex(eventId, `/companies/${beta}/documents`), H, { title: 'Beta prices', fileName: 'beta.pdf', dataBase64: PDF.toString('base64') });
    expect(res.statusCode, res.body).toBe(201);
    betaDoc = res.json().data.id;
  });

  it('uploads, renames and deletes its own documents; the organiser sees the same list', async () => {
    const up = await call('POST', mine(eventId, '/documents'), adminAcme, { title: 'Price list', fileName: 'prices.pdf', dataBase64: PDF.toString('base64') });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ companyId: acme, title: 'Price list', fileName: 'prices.pdf', contentType: 'application/pdf', byteSize: PDF.length, uploadedBy: 'staff' });
    docId = up.json().data.id;
    const renamed = await call('PUT', mine(eventId, `/documents/${docId}`), adminAcme, { title: 'Prices 2026' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.title).toBe('Prices 2026');
    const list = await call('GET', mine(eventId, '/documents'), adminAcme);
    expect(list.json().data.map((d: { id: string; title: string }) => [d.id, d.title])).toEqual([[docId, 'Prices 2026']]);
    expect((await call('GET', ex(eventId, `/companies/${acme}/documents`), H)).json().data).toEqual(list.json().data);
  });

  it('applies the organiser’s file rules and writes nothing on bad input', async () => {
    const cases: [unknown, string, string][] = [
      [{ title: 'T', fileName: 'prices.exe', dataBase64: PDF.toString('base64') }, 'fileName', 'fileTypeNotAllowed'],
      [{ title: 'T', fileName: 'invoice.pdf', dataBase64: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]).toString('base64') }, 'dataBase64', 'fileContentMismatch'],
      [{ fileName: 'prices.pdf', dataBase64: PDF.toString('base64') }, 'title', 'required'],
    ];
    for (const [body, field, key] of cases) {
      const res = await call('POST', mine(eventId, '/documents'), adminAcme, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toEqual([{ field, key }]);
    }
    expect((await call('PUT', mine(eventId, `/documents/${docId}`), adminAcme, { title: '' })).statusCode).toBe(400);
    expect((await call('GET', mine(eventId, '/documents'), adminAcme)).json().data.map((d: { title: string }) => d.title)).toEqual(['Prices 2026']);
  });

  it('does not reach another company’s document or video (404) and refuses the staff (403)', async () => {
    expect((await call('PUT', mine(eventId, `/documents/${betaDoc}`), adminAcme, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', mine(eventId, `/documents/${betaDoc}`), adminAcme)).statusCode).toBe(404);
    expect((await call('PUT', mine(eventId, `/videos/${betaVideo}`), adminAcme, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', mine(eventId, `/videos/${betaVideo}`), adminAcme)).statusCode).toBe(404);
    expect((await call('GET', ex(eventId, `/companies/${beta}/documents`), H)).json().data.map((d: { title: string }) => d.title)).toEqual(['Beta prices']);
    expect((await call('GET', mine(eventId, '/videos'), adminBeta)).json().data.map((v: { title: string }) => v.title)).toEqual(['Chair tour']);
    for (const who of [staffAcme, stranger]) {
      for (const [method, url, body] of [
        ['GET', mine(eventId, '/profile'), undefined],
        ['PUT', mine(eventId, '/profile'), { category: 'Hijack' }],
        ['GET', mine(eventId, '/staff'), undefined],
        ['PUT', mine(eventId, '/staff'), { emails: [] }],
        ['GET', mine(eventId, '/documents'), undefined],
        ['POST', mine(eventId, '/documents'), { title: 'T', fileName: 'a.pdf', dataBase64: PDF.toString('base64') }],
        ['PUT', mine(eventId, `/documents/${docId}`), { title: 'Hijack' }],
        ['DELETE', mine(eventId, `/documents/${docId}`), undefined],
        ['POST', mine(eventId, '/videos'), { title: 'T', fileName: 'a.webm', dataBase64: webm().toString('base64') }],
        ['PUT', mine(eventId, `/videos/${acmeVideo}`), { title: 'Hijack' }],
        ['DELETE', mine(eventId, `/videos/${acmeVideo}`), undefined],
      ] as const) {
        const res = await call(method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('EXHIBITION_NOT_COMPANY_ADMIN');
      }
    }
    expect((await call('GET', mine(eventId, '/documents'), adminAcme)).json().data.map((d: { title: string }) => d.title)).toEqual(['Prices 2026']);
  });

  it('uploads, renames and deletes its own videos under the organiser’s rules', async () => {
    const up = await call('POST', mine(eventId, '/videos'), adminAcme, { title: 'Factory', fileName: 'factory.webm', dataBase64: webm().toString('base64') });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ companyId: acme, title: 'Factory', contentType: 'video/webm', views: 0 });
    const id = up.json().data.id as string;
    const mismatch = await call('POST', mine(eventId, '/videos'), adminAcme, { title: 'Fake', fileName: 'fake.mp4', dataBase64: PDF.toString('base64') });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([{ field: 'dataBase64', key: 'fileContentMismatch' }]);
    const type = await call('POST', mine(eventId, '/videos'), adminAcme, { title: 'Doc', fileName: 'doc.pdf', dataBase64: PDF.toString('base64') });
    expect(type.statusCode).toBe(400);
    expect(type.json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    expect((await call('PUT', mine(eventId, `/videos/${id}`), adminAcme, { title: 'Factory tour' })).json().data.title).toBe('Factory tour');
    expect((await call('GET', mine(eventId, '/videos'), staffAcme)).json().data.map((v: { title: string }) => v.title).sort()).toEqual(['Factory tour', 'Lamp tour']);
    expect((await call('DELETE', mine(eventId, `/videos/${id}`), adminAcme)).statusCode).toBe(200);
    expect((await call('DELETE', mine(eventId, `/videos/${id}`), adminAcme)).statusCode).toBe(404);
    expect((await call('DELETE', mine(eventId, `/documents/${docId}`), adminAcme)).statusCode).toBe(200);
    expect((await call('GET', mine(eventId, '/documents'), adminAcme)).json().data).toEqual([]);
    expect((await call('GET', mine(eventId, '/videos'), adminAcme)).json().data.map((v: { title: string }) => v.title)).toEqual(['Lamp tour']);
  });
});

describe('my-stand staff list (the company admin)', () => {
  it('replaces its staff list with the organiser’s rules: another company’s staff 409, bad email by key, a badge holder kept 409, the quota 409', async () => {
    const current = (await call('GET', mine(eventId, '/staff'), adminAcme)).json().data;
    expect(current).toMatchObject({ quota: null });
    expect(current.emails).toHaveLength(1);
    const added = await call('PUT', mine(eventId, '/staff'), adminAcme, { emails: [...current.emails, ' New@AcmeLamps.example '] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.emails).toEqual(expect.arrayContaining([...current.emails, 'new@acmelamps.example']));
    expect((await call('GET', ex(eventId, `/companies/${acme}/staff`), H)).json().data).toEqual(added.json().data);

    const taken = await call('PUT', mine(eventId, '/staff'), adminBeta, { emails: ['new@acmelamps.example'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EXHIBITION_STAFF_TAKEN');
    const bad = await call('PUT', mine(eventId, '/staff'), adminAcme, { emails: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'emails.0', key: 'inVaildEmail' }]);

    // A staff member holding an active staff badge stays on the list until it is revoked.
    const ticket = await createTicket(t.app, organiserToken, eventId, { name: 'Stand staff', isFree: true, price: 0 });
    expect((await call('PUT', ex(eventId, '/staff-badges/settings'), H, { ticketId: ticket.id, categoryId: null })).statusCode).toBe(200);
    const holder = ((await call('GET', ex(eventId, `/companies/${acme}/staff-badges`), H)).json().data.staff as { id: string; email: string }[]).find((p) => p.email === 'new@acmelamps.example')!;
    const issued = await call('POST', ex(eventId, `/companies/${acme}/staff-badges/${holder.id}`), H, { firstName: 'Nia' });
    expect(issued.statusCode, issued.body).toBe(201);
    const kept = await call('PUT', mine(eventId, '/staff'), adminAcme, { emails: current.emails });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().code).toBe('EXHIBITION_STAFF_HAS_BADGE');

    // A staff badge rule for the event: Acme holds no booth, so it earns no staff at all.
    expect((await call('PUT', ex(eventId, '/staff-quota'), H, { bands: [{ upToSqm: null, staff: 3 }] })).statusCode).toBe(200);
    const over = await call('PUT', mine(eventId, '/staff'), adminAcme, { emails: ['new@acmelamps.example'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('EXHIBITION_STAFF_QUOTA_EXCEEDED');
    expect((await call('GET', mine(eventId, '/staff'), adminAcme)).json().data).toEqual({ ...added.json().data, quota: 0 });
  });
});
