import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OnlineState, type TChatGroup, type TChatStoredMessage, type TLeftGroup, type TMessageDeleted, type TOnlineStateNotice } from '@pavilion/domain';
import { bearer, signupOrganiser } from '../../test/test-app.ts';
import { ackData as data, emit, next, participantHeaders as headers, record, settle, startSocketCluster, type Instance, type Participant as Person, type SocketCluster } from '../../test/chat-sockets.ts';
import { auditLog } from '../../platform/platform.tables.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

// Groups, blocking, reporting, moderation and online state (issue 17), on two app instances joined by Redis.

let cluster: SocketCluster;
let one: Instance;
let two: Instance;
let hostA = '';
let hostB = '';
let expo = '';
let ann: Person, ben: Person, cal: Person, eve: Person, sue: Person, dan: Person;

const participant = (host: string, eventId: string, firstName: string) => cluster.participant(host, eventId, firstName);
const open = (url: string, p: Person) => cluster.open(url, p);
const chatUrl = (eventId: string, rest: string) => `/api/chatservices/api/events/${eventId}/${rest}`;
const groupSay = (from: Person, roomId: string, content: string, extra: Record<string, unknown> = {}) => ({ roomId, content, from: { eventUserId: from.eventUserId }, ...extra });
const say = (from: Person, to: Person, content: string) => ({ roomId: '', content, from: { eventUserId: from.eventUserId }, member: [from.eventUserId, to.eventUserId] });

beforeAll(async () => {
  cluster = await startSocketCluster();
  ({ one, two } = cluster);
  hostA = (await signupOrganiser(one.app, { organisationName: 'Group Chat Org' })).accessToken;
  hostB = (await signupOrganiser(one.app, { organisationName: 'Rival Chat Org' })).accessToken;
  expo = await createEvent(one.app, hostA, 'Group Expo');
  const summit = await createEvent(one.app, hostA, 'Group Summit');
  const foreign = await createEvent(one.app, hostB, 'Rival Fair');
  [ann, ben, cal, eve, sue, dan] = await Promise.all([
    participant(hostA, expo, 'Ann'),
    participant(hostA, expo, 'Ben'),
    participant(hostA, expo, 'Cal'),
    participant(hostA, expo, 'Eve'),
    participant(hostA, summit, 'Sue'),
    participant(hostB, foreign, 'Dan'),
  ]);
});
afterAll(async () => {
  await cluster?.close();
});

let groupId = '';
let annGroupMessage: TChatStoredMessage;

describe('group chat (joinGroup, messageGroup, leaveGroup)', () => {
  it('creates a group whose messages reach its members only, across instances', async () => {
    const a = await open(one.url, ann);
    const b = await open(two.url, ben);
    const c = await open(one.url, cal);
    const e = await open(two.url, eve);
    await settle();
    const eveHears = record<TChatStoredMessage>(e, 'messageGroup');
    const benJoined = next<TChatGroup>(b, 'joinGroup');
    const group = data(await emit<TChatGroup>(a, 'joinGroup', { name: ' Booth crew ', member: [ben.eventUserId, cal.eventUserId, ben.eventUserId] }));
    groupId = group.roomId;
    expect(group).toMatchObject({ name: 'Booth crew', createdBy: ann.eventUserId });
    expect(group.members.map((m) => m.name).sort()).toEqual(['Ann', 'Ben', 'Cal']);
    expect(group.members.every((m) => m.onlineState === OnlineState.Online)).toBe(true);
    expect((await benJoined).roomId).toBe(groupId);

    const benGets = next<TChatStoredMessage>(b, 'messageGroup');
    const calGets = next<TChatStoredMessage>(c, 'messageGroup');
    annGroupMessage = data(await emit<TChatStoredMessage>(a, 'messageGroup', groupSay(ann, groupId, 'Stand-up at 9?', { clientId: 'g-1' })));
    expect(await benGets).toEqual(annGroupMessage);
    expect(await calGets).toEqual(annGroupMessage);
    expect(annGroupMessage.member.sort()).toEqual([ann, ben, cal].map((p) => p.eventUserId).sort());
    // A retry with the same clientId answers the stored message.
    expect(data(await emit<TChatStoredMessage>(a, 'messageGroup', groupSay(ann, groupId, 'Stand-up at 9?', { clientId: 'g-1' }))).id).toBe(annGroupMessage.id);
    const reply = data(await emit<TChatStoredMessage>(c, 'messageGroup', groupSay(cal, groupId, 'Yes', { isReply: true, replyToMessage: annGroupMessage.id })));
    expect(reply).toMatchObject({ isReply: true, replyPreview: 'Stand-up at 9?' });

    // Typing reaches the other members; history, unread counts and read marks work as for 1:1.
    const typing = next<{ roomId: string; eventUserId: string }>(b, 'typing');
    expect(await emit(c, 'typing', { roomId: groupId, isTyping: true })).toEqual({ ok: true });
    expect(await typing).toMatchObject({ roomId: groupId, eventUserId: cal.eventUserId });
    const rooms = (await one.app.inject({ url: chatUrl(expo, 'rooms'), headers: headers(ben) })).json().data;
    expect(rooms.rooms.find((r: { roomId: string }) => r.roomId === groupId)).toMatchObject({ kind: 'group', title: 'Booth crew', other: null, memberCount: 3, unread: 2 });
    expect(await emit(b, 'readMessage', { roomId: groupId, messageId: reply.id })).toMatchObject({ ok: true });
    const after = (await one.app.inject({ url: chatUrl(expo, 'rooms'), headers: headers(ben) })).json().data;
    expect(after.rooms.find((r: { roomId: string }) => r.roomId === groupId).unread).toBe(0);
    const history = (await two.app.inject({ url: chatUrl(expo, `rooms/${groupId}/messages`), headers: headers(cal) })).json().data;
    expect(history.messages.map((m: TChatStoredMessage) => m.content)).toEqual(['Stand-up at 9?', 'Yes']);
    const detail = (await one.app.inject({ url: chatUrl(expo, `rooms/${groupId}`), headers: headers(cal) })).json().data;
    expect(detail).toMatchObject({ kind: 'group', name: 'Booth crew', createdBy: ann.eventUserId });

    await settle();
    expect(eveHears).toEqual([]);
  });

  it('refuses a non-member, a forged sender, another event and people of other events', async () => {
    const a = await open(one.url, ann);
    const b = await open(two.url, ben);
    const e = await open(one.url, eve);
    const s = await open(two.url, sue);
    expect(await emit(e, 'messageGroup', groupSay(eve, groupId, 'let me in'))).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    expect(await emit(e, 'joinGroup', { roomId: groupId, member: [eve.eventUserId] })).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    expect(await emit(e, 'typing', { roomId: groupId, isTyping: true })).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    expect((await one.app.inject({ url: chatUrl(expo, `rooms/${groupId}/messages`), headers: headers(eve) })).statusCode).toBe(404);
    expect(await emit(b, 'messageGroup', groupSay(ann, groupId, 'I am Ann'))).toMatchObject({ ok: false, code: 'FORGED_SENDER' });
    expect(await emit(s, 'messageGroup', groupSay(sue, groupId, 'from the summit'))).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    expect((await one.app.inject({ url: chatUrl(sue.eventId, `rooms/${groupId}/messages`), headers: headers(sue) })).statusCode).toBe(404);
    expect(await emit(a, 'joinGroup', { name: 'Mixed', member: [ben.eventUserId, sue.eventUserId] })).toMatchObject({ ok: false, code: 'CHAT_BAD_MEMBER' });
    expect(await emit(a, 'joinGroup', { name: 'Rivals', member: [dan.eventUserId] })).toMatchObject({ ok: false, code: 'CHAT_BAD_MEMBER' });
    expect(await emit(a, 'joinGroup', { member: [ben.eventUserId] })).toMatchObject({ ok: false, code: 'CHAT_GROUP_NAME_REQUIRED' });
    expect(await emit(a, 'joinGroup', { name: 'Too many', member: Array.from({ length: 51 }, (_, i) => `p${i}`) })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    // A group is written to with messageGroup, not message.
    expect(await emit(a, 'message', { roomId: groupId, content: 'wrong door', from: { eventUserId: ann.eventUserId }, member: [ann.eventUserId, ben.eventUserId] })).toMatchObject({ ok: false, code: 'CHAT_BAD_MEMBER' });
  });

  it('adds a member, who then reads and writes; a member who leaves hears no more and cannot write', async () => {
    const a = await open(one.url, ann);
    const c = await open(two.url, cal);
    const e = await open(two.url, eve);
    await settle();
    const eveJoined = next<TChatGroup>(e, 'joinGroup');
    const grown = data(await emit<TChatGroup>(a, 'joinGroup', { roomId: groupId, member: [eve.eventUserId] }));
    expect(grown.members).toHaveLength(4);
    expect((await eveJoined).roomId).toBe(groupId);
    expect((await one.app.inject({ url: chatUrl(expo, `rooms/${groupId}/messages`), headers: headers(eve) })).json().data.messages.length).toBeGreaterThanOrEqual(2);
    expect(data(await emit<TChatStoredMessage>(e, 'messageGroup', groupSay(eve, groupId, 'Hi all')))).toMatchObject({ content: 'Hi all' });

    const annHearsLeave = next<TLeftGroup>(a, 'leaveGroup');
    expect(data(await emit(c, 'leaveGroup', { roomId: groupId }))).toEqual({ roomId: groupId });
    expect(await annHearsLeave).toEqual({ roomId: groupId, eventUserId: cal.eventUserId });
    const calHears = record<TChatStoredMessage>(c, 'messageGroup');
    await emit(a, 'messageGroup', groupSay(ann, groupId, 'Cal has gone'));
    expect(await emit(c, 'messageGroup', groupSay(cal, groupId, 'back?'))).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    await settle();
    expect(calHears).toEqual([]);
  });
});

describe('blocking and reporting', () => {
  it('stops 1:1 messages both ways while one has blocked the other', async () => {
    const a = await open(one.url, ann);
    const e = await open(two.url, eve);
    expect(await emit(a, 'message', say(ann, eve, 'Hello Eve'))).toMatchObject({ ok: true });
    const blocked = await two.app.inject({ method: 'PUT', url: chatUrl(expo, `blocks/${ann.eventUserId}`), headers: headers(eve) });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toEqual([{ eventUserId: ann.eventUserId, name: 'Ann' }]);
    expect(await emit(a, 'message', say(ann, eve, 'Hello again'))).toMatchObject({ ok: false, code: 'CHAT_BLOCKED' });
    expect(await emit(e, 'message', say(eve, ann, 'Bye'))).toMatchObject({ ok: false, code: 'CHAT_BLOCKED' });
    const eveRooms = (await one.app.inject({ url: chatUrl(expo, 'rooms'), headers: headers(eve) })).json().data;
    expect(eveRooms.rooms.find((r: { other: { eventUserId: string } | null }) => r.other?.eventUserId === ann.eventUserId)).toMatchObject({ isBlocked: true });
    expect((await one.app.inject({ method: 'PUT', url: chatUrl(expo, `blocks/${eve.eventUserId}`), headers: headers(eve) })).statusCode).toBe(400);
    expect((await one.app.inject({ method: 'PUT', url: chatUrl(expo, `blocks/${dan.eventUserId}`), headers: headers(eve) })).json()).toMatchObject({ code: 'CHAT_BAD_MEMBER' });
    const unblocked = await one.app.inject({ method: 'DELETE', url: chatUrl(expo, `blocks/${ann.eventUserId}`), headers: headers(eve) });
    expect(unblocked.json().data).toEqual([]);
    expect(await emit(e, 'message', say(eve, ann, 'Sorry, unblocked'))).toMatchObject({ ok: true });
  });

  it('takes a report of a message in a room the reporter is in, and of a person', async () => {
    const url = chatUrl(expo, 'reports');
    const report = await one.app.inject({ method: 'POST', url, headers: headers(ben), payload: { eventUserId: ann.eventUserId, messageId: annGroupMessage.id, reason: 'spam', note: 'Posting ads' } });
    expect(report.statusCode).toBe(201);
    // Cal left the group: he can no longer report its messages; the message must be the reported person's.
    expect((await one.app.inject({ method: 'POST', url, headers: headers(cal), payload: { eventUserId: ann.eventUserId, messageId: annGroupMessage.id, reason: 'spam' } })).statusCode).toBe(404);
    expect((await one.app.inject({ method: 'POST', url, headers: headers(ben), payload: { eventUserId: eve.eventUserId, messageId: annGroupMessage.id, reason: 'spam' } })).statusCode).toBe(404);
    expect((await one.app.inject({ method: 'POST', url, headers: headers(ben), payload: { eventUserId: ann.eventUserId, reason: 'rude' } })).statusCode).toBe(400);
    expect((await one.app.inject({ method: 'POST', url, headers: headers(eve), payload: { eventUserId: ben.eventUserId, reason: 'harassment' } })).statusCode).toBe(201);
    expect((await one.app.inject({ method: 'POST', url, headers: headers(sue), payload: { eventUserId: ben.eventUserId, reason: 'harassment' } })).statusCode).toBe(403);
  });
});

describe('organiser moderation', () => {
  const mod = (rest: string) => chatUrl(expo, `moderation/${rest}`);

  it('lists reports to the organiser of the event only', async () => {
    const list = await one.app.inject({ url: mod('reports'), headers: bearer(hostA) });
    expect(list.statusCode).toBe(200);
    const reports = list.json().data;
    expect(reports).toHaveLength(2);
    expect(reports.find((r: { reason: string }) => r.reason === 'spam')).toMatchObject({ note: 'Posting ads', status: 'open', reporter: { name: 'Ben' }, reported: { eventUserId: ann.eventUserId, name: 'Ann', restriction: null }, message: { id: annGroupMessage.id, content: 'Stand-up at 9?', isDeleted: false } });
    expect((await one.app.inject({ url: mod('reports'), headers: bearer(hostB) })).statusCode).toBe(404);
    expect((await one.app.inject({ method: 'PUT', url: mod(`users/${ann.eventUserId}`), headers: bearer(hostB), payload: { action: 'mute' } })).statusCode).toBe(404);
    expect((await one.app.inject({ method: 'DELETE', url: mod(`messages/${annGroupMessage.id}`), headers: bearer(hostB) })).statusCode).toBe(404);
    // A participant holds no organiser access.
    expect((await one.app.inject({ url: mod('reports'), headers: headers(ben) })).statusCode).toBe(403);
    expect((await one.app.inject({ method: 'PUT', url: mod(`users/${ann.eventUserId}`), headers: headers(ben), payload: { action: 'mute' } })).statusCode).toBe(403);
    expect((await one.app.inject({ method: 'PUT', url: mod(`users/${ann.eventUserId}`), headers: bearer(hostA), payload: { action: 'silence' } })).statusCode).toBe(400);
    // Another event's participant cannot be moderated through this event.
    expect((await one.app.inject({ method: 'PUT', url: mod(`users/${sue.eventUserId}`), headers: bearer(hostA), payload: { action: 'mute' } })).statusCode).toBe(400);
  });

  it('deletes a message for everyone live, and mutes, unmutes and removes a participant; each action is audited', async () => {
    const a = await open(one.url, ann);
    const b = await open(two.url, ben);
    const e = await open(one.url, eve);
    await settle();
    const benSees = next<TMessageDeleted>(b, 'messageDeleted');
    const eveSees = next<TMessageDeleted>(e, 'messageDeleted');
    const deleted = await two.app.inject({ method: 'DELETE', url: mod(`messages/${annGroupMessage.id}`), headers: bearer(hostA) });
    expect(deleted.statusCode).toBe(200);
    expect(await benSees).toEqual({ roomId: groupId, messageId: annGroupMessage.id });
    expect(await eveSees).toEqual({ roomId: groupId, messageId: annGroupMessage.id });
    const history = (await one.app.inject({ url: chatUrl(expo, `rooms/${groupId}/messages`), headers: headers(ben) })).json().data.messages as TChatStoredMessage[];
    expect(history.find((m) => m.id === annGroupMessage.id)).toMatchObject({ isDeleted: true, content: '' });
    expect(history.find((m) => m.replyToMessage === annGroupMessage.id)).toMatchObject({ replyPreview: null });

    const annRefresh = next<{ reason: string }>(a, 'refreshMe');
    const muted = await one.app.inject({ method: 'PUT', url: mod(`users/${ann.eventUserId}`), headers: bearer(hostA), payload: { action: 'mute', minutes: 30 } });
    expect(muted.json().data).toMatchObject({ eventUserId: ann.eventUserId, restriction: { kind: 'muted', until: expect.any(String) } });
    expect(await annRefresh).toEqual({ reason: 'chatRestriction' });
    expect(await emit(a, 'messageGroup', groupSay(ann, groupId, 'still here'))).toMatchObject({ ok: false, code: 'CHAT_MUTED' });
    expect(await emit(a, 'message', say(ann, ben, 'psst'))).toMatchObject({ ok: false, code: 'CHAT_MUTED' });
    expect((await one.app.inject({ url: chatUrl(expo, 'rooms'), headers: headers(ann) })).json().data.restriction).toMatchObject({ kind: 'muted' });
    await one.app.inject({ method: 'PUT', url: mod(`users/${ann.eventUserId}`), headers: bearer(hostA), payload: { action: 'unmute' } });
    expect(await emit(a, 'messageGroup', groupSay(ann, groupId, 'I am back'))).toMatchObject({ ok: true });

    const annHearsLeave = next<TLeftGroup>(a, 'leaveGroup');
    const removed = await one.app.inject({ method: 'PUT', url: mod(`users/${ben.eventUserId}`), headers: bearer(hostA), payload: { action: 'remove' } });
    expect(removed.json().data.restriction).toEqual({ kind: 'removed', until: null });
    expect(await annHearsLeave).toEqual({ roomId: groupId, eventUserId: ben.eventUserId });
    expect(await emit(b, 'messageGroup', groupSay(ben, groupId, 'hello?'))).toMatchObject({ ok: false, code: 'CHAT_ROOM_NOT_FOUND' });
    expect(await emit(b, 'message', say(ben, ann, 'hello?'))).toMatchObject({ ok: false, code: 'CHAT_REMOVED' });
    expect(await emit(b, 'joinGroup', { name: 'New crew', member: [ann.eventUserId] })).toMatchObject({ ok: false, code: 'CHAT_REMOVED' });
    const reports = (await one.app.inject({ url: mod('reports'), headers: bearer(hostA) })).json().data;
    expect(reports.find((r: { reason: string }) => r.reason === 'spam').message).toMatchObject({ isDeleted: true, content: '' });
    const spam = reports.find((r: { reason: string }) => r.reason === 'spam');
    expect((await one.app.inject({ method: 'PUT', url: mod(`reports/${spam.id}`), headers: bearer(hostA), payload: { status: 'resolved' } })).statusCode).toBe(200);
    expect((await one.app.inject({ url: mod('reports'), headers: bearer(hostA) })).json().data).toHaveLength(1);

    const organisationId = (await one.ctx.tokens.verifyAccess(hostA))!.organisationId!;
    const audited = await one.ctx.database.db.select().from(auditLog).where(and(eq(auditLog.organisationId, organisationId)));
    expect(audited.map((r) => r.action).filter((x) => x.startsWith('chat.'))).toEqual(expect.arrayContaining(['chat.message.delete', 'chat.user.mute', 'chat.user.unmute', 'chat.user.remove', 'chat.report.resolve']));
    expect(audited.find((r) => r.action === 'chat.message.delete')).toMatchObject({ target: annGroupMessage.id, meta: { eventId: expo, roomId: groupId } });
  });
});

describe('online state (SPEC §3.10)', () => {
  it('is Online while any socket of the participant is connected, on either instance, and contacts hear changes', async () => {
    const fay = await participant(hostA, expo, 'Fay');
    const gus = await participant(hostA, expo, 'Gus');
    const g = await open(two.url, gus);
    const f1 = await open(one.url, fay);
    data(await emit(f1, 'message', say(fay, gus, 'Hi Gus')));
    const state = async () => (await two.app.inject({ url: chatUrl(expo, 'rooms'), headers: headers(gus) })).json().data.rooms[0].other.onlineState;
    expect(await state()).toBe(OnlineState.Online);
    const notices = record<TOnlineStateNotice>(g, 'onlineState');
    const f2 = await open(two.url, fay);
    await settle();
    expect(notices).toContainEqual({ eventUserId: fay.eventUserId, onlineState: OnlineState.Online });
    f1.disconnect();
    await settle();
    expect(notices.filter((x) => x.onlineState === OnlineState.Offline)).toEqual([]);
    expect(await state()).toBe(OnlineState.Online);
    const offline = next<TOnlineStateNotice>(g, 'onlineState', (x) => x.onlineState === OnlineState.Offline);
    f2.disconnect();
    expect(await offline).toEqual({ eventUserId: fay.eventUserId, onlineState: OnlineState.Offline });
    expect(await state()).toBe(OnlineState.Offline);
    // The picker and the room's members say the same.
    const detail = (await one.app.inject({ url: chatUrl(expo, `rooms/${(await one.app.inject({ url: chatUrl(expo, 'rooms'), headers: headers(gus) })).json().data.rooms[0].roomId}`), headers: headers(gus) })).json().data;
    expect(detail.members).toEqual(expect.arrayContaining([{ eventUserId: fay.eventUserId, name: 'Fay', onlineState: OnlineState.Offline }, { eventUserId: gus.eventUserId, name: 'Gus', onlineState: OnlineState.Online }]));
  });
});
