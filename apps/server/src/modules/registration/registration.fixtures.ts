import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../test/test-app.ts';

// Shared steps of the registration tests (not a test file itself).

export const EVENT = { name: 'Checkout Expo', startDate: '2027-03-01', endDate: '2027-03-03', timeZone: 'Europe/Berlin', venue: 'Hall 1', eventMode: 1, eventType: 2 };

export async function createEvent(app: FastifyInstance, token: string, name = EVENT.name, overrides: Partial<typeof EVENT> = {}): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/eventservices/events', headers: bearer(token), payload: { ...EVENT, name, ...overrides } });
  if (res.statusCode !== 201) throw new Error(`event: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export async function createTicket(app: FastifyInstance, token: string, eventId: string, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/tickets`, headers: bearer(token), payload: { name: 'Standard', currency: 'EUR', ...body } });
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; price: number; quotaIds: string[]; available: number | null };
}

export async function organiserPost(app: FastifyInstance, token: string, url: string, payload: unknown, method: 'POST' | 'PUT' | 'PATCH' = 'POST') {
  return app.inject({ method, url: `/api/eventservices/events${url}`, headers: bearer(token), payload: payload as Record<string, unknown> });
}

let n = 0;
export function attendee(ticketId: string, extra: Record<string, unknown> = {}) {
  n++;
  return { ticketId, firstName: `Ada${n}`, lastName: 'Lovelace', email: `ada${n}@example.com`, ...extra };
}

export function orderBody(ticketId: string, opts: { quantity?: number; expectedTotal?: number; currency?: string; couponCode?: string; paymentProvider?: string; cartId?: string } = {}) {
  const q = opts.quantity ?? 1;
  return {
    items: [{ ticketId, quantity: q }],
    expectedTotal: opts.expectedTotal ?? 0,
    currency: opts.currency ?? 'EUR',
    buyer: { firstName: 'Bea', lastName: 'Buyer', email: 'bea@example.com' },
    attendees: Array.from({ length: q }, () => attendee(ticketId)),
    ...(opts.couponCode ? { couponCode: opts.couponCode } : {}),
    ...(opts.paymentProvider ? { paymentProvider: opts.paymentProvider } : {}),
    ...(opts.cartId ? { cartId: opts.cartId } : {}),
  };
}

export function placeOrder(app: FastifyInstance, eventId: string, body: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/eventservices/public/events/${eventId}/orders`,
    headers: key ? { 'idempotency-key': key } : {},
    payload: body as Record<string, unknown>,
  });
}

export const newKey = () => `k-${randomUUID()}`;

/** Race tests: the test-only switches back off after each test. */
export function resetRaceSwitches(testing: { unsafeDisableLocking: boolean; raceWindowMs: number; raceBarrier: number }) {
  testing.unsafeDisableLocking = false;
  testing.raceWindowMs = 0;
  testing.raceBarrier = 0;
}
