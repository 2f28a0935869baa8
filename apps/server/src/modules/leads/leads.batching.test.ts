/**
 * Lead scans in flight leave in batches (leads.service.ts: one credentials read, one registrations read, one
 * statement for all their ledger rows and leads). A leads service built from the real repository, credentials service
 * and registration port on the test database, with counting wrappers, so the tests see the batches and the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createRegistrationPort } from '../registration/index.ts';
import { createEvent, createTicket, placeOrder } from '../registration/registration.fixtures.ts';
import { createLeadsRepository } from './leads.repository.ts';
import { createLeadsService, type LeadsCaller } from './leads.service.ts';

let t: TestApp;
let host: Record<string, string>;
let orgId: string;
let eventId: string;
let companyId: string;
type Visitor = { id: string; credential: string };
const visitors: Visitor[] = [];
/** Sizes of the batches each counted call was given. */
const calls = { resolveMany: [] as number[], attendees: [] as number[], recordScans: [] as number[] };
let service: ReturnType<typeof createLeadsService>;
let repo: ReturnType<typeof createLeadsRepository>;

const nonce = () => `n${newId().replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 40);
const staff = (eventUserId: string): LeadsCaller => ({
  user: { userId: `user-${eventUserId}` } as LeadsCaller['user'],
  eventAccess: { eventId, eventUserId },
});
const reset = () => Object.values(calls).forEach((c) => c.splice(0));
/** Settles every scan, answering each with its lead or its error code. */
const settle = (ps: Promise<{ lead: { id: string; registrationId: string; scans: number }; isNew: boolean }>[]) =>
  Promise.all(ps.map((p) => p.then((r) => ({ ok: true as const, ...r }), (err: { code?: string }) => ({ ok: false as const, code: err.code }))));

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'Batch Org' });
  host = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Batch Expo');
  const ticket = await createTicket(t.app, a.accessToken, eventId, { isFree: true, price: 0 });
  for (let i = 0; i < 12; i++) {
    const email = `batch${i}-${newId().slice(0, 6).toLowerCase()}@example.com`;
    const res = await placeOrder(t.app, eventId, {
      items: [{ ticketId: ticket.id, quantity: 1 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Bea', lastName: 'Batch', email },
      attendees: [{ ticketId: ticket.id, firstName: 'Bea', lastName: `Batch ${i}`, email }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.order.attendees[0].id as string;
    const c = await t.app.inject({ method: 'GET', url: `/api/eventservices/events/${eventId}/registrations/${id}/credential`, headers: host });
    visitors.push({ id, credential: c.json().data.token });
  }
  companyId = (await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/exhibition/companies`, headers: host, payload: { name: 'Batch Robotics' } })).json().data.id;

  const db = t.ctx.database.db;
  const realRepo = createLeadsRepository(db);
  repo = {
    ...realRepo,
    recordScans: (ws) => {
      calls.recordScans.push(ws.length);
      return realRepo.recordScans(ws);
    },
  };
  const registrations = createRegistrationPort(db);
  service = createLeadsService({
    repo,
    now: () => new Date(),
    assertEvent: async () => {},
    assertTabVisible: async () => {},
    exhibition: {
      staffCompanyOf: async () => ({ companyId }) as never,
      company: async () => ({ id: companyId, name: 'Batch Robotics', organisationId: orgId }),
      companies: async () => [],
      product: async () => null,
      productDocuments: async () => [],
      productDocumentBytes: async () => null,
    },
    credentials: {
      resolveMany: (raws, ev) => {
        calls.resolveMany.push(raws.length);
        return t.ctx.credentials.resolveMany(raws, ev);
      },
      ensure: (ev, id) => t.ctx.credentials.ensure(ev, id),
    },
    registrations: {
      ...registrations,
      attendees: (ev, q) => {
        calls.attendees.push(q?.ids?.length ?? 0);
        return registrations.attendees(ev, q);
      },
    },
    contactOf: async (userId) => ({ email: `${userId}@example.com`, name: `Staff ${userId}` }),
    seal: (s) => s,
    wakeWebhooks: () => {},
    isProduction: false,
    findEvent: async () => null,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('lead scans in one batch', () => {
  it('saves concurrent scans of many visitors with one read of credentials and registrations and one statement', async () => {
    // Warm the staff answer, so every scan below reaches the batchers on the same turn.
    await service.scan(staff('eu-warm'), eventId, { credential: visitors[11]!.credential, nonce: nonce() });
    reset();
    const out = await settle(visitors.slice(0, 8).map((v) => service.scan(staff('eu-warm'), eventId, { credential: v.credential, nonce: nonce() })));
    expect(out.every((r) => r.ok && r.isNew)).toBe(true);
    expect(out.map((r) => (r.ok ? r.lead.registrationId : null))).toEqual(visitors.slice(0, 8).map((v) => v.id));
    // The first scan leaves alone (nothing was in flight); the other seven wait for it and leave together.
    expect(calls.resolveMany.length).toBeLessThanOrEqual(2);
    expect(calls.resolveMany.reduce((a, b) => a + b, 0)).toBe(8);
    expect(calls.attendees.length).toBe(calls.resolveMany.length);
    expect(calls.recordScans.length).toBeLessThanOrEqual(2);
    expect(Math.max(...calls.recordScans)).toBeGreaterThan(1);
    expect(await repo.scanCount({ eventId, companyId })).toBe(9);
  });

  it('answers a nonce sent twice inside one batch with one lead, written once, even when the two scans name different badges', async () => {
    const me = staff('eu-dup');
    await service.scan(me, eventId, { credential: visitors[11]!.credential, nonce: nonce() });
    const before = await repo.scanCount({ eventId, companyId });
    reset();
    const same = nonce();
    const odd = nonce();
    const out = await settle([
      service.scan(me, eventId, { credential: visitors[8]!.credential, nonce: nonce() }),
      // The same scan sent twice at once (a retry racing its original).
      service.scan(me, eventId, { credential: visitors[9]!.credential, nonce: same }),
      service.scan(me, eventId, { credential: visitors[9]!.credential, nonce: same }),
      // A phone that reused a nonce for another badge: one is saved, the other answered with the saved lead.
      service.scan(me, eventId, { credential: visitors[10]!.credential, nonce: odd }),
      service.scan(me, eventId, { credential: visitors[0]!.credential, nonce: odd }),
    ]);
    expect(out.every((r) => r.ok)).toBe(true);
    const ok = out.flatMap((r) => (r.ok ? [r] : []));
    expect(ok[1]!.lead.id).toBe(ok[2]!.lead.id);
    expect([ok[1]!.isNew, ok[2]!.isNew].sort()).toEqual([false, true]);
    expect(ok[3]!.lead.id).toBe(ok[4]!.lead.id);
    expect(ok[3]!.lead.registrationId).toBe(visitors[10]!.id);
    // Three distinct nonces: three ledger rows, and each lead counted its scan once.
    expect(await repo.scanCount({ eventId, companyId })).toBe(before + 3);
    expect(ok[2]!.lead.scans).toBe(1);
    expect(ok[4]!.lead.scans).toBe(1);
    // The two odd scans went to the database together (different badges may share a batch).
    expect(calls.recordScans.some((n) => n >= 2)).toBe(true);
  });

  it('refuses a revoked badge inside a batch and saves the others', async () => {
    const me = staff('eu-rev');
    await service.scan(me, eventId, { credential: visitors[11]!.credential, nonce: nonce() });
    const revoked = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/registrations/${visitors[5]!.id}/credential/revoke`, headers: host, payload: { reason: 'lost' } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const before = await repo.scanCount({ eventId, companyId });
    reset();
    const out = await settle([4, 5, 6, 7].map((i) => service.scan(me, eventId, { credential: visitors[i]!.credential, nonce: nonce() })));
    expect(out.map((r) => (r.ok ? 'saved' : r.code))).toEqual(['saved', 'LEADS_CREDENTIAL_REVOKED', 'saved', 'saved']);
    expect(Math.max(...calls.resolveMany)).toBeGreaterThan(1);
    expect(await repo.scanCount({ eventId, companyId })).toBe(before + 3);
  });
});
