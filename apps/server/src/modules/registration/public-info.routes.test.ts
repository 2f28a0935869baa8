import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { bearer, createTestDatabase, signupOrganiser } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, organiserPost, placeOrder } from './registration.fixtures.ts';

// Two server instances on one database, as two processes behind a load balancer: each keeps its own cache of the
// public registration read, and a write through one (or straight in SQL) must show through the other at once.
let database: Database;
let a: FastifyInstance;
let b: FastifyInstance;
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let clock = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', REDIS_URL: '' });
  a = (await buildApp(config, { database, logger: false, now: () => clock })).app;
  b = (await buildApp(config, { database, logger: false, now: () => clock })).app;
  await a.ready();
  await b.ready();
  host = await signupOrganiser(a, { organisationName: 'Read Host' });
  other = await signupOrganiser(a, { organisationName: 'Read Other' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

const url = (eventId: string, query = '') => `/api/eventservices/public/events/${eventId}/registration${query}`;
const read = (app: FastifyInstance, eventId: string, query = '', headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: url(eventId, query), headers });

describe('GET public/events/{id}/registration: ETag, 304 and Cache-Control', () => {
  it('answers with a strong ETag and no-cache, and 304 with no body when If-None-Match names it', async () => {
    const eventId = await createEvent(a, host.accessToken);
    await createTicket(a, host.accessToken, eventId, { name: 'Visitor', isFree: true, capacity: 5 });
    const first = await read(b, eventId);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['cdn-cache-control']).toBe('public, max-age=1, stale-while-revalidate=4');
    expect(first.json()).toMatchObject({ status: 'OK', data: { eventId, tickets: [{ name: 'Visitor', available: 5, isSoldOut: false }] } });

    const etag = first.headers.etag as string;
    const again = await read(b, eventId, '', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    // Weak comparison (RFC 9110 for GET), lists and *.
    expect((await read(b, eventId, '', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await read(b, eventId, '', { 'if-none-match': `"nope", ${etag}` })).statusCode).toBe(304);
    expect((await read(b, eventId, '', { 'if-none-match': '*' })).statusCode).toBe(304);
    const stale = await read(b, eventId, '', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
    // The other instance, with its own cache, builds the same document and so the same ETag.
    expect((await read(a, eventId, '', { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe('invalidation across instances', () => {
  it('a ticket edited through one instance shows through the other at once, with a new ETag', async () => {
    const eventId = await createEvent(a, host.accessToken);
    const ticket = await createTicket(a, host.accessToken, eventId, { name: 'Early bird', isFree: false, price: 1000, capacity: 10 });
    const before = await read(b, eventId);
    expect(before.json().data.tickets[0]).toMatchObject({ name: 'Early bird', price: 1000 });
    const patched = await a.inject({ method: 'PATCH', url: `/api/eventservices/events/${eventId}/tickets/${ticket.id}`, headers: bearer(host.accessToken), payload: { name: 'Regular', price: 1500 } });
    expect(patched.statusCode).toBe(200);
    const after = await read(b, eventId, '', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.tickets[0]).toMatchObject({ name: 'Regular', price: 1500 });
  });

  it('a quota capacity changed through one instance, or straight in SQL, shows through the other at once', async () => {
    const eventId = await createEvent(a, host.accessToken);
    const ticket = await createTicket(a, host.accessToken, eventId, { name: 'Hall', isFree: true, capacity: 3 });
    expect((await read(b, eventId)).json().data.tickets[0].available).toBe(3);
    const quotaId = ticket.quotaIds[0]!;
    const res = await a.inject({ method: 'PATCH', url: `/api/eventservices/events/${eventId}/quotas/${quotaId}`, headers: bearer(host.accessToken), payload: { capacity: 7 } });
    expect(res.statusCode).toBe(200);
    expect((await read(b, eventId)).json().data.tickets[0].available).toBe(7);
    // No server code ran for this write: the triggers of migration 0011 bump the version.
    await database.db.execute(sql`update quotas set capacity = 1 where id = ${quotaId}`);
    expect((await read(b, eventId)).json().data.tickets[0]).toMatchObject({ available: 1, isSoldOut: false });
    await database.db.execute(sql`update tickets set description = 'Standing room' where id = ${ticket.id}`);
    expect((await read(b, eventId)).json().data.tickets[0].description).toBe('Standing room');
  });

  it('a sale through one instance makes the other say sold out on its next read', async () => {
    const eventId = await createEvent(a, host.accessToken);
    const ticket = await createTicket(a, host.accessToken, eventId, { name: 'Last seat', isFree: true, capacity: 1 });
    const before = await read(b, eventId);
    expect(before.json().data.tickets[0]).toMatchObject({ available: 1, isSoldOut: false });
    expect((await placeOrder(a, eventId, orderBody(ticket.id))).statusCode).toBe(201);
    const after = await read(b, eventId, '', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.tickets[0]).toMatchObject({ available: 0, isSoldOut: true });
  });

  it('a cart hold counts until it expires, and the seat comes back once the clock passes its expiry', async () => {
    const eventId = await createEvent(a, host.accessToken);
    const ticket = await createTicket(a, host.accessToken, eventId, { name: 'Carted', isFree: true, capacity: 2 });
    const cart = await a.inject({ method: 'POST', url: `/api/eventservices/public/events/${eventId}/carts`, payload: { items: [{ ticketId: ticket.id, quantity: 2 }] } });
    expect(cart.statusCode).toBe(201);
    expect((await read(b, eventId)).json().data.tickets[0]).toMatchObject({ available: 0, isSoldOut: true });
    const started = clock;
    clock = new Date(clock.getTime() + 16 * 60_000); // the default cart holds seats 15 minutes
    expect((await read(b, eventId)).json().data.tickets[0]).toMatchObject({ available: 2, isSoldOut: false });
    clock = started; // the organisers' access tokens stay valid for the other tests
  });

  it('settings and payment settings changes show at once; the registration counter of each order does not rebuild it', async () => {
    const eventId = await createEvent(a, host.accessToken);
    await createTicket(a, host.accessToken, eventId, { name: 'Settings', isFree: true });
    expect((await read(b, eventId)).json().data.approvalMode).toBe('auto');
    const res = await a.inject({ method: 'PATCH', url: `/api/eventservices/events/${eventId}/registration-settings`, headers: bearer(host.accessToken), payload: { approvalMode: 'manual', cartMinutes: 20 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(b, eventId)).json().data).toMatchObject({ approvalMode: 'manual', cartMinutes: 20 });
    const version = async () => (await database.db.execute(sql`select version::text as v from reg_public_versions where event_id = ${eventId}`)).rows[0]?.v;
    const v0 = await version();
    await database.db.execute(sql`update reg_event_settings set reg_counter = reg_counter + 1 where event_id = ${eventId}`);
    expect(await version()).toBe(v0);
    await database.db.execute(sql`insert into payment_settings (organisation_id, webhook_account_id, enabled_providers) select organisation_id, 'acct-' || id, '["offline"]' from events where id = ${eventId}`);
    expect(await version()).not.toBe(v0);
    expect((await read(b, eventId)).json().data.paymentProviders).toEqual(['offline']);
  });
});

describe('scoping', () => {
  it('each event shows only its own tickets; an unknown event is 404; another organiser edits nothing', async () => {
    const mine = await createEvent(a, host.accessToken, 'Mine');
    const theirs = await createEvent(a, other.accessToken, 'Theirs');
    await createTicket(a, host.accessToken, mine, { name: 'Mine GA', isFree: true });
    const theirTicket = await createTicket(a, other.accessToken, theirs, { name: 'Their GA', isFree: true });
    const m = (await read(b, mine)).json().data;
    const t = (await read(b, theirs)).json().data;
    expect(m.tickets.map((x: { name: string }) => x.name)).toEqual(['Mine GA']);
    expect(t.tickets.map((x: { name: string }) => x.name)).toEqual(['Their GA']);
    expect(m.eventName).toBe('Mine');
    const missing = await read(b, 'NoSuchEvent00000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    expect(missing.headers.etag).toBeUndefined();
    // The host cannot reach the other organiser's ticket through their own event, and the read does not change.
    const cross = await a.inject({ method: 'PATCH', url: `/api/eventservices/events/${mine}/tickets/${theirTicket.id}`, headers: bearer(host.accessToken), payload: { name: 'Hijacked' } });
    expect(cross.statusCode).toBe(404);
    expect((await read(b, theirs)).json().data.tickets[0].name).toBe('Their GA');
  });

  it('hidden tickets show only with their unlock code, never in a shared cache; a wrong code reads as no code', async () => {
    const eventId = await createEvent(a, host.accessToken);
    await createTicket(a, host.accessToken, eventId, { name: 'Public', isFree: true });
    await createTicket(a, host.accessToken, eventId, { name: 'Press', isFree: true, visibility: 'hidden', unlockCode: 'PRESS2027' });
    const plain = await read(b, eventId);
    expect(plain.json().data.tickets.map((x: { name: string }) => x.name)).toEqual(['Public']);
    const unlocked = await read(b, eventId, '?unlockCode=PRESS2027');
    expect(unlocked.json().data.tickets.map((x: { name: string }) => x.name)).toEqual(['Public', 'Press']);
    expect(unlocked.headers['cache-control']).toBe('private, no-cache');
    expect(unlocked.headers['cdn-cache-control']).toBeUndefined();
    expect(unlocked.headers.etag).not.toBe(plain.headers.etag);
    const wrong = await read(b, eventId, '?unlockCode=GUESS');
    expect(wrong.headers.etag).toBe(plain.headers.etag);
    expect(wrong.body).toBe(plain.body);
    expect((await read(b, eventId, '?currency=USD')).json().data.tickets).toEqual([]);
  });

  it('refuses a malformed query with 400', async () => {
    const eventId = await createEvent(a, host.accessToken);
    const res = await read(b, eventId, '?currency=euros');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'ERROR' });
  });
});

it('a quota shared by tickets, created apart from them, shows through the other instance', async () => {
  const eventId = await createEvent(a, host.accessToken);
  const ticket = await createTicket(a, host.accessToken, eventId, { name: 'Shared', isFree: true });
  const quota = await organiserPost(a, host.accessToken, `/${eventId}/quotas`, { name: 'Shared pool', capacity: 4, ticketIds: [ticket.id] });
  expect(quota.statusCode, quota.body).toBe(201);
  expect((await read(b, eventId)).json().data.tickets[0].available).toBe(4);
});
