import { inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { attendee, createEvent, createTicket, orderBody, placeOrder } from './registration.fixtures.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let H: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  host = await signupOrganiser(t.app, { organisationName: 'Reg Org' });
  other = await signupOrganiser(t.app, { organisationName: 'Other' });
  H = bearer(host.accessToken);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = H) =>
  t.app.inject({ method, url: url.startsWith('/api') ? url : `/api/eventservices/events${url}`, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const errorsOf = (res: { json(): { errors?: unknown } }) => res.json().errors;

describe('tickets', () => {
  let eventId: string;
  beforeAll(async () => {
    eventId = await createEvent(t.app, host.accessToken);
  });

  it.each([
    [{ isFree: true, price: 100 }, 'price', 'freeTicketHasPrice'],
    [{ price: 0 }, 'price', 'paidTicketNeedsPrice'],
    [{ price: 100, salesStart: '2027-02-01T00:00:00Z', salesEnd: '2027-01-01T00:00:00Z' }, 'salesEnd', 'timeCampare'],
    [{ price: 100, visibility: 'hidden' }, 'unlockCode', 'required'],
    [{ price: 100, minPerOrder: 5, maxPerOrder: 2 }, 'maxPerOrder', 'notEquivalent'],
    [{ price: 100, currency: 'eur' }, 'currency', 'invalidCurrency'],
    [{ price: 1.5 }, 'price', 'invalid_type'],
    [{ price: 100, name: '' }, 'name', 'too_small'],
    [{ price: 100, eventId: 'x' }, 'eventId', 'unknownField'],
    [{ price: 100, capacity: -1 }, 'capacity', 'too_small'],
  ])('refuses %o with a field key', async (body, field, key) => {
    const res = await api('POST', `/${eventId}/tickets`, { name: 'T', currency: 'EUR', ...body });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toContainEqual({ field, key });
  });

  it('creates, reads, edits (re-checking the merged ticket), assigns quotas and deletes', async () => {
    const created = await api('POST', `/${eventId}/tickets`, { name: 'Early', currency: 'EUR', price: 1000, capacity: 3 });
    expect(created.statusCode).toBe(201);
    const ticket = created.json().data;
    expect(ticket).toMatchObject({ name: 'Early', capacity: 3, available: 3, sold: 0, visibility: 'public' });
    expect((await api('GET', `/${eventId}/tickets/${ticket.id}`)).json().data.name).toBe('Early');
    const badPatch = await api('PATCH', `/${eventId}/tickets/${ticket.id}`, { isFree: true });
    expect(errorsOf(badPatch)).toContainEqual({ field: 'price', key: 'freeTicketHasPrice' });
    const patched = await api('PATCH', `/${eventId}/tickets/${ticket.id}`, { capacity: 5, name: 'Early bird' });
    expect(patched.json().data).toMatchObject({ name: 'Early bird', capacity: 5, available: 5 });
    const shared = (await api('POST', `/${eventId}/quotas`, { name: 'Venue', capacity: 2 })).json().data;
    const assigned = await api('PUT', `/${eventId}/tickets/${ticket.id}/quotas`, { quotaIds: [shared.id] });
    expect(assigned.json().data).toMatchObject({ available: 2 });
    expect(assigned.json().data.quotaIds).toHaveLength(2);
    expect(errorsOf(await api('PUT', `/${eventId}/tickets/${ticket.id}/quotas`, { quotaIds: ['nope'] }))).toEqual([{ field: 'quotaIds', key: 'unknownQuota' }]);
    const quotas = (await api('GET', `/${eventId}/quotas`)).json().data;
    const own = quotas.find((q: { isTicketOwn: boolean }) => q.isTicketOwn);
    expect((await api('DELETE', `/${eventId}/quotas/${own.id}`)).json().code).toBe('QUOTA_IN_USE');
    expect((await api('PATCH', `/${eventId}/quotas/${shared.id}`, { capacity: 4 })).json().data).toMatchObject({ capacity: 4, available: 4 });
    expect((await api('DELETE', `/${eventId}/quotas/${shared.id}`)).json().data).toEqual({ id: shared.id });
    expect((await api('DELETE', `/${eventId}/tickets/${ticket.id}`)).json().data).toEqual({ id: ticket.id });
    expect((await api('GET', `/${eventId}/tickets/${ticket.id}`)).statusCode).toBe(404);
    const sold = await createTicket(t.app, host.accessToken, eventId, { isFree: true });
    await placeOrder(t.app, eventId, orderBody(sold.id));
    expect((await api('DELETE', `/${eventId}/tickets/${sold.id}`)).json().code).toBe('TICKET_HAS_ORDERS');
  });

  it('lists a hidden ticket only with its unlock code, and enforces the sale window and per-order limits', async () => {
    const ev = await createEvent(t.app, host.accessToken);
    const hidden = await createTicket(t.app, host.accessToken, ev, { isFree: true, visibility: 'hidden', unlockCode: 'VIP-2027' });
    const later = await createTicket(t.app, host.accessToken, ev, { isFree: true, salesStart: '2099-01-01T00:00:00Z' });
    const group = await createTicket(t.app, host.accessToken, ev, { isFree: true, minPerOrder: 2, maxPerOrder: 3 });
    const pub = (await t.app.inject(`/api/eventservices/public/events/${ev}/registration`)).json().data;
    expect(pub.tickets.map((x: { id: string }) => x.id).sort()).toEqual([later.id, group.id].sort());
    expect(pub.tickets.find((x: { id: string }) => x.id === later.id).isOnSale).toBe(false);
    const unlocked = (await t.app.inject(`/api/eventservices/public/events/${ev}/registration?unlockCode=VIP-2027`)).json().data;
    expect(unlocked.tickets.map((x: { id: string }) => x.id)).toContain(hidden.id);
    expect(errorsOf(await placeOrder(t.app, ev, orderBody(hidden.id)))).toEqual([{ field: 'items.0.ticketId', key: 'unknownTicket' }]);
    expect((await placeOrder(t.app, ev, { ...orderBody(hidden.id), unlockCode: 'VIP-2027' })).statusCode).toBe(201);
    expect(errorsOf(await placeOrder(t.app, ev, orderBody(later.id)))).toEqual([{ field: 'items.0.ticketId', key: 'notOnSale' }]);
    expect(errorsOf(await placeOrder(t.app, ev, orderBody(group.id)))).toContainEqual({ field: 'items.0.quantity', key: 'belowMinPerOrder' });
    expect(errorsOf(await placeOrder(t.app, ev, orderBody(group.id, { quantity: 4 })))).toContainEqual({ field: 'items.0.quantity', key: 'aboveMaxPerOrder' });
    // ticket-group-registration: one buyer, several named attendees.
    const grp = await placeOrder(t.app, ev, orderBody(group.id, { quantity: 3 }));
    expect(grp.json().data.order.attendees).toHaveLength(3);
  });
});

describe('registration forms: field types, required, conditional, per-ticket', () => {
  it('validates answers against the ticket form on the server', async () => {
    const ev = await createEvent(t.app, host.accessToken);
    const vip = await createTicket(t.app, host.accessToken, ev, { name: 'VIP', isFree: true });
    const std = await createTicket(t.app, host.accessToken, ev, { name: 'Std', isFree: true });
    const bad = await api('POST', `/${ev}/forms`, { name: 'F', fields: [{ key: 'diet', label: 'Diet', type: 'select' }, { key: 'x', label: 'X', type: 'text', showIf: { fieldKey: 'nope', equals: ['a'] } }] });
    expect(errorsOf(bad)).toEqual([
      { field: 'fields.0.options', key: 'required' },
      { field: 'fields.1.showIf.fieldKey', key: 'unknownField' },
    ]);
    const form = await api('POST', `/${ev}/forms`, {
      name: 'VIP form',
      ticketIds: [vip.id],
      fields: [
        { key: 'company', label: 'Company', type: 'text', required: true },
        { key: 'diet', label: 'Diet', type: 'select', options: ['none', 'vegan', 'other'], page: 2 },
        { key: 'dietOther', label: 'Which?', type: 'text', required: true, showIf: { fieldKey: 'diet', equals: ['other'] }, page: 2 },
        { key: 'phone', label: 'Phone', type: 'phone' },
      ],
    });
    expect(form.statusCode).toBe(201);
    expect(errorsOf(await api('POST', `/${ev}/forms`, { name: 'G', ticketIds: ['zzz'], fields: [] }))).toEqual([{ field: 'ticketIds.0', key: 'unknownTicket' }]);
    const info = (await t.app.inject(`/api/eventservices/public/events/${ev}/registration`)).json().data;
    expect(info.tickets.find((x: { id: string }) => x.id === vip.id).formId).toBe(form.json().data.id);
    expect(info.tickets.find((x: { id: string }) => x.id === std.id).formId).toBeNull();
    const body = (answers: Record<string, unknown>) => ({ ...orderBody(vip.id), attendees: [attendee(vip.id, { answers })] });
    expect(errorsOf(await placeOrder(t.app, ev, body({})))).toEqual([{ field: 'attendees.0.answers.company', key: 'required' }]);
    expect(errorsOf(await placeOrder(t.app, ev, body({ company: 'ACME', diet: 'other' })))).toEqual([{ field: 'attendees.0.answers.dietOther', key: 'required' }]);
    expect(errorsOf(await placeOrder(t.app, ev, body({ company: 'ACME', diet: 'pizza' })))).toEqual([{ field: 'attendees.0.answers.diet', key: 'invalidOption' }]);
    expect(errorsOf(await placeOrder(t.app, ev, body({ company: 'ACME', dietOther: 'x' })))).toEqual([{ field: 'attendees.0.answers.dietOther', key: 'notApplicable' }]);
    expect(errorsOf(await placeOrder(t.app, ev, body({ company: 'ACME', extra: 'x' })))).toEqual([{ field: 'attendees.0.answers.extra', key: 'unknownField' }]);
    expect(errorsOf(await placeOrder(t.app, ev, body({ company: 'ACME', phone: 'IN:12' })))).toEqual([{ field: 'attendees.0.answers.phone', key: 'phoneLength' }]);
    expect(errorsOf(await placeOrder(t.app, ev, body({ company: 7 })))).toEqual([{ field: 'attendees.0.answers.company', key: 'invalidType' }]);
    expect((await placeOrder(t.app, ev, body({ company: 'ACME', diet: 'other', dietOther: 'halal', phone: 'IN:9876543210' }))).statusCode).toBe(201);
    expect((await placeOrder(t.app, ev, orderBody(std.id))).statusCode).toBe(201);
    const id = form.json().data.id;
    expect((await api('PUT', `/${ev}/forms/${id}`, { name: 'Renamed', ticketIds: [vip.id], fields: [] })).json().data.name).toBe('Renamed');
    expect((await api('GET', `/${ev}/forms`)).json().data).toHaveLength(1);
    expect((await api('DELETE', `/${ev}/forms/${id}`)).statusCode).toBe(200);
  });

  it('checks an international buyer phone by country (international-reg)', async () => {
    const ev = await createEvent(t.app, host.accessToken);
    const tk = await createTicket(t.app, host.accessToken, ev, { isFree: true });
    const res = await placeOrder(t.app, ev, { ...orderBody(tk.id), buyer: { firstName: 'I', email: 'i@x.co', countryCode: 'US', contactNo: '123' } });
    expect(errorsOf(res)).toContainEqual({ field: 'buyer.contactNo', key: 'phoneLength' });
    const ok = await placeOrder(t.app, ev, { ...orderBody(tk.id), buyer: { firstName: 'I', email: 'i@x.co', countryCode: 'IN', contactNo: '9876543210' } });
    expect(ok.statusCode).toBe(201);
  });
});

describe('coupons', () => {
  it('creates, refuses duplicates and bad values, lists with search, edits, bulk-generates and deletes', async () => {
    const ev = await createEvent(t.app, host.accessToken);
    const tk = await createTicket(t.app, host.accessToken, ev, { price: 1000 });
    const c = await api('POST', `/${ev}/coupons`, { code: 'spring-10', kind: 'percent', value: 10, ticketIds: [tk.id], validTo: '2099-01-01T00:00:00Z' });
    expect(c.json().data).toMatchObject({ code: 'SPRING-10', usedCount: 0, maxUses: null });
    expect((await api('POST', `/${ev}/coupons`, { code: 'SPRING-10', kind: 'percent', value: 5 })).json()).toMatchObject({ code: 'COUPON_CODE_TAKEN', errors: [{ field: 'code', key: 'codeTaken' }] });
    expect(errorsOf(await api('POST', `/${ev}/coupons`, { code: 'X1X', kind: 'percent', value: 150 }))).toContainEqual({ field: 'value', key: 'too_big' });
    expect(errorsOf(await api('POST', `/${ev}/coupons`, { code: 'X2X', kind: 'fixed', value: 100 }))).toContainEqual({ field: 'currency', key: 'required' });
    expect(errorsOf(await api('POST', `/${ev}/coupons`, { code: 'bad code!', kind: 'fixed', value: 100, currency: 'EUR' }))).toContainEqual({ field: 'code', key: 'pattern' });
    const bulk = await api('POST', `/${ev}/coupons/bulk`, { prefix: 'VIP-', count: 25, kind: 'fixed', value: 200, currency: 'EUR' });
    expect(bulk.statusCode).toBe(201);
    expect(bulk.json().data.count).toBe(25);
    expect(new Set(bulk.json().data.codes).size).toBe(25);
    expect(bulk.json().data.codes.every((x: string) => /^VIP-[A-Z0-9]{8}$/.test(x))).toBe(true);
    const page = (await api('GET', `/${ev}/coupons?search=vip&pageSize=10&page=3`)).json().data;
    expect(page).toMatchObject({ total: 25, page: 3, pageSize: 10 });
    expect(page.items).toHaveLength(5);
    const quote = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/events/${ev}/quote`, payload: { items: [{ ticketId: tk.id, quantity: 1 }], couponCode: bulk.json().data.codes[0] } });
    expect(quote.json().data).toMatchObject({ discount: 200, total: 800 });
    const id = c.json().data.id;
    expect((await api('PATCH', `/${ev}/coupons/${id}`, { isActive: false })).json().data.isActive).toBe(false);
    const inactive = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/events/${ev}/quote`, payload: { items: [{ ticketId: tk.id, quantity: 1 }], couponCode: 'SPRING-10' } });
    expect(errorsOf(inactive)).toEqual([{ field: 'couponCode', key: 'couponInvalid' }]);
    expect((await api('DELETE', `/${ev}/coupons/${id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/${ev}/coupons/${id}`)).statusCode).toBe(404);
  });
});

describe('visitor categories, date options and cart links (visitors/{categoryName}, lvp-select-date/{categoryId}, cs/{cartLinkId})', () => {
  it('manages them and serves the public lookups', async () => {
    const ev = await createEvent(t.app, host.accessToken);
    const day1 = await createTicket(t.app, host.accessToken, ev, { name: 'Day 1', isFree: true, capacity: 100 });
    const cat = await api('POST', `/${ev}/visitor-categories`, { name: 'Trade visitor', slug: 'trade', ticketId: day1.id });
    expect(cat.statusCode).toBe(201);
    expect((await api('POST', `/${ev}/visitor-categories`, { name: 'Dup', slug: 'trade' })).json().code).toBe('SLUG_TAKEN');
    expect(errorsOf(await api('POST', `/${ev}/visitor-categories`, { name: 'Bad', slug: 'Has Spaces' }))).toContainEqual({ field: 'slug', key: 'pattern' });
    const found = (await t.app.inject(`/api/eventservices/public/events/${ev}/visitor-categories?name=trade`)).json().data;
    expect(found).toEqual([expect.objectContaining({ id: cat.json().data.id, ticketId: day1.id })]);
    const date = await api('POST', `/${ev}/date-options`, { categoryId: cat.json().data.id, date: '2027-03-01', label: 'Monday', ticketId: day1.id });
    expect(date.statusCode).toBe(201);
    expect(errorsOf(await api('POST', `/${ev}/date-options`, { categoryId: 'nope', date: '2027-03-01' }))).toEqual([{ field: 'categoryId', key: 'unknownCategory' }]);
    const dates = (await t.app.inject(`/api/eventservices/public/visitor-categories/${cat.json().data.id}/dates`)).json().data;
    expect(dates).toEqual([expect.objectContaining({ date: '2027-03-01', available: 100 })]);
    const visitor = await placeOrder(t.app, ev, { ...orderBody(day1.id), visitorCategoryId: cat.json().data.id, dateOptionId: date.json().data.id, sourceChannel: 10 });
    expect(visitor.statusCode).toBe(201);
    const regs = (await api('GET', `/${ev}/registrations?categoryId=${cat.json().data.id}`)).json().data;
    expect(regs.items[0]).toMatchObject({ categoryId: cat.json().data.id, dateOptionId: date.json().data.id, sourceChannel: 10 });
    const link = await api('POST', `/${ev}/cart-links`, { name: 'Partner', items: [{ ticketId: day1.id, quantity: 2 }] });
    expect(link.json().data.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(errorsOf(await api('POST', `/${ev}/cart-links`, { name: 'X', items: [{ ticketId: 'zz', quantity: 1 }] }))).toEqual([{ field: 'items.0', key: 'unknownTicket' }]);
    expect((await t.app.inject(`/api/eventservices/public/cart-links/${link.json().data.id}`)).json().data).toMatchObject({ eventId: ev, items: [{ ticketId: day1.id, quantity: 2 }] });
    await api('PUT', `/${ev}/cart-links/${link.json().data.id}`, { name: 'Partner', items: [{ ticketId: day1.id, quantity: 1 }], isActive: false });
    expect((await t.app.inject(`/api/eventservices/public/cart-links/${link.json().data.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/${ev}/cart-links`)).json().data).toHaveLength(1);
    expect((await api('PUT', `/${ev}/visitor-categories/${cat.json().data.id}`, { name: 'Trade', slug: 'trade' })).json().data.name).toBe('Trade');
    expect((await api('GET', `/${ev}/date-options`)).json().data).toHaveLength(1);
    for (const path of [`/cart-links/${link.json().data.id}`, `/date-options/${date.json().data.id}`, `/visitor-categories/${cat.json().data.id}`]) {
      expect((await api('DELETE', `/${ev}${path}`)).statusCode).toBe(200);
    }
  });
});

describe('the registrations table and its actions', () => {
  let ev: string;
  let ticketId: string;
  let regIds: string[];
  beforeAll(async () => {
    ev = await createEvent(t.app, host.accessToken);
    await api('PATCH', `/${ev}/registration-settings`, { approvalMode: 'manual', registrationPrefix: 'EXPO-' });
    ticketId = (await createTicket(t.app, host.accessToken, ev, { isFree: true })).id;
    regIds = [];
    for (let i = 0; i < 12; i++) {
      const body = { ...orderBody(ticketId), attendees: [attendee(ticketId, { firstName: i === 3 ? '=HYPERLINK("http://evil")' : `Person${String(i).padStart(2, '0')}`, email: `p${i}@example.com` })] };
      regIds.push((await placeOrder(t.app, ev, body)).json().data.order.attendees[0].id);
    }
  });

  it('lists with the pager, search and filters', async () => {
    const s = (await api('GET', `/${ev}/registration-settings`)).json().data;
    expect(s).toMatchObject({ approvalMode: 'manual', registrationPrefix: 'EXPO-', cartMinutes: 15 });
    expect(errorsOf(await api('PATCH', `/${ev}/registration-settings`, { cartMinutes: 0, registrationPrefix: 'lower' }))).toEqual([
      { field: 'cartMinutes', key: 'too_small' },
      { field: 'registrationPrefix', key: 'pattern' },
    ]);
    const p1 = (await api('GET', `/${ev}/registrations`)).json().data;
    expect(p1).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(p1.items[0]).toMatchObject({ approvalStatus: 'pending', paymentStatus: 'not_required', orderStatus: 'paid', registrationNo: expect.stringMatching(/^EXPO-\d{6}$/) });
    expect((await api('GET', `/${ev}/registrations?page=2`)).json().data.items).toHaveLength(2);
    expect((await api('GET', `/${ev}/registrations?search=person05`)).json().data.items.map((r: { email: string }) => r.email)).toEqual(['p5@example.com']);
    expect((await api('GET', `/${ev}/registrations?search=%25`)).json().data.total).toBe(0);
    expect((await api('GET', `/${ev}/registrations?search=EXPO-000001`)).json().data.total).toBe(1);
    expect((await api('GET', `/${ev}/registrations?pageSize=1000`)).statusCode).toBe(400);
    expect((await api('GET', `/${ev}/registrations?approvalStatus=maybe`)).statusCode).toBe(400);
    expect((await api('GET', `/${ev}/registrations?sort=name&pageSize=1`)).json().data.items[0].firstName).toBe('=HYPERLINK("http://evil")');
  });

  it('approves, disapproves and suspends, with journey entries', async () => {
    const res = await api('POST', `/${ev}/registrations/approval`, { registrationIds: regIds.slice(0, 3), status: 'approved' });
    expect(res.json().data).toEqual({ updated: 3 });
    await api('POST', `/${ev}/registrations/approval`, { registrationIds: [regIds[1]], status: 'suspended', reason: 'No show' });
    await api('POST', `/${ev}/registrations/approval`, { registrationIds: [regIds[2]], status: 'disapproved' });
    expect((await api('GET', `/${ev}/registrations?approvalStatus=approved`)).json().data.total).toBe(1);
    const journey = (await api('GET', `/${ev}/registrations/${regIds[1]}/journey`)).json().data;
    expect(journey.map((j: { type: string; detail: { status?: string } }) => [j.type, j.detail.status ?? null])).toEqual([
      ['REG', null],
      ['APPRV', 'approved'],
      ['DISAPPRV', 'suspended'],
    ]);
    expect(errorsOf(await api('POST', `/${ev}/registrations/approval`, { registrationIds: ['nope'], status: 'approved' }))).toEqual([{ field: 'registrationIds.0', key: 'unknownRegistration' }]);
    expect((await api('POST', `/${ev}/registrations/approval`, { registrationIds: [], status: 'approved' })).statusCode).toBe(400);
  });

  it('assigns quota, category and groups; replaces a user; adds accompanying persons', async () => {
    const quota = (await api('POST', `/${ev}/quotas`, { name: 'Press', capacity: 10 })).json().data;
    const cat = (await api('POST', `/${ev}/visitor-categories`, { name: 'Press', slug: 'press' })).json().data;
    expect((await api('POST', `/${ev}/registrations/assign-quota`, { registrationIds: [regIds[4]], quotaId: quota.id })).json().data).toEqual({ updated: 1 });
    expect(errorsOf(await api('POST', `/${ev}/registrations/assign-quota`, { registrationIds: [regIds[4]], quotaId: 'nope' }))).toEqual([{ field: 'quotaId', key: 'unknownQuota' }]);
    expect((await api('POST', `/${ev}/registrations/assign-category`, { registrationIds: [regIds[4], regIds[5]], categoryId: cat.id })).json().data).toEqual({ updated: 2 });
    expect((await api('POST', `/${ev}/registrations/assign-groups`, { registrationIds: [regIds[5]], groups: ['Speakers', 'Dinner'] })).json().data).toEqual({ updated: 1 });
    expect((await api('GET', `/${ev}/registrations?group=Dinner`)).json().data.items.map((r: { id: string }) => r.id)).toEqual([regIds[5]]);
    const replaced = await api('POST', `/${ev}/registrations/${regIds[6]}/replace`, { firstName: 'New', lastName: 'Person', email: 'NEW@example.com' });
    expect(replaced.json().data).toMatchObject({ firstName: 'New', email: 'new@example.com' });
    expect(errorsOf(await api('POST', `/${ev}/registrations/${regIds[6]}/replace`, { firstName: 'X', email: 'bad' }))).toContainEqual({ field: 'email', key: 'inVaildEmail' });
    const acc = await api('POST', `/${ev}/registrations/${regIds[6]}/accompanying`, { persons: [{ firstName: 'Plus', lastName: 'One' }] });
    expect(acc.statusCode).toBe(201);
    expect(acc.json().data[0]).toMatchObject({ isAccompanying: true, parentRegistrationId: regIds[6], email: 'new@example.com' });
    const one = (await api('GET', `/${ev}/registrations/${regIds[4]}`)).json().data;
    expect(one).toMatchObject({ quotaId: quota.id, categoryId: cat.id });
    const types = (await api('GET', `/${ev}/registrations/${regIds[6]}/journey`)).json().data.map((j: { type: string }) => j.type);
    expect(types).toEqual(['REG', 'UPDATE']);
  });

  it('exports CSV with the formula guard, and a real XLSX', async () => {
    const csv = await api('GET', `/${ev}/registrations/export?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body.split('\r\n').length).toBeGreaterThan(12);
    const xlsx = await api('GET', `/${ev}/registrations/export?format=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const buf = xlsx.rawPayload;
    expect(buf.subarray(0, 4).toString('hex')).toBe('504b0304');
    // Find the sheet entry and inflate it.
    const name = 'xl/worksheets/sheet1.xml';
    const at = buf.indexOf(Buffer.from(name));
    const size = buf.readUInt32LE(at - 30 + 18);
    const sheet = inflateRawSync(buf.subarray(at + name.length, at + name.length + size)).toString('utf8');
    expect(sheet).toContain('Person05');
    expect(sheet).toContain('=HYPERLINK(&quot;http://evil&quot;)');
    expect((await api('GET', `/${ev}/registrations/export?format=pdf`)).statusCode).toBe(400);
  });
});

describe('orders (organiser)', () => {
  it('lists and filters, marks an offline order paid via payment status, cancels a pending order and frees its seat', async () => {
    const ev = await createEvent(t.app, host.accessToken);
    const tk = await createTicket(t.app, host.accessToken, ev, { price: 1500, capacity: 1 });
    const pending = (await placeOrder(t.app, ev, orderBody(tk.id, { expectedTotal: 1500, paymentProvider: 'offline' }))).json().data.order;
    expect((await api('GET', `/${ev}/orders?status=pending`)).json().data.total).toBe(1);
    expect((await api('GET', `/${ev}/orders?search=bea@example`)).json().data.items[0]).toMatchObject({ id: pending.id, buyer: { email: 'bea@example.com' } });
    const cancelled = await api('POST', `/${ev}/orders/${pending.id}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await api('POST', `/${ev}/orders/${pending.id}/cancel`)).json().code).toBe('ORDER_NOT_CANCELLABLE');
    const next = (await placeOrder(t.app, ev, orderBody(tk.id, { expectedTotal: 1500, paymentProvider: 'offline' }))).json().data.order;
    const mails = smtp.messages.length;
    const marked = await api('POST', `/${ev}/registrations/${next.attendees[0].id}/payment-status`, { paymentStatus: 'paid', note: 'Bank transfer 42' });
    expect(marked.json().data).toMatchObject({ paymentStatus: 'paid', orderStatus: 'paid' });
    await smtp.waitFor(mails + 1);
    expect((await api('POST', `/${ev}/registrations/${next.attendees[0].id}/payment-status`, { paymentStatus: 'failed' })).json().code).toBe('PAYMENT_STATUS_CHANGE_INVALID');
    expect((await api('GET', `/${ev}/orders/${next.id}`)).json().data).toMatchObject({ status: 'paid', paymentProvider: 'offline', invoiceNumber: expect.any(String) });
    expect((await api('GET', `/${ev}/orders/nope`)).statusCode).toBe(404);
  });
});

describe('payment and invoice settings, transactions', () => {
  it('keeps secrets write-only and validates key formats', async () => {
    const bad = await api('PUT', '/api/productservices/api/payment-settings', { stripe: { secretKey: 'pk_live_wrong' } });
    expect(errorsOf(bad)).toContainEqual({ field: 'stripe.secretKey', key: 'pattern' });
    const ok = await api('PUT', '/api/productservices/api/payment-settings', { enabledProviders: ['test', 'offline'], stripe: { secretKey: 'sk_test_abc123' }, offline: { instructions: 'IBAN DE00' } });
    expect(ok.json().data).toMatchObject({ enabledProviders: ['test', 'offline'], stripe: { hasSecretKey: true }, offline: { instructions: 'IBAN DE00' } });
    expect(JSON.stringify(ok.json())).not.toContain('sk_test_abc123');
    // Sealed at rest (platform/secret-box.ts), and the secret is not in the row in the clear.
    const [row] = (await t.ctx.database.db.execute(sql`select stripe_secret_key as k from payment_settings where stripe_secret_key is not null`)).rows as { k: string }[];
    expect(row!.k).toMatch(/^pvs1:/);
    expect(row!.k).not.toContain('sk_test_abc123');
    expect((await api('GET', '/api/productservices/api/payment-settings', undefined, bearer(other.accessToken))).json().data.stripe.hasSecretKey).toBe(false);
    const inv = await api('PUT', '/api/productservices/api/invoice-settings', { legalName: 'Reg Org Ltd', invoicePrefix: 'RO-' });
    expect(inv.json().data).toMatchObject({ legalName: 'Reg Org Ltd', invoicePrefix: 'RO-' });
    expect(errorsOf(await api('PUT', '/api/productservices/api/invoice-settings', { invoicePrefix: 'bad prefix' }))).toContainEqual({ field: 'invoicePrefix', key: 'pattern' });
    const ev = await createEvent(t.app, host.accessToken);
    const tk = await createTicket(t.app, host.accessToken, ev, { price: 100 });
    const stripeOff = await placeOrder(t.app, ev, orderBody(tk.id, { expectedTotal: 100, paymentProvider: 'stripe' }));
    expect(errorsOf(stripeOff)).toContainEqual({ field: 'paymentProvider', key: 'providerNotEnabled' });
    await placeOrder(t.app, ev, orderBody(tk.id, { expectedTotal: 100, paymentProvider: 'test' }));
    const tx = (await api('GET', `/api/productservices/api/events/${ev}/transactions?status=created`)).json().data;
    expect(tx).toMatchObject({ total: 1, items: [expect.objectContaining({ provider: 'test', amount: 100, status: 'created' })] });
    expect((await api('GET', `/api/productservices/api/events/${ev}/transactions`, undefined, bearer(other.accessToken))).statusCode).toBe(404);
  });
});

describe('access: codes and item-level event scope', () => {
  it('a member limited to one event gets 404 for another; a role without the code gets 403', async () => {
    const e1 = await createEvent(t.app, host.accessToken, 'Allowed');
    const e2 = await createEvent(t.app, host.accessToken, 'Hidden');
    const role = (await api('POST', '/api/auth/roles', { name: 'Ticket viewer', codes: ['AP-46', 'AP-94'] })).json().data;
    const before = smtp.messages.length;
    const inv = await api('POST', '/api/auth/team/invitations', { email: 'scoped@reg.example', firstName: 'Scoped', accessLevel: 2, roleId: role.id, itemAccess: [{ itemType: 'event', itemId: e1 }] });
    expect(inv.statusCode).toBe(201);
    const inviteMail = () => smtp.messages.slice(before).map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).find((r) => r.includes('invite=1'));
    for (let i = 0; i < 250 && !inviteMail(); i++) await new Promise((r) => setTimeout(r, 20));
    const raw = inviteMail()!;
    const token = /\/er\/([A-Za-z0-9_-]{40,})\?invite=1/.exec(raw)![1];
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Member#Pass2026', confirmPassword: 'Member#Pass2026' }, remoteAddress: '10.77.1.1' });
    const M = bearer(accepted.json().data.accessToken);
    expect((await api('GET', `/${e1}/tickets`, undefined, M)).statusCode).toBe(200);
    expect((await api('GET', `/${e2}/tickets`, undefined, M)).statusCode).toBe(404);
    expect((await api('GET', `/${e2}/registrations`, undefined, M)).statusCode).toBe(404);
    expect((await api('POST', `/${e1}/tickets`, { name: 'X', currency: 'EUR', price: 1 }, M)).statusCode).toBe(403);
    expect((await t.app.inject(`/api/eventservices/events/${e1}/tickets`)).statusCode).toBe(401);
  });

  it('documents every route in the OpenAPI description', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/eventservices/events/{eventId}/tickets', '/api/eventservices/public/events/{eventId}/orders', '/api/eventservices/public/payments/webhooks/{provider}']));
  });
});

describe('attendee photos', () => {
  // A real 1×1 PNG and a minimal JPEG header: the server checks magic numbers, not a decoder.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

  it('sets, serves by its signed URL, replaces and removes a photo; refuses what is not the image it claims', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { isFree: true, price: 0 });
    const order = await placeOrder(t.app, eventId, orderBody(ticket.id));
    const regId = order.json().data.order.attendees[0].id as string;
    const url = `/${eventId}/registrations/${regId}/photo`;
    expect((await api('GET', `/${eventId}/registrations/${regId}`)).json().data.photoUrl).toBeNull();

    const set = await api('PUT', url, { contentType: 'image/png', dataBase64: png.toString('base64') });
    expect(set.statusCode).toBe(200);
    const photoUrl = set.json().data.photoUrl as string;
    expect(photoUrl).toMatch(new RegExp(`^/api/eventservices/public/registration-photos/${regId}/\\d+\\?sig=`));
    const served = await t.app.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    // A URL nobody signed, or one for another registration, is not found.
    expect((await t.app.inject({ method: 'GET', url: photoUrl.replace(/sig=.{4}/, 'sig=AAAA') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photoUrl.replace(regId, 'someone-else') })).statusCode).toBe(404);

    // Lies about the type, and too large: refused with field keys; nothing changes.
    const lie = await api('PUT', url, { contentType: 'image/jpeg', dataBase64: png.toString('base64') });
    expect(lie.statusCode).toBe(400);
    expect(lie.json()).toMatchObject({ code: 'PHOTO_INVALID', errors: [{ field: 'dataBase64', key: 'fileContentMismatch' }] });
    const huge = await api('PUT', url, { contentType: 'image/jpeg', dataBase64: Buffer.concat([jpeg, Buffer.alloc(600 * 1024)]).toString('base64') });
    expect(huge.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(200);

    // Another organisation cannot touch it.
    expect((await api('PUT', url, { contentType: 'image/png', dataBase64: png.toString('base64') }, bearer(other.accessToken))).statusCode).toBe(404);

    // Replacing gives a new URL; the old one stops working.
    await new Promise((r) => setTimeout(r, 5));
    const replaced = await api('PUT', url, { contentType: 'image/jpeg', dataBase64: jpeg.toString('base64') });
    const newUrl = replaced.json().data.photoUrl as string;
    expect(newUrl).not.toBe(photoUrl);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: newUrl })).headers['content-type']).toBe('image/jpeg');

    const removed = await api('DELETE', url);
    expect(removed.json().data.photoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(404);
    const journey = (await api('GET', `/${eventId}/registrations/${regId}/journey`)).json().data as { type: string; detail: { photo?: string } }[];
    expect(journey.filter((j) => j.type === 'UPDATE').map((j) => j.detail.photo)).toEqual(expect.arrayContaining(['set', 'set', 'removed']));
  });
});
