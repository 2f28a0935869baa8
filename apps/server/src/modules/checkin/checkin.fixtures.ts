import type { FastifyInstance } from 'fastify';
import { bearer } from '../../test/test-app.ts';

// Shared steps of the check-in tests (not a test file itself). Registration happens through its public API.
export const BASE = '/api/hospitalityservices/api';

async function createEvent(app: FastifyInstance, token: string, name: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/eventservices/events',
    headers: bearer(token),
    payload: { name, startDate: '2027-03-01', endDate: '2027-03-03', timeZone: 'Europe/Berlin', venue: 'Hall 1', eventMode: 1, eventType: 2 },
  });
  if (res.statusCode !== 201) throw new Error(`event: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

async function createTicket(app: FastifyInstance, token: string, eventId: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/tickets`, headers: bearer(token), payload: { name: 'Standard', currency: 'EUR', ...body } });
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

let n = 0;
function orderBody(ticketId: string, opts: { quantity: number }) {
  return {
    items: [{ ticketId, quantity: opts.quantity }],
    expectedTotal: 0,
    currency: 'EUR',
    buyer: { firstName: 'Bea', lastName: 'Buyer', email: 'bea@example.com' },
    attendees: Array.from({ length: opts.quantity }, () => {
      n++;
      return { ticketId, firstName: `Gate${n}`, lastName: 'Guest', email: `gate${n}@example.com` };
    }),
  };
}

function placeOrder(app: FastifyInstance, eventId: string, body: unknown) {
  return app.inject({ method: 'POST', url: `/api/eventservices/public/events/${eventId}/orders`, payload: body as Record<string, unknown> });
}

/** An event with `n` free (so approved and paid) registrations, their credential strings, and a gate area. */
export async function eventWithAttendees(app: FastifyInstance, token: string, n: number, area: Record<string, unknown> = {}) {
  const eventId = await createEvent(app, token, `Check-in Expo ${Math.random().toString(36).slice(2, 7)}`);
  const ticket = await createTicket(app, token, eventId, { isFree: true, price: 0 });
  const regIds: string[] = [];
  for (let left = n; left > 0; left -= 10) {
    const res = await placeOrder(app, eventId, orderBody(ticket.id, { quantity: Math.min(10, left) }));
    if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
    regIds.push(...(res.json().data.order.attendees as { id: string }[]).map((a) => a.id));
  }
  const creds: string[] = [];
  for (const id of regIds) {
    const c = await app.inject({ method: 'GET', url: `/api/eventservices/events/${eventId}/registrations/${id}/credential`, headers: bearer(token) });
    creds.push(c.json().data.token);
  }
  const a = await app.inject({ method: 'POST', url: `${BASE}/events/${eventId}/areas`, headers: bearer(token), payload: { name: 'Main gate', kind: 'gate', ...area } });
  if (a.statusCode !== 201) throw new Error(`area: ${a.statusCode} ${a.body}`);
  return { eventId, ticketId: ticket.id, regIds, creds, areaId: a.json().data.id as string, displayKey: a.json().data.displayKey as string };
}

/** A paired device: created by the organiser, its code exchanged for a token. */
export async function pairedDevice(app: FastifyInstance, token: string, eventId: string, areaIds: string[], extra: Record<string, unknown> = {}) {
  const c = await app.inject({ method: 'POST', url: `${BASE}/events/${eventId}/devices`, headers: bearer(token), payload: { name: 'Gate scanner', kind: 'scanner', areaIds, ...extra } });
  if (c.statusCode !== 201) throw new Error(`device: ${c.statusCode} ${c.body}`);
  const p = await app.inject({ method: 'POST', url: `${BASE}/devices/pair`, payload: { code: c.json().data.code }, remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  if (p.statusCode !== 200) throw new Error(`pair: ${p.statusCode} ${p.body}`);
  return { deviceId: c.json().data.device.id as string, code: c.json().data.code as string, token: p.json().data.deviceToken as string };
}

export const deviceHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

export function scan(app: FastifyInstance, deviceToken: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `${BASE}/device/scans`, headers: deviceHeaders(deviceToken), payload: body });
}
