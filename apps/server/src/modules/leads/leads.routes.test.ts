import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, placeOrder } from '../registration/registration.fixtures.ts';

const PASSWORD = 'Guest#Secure26';

let t: TestApp;
let hostA: Record<string, string>;
let hostB: Record<string, string>;
let orgA: string;
let eventId: string;
let otherEventId: string;
let companyA: string;
let companyB: string;
let staffA: Record<string, string>;
let staffA2: Record<string, string>;
let staffB: Record<string, string>;
let outsider: Record<string, string>;
type Visitor = { id: string; registrationNo: string; email: string; credential: string };
const visitors: Visitor[] = [];
let otherEventVisitor: Visitor;

const ex = (ev: string) => `/api/eventservices/events/${ev}/exhibition`;
const booth = (ev: string) => `/api/eventservices/events/${ev}/booth/leads`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const nonce = () => `n${newId().replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 40);

/** A participant of `ev` signed in through ei/{eventId} (tokens signed directly), with this account email. */
async function participant(ev: string, email = `p-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Sam', lastName: 'Staff', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgA, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { ...bearer(access), 'x-user-access-token': eventAccess };
}

async function registerVisitor(ev: string, ticketId: string, email: string): Promise<Visitor> {
  const res = await placeOrder(t.app, ev, {
    items: [{ ticketId, quantity: 1 }],
    expectedTotal: 0,
    currency: 'EUR',
    buyer: { firstName: 'Vic', lastName: 'Visitor', email },
    attendees: [{ ticketId, firstName: 'Vic', lastName: `Visitor ${email.split('@')[0]}`, email }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data.order;
  const id = order.attendees[0].id as string;
  const c = await call('GET', hostA, `/api/eventservices/events/${ev}/registrations/${id}/credential`);
  return { id, registrationNo: order.registrationNo, email, credential: c.json().data.token };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Leads Org' });
  hostA = bearer(a.accessToken);
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  hostB = bearer((await signupOrganiser(t.app, { organisationName: 'Rival Org' })).accessToken);
  eventId = await createEvent(t.app, a.accessToken, 'Leads Expo');
  otherEventId = await createEvent(t.app, a.accessToken, 'Other Expo');
  const ticket = await createTicket(t.app, a.accessToken, eventId, { isFree: true, price: 0 });
  for (let i = 0; i < 5; i++) visitors.push(await registerVisitor(eventId, ticket.id, `visitor${i}-${newId().slice(0, 6).toLowerCase()}@example.com`));
  const otherTicket = await createTicket(t.app, a.accessToken, otherEventId, { isFree: true, price: 0 });
  otherEventVisitor = await registerVisitor(otherEventId, otherTicket.id, `far-${newId().slice(0, 6).toLowerCase()}@example.com`);
  companyA = (await call('POST', hostA, `${ex(eventId)}/companies`, { name: 'Acme Robotics' })).json().data.id;
  companyB = (await call('POST', hostA, `${ex(eventId)}/companies`, { name: 'Beta Sensors' })).json().data.id;
  const emailA = `staff-a-${newId().slice(0, 6).toLowerCase()}@example.com`;
  const emailA2 = `staff-a2-${newId().slice(0, 6).toLowerCase()}@example.com`;
  const emailB = `staff-b-${newId().slice(0, 6).toLowerCase()}@example.com`;
  expect((await call('PUT', hostA, `${ex(eventId)}/companies/${companyA}/staff`, { emails: [emailA, emailA2.toUpperCase()] })).statusCode).toBe(200);
  expect((await call('PUT', hostA, `${ex(eventId)}/companies/${companyB}/staff`, { emails: [emailB] })).statusCode).toBe(200);
  staffA = await participant(eventId, emailA);
  staffA2 = await participant(eventId, emailA2);
  staffB = await participant(eventId, emailB);
  outsider = await participant(eventId);
});
afterAll(async () => {
  await t?.close();
});

describe('company staff (exhibition)', () => {
  it('keeps lowered unique emails, refuses bad ones by field, another company and another organisation', async () => {
    const list = await call('GET', hostA, `${ex(eventId)}/companies/${companyA}/staff`);
    expect(list.json().data.emails).toHaveLength(2);
    expect(list.json().data.emails.every((e: string) => e === e.toLowerCase())).toBe(true);
    const bad = await call('PUT', hostA, `${ex(eventId)}/companies/${companyA}/staff`, { emails: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'emails.0', key: 'inVaildEmail' }]);
    expect((await call('PUT', hostA, `${ex(eventId)}/companies/${companyA}/staff`, { emails: 'a@example.com' })).statusCode).toBe(400);
    expect((await call('PUT', hostA, `${ex(eventId)}/companies/${companyA}/staff`, { emails: Array.from({ length: 51 }, (_, i) => `s${i}@example.com`) })).statusCode).toBe(400);
    expect((await call('PUT', hostA, `${ex(eventId)}/companies/${companyA}/staff`, { emails: ['<script>alert(1)</script>@x.com'] })).json().code).toBe(1001);
    const taken = await call('PUT', hostA, `${ex(eventId)}/companies/${companyB}/staff`, { emails: [list.json().data.emails[0]] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EXHIBITION_STAFF_TAKEN');
    expect((await call('GET', hostB, `${ex(eventId)}/companies/${companyA}/staff`)).statusCode).toBe(404);
    expect((await call('PUT', hostB, `${ex(eventId)}/companies/${companyA}/staff`, { emails: [] })).statusCode).toBe(404);
    expect((await call('GET', hostA, `${ex(otherEventId)}/companies/${companyA}/staff`)).statusCode).toBe(404);
  });
});

describe('lead retrieval', () => {
  it('tells staff from visitors on the Leads tab, and refuses scans from anyone but staff', async () => {
    const me = (await call('GET', staffA, `${booth(eventId)}/me`)).json().data;
    expect(me.company).toEqual({ id: companyA, name: 'Acme Robotics' });
    expect((await call('GET', outsider, `${booth(eventId)}/me`)).json().data.company).toBeNull();
    const body = { credential: visitors[0]!.credential, nonce: nonce() };
    expect((await call('POST', {}, `${booth(eventId)}/scans`, body)).statusCode).toBe(401);
    const notStaff = await call('POST', outsider, `${booth(eventId)}/scans`, body);
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.json().code).toBe('LEADS_NOT_STAFF');
    // Staff of this event, with the event access token of this event, calling another event's routes.
    const elsewhere = await call('POST', staffA, `${booth(otherEventId)}/scans`, body);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('LEADS_NOT_PARTICIPANT');
    const noEventToken = await call('POST', { authorization: staffA.authorization! }, `${booth(eventId)}/scans`, body);
    expect(noEventToken.json().code).toBe('LEADS_NOT_PARTICIPANT');
  });

  it('saves a scanned badge as a lead once per company, counting a resent scan once', async () => {
    const n1 = nonce();
    const first = await call('POST', staffA, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: n1, rating: 'hot', notes: 'Wants a demo' });
    expect(first.statusCode, first.body).toBe(201);
    const lead = first.json().data.lead;
    expect(first.json().data.isNew).toBe(true);
    expect(lead).toMatchObject({ registrationId: visitors[0]!.id, registrationNo: visitors[0]!.registrationNo, email: visitors[0]!.email, rating: 'hot', notes: 'Wants a demo', scans: 1, scannedBy: 'Sam Staff' });
    const again = await call('POST', staffA, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: n1 });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ isNew: false, lead: { id: lead.id, scans: 1 } });
    // Another staff member of the same company: the same lead, a second scan; the rating stays when none is sent.
    const second = await call('POST', staffA2, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: nonce() });
    expect(second.json().data).toMatchObject({ isNew: false, lead: { id: lead.id, scans: 2, rating: 'hot', notes: 'Wants a demo' } });
    // Another company scanning the same visitor gets its own lead.
    const other = await call('POST', staffB, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: nonce() });
    expect(other.json().data.isNew).toBe(true);
    expect(other.json().data.lead.id).not.toBe(lead.id);
  });

  it('takes a typed registration number, and refuses unknown, revoked and other-event badges with clear 4xx codes', async () => {
    const typed = await call('POST', staffA, `${booth(eventId)}/scans`, { registrationNo: visitors[1]!.registrationNo, nonce: nonce() });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.lead.registrationId).toBe(visitors[1]!.id);
    const unknown = await call('POST', staffA, `${booth(eventId)}/scans`, { registrationNo: 'NOPE-0000', nonce: nonce() });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'LEADS_REGISTRATION_NOT_FOUND']);
    const garbage = await call('POST', staffA, `${booth(eventId)}/scans`, { credential: 'PV1:not-a-badge', nonce: nonce() });
    expect([garbage.statusCode, garbage.json().code]).toEqual([400, 'LEADS_CREDENTIAL_INVALID']);
    const forged = visitors[2]!.credential.slice(0, -4) + (visitors[2]!.credential.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: forged, nonce: nonce() })).json().code).toBe('LEADS_CREDENTIAL_INVALID');
    const far = await call('POST', staffA, `${booth(eventId)}/scans`, { credential: otherEventVisitor.credential, nonce: nonce() });
    expect([far.statusCode, far.json().code]).toEqual([400, 'LEADS_OTHER_EVENT']);
    const revoke = await call('POST', hostA, `/api/eventservices/events/${eventId}/registrations/${visitors[4]!.id}/credential/revoke`, { reason: 'lost' });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const revoked = await call('POST', staffA, `${booth(eventId)}/scans`, { credential: visitors[4]!.credential, nonce: nonce() });
    expect([revoked.statusCode, revoked.json().code]).toEqual([409, 'LEADS_CREDENTIAL_REVOKED']);
    const typedRevoked = await call('POST', staffA, `${booth(eventId)}/scans`, { registrationNo: visitors[4]!.registrationNo, nonce: nonce() });
    expect([typedRevoked.statusCode, typedRevoked.json().code]).toEqual([409, 'LEADS_CREDENTIAL_REVOKED']);
  });

  it('refuses bad scan input by field', async () => {
    const both = await call('POST', staffA, `${booth(eventId)}/scans`, { credential: 'x', registrationNo: 'y', nonce: nonce() });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual([{ field: 'credential', key: 'credentialOrNumber' }]);
    const neither = await call('POST', staffA, `${booth(eventId)}/scans`, { nonce: nonce() });
    expect(neither.json().errors).toEqual([{ field: 'credential', key: 'credentialOrNumber' }]);
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: 'x', nonce: 'short' })).json().errors).toEqual([{ field: 'nonce', key: 'pattern' }]);
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: 42, nonce: nonce() })).statusCode).toBe(400);
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: 'x'.repeat(401), nonce: nonce() })).statusCode).toBe(400);
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: nonce(), rating: 'lukewarm' })).statusCode).toBe(400);
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: nonce(), extra: true })).statusCode).toBe(400);
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: nonce(), notes: '<img src=x onerror=alert(1)>' })).json().code).toBe(1001);
    expect((await call('POST', staffA, `${booth(eventId)}/scans`, { credential: visitors[0]!.credential, nonce: nonce(), scannedAt: 'yesterday' })).statusCode).toBe(400);
  });

  it('syncs an offline queue in order: saved, duplicate by nonce, refused with its code', async () => {
    const n = nonce();
    const res = await call('POST', staffA, `${booth(eventId)}/sync`, {
      scans: [
        { credential: visitors[3]!.credential, nonce: n, scannedAt: '2027-03-02T10:00:00.000Z', rating: 'warm' },
        { credential: visitors[3]!.credential, nonce: n, scannedAt: '2027-03-02T10:00:00.000Z' },
        { credential: visitors[4]!.credential, nonce: nonce() },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results;
    expect(results.map((r: { status: string }) => r.status)).toEqual(['saved', 'duplicate', 'refused']);
    expect(results[2].code).toBe('LEADS_CREDENTIAL_REVOKED');
    expect(results[0].leadId).toBe(results[1].leadId);
    // The whole queue again (the answer was lost): nothing new.
    const replay = await call('POST', staffA, `${booth(eventId)}/sync`, { scans: [{ credential: visitors[3]!.credential, nonce: n }] });
    expect(replay.json().data.results[0].status).toBe('duplicate');
    expect((await call('POST', staffA, `${booth(eventId)}/sync`, { scans: [] })).statusCode).toBe(400);
    expect((await call('POST', staffA, `${booth(eventId)}/sync`, { scans: Array.from({ length: 201 }, () => ({ credential: 'x', nonce: nonce() })) })).statusCode).toBe(400);
  });

  it('lets staff rate, note and answer the company questions; a company sees only its own leads', async () => {
    const q = await call('PUT', staffA, `${booth(eventId)}/questions`, { questions: [{ label: 'Budget?' }, { label: 'Timeline?' }] });
    expect(q.statusCode, q.body).toBe(200);
    const [budget, timeline] = q.json().data as { id: string; label: string }[];
    expect((await call('PUT', staffA, `${booth(eventId)}/questions`, { questions: Array.from({ length: 11 }, (_, i) => ({ label: `Q${i}` })) })).statusCode).toBe(400);
    const list = (await call('GET', staffA, booth(eventId))).json().data;
    expect(list.total).toBe(3);
    const lead = list.items.find((l: { registrationId: string }) => l.registrationId === visitors[1]!.id);
    const upd = await call('PUT', staffA, `${booth(eventId)}/${lead.id}`, { rating: 'cold', notes: 'Student', answers: { [budget!.id]: '10k', [timeline!.id]: '' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ rating: 'cold', notes: 'Student', answers: { [budget!.id]: '10k' } });
    const unknownQ = await call('PUT', staffA, `${booth(eventId)}/${lead.id}`, { rating: null, answers: { nope: 'x' } });
    expect(unknownQ.json().errors).toEqual([{ field: 'answers.nope', key: 'unknownQuestion' }]);
    // Questions saved again with an id keep it.
    const kept = await call('PUT', staffA, `${booth(eventId)}/questions`, { questions: [{ id: budget!.id, label: 'Budget (EUR)?' }] });
    expect(kept.json().data).toEqual([{ id: budget!.id, label: 'Budget (EUR)?' }]);
    // Company B sees its own lead only, and cannot touch A's.
    const b = (await call('GET', staffB, booth(eventId))).json().data;
    expect(b.items.map((l: { id: string }) => l.id)).not.toContain(lead.id);
    expect((await call('PUT', staffB, `${booth(eventId)}/${lead.id}`, { rating: 'hot' })).statusCode).toBe(404);
    expect((await call('POST', staffB, `${booth(eventId)}/${lead.id}/card`)).statusCode).toBe(404);
    const hot = (await call('GET', staffA, `${booth(eventId)}?rating=cold`)).json().data;
    expect(hot.items.map((l: { id: string }) => l.id)).toEqual([lead.id]);
    expect((await call('GET', staffA, `${booth(eventId)}?pageSize=1000`)).statusCode).toBe(400);
  });

  it('exports the company leads as CSV and XLSX with the question columns', async () => {
    const csv = await call('GET', staffA, `${booth(eventId)}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('leads-Acme-Robotics.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Budget (EUR)?');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain(visitors[0]!.email);
    expect(csv.body).not.toContain(otherEventVisitor.email);
    const xlsx = await call('GET', staffA, `${booth(eventId)}/export.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    expect(Object.keys(files)).toContain('xl/worksheets/sheet1.xml');
    expect(strFromU8(files['xl/worksheets/sheet1.xml']!)).toContain(visitors[0]!.email);
    expect((await call('GET', outsider, `${booth(eventId)}/export.csv`)).statusCode).toBe(403);
  });
});

describe('visiting cards and onsite leads', () => {
  it('records cards taken and dropped once each, in the visitor and company lists, and counts them for the host', async () => {
    const lead = (await call('GET', staffA, booth(eventId))).json().data.items.find((l: { registrationId: string }) => l.registrationId === visitors[0]!.id);
    const taken = await call('POST', staffA, `${booth(eventId)}/${lead.id}/card`);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().data).toMatchObject({ kind: 'taken', companyId: companyA, visitorEmail: visitors[0]!.email });
    expect((await call('POST', staffA, `${booth(eventId)}/${lead.id}/card`)).json().data.id).toBe(taken.json().data.id);
    // The visitor signs in with the account of their registration email and drops a card at Beta.
    const visitor = await participant(eventId, visitors[0]!.email);
    const drop = await call('POST', visitor, `/api/eventservices/events/${eventId}/visiting-cards`, { companyId: companyB });
    expect(drop.statusCode, drop.body).toBe(201);
    expect(drop.json().data).toMatchObject({ kind: 'dropped', companyName: 'Beta Sensors' });
    expect((await call('POST', visitor, `/api/eventservices/events/${eventId}/visiting-cards`, { companyId: companyB })).json().data.id).toBe(drop.json().data.id);
    expect((await call('POST', visitor, `/api/eventservices/events/${eventId}/visiting-cards`, { companyId: 'nope' })).json().errors).toEqual([{ field: 'companyId', key: 'unknownCompany' }]);
    expect((await call('POST', outsider, `/api/eventservices/events/${eventId}/visiting-cards`, { companyId: companyB })).json().code).toBe('LEADS_NO_REGISTRATION');
    expect((await call('POST', {}, `/api/eventservices/events/${eventId}/visiting-cards`, { companyId: companyB })).statusCode).toBe(401);
    const mine = (await call('GET', visitor, `/api/eventservices/events/${eventId}/visiting-cards/mine`)).json().data;
    expect([mine.taken, mine.dropped]).toEqual([1, 1]);
    expect(mine.items.map((c: { companyName: string }) => c.companyName).sort()).toEqual(['Acme Robotics', 'Beta Sensors']);
    const bCards = (await call('GET', staffB, `${booth(eventId)}/cards`)).json().data;
    expect([bCards.taken, bCards.dropped]).toEqual([0, 1]);
    const me = (await call('GET', staffA, `${booth(eventId)}/me`)).json().data;
    expect(me.counts).toMatchObject({ leads: 3, cardsTaken: 1, cardsDropped: 0, actions: { '3': 1 } });

    const onsite = await call('GET', hostA, `/api/eventservices/events/${eventId}/onsite-leads`);
    expect(onsite.statusCode).toBe(200);
    const rows = onsite.json().data.companies as { companyId: string; leads: number; cardsTaken: number; cardsDropped: number; actions: Record<string, number> }[];
    expect(rows.find((r) => r.companyId === companyA)).toMatchObject({ leads: 3, cardsTaken: 1, cardsDropped: 0 });
    expect(rows.find((r) => r.companyId === companyB)).toMatchObject({ leads: 1, cardsTaken: 0, cardsDropped: 1, actions: { '4': 1 } });
    expect(onsite.json().data.totals).toMatchObject({ leads: 4, cardsTaken: 1, cardsDropped: 1 });
    expect((await call('GET', hostB, `/api/eventservices/events/${eventId}/onsite-leads`)).statusCode).toBe(404);
    expect((await call('GET', staffA, `/api/eventservices/events/${eventId}/onsite-leads`)).statusCode).toBe(403);
  });
});

describe('lead webhooks', () => {
  it('pushes each new lead to the company webhook, signed with a timestamp, retrying a failed delivery', async () => {
    const got: { headers: IncomingHttpHeaders; body: string; status: number }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        // The first delivery fails: the job must try again.
        const status = got.length === 0 ? 500 : 204;
        got.push({ headers: req.headers, body, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`;
      expect((await call('PUT', staffB, `${booth(eventId)}/webhook`, { url: 'ftp://x' })).json().errors).toEqual([{ field: 'url', key: 'websiteUrlRequired' }]);
      expect((await call('PUT', outsider, `${booth(eventId)}/webhook`, { url })).statusCode).toBe(403);
      const saved = await call('PUT', staffB, `${booth(eventId)}/webhook`, { url });
      expect(saved.statusCode, saved.body).toBe(200);
      const secret = saved.json().data.secret as string;
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const scanned = await call('POST', staffB, `${booth(eventId)}/scans`, { credential: visitors[2]!.credential, nonce: nonce(), rating: 'warm' });
      expect(scanned.json().data.isNew).toBe(true);
      // A known lead scanned again is not new: no second delivery.
      await call('POST', staffB, `${booth(eventId)}/scans`, { credential: visitors[2]!.credential, nonce: nonce() });
      await expect.poll(() => got.length, { timeout: 10_000, interval: 100 }).toBe(2);
      for (const d of got) {
        const ts = Number(d.headers['x-pavilion-timestamp']);
        expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(60);
        expect(d.headers['x-pavilion-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${ts}.${d.body}`).digest('hex')}`);
        expect(d.headers['content-type']).toBe('application/json');
      }
      const payload = JSON.parse(got[1]!.body);
      expect(payload).toMatchObject({ type: 'lead.created', eventId, companyId: companyB, lead: { id: scanned.json().data.lead.id, rating: 'warm', email: visitors[2]!.email } });
      await expect.poll(async () => (await call('GET', staffB, `${booth(eventId)}/webhook`)).json().data, { timeout: 5_000 }).toMatchObject({ url, delivered: 1, pending: 0, failed: 0 });
      // The delivery log: the one delivery, its first attempt answered 500 (retried), its second 204 (delivered).
      const log = (await call('GET', staffB, `${booth(eventId)}/webhook/deliveries`)).json().data.items;
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ leadId: scanned.json().data.lead.id, status: 'delivered', nextAttemptAt: null });
      expect(log[0].attempts.map((a: { attempt: number; httpStatus: number; outcome: string; error: string | null }) => [a.attempt, a.httpStatus, a.outcome, a.error])).toEqual([
        [1, 500, 'retry', 'HTTP 500'],
        [2, 204, 'delivered', null],
      ]);
      expect((await call('GET', staffA, `${booth(eventId)}/webhook/deliveries`)).json().data.items).toEqual([]);
      expect((await call('GET', outsider, `${booth(eventId)}/webhook/deliveries`)).statusCode).toBe(403);
      // Company A has no webhook: its scans queue nothing, and it cannot see B's.
      expect((await call('GET', staffA, `${booth(eventId)}/webhook`)).json().data).toEqual({ url: null, delivered: 0, pending: 0, failed: 0 });
    } finally {
      receiver.close();
    }
  });
});

describe('brief bag', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const TXT = Buffer.from('Price list 2027\nWidget: 10 EUR\n');
  const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
  const upload = (headers: Record<string, string>, title: string, fileName: string, bytes: Buffer) =>
    call('POST', headers, `${booth(eventId)}/documents`, { title, fileName, dataBase64: bytes.toString('base64') });

  it('lets staff upload documents checked by their magic bytes, and visitors collect them and download one ZIP', async () => {
    const pdf = await upload(staffA, 'Catalogue', 'catalogue.pdf', PDF);
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().data).toMatchObject({ title: 'Catalogue', fileName: 'catalogue.pdf', byteSize: PDF.length, companyName: 'Acme Robotics' });
    const txt = await upload(staffA, 'Prices', 'prices.txt', TXT);
    expect(txt.statusCode, txt.body).toBe(201);
    const renamed = await upload(staffA, 'Sneaky', 'brochure.pdf', EXE);
    expect([renamed.statusCode, renamed.json().errors]).toEqual([400, [{ field: 'dataBase64', key: 'fileContentMismatch' }]]);
    expect((await upload(staffA, 'Program', 'setup.exe', EXE)).json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    expect((await call('POST', staffA, `${booth(eventId)}/documents`, { title: 'x', fileName: 'a.pdf', dataBase64: 'not base64!' })).statusCode).toBe(400);
    expect((await call('POST', staffA, `${booth(eventId)}/documents`, { title: 'x', fileName: 'a.pdf', dataBase64: 'A'.repeat(6_000_000) })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await upload(outsider, 'Nope', 'n.pdf', PDF)).statusCode).toBe(403);
    const other = await upload(staffB, 'Beta sheet', 'beta.pdf', PDF);
    expect(other.statusCode).toBe(201);
    // Staff of B cannot delete A's document.
    expect((await call('DELETE', staffB, `${booth(eventId)}/documents/${pdf.json().data.id}`)).statusCode).toBe(404);

    const visitor = await participant(eventId);
    const listed = (await call('GET', visitor, `/api/eventservices/events/${eventId}/brief-bag/companies/${companyA}/documents`)).json().data;
    expect(listed.map((d: { title: string }) => d.title)).toEqual(['Catalogue', 'Prices']);
    expect((await call('GET', visitor, `/api/eventservices/events/${eventId}/brief-bag/companies/nope/documents`)).statusCode).toBe(404);
    for (const id of [pdf.json().data.id, txt.json().data.id, pdf.json().data.id]) {
      expect((await call('POST', visitor, `/api/eventservices/events/${eventId}/brief-bag`, { documentId: id })).statusCode).toBe(201);
    }
    expect((await call('POST', visitor, `/api/eventservices/events/${eventId}/brief-bag`, { documentId: 'nope' })).json().errors).toEqual([{ field: 'documentId', key: 'unknownDocument' }]);
    expect((await call('POST', {}, `/api/eventservices/events/${eventId}/brief-bag`, { documentId: pdf.json().data.id })).statusCode).toBe(401);
    const bag = (await call('GET', visitor, `/api/eventservices/events/${eventId}/brief-bag`)).json().data;
    expect(bag.items.map((d: { title: string }) => d.title)).toEqual(['Catalogue', 'Prices']);
    // Another participant's bag is their own.
    expect((await call('GET', outsider, `/api/eventservices/events/${eventId}/brief-bag`)).json().data.items).toEqual([]);

    const zip = await call('GET', visitor, `/api/eventservices/events/${eventId}/brief-bag.zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Acme Robotics - catalogue.pdf', 'Acme Robotics - prices.txt']);
    expect(Buffer.from(files['Acme Robotics - catalogue.pdf']!).equals(PDF)).toBe(true);
    expect(strFromU8(files['Acme Robotics - prices.txt']!)).toBe(TXT.toString());

    // Brief bag is SPEC §9 action 5, counted once per document collected.
    const me = (await call('GET', staffA, `${booth(eventId)}/me`)).json().data;
    expect(me.counts.actions['5']).toBe(2);
    const removed = (await call('DELETE', visitor, `/api/eventservices/events/${eventId}/brief-bag/${txt.json().data.id}`)).json().data;
    expect(removed.items).toHaveLength(1);
    expect((await call('DELETE', staffA, `${booth(eventId)}/documents/${pdf.json().data.id}`)).statusCode).toBe(200);
    expect((await call('GET', visitor, `/api/eventservices/events/${eventId}/brief-bag`)).json().data.items).toEqual([]);
  });
});

describe('visiting card photos', () => {
  // A 1×1 PNG (the upload is checked by its magic bytes).
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  it('takes a photo of a paper card for a lead (media type 3), checked by its bytes, served to the company only', async () => {
    const scanned = await call('POST', staffA, `${booth(eventId)}/scans`, { registrationNo: visitors[2]!.registrationNo, nonce: nonce() });
    const leadId = scanned.json().data.lead.id as string;
    const bad = await call('PUT', staffA, `${booth(eventId)}/${leadId}/card/photo`, { fileName: 'card.png', dataBase64: Buffer.from('%PDF-1.4 not an image').toString('base64') });
    expect([bad.statusCode, bad.json().errors]).toEqual([400, [{ field: 'dataBase64', key: 'fileContentMismatch' }]]);
    expect((await call('PUT', staffA, `${booth(eventId)}/${leadId}/card/photo`, { fileName: 'card.pdf', dataBase64: PNG.toString('base64') })).json().errors).toEqual([{ field: 'fileName', key: 'fileTypeNotAllowed' }]);
    expect((await call('GET', staffA, `${booth(eventId)}/${leadId}/card/photo`)).statusCode).toBe(404);
    const ok = await call('PUT', staffA, `${booth(eventId)}/${leadId}/card/photo`, { fileName: 'card.png', dataBase64: PNG.toString('base64') });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ kind: 'taken', mediaType: 3, visitorEmail: visitors[2]!.email });
    const photo = await call('GET', staffA, `${booth(eventId)}/${leadId}/card/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.from(photo.rawPayload).equals(PNG)).toBe(true);
    expect((await call('GET', staffB, `${booth(eventId)}/${leadId}/card/photo`)).statusCode).toBe(404);
    const cards = (await call('GET', staffA, `${booth(eventId)}/cards`)).json().data;
    expect(cards.items.find((c: { id: string }) => c.id === ok.json().data.id).mediaType).toBe(3);
    // The card list's thumbnail: the photo by the card's id, for the company's staff only.
    const cardId = ok.json().data.id as string;
    const byCard = await call('GET', staffA, `${booth(eventId)}/cards/${cardId}/photo`);
    expect([byCard.statusCode, byCard.headers['content-type'], byCard.headers['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
    expect(Buffer.from(byCard.rawPayload).equals(PNG)).toBe(true);
    expect((await call('GET', staffA2, `${booth(eventId)}/cards/${cardId}/photo`)).statusCode).toBe(200);
    expect((await call('GET', staffB, `${booth(eventId)}/cards/${cardId}/photo`)).statusCode).toBe(404);
    expect((await call('GET', outsider, `${booth(eventId)}/cards/${cardId}/photo`)).json().code).toBe('LEADS_NOT_STAFF');
    expect((await call('GET', {}, `${booth(eventId)}/cards/${cardId}/photo`)).statusCode).toBe(401);
    expect((await call('GET', staffA, `${booth(eventId)}/cards/${newId()}/photo`)).statusCode).toBe(404);
    // A hostile id is only a string that names no card; an oversize one is refused by the schema.
    expect((await call('GET', staffA, `${booth(eventId)}/cards/x'%20or%201=1/photo`)).statusCode).toBe(404);
    expect((await call('GET', staffA, `${booth(eventId)}/cards/${'a'.repeat(65)}/photo`)).statusCode).toBe(400);
    // A card taken without a photo (visitor 0's, above) has none to show.
    const plain = cards.items.find((c: { visitorEmail: string }) => c.visitorEmail === visitors[0]!.email);
    expect(plain.mediaType).toBeNull();
    expect((await call('GET', staffA, `${booth(eventId)}/cards/${plain.id}/photo`)).statusCode).toBe(404);
  });
});

describe('inquiries', () => {
  it('lets an attendee ask a company about a product, its staff answer and close, with the status rule and action 6', async () => {
    const product = await call('POST', hostA, `${ex(eventId)}/companies/${companyA}/products`, { name: 'Arm X1', price: null });
    expect(product.statusCode, product.body).toBe(201);
    const productB = await call('POST', hostA, `${ex(eventId)}/companies/${companyB}/products`, { name: 'Beta probe', price: 10 });
    const asker = await participant(eventId);
    const base = `/api/eventservices/events/${eventId}/inquiries`;
    const asked = await call('POST', asker, base, { companyId: companyA, productId: product.json().data.id, message: 'Lead time for 40 units?' });
    expect(asked.statusCode, asked.body).toBe(201);
    const inq = asked.json().data;
    expect(inq).toMatchObject({ status: 'open', companyName: 'Acme Robotics', productName: 'Arm X1', askerName: 'Sam Staff', answer: null });
    // Another company's product, an unknown company, bad bodies, anonymous.
    expect((await call('POST', asker, base, { companyId: companyA, productId: productB.json().data.id, message: 'x' })).json().errors).toEqual([{ field: 'productId', key: 'unknownProduct' }]);
    expect((await call('POST', asker, base, { companyId: 'nope', message: 'x' })).json().errors).toEqual([{ field: 'companyId', key: 'unknownCompany' }]);
    expect((await call('POST', asker, base, { companyId: companyA, message: '   ' })).statusCode).toBe(400);
    expect((await call('POST', asker, base, { companyId: companyA, message: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call('POST', asker, base, { companyId: companyA, message: '<script>alert(1)</script>' })).json().code).toBe(1001);
    expect((await call('POST', {}, base, { companyId: companyA, message: 'hi' })).statusCode).toBe(401);

    // Staff of A see it; staff of B neither see nor answer it.
    expect((await call('GET', staffA, `${booth(eventId)}/inquiries`)).json().data.map((i: { id: string }) => i.id)).toContain(inq.id);
    expect((await call('GET', staffB, `${booth(eventId)}/inquiries`)).json().data.map((i: { id: string }) => i.id)).not.toContain(inq.id);
    expect((await call('PUT', staffB, `${booth(eventId)}/inquiries/${inq.id}/answer`, { answer: 'Mine now' })).statusCode).toBe(404);
    const answered = await call('PUT', staffA, `${booth(eventId)}/inquiries/${inq.id}/answer`, { answer: 'Six weeks.' });
    expect(answered.json().data).toMatchObject({ status: 'answered', answer: 'Six weeks.', answeredBy: 'Sam Staff' });
    const mine = (await call('GET', asker, `${base}/mine`)).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'answered', answer: 'Six weeks.' });
    // Another participant cannot close it; the asker can, and then it takes no answer until reopened.
    expect((await call('PUT', outsider, `${base}/${inq.id}/status`, { status: 'closed' })).statusCode).toBe(404);
    expect((await call('PUT', asker, `${base}/${inq.id}/status`, { status: 'closed' })).json().data.status).toBe('closed');
    const late = await call('PUT', staffA, `${booth(eventId)}/inquiries/${inq.id}/answer`, { answer: 'Also...' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'LEADS_INQUIRY_STATUS']);
    expect((await call('PUT', staffA, `${booth(eventId)}/inquiries/${inq.id}/status`, { status: 'open' })).json().data.status).toBe('open');
    expect((await call('PUT', staffA, `${booth(eventId)}/inquiries/${inq.id}/status`, { status: 'answered' })).statusCode).toBe(400);
    const me = (await call('GET', staffA, `${booth(eventId)}/me`)).json().data;
    expect(me.counts.actions['6']).toBe(1);
  });
});

describe('concurrent scans', () => {
  it('makes one lead when many scans of one visitor race, and counts a nonce sent many times at once once', async () => {
    const shared = nonce();
    const bodies = [...Array.from({ length: 20 }, () => ({ credential: visitors[1]!.credential, nonce: nonce() })), ...Array.from({ length: 10 }, () => ({ credential: visitors[1]!.credential, nonce: shared }))];
    const results = await Promise.all(bodies.map((b) => call('POST', staffB, `${booth(eventId)}/scans`, b)));
    expect(results.map((r) => r.statusCode)).toEqual(bodies.map(() => 201));
    expect(results.filter((r) => r.json().data.isNew)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().data.lead.id)).size).toBe(1);
    const lead = (await call('GET', staffB, `${booth(eventId)}?search=${encodeURIComponent(visitors[1]!.email)}`)).json().data.items;
    expect(lead).toHaveLength(1);
    expect(lead[0].scans).toBe(21);
  });
});

describe('onsite leads: every action, a range of days, the export', () => {
  const onsite = (headers: Record<string, string>, query = '') => call('GET', headers, `/api/eventservices/events/${eventId}/onsite-leads${query}`);
  type Row = { companyId: string; leads: number; actions: Record<string, number> };
  /** The calendar day of an instant in Berlin (the test event's time zone). */
  const berlinDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(at);

  it('counts brief bags (5) and inquiries (6) per company, within whole days of the event time zone', async () => {
    // A lead scanned offline five days ago (its scan time is kept) falls on that day only.
    const past = new Date(Date.now() - 5 * 86_400_000);
    const old = await call('POST', staffB, `${booth(eventId)}/scans`, { credential: visitors[3]!.credential, nonce: nonce(), scannedAt: past.toISOString() });
    expect(old.json().data.isNew).toBe(true);
    const all = (await onsite(hostA)).json().data;
    const a = all.companies.find((r: Row) => r.companyId === companyA);
    // Two documents of Acme collected into a bag, one inquiry to Acme (the tests above).
    expect(a.actions).toMatchObject({ '5': 2, '6': 1 });
    expect(all.totals.actions).toMatchObject({ '5': 2, '6': 1 });
    expect(all.range).toEqual({ filter: null, from: null, to: null, timeZone: 'Europe/Berlin', fromAt: null, toAt: null });

    const day = berlinDay(past);
    const thatDay = await onsite(hostA, `?from=${day}&to=${day}`);
    expect(thatDay.statusCode, thatDay.body).toBe(200);
    const rows = thatDay.json().data.companies as Row[];
    expect(rows.find((r) => r.companyId === companyB)).toMatchObject({ leads: 1, actions: {} });
    expect(rows.find((r) => r.companyId === companyA)).toMatchObject({ leads: 0, cardsTaken: 0, actions: {} });
    expect(thatDay.json().data.totals).toMatchObject({ leads: 1, cardsTaken: 0, cardsDropped: 0, actions: {} });
    // The day is the event's: midnight to midnight in Berlin, as instants.
    const { fromAt, toAt } = thatDay.json().data.range;
    expect(berlinDay(new Date(fromAt))).toBe(day);
    expect(berlinDay(new Date(new Date(toAt).getTime() - 1))).toBe(day);
    expect(berlinDay(new Date(toAt))).not.toBe(day);

    // From yesterday on (open end): everything but that old lead.
    const recent = (await onsite(hostA, `?from=${berlinDay(new Date(Date.now() - 86_400_000))}`)).json().data;
    expect(recent.totals.leads).toBe(all.totals.leads - 1);
    expect(recent.companies.find((r: Row) => r.companyId === companyA).actions).toMatchObject({ '5': 2, '6': 1 });
    // Up to the day before that lead: nothing at all.
    const before = (await onsite(hostA, `?to=${berlinDay(new Date(past.getTime() - 86_400_000))}`)).json().data;
    expect(before.totals).toMatchObject({ leads: 0, cardsTaken: 0, cardsDropped: 0, actions: {} });
  });

  it('counts within a SPEC time-range filter (last 1 hour, last 90 days, All Dates) as the other report tabs do', async () => {
    const all = (await onsite(hostA)).json().data;
    // The lead scanned offline five days ago (the test above) is outside the last hour, inside the last 90 days.
    const hour = await onsite(hostA, '?range=10');
    expect(hour.statusCode, hour.body).toBe(200);
    const lastHour = hour.json().data;
    expect(lastHour.totals.leads).toBe(all.totals.leads - 1);
    expect(lastHour.companies.find((r: Row) => r.companyId === companyB).leads).toBe(all.companies.find((r: Row) => r.companyId === companyB).leads - 1);
    expect(lastHour.totals.actions).toEqual(all.totals.actions);
    expect(lastHour.range).toMatchObject({ filter: 10, from: null, to: null, timeZone: 'Europe/Berlin' });
    const span = new Date(lastHour.range.toAt).getTime() - new Date(lastHour.range.fromAt).getTime();
    expect(span).toBe(3_600_000);
    expect(Math.abs(new Date(lastHour.range.toAt).getTime() - Date.now())).toBeLessThan(60_000);
    expect((await onsite(hostA, '?range=5')).json().data.totals).toEqual(all.totals);
    const allDates = (await onsite(hostA, '?range=1')).json().data;
    expect(allDates.totals).toEqual(all.totals);
    expect(allDates.range).toMatchObject({ filter: 1, fromAt: null });
    // The export follows the filter and names it.
    const sheet = await call('GET', hostA, `/api/eventservices/events/${eventId}/onsite-leads.xlsx?range=8`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="onsite-leads-last-15-min.xlsx"');
  });

  it('refuses a day that does not exist, an inverted range and unknown parameters, with their keys', async () => {
    const bad = async (query: string) => {
      const res = await onsite(hostA, query);
      expect(res.statusCode, query).toBe(400);
      return res.json().errors;
    };
    expect(await bad('?from=2027-02-30')).toEqual([{ field: 'from', key: 'invalidDate' }]);
    expect(await bad('?to=yesterday')).toEqual([{ field: 'to', key: 'invalidDate' }]);
    expect(await bad('?from=2027-03-03&to=2027-03-01')).toEqual([{ field: 'to', key: 'notEquivalent' }]);
    expect(await bad('?since=2027-03-01')).toEqual([{ field: 'since', key: 'unknownField' }]);
    // A range id outside SPEC §9 (6 is not one), or a range id with days: which one was meant is not guessed.
    expect(await bad('?range=6')).toEqual([{ field: 'range', key: 'pattern' }]);
    expect(await bad('?range=now')).toEqual([{ field: 'range', key: expect.any(String) }]);
    expect(await bad('?range=8&from=2027-03-01')).toEqual([{ field: 'range', key: 'rangeOrDays' }]);
    expect((await onsite(hostA, '?from=2027-03-01&to=2027-03-01')).statusCode).toBe(200);
    expect((await call('GET', hostA, `/api/eventservices/events/${eventId}/onsite-leads.xlsx?from=2027-03-03&to=2027-03-01`)).statusCode).toBe(400);
  });

  it('exports the table as XLSX with the same columns, rows and totals, to the organiser only', async () => {
    const XLSX = await import('@e965/xlsx');
    const url = `/api/eventservices/events/${eventId}/onsite-leads.xlsx`;
    const res = await call('GET', hostA, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="onsite-leads.xlsx"');
    const book = XLSX.read(new Uint8Array(res.rawPayload), { type: 'array' });
    expect(book.SheetNames).toEqual(['Onsite Leads']);
    const table = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets['Onsite Leads']!, { header: 1 });
    expect(table[0]).toEqual(['Company', 'Leads', 'Hot', 'Warm', 'Cold', 'Card Taken', 'Card Dropped', 'Brief bag', 'Inquiries', 'General calls', 'Meetings', 'Networking']);
    const report = (await onsite(hostA)).json().data;
    const acme = report.companies.find((r: Row) => r.companyId === companyA);
    expect(table.find((r) => r[0] === 'Acme Robotics')).toEqual(['Acme Robotics', acme.leads, acme.hot, acme.warm, acme.cold, acme.cardsTaken, acme.cardsDropped, 2, 1, 0, 0, 0]);
    expect(table.at(-1)).toEqual(['Total', report.totals.leads, report.totals.hot, report.totals.warm, report.totals.cold, report.totals.cardsTaken, report.totals.cardsDropped, 2, 1, 0, 0, 0]);
    expect(table).toHaveLength(report.companies.length + 2);

    const ranged = await call('GET', hostA, `${url}?from=2027-03-01&to=2027-03-03`);
    expect(ranged.headers['content-disposition']).toBe('attachment; filename="onsite-leads-2027-03-01-to-2027-03-03.xlsx"');
    const empty = XLSX.utils.sheet_to_json<(string | number)[]>(XLSX.read(new Uint8Array(ranged.rawPayload), { type: 'array' }).Sheets['Onsite Leads']!, { header: 1 });
    expect(empty.at(-1)).toEqual(['Total', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await call('GET', hostB, url)).statusCode).toBe(404);
    expect((await call('GET', staffA, url)).statusCode).toBe(403);
    expect((await call('GET', {}, url)).statusCode).toBe(401);
  });
});

// Last: its brief-bag actions at Acme would change the onsite report's counts asserted above.
describe('brief bag: product documents', () => {
  const PDF = Buffer.from('%PDF-1.4\n% lamp data sheet\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const bagUrl = (ev = eventId) => `/api/eventservices/events/${ev}/brief-bag`;
  async function productDoc(ev: string, companyId: string, productName: string, title: string, fileName: string) {
    const product = await call('POST', hostA, `${ex(ev)}/companies/${companyId}/products`, { name: productName, price: 10 });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().data.id as string;
    const doc = await call('POST', hostA, `${ex(ev)}/companies/${companyId}/products/${productId}/documents`, { title, fileName, dataBase64: PDF.toString('base64') });
    expect(doc.statusCode, doc.body).toBe(201);
    return { productId, documentId: doc.json().data.id as string };
  }

  it('collects a product document as a booth document is collected, lists it with its product and puts it in the ZIP', async () => {
    const lamp = await productDoc(eventId, companyA, 'Robot lamp', 'Lamp data sheet', 'lamp.pdf');
    const boothDoc = await call('POST', staffA, `${booth(eventId)}/documents`, { title: 'Robots', fileName: 'robots.pdf', dataBase64: PDF.toString('base64') });
    expect(boothDoc.statusCode, boothDoc.body).toBe(201);
    const visitor = await participant(eventId);
    const before = (await call('GET', staffA, `${booth(eventId)}/me`)).json().data.counts.actions['5'] ?? 0;
    for (const documentId of [boothDoc.json().data.id, lamp.documentId, lamp.documentId]) expect((await call('POST', visitor, bagUrl(), { documentId })).statusCode).toBe(201);
    const bag = (await call('GET', visitor, bagUrl())).json().data.items;
    expect(bag.map((d: { title: string; productName: string | null; companyName: string }) => [d.title, d.productName, d.companyName])).toEqual([
      ['Robots', null, 'Acme Robotics'],
      ['Lamp data sheet', 'Robot lamp', 'Acme Robotics'],
    ]);
    // SPEC §9 action 5 at the product's company, once per document.
    expect((await call('GET', staffA, `${booth(eventId)}/me`)).json().data.counts.actions['5']).toBe(before + 2);

    const zip = await call('GET', visitor, `${bagUrl()}.zip`);
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Acme Robotics - Robot lamp - lamp.pdf', 'Acme Robotics - robots.pdf']);
    expect(Buffer.from(files['Acme Robotics - Robot lamp - lamp.pdf']!).equals(PDF)).toBe(true);

    // Taken out by its id; and a deleted product takes its documents out of every bag.
    expect((await call('DELETE', visitor, `${bagUrl()}/${lamp.documentId}`)).json().data.items.map((d: { title: string }) => d.title)).toEqual(['Robots']);
    expect((await call('POST', visitor, bagUrl(), { documentId: lamp.documentId })).statusCode).toBe(201);
    expect((await call('DELETE', hostA, `${ex(eventId)}/companies/${companyA}/products/${lamp.productId}`)).statusCode).toBe(200);
    expect((await call('GET', visitor, bagUrl())).json().data.items.map((d: { title: string }) => d.title)).toEqual(['Robots']);
    expect(Object.keys(unzipSync(new Uint8Array((await call('GET', visitor, `${bagUrl()}.zip`)).rawPayload)))).toEqual(['Acme Robotics - robots.pdf']);
  });

  it('refuses a product document of another event, and the signed-out', async () => {
    const farCompany = (await call('POST', hostA, `${ex(otherEventId)}/companies`, { name: 'Far Lamps' })).json().data.id as string;
    const far = await productDoc(otherEventId, farCompany, 'Far lamp', 'Far sheet', 'far.pdf');
    const visitor = await participant(eventId);
    const res = await call('POST', visitor, bagUrl(), { documentId: far.documentId });
    expect([res.statusCode, res.json().errors]).toEqual([400, [{ field: 'documentId', key: 'unknownDocument' }]]);
    expect((await call('POST', {}, bagUrl(), { documentId: far.documentId })).statusCode).toBe(401);
    expect((await call('GET', visitor, bagUrl())).json().data.items).toEqual([]);
  });
});
