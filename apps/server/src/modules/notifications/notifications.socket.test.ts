/**
 * Live delivery over the /chatservices socket (issue 17), with the official socket.io-client against a listening app:
 * a connected attendee receives an announcement as it is sent; one who was not connected finds it in the inbox; the
 * inbound `announcement` event marks the sender's copy read; a meeting notice arrives as `notification`.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { UserType, type TChatOutbound, type TNotificationPage } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { CHAT_SOCKET_PATH } from '../../platform/realtime.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { emit, record } from '../../test/chat-sockets.ts';
import { createEvent, createTicket, newKey, placeOrder } from '../registration/registration.fixtures.ts';

const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let url: string;
let host: Record<string, string>;
let orgId: string;
let eventId: string;
let vipTicket: string;
const sockets: Socket[] = [];
type Person = { userId: string; eventUserId: string; email: string; access: string; eventAccess: string; headers: Record<string, string> };

async function participant(firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Live', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { userId: user.id, eventUserId: eu!.id, email, access, eventAccess, headers: { ...bearer(access), 'x-user-access-token': eventAccess } };
}
function open(p: Person): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { path: CHAT_SOCKET_PATH, auth: { token: p.access, userAccessToken: p.eventAccess }, query: { userId: p.userId, eventId }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}
/** Everything a socket receives of one event, from now on. */
const collect = <E extends 'announcement' | 'notification'>(s: Socket, event: E) => record<TChatOutbound<E>>(s, event);
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const announce = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/notifyservices/api/events/${eventId}/announcements`, headers: host, payload: { title: 'Live', body: 'Now', format: 'text', audience: { kind: 'everyone' }, ...body } });
const inbox = async (p: Person) => (await t.app.inject({ url: `/api/notifyservices/api/events/${eventId}/notifications`, headers: p.headers })).json().data as TNotificationPage;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const a = await signupOrganiser(t.app, { organisationName: 'Live Notify Org' });
  host = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Live Notify Expo');
  vipTicket = (await createTicket(t.app, a.accessToken, eventId, { name: 'VIP', isFree: true, price: 0 })).id;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await new Promise((r) => setTimeout(r, 200));
  await t?.close();
});

describe('announcements over the chat socket', () => {
  it('reach a connected attendee live; one who was not connected finds it in the inbox', async () => {
    const [ada, bo] = [await participant('Ada'), await participant('Bo')];
    const s = await open(ada);
    const got = collect(s, 'announcement');
    const res = await announce({ title: 'Keynote in 10 minutes', body: 'Main stage.' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    await until(() => got.length > 0);
    expect(got).toEqual([{ id, title: 'Keynote in 10 minutes', body: 'Main stage.', sentAt: res.json().data.sentAt }]);
    // Bo had no socket open: it is waiting in the inbox, unread.
    const later = await inbox(bo);
    expect(later.items[0]).toMatchObject({ kind: 'ANNOUNCEMENT', title: 'Keynote in 10 minutes', announcementId: id, readAt: null });
    expect(later.unread).toBe(1);
    // And Bo's socket, opened now, does not get it again (it was delivered by storing, not by replaying).
    const sb = await open(bo);
    const late = collect(sb, 'announcement');
    await new Promise((r) => setTimeout(r, 150));
    expect(late).toEqual([]);
  });

  it('reaches only the chosen ticket holders live, with rich text as plain text', async () => {
    const [vera, sam] = [await participant('Vera'), await participant('Sam')];
    const placed = await placeOrder(
      t.app,
      eventId,
      { items: [{ ticketId: vipTicket, quantity: 1 }], expectedTotal: 0, currency: 'EUR', buyer: { firstName: 'V', lastName: 'L', email: vera.email }, attendees: [{ ticketId: vipTicket, firstName: 'Vera', lastName: 'Live', email: vera.email }] },
      newKey(),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [sv, ss] = [await open(vera), await open(sam)];
    const [toVera, toSam] = [collect(sv, 'announcement'), collect(ss, 'announcement')];
    const res = await announce({ title: 'VIP only', format: 'html', body: '<p>Lounge <strong>open</strong> &amp; stocked</p>', audience: { kind: 'ticketTypes', ticketIds: [vipTicket] } });
    expect(res.statusCode, res.body).toBe(201);
    await until(() => toVera.length > 0);
    expect(toVera[0]).toMatchObject({ title: 'VIP only', body: 'Lounge open & stocked' });
    await new Promise((r) => setTimeout(r, 150));
    expect(toSam).toEqual([]);
  });

  it('marks the sender copy read with the inbound announcement event, and refuses another announcement', async () => {
    const cy = await participant('Cy');
    const s = await open(cy);
    const id = (await announce({ title: 'Read over the socket' })).json().data.id as string;
    const ack = await emit<{ notificationId: string; readAt: string; unread: number }>(s, 'announcement', { announcementId: id });
    expect(ack.ok).toBe(true);
    const data = (ack as { data: { notificationId: string; readAt: string; unread: number } }).data;
    const mine = (await inbox(cy)).items.find((n) => n.announcementId === id)!;
    expect(mine.readAt).toBe(data.readAt);
    expect(data).toMatchObject({ notificationId: mine.id, unread: (await inbox(cy)).unread });
    expect(await emit(s, 'announcement', { announcementId: 'not-mine' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await emit(s, 'announcement', { announcementId: 42 })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('delivers a meeting notice live as a notification', async () => {
    const [dee, eli] = [await participant('Dee'), await participant('Eli')];
    const saved = await t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${eventId}/meetings/settings`, headers: host, payload: { days: [{ date: '2027-03-02', start: '10:00', end: '12:00' }], slotMinutes: 30, loungeTables: 5 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const s = await open(eli);
    const got = collect(s, 'notification');
    const req = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/meetings/requests`, headers: dee.headers, payload: { inviteeEventUserId: eli.eventUserId, slot: '2027-03-02T10:30', place: 2, mode: 1, type: 2, booth: null, message: 'Hi' } });
    expect(req.statusCode, req.body).toBe(201);
    await until(() => got.length > 0);
    expect(got[0]).toMatchObject({ kind: 'MEETING_INVITED', title: 'Meeting invitation', readAt: null, link: `/mm/${eventId}-${eli.eventUserId}` });
  });
});
