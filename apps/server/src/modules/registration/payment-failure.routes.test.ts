import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTS_CHANGED_SOCKET_EVENT, ORGANISER_EVENT_QUERY, type TCountsChangedMessage } from '@pavilion/domain';
import { HOST_PASSWORD, bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { CHAT_SOCKET_PATH } from '../../platform/realtime.ts';
import { createEvent, createTicket, orderBody, placeOrder } from './registration.fixtures.ts';

// A failed payment gives its seats back at once; a retry within the window takes them again if they are still free.

let t: TestApp;
let url = '';
let host: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let clock = new Date();
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  host = await signupOrganiser(t.app, { organisationName: 'Host Org' });
  other = await signupOrganiser(t.app, { organisationName: 'Other Org' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

/** Moves the clock; access tokens age with it, so the organisers log in again. */
async function tick(ms: number) {
  clock = new Date(clock.getTime() + ms);
  for (const h of [host, other]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.9.9.8', payload: { identifier: h.userData.email, password: HOST_PASSWORD } });
    h.accessToken = res.json().data.accessToken;
  }
}

const gateway = (sessionId: string, outcome: 'pay' | 'fail') =>
  t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${sessionId}/complete`, payload: { outcome } });
const retry = (orderId: string) => t.app.inject({ method: 'POST', url: `/api/eventservices/public/orders/${orderId}/payments`, payload: { provider: 'test' } });
const publicOrder = async (orderId: string) => (await t.app.inject(`/api/eventservices/public/orders/${orderId}`)).json().data;
async function ticketCounts(eventId: string, ticketId: string) {
  const list = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/tickets`, headers: bearer(host.accessToken) })).json().data as { id: string; sold: number; held: number; available: number | null }[];
  const tk = list.find((x) => x.id === ticketId)!;
  return { sold: tk.sold, held: tk.held, available: tk.available };
}
async function buy(eventId: string, ticketId: string, price: number) {
  const res = await placeOrder(t.app, eventId, orderBody(ticketId, { expectedTotal: price, paymentProvider: 'test' }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { order: { id: string; attendees: { id: string }[] }; payment: { sessionId: string } };
}

describe('a failed payment releases its seats', () => {
  it('fail → the seat returns at once: tickets and the overview say sold and held apart; the lists say Payment failed', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 3 });
    const a = await buy(eventId, ticket.id, 1000);
    const b = await buy(eventId, ticket.id, 1000);
    await gateway(a.payment.sessionId, 'pay');
    await gateway(b.payment.sessionId, 'pay');
    const c = await buy(eventId, ticket.id, 1000);
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 2, held: 1, available: 0 });
    const overview = async () => (await t.app.inject({ url: `/api/analytics/api/events/${eventId}/overview?range=1`, headers: bearer(host.accessToken) })).json().data;
    expect((await overview()).seats).toEqual({ sold: 2, held: 1, capacity: 3 });

    const failed = await gateway(c.payment.sessionId, 'fail');
    expect(failed.json().data.status).toBe('failed');
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 2, held: 0, available: 1 });
    expect((await overview()).seats).toEqual({ sold: 2, held: 0, capacity: 3 });
    // Within its window the order stays pending (the buyer may retry), its payment failed.
    expect(await publicOrder(c.order.id)).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    const regs = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations?paymentStatus=failed`, headers: bearer(host.accessToken) })).json().data;
    expect(regs.items.map((r: { id: string; paymentStatus: string }) => [r.id, r.paymentStatus])).toEqual([[c.order.attendees[0]!.id, 'failed']]);
    const orders = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/orders?paymentStatus=failed`, headers: bearer(host.accessToken) })).json().data;
    expect(orders.items.map((o: { id: string }) => o.id)).toEqual([c.order.id]);
    const journey = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/registrations/${c.order.attendees[0]!.id}/journey`, headers: bearer(host.accessToken) })).json().data;
    expect(journey.find((j: { type: string }) => j.type === 'PAY_FAILED').detail).toMatchObject({ provider: 'test', seatsReleased: true });

    // The freed seat sells to someone else at once.
    const d = await buy(eventId, ticket.id, 1000);
    await gateway(d.payment.sessionId, 'pay');
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 3, held: 0, available: 0 });
  });

  it('a retry within the window takes the seat again and can be paid', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1500, capacity: 2 });
    const a = await buy(eventId, ticket.id, 1500);
    await gateway(a.payment.sessionId, 'fail');
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 0, held: 0, available: 2 });
    const again = await retry(a.order.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(await publicOrder(a.order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 0, held: 1, available: 1 });
    // A second retry while the seat is held opens another attempt and takes nothing more.
    const twice = await retry(a.order.id);
    expect(twice.statusCode).toBe(201);
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 0, held: 1, available: 1 });
    // The first retry's page failing now does not release the seat the newer attempt still needs.
    await gateway(again.json().data.sessionId, 'fail');
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 0, held: 1, available: 1 });
    await gateway(twice.json().data.sessionId, 'pay');
    expect(await publicOrder(a.order.id)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 1, held: 0, available: 1 });
  });

  it('a retry after the seat was sold meanwhile is refused with 409 SOLD_OUT and a clear message; paying the failed page then flags a refund', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 2000, capacity: 1 });
    const a = await buy(eventId, ticket.id, 2000);
    await gateway(a.payment.sessionId, 'fail');
    const b = await buy(eventId, ticket.id, 2000);
    await gateway(b.payment.sessionId, 'pay');
    const refused = await retry(a.order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'ERROR', code: 'SOLD_OUT', errors: [{ field: 'items.0.quantity', key: 'soldOut' }] });
    expect(refused.json().message).toMatch(/released when the payment failed/);
    expect(await publicOrder(a.order.id)).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 1, held: 0, available: 0 });
    // The buyer goes back to the failed page and pays after all: the money cannot buy a seat that is gone.
    await gateway(a.payment.sessionId, 'pay');
    const orderA = (await t.app.inject({ url: `/api/eventservices/events/${eventId}/orders/${a.order.id}`, headers: bearer(host.accessToken) })).json().data;
    expect(orderA).toMatchObject({ status: 'expired', paymentStatus: 'paid', needsRefund: true });
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 1, held: 0, available: 0 });
  });

  it('refuses a retry after the payment window (409 ORDER_NOT_PAYABLE) and an unknown order (404)', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 5 });
    const a = await buy(eventId, ticket.id, 1000);
    await gateway(a.payment.sessionId, 'fail');
    await tick(31 * 60_000);
    const late = await retry(a.order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ORDER_NOT_PAYABLE');
    expect((await retry('no-such-order-000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/eventservices/public/orders/${a.order.id}/payments`, payload: { provider: 'bitcoin' } })).statusCode).toBe(400);
  });

  it('the organiser marking a payment failed releases the seats too', async () => {
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 2 });
    const res = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 1000, paymentProvider: 'offline' }));
    const order = res.json().data.order;
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 0, held: 1, available: 1 });
    const url = `/api/eventservices/events/${eventId}/registrations/${order.attendees[0].id}/payment-status`;
    const foreign = await t.app.inject({ method: 'POST', url, headers: bearer(other.accessToken), payload: { paymentStatus: 'failed' } });
    expect(foreign.statusCode).toBe(404);
    const marked = await t.app.inject({ method: 'POST', url, headers: bearer(host.accessToken), payload: { paymentStatus: 'failed', note: 'Bank transfer bounced' } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ paymentStatus: 'failed', orderStatus: 'pending' });
    expect(await ticketCounts(eventId, ticket.id)).toEqual({ sold: 0, held: 0, available: 2 });
  });
});

function openOrganiserSocket(token: string, eventId: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { path: CHAT_SOCKET_PATH, auth: { token }, query: { [ORGANISER_EVENT_QUERY]: eventId }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

describe('counts changed (realtime)', () => {
  it("tells the event's organisers, and only them, when a sale is held, confirmed and fails", async () => {
    await tick(0);
    const eventId = await createEvent(t.app, host.accessToken);
    const ticket = await createTicket(t.app, host.accessToken, eventId, { price: 1000, capacity: 3 });
    const mine = await openOrganiserSocket(host.accessToken, eventId);
    // Another organisation's organiser may ask for the room; the socket connects but never joins it.
    const foreign = await openOrganiserSocket(other.accessToken, eventId);
    const got: TCountsChangedMessage[] = [];
    const foreignGot: TCountsChangedMessage[] = [];
    mine.on(COUNTS_CHANGED_SOCKET_EVENT, (m: TCountsChangedMessage) => got.push(m));
    foreign.on(COUNTS_CHANGED_SOCKET_EVENT, (m: TCountsChangedMessage) => foreignGot.push(m));
    const waitFor = async (reason: string) => {
      for (let i = 0; i < 150 && !got.some((m) => m.reason === reason); i++) await new Promise((r) => setTimeout(r, 20));
      expect(got.map((m) => m.reason)).toContain(reason);
    };

    const a = await buy(eventId, ticket.id, 1000);
    await waitFor('seats_held');
    // At most one a second per event: the confirmation arrives as the trailing message.
    await gateway(a.payment.sessionId, 'pay');
    await waitFor('order_confirmed');
    const b = await buy(eventId, ticket.id, 1000);
    await gateway(b.payment.sessionId, 'fail');
    await waitFor('payment_failed');
    expect(got.every((m) => m.eventId === eventId && typeof m.at === 'string')).toBe(true);
    expect(foreignGot).toEqual([]);
  });
});
