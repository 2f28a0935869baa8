import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

let t: TestApp;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let H: Record<string, string>;
let eventId: string;
let otherEventId: string;
let freeTicket: string;
let vip: string;
let press: string;
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = H) =>
  t.app.inject({ method, url: `/api/eventservices/events${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function pdfText(buf: Buffer | Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text: text as string };
}

const layout = (extra: Record<string, unknown> = {}) => ({
  name: 'Visitor badge',
  pageSize: 'A6',
  elements: [
    { id: 'band', type: 'band', x: 0, y: 0, width: 105, height: 20, color: '#333333', useCategoryColor: true },
    { id: 'name', type: 'text', source: 'fullName', x: 5, y: 30, width: 95, height: 15, fontSize: 22, fontWeight: 'bold' },
    { id: 'cat', type: 'text', source: 'categoryName', x: 5, y: 50, width: 95, height: 10, fontSize: 12 },
    { id: 'qr', type: 'qr', x: 27.5, y: 70, width: 50, height: 50 },
    { id: 'logo', type: 'image', mimeType: 'image/png', dataBase64: PNG_1PX, x: 5, y: 125, width: 20, height: 20 },
  ],
  ...extra,
});

async function register(ticketId: string, categoryId: string | undefined, firstName: string, contactNo?: string) {
  const body = orderBody(ticketId) as Record<string, unknown> & { attendees: Record<string, unknown>[] };
  body.attendees[0] = { ...body.attendees[0], firstName, lastName: 'Tester', ...(contactNo ? { countryCode: 'DE', contactNo } : {}) };
  if (categoryId) body.visitorCategoryId = categoryId;
  const res = await placeOrder(t.app, eventId, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  const order = res.json().data.order;
  return { registrationId: order.attendees[0].id as string, registrationNo: order.registrationNo as string };
}

async function waitForJob(jobId: string) {
  for (let i = 0; i < 200; i++) {
    const job = (await api('GET', `/${eventId}/badge-print-jobs/${jobId}`)).json().data;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job did not finish');
}

beforeAll(async () => {
  t = await createTestApp();
  host = await signupOrganiser(t.app, { organisationName: 'Badge Org' });
  other = await signupOrganiser(t.app, { organisationName: 'Other Org' });
  H = bearer(host.accessToken);
  eventId = await createEvent(t.app, host.accessToken, 'Badge Expo');
  otherEventId = await createEvent(t.app, other.accessToken, 'Other Expo');
  freeTicket = (await createTicket(t.app, host.accessToken, eventId, { isFree: true, name: 'Visitor' })).id;
  vip = (await api('POST', `/${eventId}/visitor-categories`, { name: 'VIP', slug: 'vip' })).json().data.id;
  press = (await api('POST', `/${eventId}/visitor-categories`, { name: 'Press', slug: 'press' })).json().data.id;
});
afterAll(async () => {
  await t?.close();
});

describe('badge templates', () => {
  it.each([
    [{ elements: [{ id: 'a', type: 'text', source: 'fullName', x: 90, y: 0, width: 30, height: 10, fontSize: 10 }] }, 'elements.0.x', 'outsidePage'],
    [{ elements: [{ id: 'a', type: 'qr', x: 0, y: 140, width: 20, height: 20 }] }, 'elements.0.y', 'outsidePage'],
    [{ pageSize: 'CR80', elements: [{ id: 'a', type: 'band', x: 0, y: 0, width: 60, height: 5 }] }, 'elements.0.x', 'outsidePage'],
    [{ elements: [{ id: 'a', type: 'band', x: 0, y: 0, width: 10, height: 5, color: 'red' }] }, 'elements.0.color', 'invalidColor'],
    [{ elements: [{ id: 'a', type: 'image', mimeType: 'image/png', dataBase64: Buffer.from('MZ not a png at all').toString('base64'), x: 0, y: 0, width: 10, height: 10 }] }, 'elements.0.dataBase64', 'invalidFileType'],
    [{ elements: [{ id: 'a', type: 'image', mimeType: 'image/jpeg', dataBase64: PNG_1PX, x: 0, y: 0, width: 10, height: 10 }] }, 'elements.0.dataBase64', 'invalidFileType'],
    [{ elements: [{ id: 'a', type: 'image', mimeType: 'image/png', dataBase64: 'not base64!', x: 0, y: 0, width: 10, height: 10 }] }, 'elements.0.dataBase64', 'invalidFile'],
    [{ elements: [{ id: 'a', type: 'text', source: 'answer', x: 0, y: 0, width: 10, height: 10, fontSize: 10 }] }, 'elements.0.answerKey', 'required'],
    [{ elements: [{ id: 'a', type: 'text', source: 'static', x: 0, y: 0, width: 10, height: 10, fontSize: 10 }] }, 'elements.0.text', 'required'],
    [{ elements: [{ id: 'a', type: 'qr', x: 0, y: 0, width: 10, height: 10 }, { id: 'a', type: 'qr', x: 0, y: 20, width: 10, height: 10 }] }, 'elements.1.id', 'duplicate'],
    [{ elements: [{ id: 'a', type: 'text', source: 'fullName', x: 0, y: 0, width: 10, height: 10, fontSize: 500 }] }, 'elements.0.fontSize', 'too_big'],
    [{ elements: [{ id: 'a', type: 'text', source: 'fullName', x: 0, y: 0, width: 10, height: 10, fontSize: 'big' }] }, 'elements.0.fontSize', 'invalid_type'],
    [{ pageSize: 'A3', elements: [] }, 'pageSize', 'invalid_value'],
    [{ name: '', elements: [] }, 'name', 'too_small'],
    [{ elements: [], organisationId: 'x' }, 'organisationId', 'unknownField'],
    [{ elements: [], ticketIds: ['nope'] }, 'ticketIds.0', 'unknownTicket'],
    [{ elements: [], categoryIds: ['nope'] }, 'categoryIds.0', 'unknownCategory'],
  ])('refuses %o with a field key', async (body, field, key) => {
    const res = await api('POST', `/${eventId}/badge-templates`, { ...layout(), ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, key });
  });

  it('refuses script content (1001) and an oversize body', async () => {
    const hostile = await api('POST', `/${eventId}/badge-templates`, layout({ name: '<script>alert(1)</script>' }));
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().code).toBe(1001);
    const big = await api('POST', `/${eventId}/badge-templates`, { ...layout(), name: 'x'.repeat(2_000_000) });
    expect(big.statusCode).toBe(413);
  });

  it('creates, reads, lists without images, updates, duplicates, exports, previews and deletes', async () => {
    const created = await api('POST', `/${eventId}/badge-templates`, layout({ isDefault: true, categoryIds: [vip], categoryColors: { [vip]: '#aa0000' } }));
    expect(created.statusCode).toBe(201);
    const tpl = created.json().data;
    expect(tpl).toMatchObject({ name: 'Visitor badge', pageSize: 'A6', isDefault: true, categoryIds: [vip] });
    expect(tpl.elements[1]).toMatchObject({ align: 'center', color: '#000000', fontWeight: 'bold', text: '' });
    const list = (await api('GET', `/${eventId}/badge-templates`)).json().data;
    expect(list).toEqual([expect.objectContaining({ id: tpl.id, elementCount: 5 })]);
    expect(list[0].elements).toBeUndefined();
    const updated = await api('PUT', `/${eventId}/badge-templates/${tpl.id}`, layout({ name: 'VIP badge', isDefault: true, categoryColors: { [vip]: '#aa0000' } }));
    expect(updated.json().data.name).toBe('VIP badge');
    const copy = await api('POST', `/${eventId}/badge-templates/${tpl.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({ name: 'VIP badge (copy)', isDefault: false });
    expect(copy.json().data.elements).toHaveLength(5);
    // Setting the copy as default clears the first one's flag.
    await api('PUT', `/${eventId}/badge-templates/${copy.json().data.id}`, layout({ name: 'Copy', isDefault: true }));
    expect((await api('GET', `/${eventId}/badge-templates/${tpl.id}`)).json().data.isDefault).toBe(false);
    const exported = await api('GET', `/${eventId}/badge-templates/${tpl.id}/export`);
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(JSON.parse(exported.body)).toMatchObject({ name: 'VIP badge', pageSize: 'A6' });
    const preview = await api('GET', `/${eventId}/badge-templates/${tpl.id}/preview.pdf`);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const { pages, text } = await pdfText(preview.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Alex Sample');
    expect((await api('DELETE', `/${eventId}/badge-templates/${copy.json().data.id}`)).json().data).toEqual({ id: copy.json().data.id });
    expect((await api('GET', `/${eventId}/badge-templates/${copy.json().data.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another organisation's event and template ids", async () => {
    const tpl = (await api('POST', `/${eventId}/badge-templates`, layout({ name: 'Mine' }))).json().data;
    const O = bearer(other.accessToken);
    expect((await api('GET', `/${eventId}/badge-templates`, undefined, O)).statusCode).toBe(404);
    expect((await api('GET', `/${eventId}/badge-templates/${tpl.id}`, undefined, O)).statusCode).toBe(404);
    expect((await api('PUT', `/${eventId}/badge-templates/${tpl.id}`, layout(), O)).statusCode).toBe(404);
    expect((await api('DELETE', `/${eventId}/badge-templates/${tpl.id}`, undefined, O)).statusCode).toBe(404);
    // The other organiser's own event does not reach my template either.
    expect((await api('GET', `/${otherEventId}/badge-templates/${tpl.id}`, undefined, O)).statusCode).toBe(404);
    expect((await api('POST', `/${otherEventId}/badge-templates/${tpl.id}/duplicate`, undefined, O)).statusCode).toBe(404);
    expect((await api('GET', `/${eventId}/badge-templates/${tpl.id}`, undefined, {})).statusCode).toBe(401);
    await api('DELETE', `/${eventId}/badge-templates/${tpl.id}`);
  });
});

describe('badge fields', () => {
  it('lists sources, tickets and categories, and sets category colours', async () => {
    const res = await api('PUT', `/${eventId}/badge-fields`, { categoryColors: { [press]: '#00aa00' } });
    expect(res.statusCode).toBe(200);
    const f = res.json().data;
    expect(f.sources.map((s: { source: string }) => s.source)).toContain('registrationNo');
    expect(f.categories).toContainEqual({ id: press, name: 'Press', color: '#00aa00' });
    expect(f.tickets).toContainEqual({ id: freeTicket, name: 'Visitor' });
    expect((await api('PUT', `/${eventId}/badge-fields`, { categoryColors: { nope: '#00aa00' } })).json().errors).toContainEqual({ field: 'categoryColors.nope', key: 'unknownCategory' });
    expect((await api('PUT', `/${eventId}/badge-fields`, { categoryColors: { [press]: 'green' } })).json().errors).toContainEqual({ field: `categoryColors.${press}`, key: 'invalidColor' });
    const cleared = await api('PUT', `/${eventId}/badge-fields`, { categoryColors: { [press]: null } });
    expect(cleared.json().data.categories).toContainEqual({ id: press, name: 'Press', color: null });
  });
});

describe('printing', () => {
  const people: { registrationId: string; registrationNo: string }[] = [];
  let templateId: string;
  beforeAll(async () => {
    templateId = (await api('POST', `/${eventId}/badge-templates`, layout({ name: 'Print badge' }))).json().data.id;
    people.push(await register(freeTicket, vip, 'Vera', '15123456789'));
    people.push(await register(freeTicket, vip, 'Viktor'));
    people.push(await register(freeTicket, vip, 'Valentina'));
    people.push(await register(freeTicket, press, 'Petra'));
    people.push(await register(freeTicket, press, 'Paul'));
  });

  it('lists attendees with filters and finds them by name, phone and registration number', async () => {
    const all = (await api('GET', `/${eventId}/badge-attendees?pageSize=50`)).json().data;
    expect(all.total).toBeGreaterThanOrEqual(5);
    const inVip = (await api('GET', `/${eventId}/badge-attendees?categoryId=${vip}`)).json().data;
    expect(inVip.total).toBe(3);
    expect(inVip.items[0]).toMatchObject({ categoryName: 'VIP', ticketName: 'Visitor', isAdmissible: true, printCount: 0 });
    expect((await api('GET', `/${eventId}/badge-attendees?search=valentina`)).json().data.items.map((a: { firstName: string }) => a.firstName)).toEqual(['Valentina']);
    expect((await api('GET', `/${eventId}/badge-attendees?search=5123456`)).json().data.items[0].firstName).toBe('Vera');
    const byNo = (await api('GET', `/${eventId}/badge-attendees?registrationNo=${encodeURIComponent(people[3]!.registrationNo)}`)).json().data;
    expect(byNo.items.map((a: { firstName: string }) => a.firstName)).toEqual(['Petra']);
    const one = (await api('GET', `/${eventId}/badge-attendees/${people[0]!.registrationId}`)).json().data;
    expect(one.credentialToken).toMatch(/^PV1:/);
    expect((await api('GET', `/${eventId}/badge-attendees?pageSize=500`)).statusCode).toBe(400);
    expect((await api('GET', `/${eventId}/badge-attendees/nope`)).statusCode).toBe(404);
  });

  it('prints one badge with a text override, records PBADGE_PRINT and history, and checks nobody in', async () => {
    const p = people[0]!;
    const res = await api('POST', `/${eventId}/badge-prints`, { registrationId: p.registrationId, templateId, overrides: { cat: 'Keynote speaker' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Vera Tester');
    expect(text).toContain('Keynote speaker');
    expect(text).not.toContain('VIP');
    const journey = (await api('GET', `/${eventId}/registrations/${p.registrationId}/journey`)).json().data;
    expect(journey.map((j: { type: string }) => j.type)).toEqual(['REG', 'PBADGE_PRINT']);
    const again = await api('POST', `/${eventId}/badge-prints`, { registrationId: p.registrationId });
    expect(again.statusCode).toBe(200);
    const history = (await api('GET', `/${eventId}/badge-print-history?registrationId=${p.registrationId}`)).json().data;
    expect(history.total).toBe(2);
    expect(history.items[0]).toMatchObject({ isReprint: true, hasOverrides: false, registrationNo: p.registrationNo });
    expect(history.items[1]).toMatchObject({ isReprint: false, hasOverrides: true });
    const reg = (await api('GET', `/${eventId}/registrations/${p.registrationId}`)).json().data;
    expect(reg.approvalStatus).toBe('approved');
    const csv = await api('GET', `/${eventId}/badge-print-history/export`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(p.registrationNo);
  });

  it('refuses bad print input and other tenants', async () => {
    expect((await api('POST', `/${eventId}/badge-prints`, { registrationId: 'nope' })).statusCode).toBe(404);
    expect((await api('POST', `/${eventId}/badge-prints`, { registrationId: people[0]!.registrationId, templateId: 'nope' })).statusCode).toBe(404);
    expect((await api('POST', `/${eventId}/badge-prints`, {})).json().errors).toContainEqual({ field: 'registrationId', key: 'required' });
    expect((await api('POST', `/${eventId}/badge-prints`, { registrationId: people[0]!.registrationId, overrides: { cat: 'x'.repeat(300) } })).statusCode).toBe(400);
    const O = bearer(other.accessToken);
    expect((await api('POST', `/${eventId}/badge-prints`, { registrationId: people[0]!.registrationId }, O)).statusCode).toBe(404);
    expect((await api('POST', `/${otherEventId}/badge-prints`, { registrationId: people[0]!.registrationId }, O)).statusCode).toBe(404);
    expect((await api('GET', `/${otherEventId}/badge-attendees/${people[0]!.registrationId}`, undefined, O)).statusCode).toBe(404);
  });

  it('bulk-prints a category as a job with progress, then serves the PDF', async () => {
    const res = await api('POST', `/${eventId}/badge-print-jobs`, { categoryId: vip, templateId });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ total: 3, status: 'queued' });
    const job = await waitForJob(res.json().data.id);
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, pages: 3 });
    const pdf = await api('GET', `/${eventId}/badge-print-jobs/${job.id}/download`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(3);
    const { text } = await pdfText(pdf.rawPayload);
    for (const name of ['Vera Tester', 'Viktor Tester', 'Valentina Tester']) expect(text).toContain(name);
    expect(text).not.toContain('Petra');
    expect((await api('GET', `/${eventId}/badge-print-jobs`)).json().data[0].id).toBe(job.id);
    const journey = (await api('GET', `/${eventId}/registrations/${people[1]!.registrationId}/journey`)).json().data;
    expect(journey.map((j: { type: string }) => j.type)).toContain('PBADGE_PRINT');
  });

  it('puts four badges on an A4 sheet and prints explicit ids', async () => {
    const a4 = (await api('POST', `/${eventId}/badge-templates`, { ...layout({ name: 'Sheet' }), pageSize: 'A4_2x2' })).json().data;
    const ids = people.map((p) => p.registrationId);
    const job = await waitForJob((await api('POST', `/${eventId}/badge-print-jobs`, { templateId: a4.id, registrationIds: ids })).json().data.id);
    expect(job).toMatchObject({ status: 'done', total: 5, pages: 2 });
    const pdf = await PDFDocument.load((await api('GET', `/${eventId}/badge-print-jobs/${job.id}/download`)).rawPayload);
    expect(pdf.getPage(0).getSize().width).toBeCloseTo((210 * 72) / 25.4, 1);
  });

  it('splits a large job into PDF parts so memory stays bounded, each part downloadable', async () => {
    t.ctx.badges.testing.partSize = 2;
    try {
      const job = await waitForJob((await api('POST', `/${eventId}/badge-print-jobs`, { templateId, registrationIds: people.map((p) => p.registrationId) })).json().data.id);
      expect(job).toMatchObject({ status: 'done', total: 5, pages: 5 });
      expect(job.parts).toEqual([
        { partNo: 1, firstIndex: 0, badges: 2, pages: 2 },
        { partNo: 2, firstIndex: 2, badges: 2, pages: 2 },
        { partNo: 3, firstIndex: 4, badges: 1, pages: 1 },
      ]);
      const part2 = await api('GET', `/${eventId}/badge-print-jobs/${job.id}/download?part=2`);
      expect(part2.headers['content-disposition']).toContain('part-2-of-3');
      expect((await pdfText(part2.rawPayload)).pages).toBe(2);
      expect((await api('GET', `/${eventId}/badge-print-jobs/${job.id}/download?part=4`)).statusCode).toBe(404);
      expect((await api('GET', `/${eventId}/badge-print-jobs/${job.id}/download?part=0`)).statusCode).toBe(400);
    } finally {
      t.ctx.badges.testing.partSize = 1000;
    }
  });

  it('refuses bad job input and other tenants', async () => {
    expect((await api('POST', `/${eventId}/badge-print-jobs`, { categoryId: 'nope' })).json().errors).toContainEqual({ field: 'categoryId', key: 'unknownCategory' });
    expect((await api('POST', `/${eventId}/badge-print-jobs`, { registrationIds: ['nope'] })).json().errors).toContainEqual({ field: 'registrationIds', key: 'unknownRegistration' });
    expect((await api('POST', `/${eventId}/badge-print-jobs`, { registrationIds: [people[0]!.registrationId], categoryId: vip })).json().errors).toContainEqual({ field: 'registrationIds', key: 'idsOrFilter' });
    expect((await api('POST', `/${eventId}/badge-print-jobs`, { search: 'nobody-is-called-this' })).json().errors).toContainEqual({ field: 'registrationIds', key: 'nothingToPrint' });
    expect((await api('POST', `/${eventId}/badge-print-jobs`, { registrationIds: [] })).statusCode).toBe(400);
    const job = (await api('POST', `/${eventId}/badge-print-jobs`, { categoryId: press })).json().data;
    const O = bearer(other.accessToken);
    expect((await api('GET', `/${eventId}/badge-print-jobs/${job.id}`, undefined, O)).statusCode).toBe(404);
    expect((await api('GET', `/${otherEventId}/badge-print-jobs/${job.id}`, undefined, O)).statusCode).toBe(404);
    expect((await api('GET', `/${otherEventId}/badge-print-jobs/${job.id}/download`, undefined, O)).statusCode).toBe(404);
    expect((await api('POST', `/${otherEventId}/badge-print-jobs`, { registrationIds: [people[0]!.registrationId] }, O)).statusCode).toBe(409);
    await waitForJob(job.id);
  });

  it('reports printed badges per category', async () => {
    const r = (await api('GET', `/${eventId}/badge-print-report`)).json().data;
    expect(r.registrations).toBe(5);
    expect(r.printedRegistrations).toBe(5);
    expect(r.byCategory).toContainEqual({ categoryId: vip, categoryName: 'VIP', registrations: 3, printed: 3 });
    expect(r.reprints).toBeGreaterThan(0);
    const csv = await api('GET', `/${eventId}/badge-print-report/export`);
    expect(csv.body).toContain('VIP,3,3');
  });
});

describe('walk-in desk', () => {
  it('registers a walk-in on a free ticket, approved and paid, with a REG journey entry', async () => {
    const res = await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'Walter', lastName: 'Walkin', email: 'walter@example.com', contactNo: '+49 151 2345678', ticketId: freeTicket, categoryId: press });
    expect(res.statusCode).toBe(201);
    const { registrationId, registrationNo } = res.json().data;
    expect(registrationNo).toMatch(/^REG-/);
    const a = (await api('GET', `/${eventId}/badge-attendees/${registrationId}`)).json().data;
    expect(a).toMatchObject({ firstName: 'Walter', categoryName: 'Press', isAdmissible: true });
    const journey = (await api('GET', `/${eventId}/registrations/${registrationId}/journey`)).json().data;
    expect(journey[0]).toMatchObject({ type: 'REG' });
    const pdf = await api('POST', `/${eventId}/badge-prints`, { registrationId });
    expect((await pdfText(pdf.rawPayload)).text).toContain('Walter Walkin');
  });

  it('needs payment at the desk for a paid ticket, then marks it paid; quotas still hold', async () => {
    const paid = await createTicket(t.app, host.accessToken, eventId, { name: 'Day pass', price: 2500, capacity: 1 });
    const body = { firstName: 'Paula', email: 'paula@example.com', ticketId: paid.id };
    expect((await api('POST', `/${eventId}/badge-walk-ins`, body)).json().errors).toContainEqual({ field: 'isPaidAtDesk', key: 'paymentRequired' });
    const ok = await api('POST', `/${eventId}/badge-walk-ins`, { ...body, isPaidAtDesk: true });
    expect(ok.statusCode).toBe(201);
    const { registrationId, orderId } = ok.json().data;
    expect((await api('GET', `/${eventId}/badge-attendees/${registrationId}`)).json().data.isAdmissible).toBe(true);
    // Paid offline at the desk: one captured payment, an invoice number, and the journey of a paid registration.
    const rows = await t.ctx.database.db.execute(sql`select o.status, o.payment_status as "paymentStatus", o.invoice_number as "invoiceNumber", (select count(*)::int from payments p where p.order_id = o.id and p.provider = 'offline' and p.status = 'captured') as captured from orders o where o.id = ${orderId}`);
    expect(rows.rows[0]).toMatchObject({ status: 'paid', paymentStatus: 'paid', invoiceNumber: expect.stringMatching(/\d{6}$/), captured: 1 });
    const journey = (await api('GET', `/${eventId}/registrations/${registrationId}/journey`)).json().data;
    expect(journey.map((j: { type: string }) => j.type).sort()).toEqual(['PAY_CAPTURED', 'REG', 'SPEND']);
    const full = await api('POST', `/${eventId}/badge-walk-ins`, { ...body, email: 'second@example.com', isPaidAtDesk: true });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('SOLD_OUT');
  });

  it('keeps nothing of a paid walk-in whose confirmation fails: order, seat and its paid fact go together', async () => {
    const paid = await createTicket(t.app, host.accessToken, eventId, { name: 'Night pass', price: 1500, capacity: 1 });
    const db = t.ctx.database.db;
    // A fault in the last write of the walk-in's transaction (its order.paid fact): everything before it must roll back.
    await db.execute(sql.raw(`create or replace function pv_test_fail_fact() returns trigger language plpgsql as $$ begin if new.name = 'order.paid' then raise exception 'injected fact fault'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger pv_test_fail_fact before insert on event_outbox for each row execute function pv_test_fail_fact()`));
    try {
      const failed = await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'Ivy', email: 'ivy@example.com', ticketId: paid.id, isPaidAtDesk: true });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger pv_test_fail_fact on event_outbox`));
    }
    const left = await db.execute(sql`select (select count(*)::int from registrations where event_id = ${eventId} and email = 'ivy@example.com') as regs, (select count(*)::int from orders where event_id = ${eventId} and buyer_email = 'ivy@example.com') as orders, (select count(*)::int from payments p join orders o on o.id = p.order_id where o.buyer_email = 'ivy@example.com') as payments`);
    expect(left.rows[0]).toEqual({ regs: 0, orders: 0, payments: 0 });
    // The one seat was not kept by the failed attempt.
    const ok = await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'Jon', email: 'jon@example.com', ticketId: paid.id, isPaidAtDesk: true });
    expect(ok.statusCode).toBe(201);
  });

  it('keeps nothing of a paid walk-in whose payment fails to record: order, seat and payment go together', async () => {
    const paid = await createTicket(t.app, host.accessToken, eventId, { name: 'Evening pass', price: 1500, capacity: 1 });
    const db = t.ctx.database.db;
    // A fault in the last step of the walk-in's transaction (its invoice row): everything before it must roll back.
    await db.execute(sql.raw(`create or replace function pv_test_fail_invoice() returns trigger language plpgsql as $$ begin raise exception 'injected invoice fault'; end $$`));
    await db.execute(sql.raw(`create trigger pv_test_fail_invoice before insert on invoices for each row execute function pv_test_fail_invoice()`));
    try {
      const failed = await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'Fay', email: 'fay@example.com', ticketId: paid.id, isPaidAtDesk: true });
      expect(failed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger pv_test_fail_invoice on invoices`));
    }
    const left = await db.execute(sql`select (select count(*)::int from registrations where event_id = ${eventId} and email = 'fay@example.com') as regs, (select count(*)::int from orders where event_id = ${eventId} and buyer_email = 'fay@example.com') as orders, (select count(*)::int from payments p join orders o on o.id = p.order_id where o.buyer_email = 'fay@example.com') as payments`);
    expect(left.rows[0]).toEqual({ regs: 0, orders: 0, payments: 0 });
    // The one seat was not kept by the failed attempt.
    const ok = await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'Gus', email: 'gus@example.com', ticketId: paid.id, isPaidAtDesk: true });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses bad walk-in input and other tenants', async () => {
    const errs = (await api('POST', `/${eventId}/badge-walk-ins`, { firstName: ' ', email: 'nope', ticketId: 'nope' })).json().errors;
    expect(errs).toContainEqual({ field: 'email', key: 'inVaildEmail' });
    expect((await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'A', email: 'a@example.com', ticketId: 'nope' })).json().errors).toContainEqual({ field: 'ticketId', key: 'unknownTicket' });
    expect((await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'A', email: 'a@example.com', ticketId: freeTicket, categoryId: 'nope' })).json().errors).toContainEqual({ field: 'categoryId', key: 'unknownCategory' });
    expect((await api('POST', `/${eventId}/badge-walk-ins`, { firstName: 'A', email: 'a@example.com', ticketId: freeTicket }, bearer(other.accessToken))).statusCode).toBe(404);
    expect((await api('POST', `/${otherEventId}/badge-walk-ins`, { firstName: 'A', email: 'a@example.com', ticketId: freeTicket }, bearer(other.accessToken))).json().errors).toContainEqual({
      field: 'ticketId',
      key: 'unknownTicket',
    });
  });
});
