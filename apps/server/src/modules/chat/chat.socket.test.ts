import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TChatControl, type TChatStoredMessage, type TReadReceipt, type TTypingNotice } from '@pavilion/domain';
import { bearer, signupOrganiser } from '../../test/test-app.ts';
import { emit, next, participantHeaders as headers, startSocketCluster, type Instance, type Participant as Person, type SocketCluster } from '../../test/chat-sockets.ts';
import { createEvent, createTicket, placeOrder } from '../registration/registration.fixtures.ts';
import { createChatService } from './chat.service.ts';

// Two app instances on one database, joined by the machine's Redis (CI sets REDIS_URL), as two server processes are.
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

let cluster: SocketCluster;
let one: Instance;
let two: Instance;
let ann: Person;
let ben: Person;
let cat: Person;
let dan: Person;
let hostA = '';

const participant = (host: string, eventId: string, firstName: string) => cluster.participant(host, eventId, firstName);
const open = (url: string, p: Person | null, query: Record<string, string> = {}) => cluster.open(url, p, query);
const say = (from: Person, to: Person, content: string, extra: Record<string, unknown> = {}) => ({ roomId: '', content, from: { eventUserId: from.eventUserId }, member: [from.eventUserId, to.eventUserId], ...extra });

beforeAll(async () => {
  cluster = await startSocketCluster();
  ({ one, two } = cluster);
  hostA = (await signupOrganiser(one.app, { organisationName: 'Chat Org' })).accessToken;
  const hostB = (await signupOrganiser(one.app, { organisationName: 'Other Org' })).accessToken;
  const expo = await createEvent(one.app, hostA, 'Chat Expo');
  const summit = await createEvent(one.app, hostA, 'Other Summit');
  const foreign = await createEvent(one.app, hostB, 'Foreign Fair');
  ann = await participant(hostA, expo, 'Ann');
  ben = await participant(hostA, expo, 'Ben');
  cat = await participant(hostA, summit, 'Cat');
  dan = await participant(hostB, foreign, 'Dan');
});
afterAll(async () => {
  await cluster?.close();
});

describe('chat socket (issue 17)', () => {
  it('refuses a connection without an access token, or whose userId is not the token user', async () => {
    await expect(open(one.url, null)).rejects.toThrow('UNAUTHORISED');
    await expect(open(one.url, ann, { userId: ben.userId })).rejects.toThrow('UNAUTHORISED');
  });

  it('answers an invalid payload with CTL and keeps the socket open', async () => {
    const s = await open(one.url, ann);
    const ctl = next<TChatControl>(s, 'CTL');
    const ack = await emit(s, 'message', { roomId: '', content: 42 });
    expect(ack).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await ctl).toMatchObject({ event: 'message', code: 'VALIDATION_FAILED' });
    expect(await emit(s, 'typing', 'not an object')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await emit(s, 'CTL', { command: 'ping' })).toEqual({ ok: true, data: { pong: true } });
    expect(s.connected).toBe(true);
  });

  it('delivers a message from A on one instance to B on the other, stored first, and refuses a forged sender', async () => {
    const a = await open(one.url, ann);
    const b = await open(two.url, ben);
    await new Promise((r) => setTimeout(r, 200));
    const got = next<TChatStoredMessage>(b, 'message');
    const sent = await emit<TChatStoredMessage>(a, 'message', say(ann, ben, '  Hello Ben  ', { clientId: 'c-1' }));
    expect(sent.ok).toBe(true);
    const msg = (sent as { data: TChatStoredMessage }).data;
    expect(msg).toMatchObject({ content: 'Hello Ben', from: { eventUserId: ann.eventUserId }, isReply: false, replyToMessage: null });
    expect(await got).toEqual(msg);
    // The same clientId again (a client retrying): the stored message, not a second one.
    expect(await emit(a, 'message', say(ann, ben, 'Hello Ben', { clientId: 'c-1' }))).toEqual({ ok: true, data: msg });
    // B answers with a reply, in the room now known.
    const reply = await emit<TChatStoredMessage>(b, 'message', { roomId: msg.roomId, content: 'Hi Ann', from: { eventUserId: ben.eventUserId }, member: [ben.eventUserId, ann.eventUserId], isReply: true, replyToMessage: msg.id });
    expect(reply).toMatchObject({ ok: true, data: { isReply: true, replyToMessage: msg.id, replyPreview: 'Hello Ben' } });
    const history = await one.app.inject({ url: `/api/chatservices/api/events/${ann.eventId}/rooms/${msg.roomId}/messages`, headers: headers(ann) });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.messages.map((m: TChatStoredMessage) => m.content)).toEqual(['Hello Ben', 'Hi Ann']);
    const paged = await one.app.inject({ url: `/api/chatservices/api/events/${ann.eventId}/rooms/${msg.roomId}/messages?limit=1`, headers: headers(ben) });
    expect(paged.json().data).toMatchObject({ hasMore: true, messages: [{ content: 'Hi Ann' }] });
    const older = await one.app.inject({ url: `/api/chatservices/api/events/${ann.eventId}/rooms/${msg.roomId}/messages?limit=1&before=${reply.ok ? (reply.data as TChatStoredMessage).id : ''}`, headers: headers(ben) });
    expect(older.json().data).toMatchObject({ hasMore: false, messages: [{ content: 'Hello Ben' }] });
    // Ann writing as Ben, or into the room naming someone else, is refused.
    expect(await emit(a, 'message', { ...say(ben, ann, 'I am Ben'), roomId: msg.roomId })).toMatchObject({ ok: false, code: 'FORGED_SENDER' });
    expect(await emit(a, 'message', say(ann, ann, 'me and me'))).toMatchObject({ ok: false, code: 'CHAT_BAD_MEMBER' });
    expect(await emit(a, 'message', say(ann, ben, '<script>alert(1)</script>'))).toMatchObject({ ok: false, code: '1001' });
    expect(await emit(a, 'message', say(ann, ben, 'x'.repeat(2001)))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses a person of another event or organisation, and their access to the room', async () => {
    const a = await open(one.url, ann);
    expect(await emit(a, 'message', say(ann, cat, 'Hi Cat'))).toMatchObject({ ok: false, code: 'CHAT_BAD_MEMBER' });
    expect(await emit(a, 'message', say(ann, dan, 'Hi Dan'))).toMatchObject({ ok: false, code: 'CHAT_BAD_MEMBER' });
    const sent = await emit<TChatStoredMessage>(a, 'message', say(ann, ben, 'Room check'));
    const roomId = (sent as { data: TChatStoredMessage }).data.roomId;
    const c = await open(one.url, cat);
    expect(await emit(c, 'message', { roomId, content: 'sneaking in', from: { eventUserId: cat.eventUserId }, member: [cat.eventUserId, ann.eventUserId] })).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    expect(await emit(c, 'typing', { roomId, isTyping: true })).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    // Cat's own event in the path: not found; Ann's event in the path: Cat is no participant of it.
    expect((await one.app.inject({ url: `/api/chatservices/api/events/${cat.eventId}/rooms/${roomId}/messages`, headers: headers(cat) })).statusCode).toBe(404);
    expect((await one.app.inject({ url: `/api/chatservices/api/events/${ann.eventId}/rooms/${roomId}/messages`, headers: headers(cat) })).json()).toMatchObject({ code: 'CHAT_NOT_PARTICIPANT' });
    expect((await one.app.inject({ url: `/api/chatservices/api/events/${ann.eventId}/rooms` })).statusCode).toBe(401);
  });

  it('relays typing to the other side and a read receipt to both; the unread count follows', async () => {
    const a = await open(one.url, ann);
    const b = await open(two.url, ben);
    await new Promise((r) => setTimeout(r, 200));
    const sent = await emit<TChatStoredMessage>(a, 'message', say(ann, ben, 'Are you at the booth?'));
    const msg = (sent as { data: TChatStoredMessage }).data;
    const typing = next<TTypingNotice>(a, 'typing');
    expect(await emit(b, 'typing', { roomId: msg.roomId, isTyping: true })).toEqual({ ok: true });
    expect(await typing).toEqual({ roomId: msg.roomId, eventUserId: ben.eventUserId, isTyping: true });
    const before = await two.app.inject({ url: `/api/chatservices/api/events/${ben.eventId}/rooms`, headers: headers(ben) });
    expect(before.json().data.rooms[0]).toMatchObject({ roomId: msg.roomId, other: { eventUserId: ann.eventUserId, name: 'Ann' }, unread: 3 });
    const receipt = next<TReadReceipt>(a, 'readMessage');
    expect(await emit(b, 'readMessage', { roomId: msg.roomId, messageId: msg.id })).toMatchObject({ ok: true, data: { eventUserId: ben.eventUserId, messageId: msg.id } });
    expect(await receipt).toMatchObject({ roomId: msg.roomId, messageId: msg.id, eventUserId: ben.eventUserId });
    const after = await one.app.inject({ url: `/api/chatservices/api/events/${ben.eventId}/rooms`, headers: headers(ben) });
    expect(after.json().data.rooms[0]).toMatchObject({ unread: 0, lastMessage: { id: msg.id } });
    const annView = await one.app.inject({ url: `/api/chatservices/api/events/${ann.eventId}/rooms/${msg.roomId}/messages`, headers: headers(ann) });
    expect(annView.json().data.otherReadUpTo).toBe(msg.id);
    expect(await emit(b, 'readMessage', { roomId: msg.roomId, messageId: 'no-such-message' })).toMatchObject({ ok: false, code: 'CHAT_MESSAGE_NOT_FOUND' });
  });

  it('offers to chat with the participants listed in the networking directory only', async () => {
    const url = `/api/chatservices/api/events/${ann.eventId}/participants`;
    const ticket = await createTicket(one.app, hostA, ann.eventId, { isFree: true, price: 0 });
    const order = await placeOrder(one.app, ann.eventId, {
      items: [{ ticketId: ticket.id, quantity: 1 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Ben', lastName: 'Brown', email: ben.email },
      attendees: [{ ticketId: ticket.id, firstName: 'Ben', lastName: 'Brown', email: ben.email }],
    });
    expect(order.statusCode).toBe(201);
    expect((await one.app.inject({ url, headers: headers(ann) })).json().data).toEqual([]);
    const mine = (await one.app.inject({ url: '/api/eventservices/me/profiles', headers: bearer(ben.accessToken) })).json().data as { registrationId: string }[];
    const saved = await one.app.inject({
      method: 'PUT',
      url: `/api/eventservices/me/registrations/${mine[0]!.registrationId}/profile`,
      headers: bearer(ben.accessToken),
      payload: { jobTitle: '', company: '', interests: [], isInDirectory: true, isProfilePublic: false },
    });
    expect(saved.statusCode).toBe(200);
    expect((await one.app.inject({ url: `${url}?q=brown`, headers: headers(ann) })).json().data).toEqual([{ registrationId: mine[0]!.registrationId, name: 'Ben Brown', eventUserId: ben.eventUserId, onlineState: expect.any(Number) }]);
    expect((await one.app.inject({ url: `${url}?q=zed`, headers: headers(ann) })).json().data).toEqual([]);
    // Ben does not see himself; Cat, of another event, reads nothing of this one.
    expect((await one.app.inject({ url, headers: headers(ben) })).json().data).toEqual([]);
    expect((await one.app.inject({ url, headers: headers(cat) })).statusCode).toBe(403);
  });

  it('refuses a flood with CTL RATE_LIMITED', async () => {
    const s = await open(one.url, dan);
    const acks = await Promise.all(Array.from({ length: 45 }, () => emit(s, 'CTL', { command: 'ping' })));
    expect(acks.filter((a) => !a.ok).map((a) => (a as { code: string }).code)).toContain('RATE_LIMITED');
    expect(s.connected).toBe(true);
  });
});

describe('video token (SPEC §7 generateRtcToken)', () => {
  const url = '/api/chatservices/api/video/generateRtcToken';
  it('answers 401 without an access token, 403 for another user, and a key for the caller', async () => {
    expect((await one.app.inject({ method: 'POST', url, payload: { cn: 'call-1', uId: ann.userId, rtcr: 'publisher', tet: 3600 } })).statusCode).toBe(401);
    const other = await one.app.inject({ method: 'POST', url, headers: bearer(ann.accessToken), payload: { cn: 'call-1', uId: ben.userId, rtcr: 'publisher', tet: 3600 } });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('RTC_FORBIDDEN_USER');
    const ok = await one.app.inject({ method: 'POST', url, headers: bearer(ann.accessToken), payload: { cn: 'call-1', uId: ann.userId, rtcr: 'publisher', tet: 3600 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'OK', data: { key: expect.any(String) } });
    let now = Date.now();
    const verifier = createChatService({ signingSecret: async () => SECRET, now: () => new Date(now) } as unknown as Parameters<typeof createChatService>[0]);
    const key = ok.json().data.key as string;
    expect(await verifier.verifyRtcToken(key, 'call-1')).toEqual({ userId: ann.userId, role: 'publisher' });
    expect(await verifier.verifyRtcToken(key, 'call-2')).toBeNull();
    expect(await verifier.verifyRtcToken(`${key.slice(0, -4)}AAAA`, 'call-1')).toBeNull();
    now += 3601 * 1000;
    expect(await verifier.verifyRtcToken(key, 'call-1')).toBeNull();
  });
});
