import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import { VIDEO_CALL_WAIT_MS } from '@pavilion/domain';
import { bearer, signupOrganiser } from '../../test/test-app.ts';
import { emit, next, participantHeaders as headers, record, settle, startSocketCluster, type Instance, type Participant as Person, type SocketCluster } from '../../test/chat-sockets.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

// Two app instances on one database joined by Redis (CI sets REDIS_URL): a call rings across instances.
const LIVEKIT = { LIVEKIT_URL: 'wss://sfu.example.org', LIVEKIT_API_KEY: 'APIkey123', LIVEKIT_API_SECRET: 'livekit-secret-that-is-at-least-32-characters' };
const ICE = [{ urls: 'stun:stun.example.org:3478' }];

let cluster: SocketCluster;
let one: Instance;
let two: Instance;
let host = '';
let expo = '';
let ann: Person;
let ben: Person;
let eve: Person;
let cat: Person;
let dan: Person;
const crowd: Person[] = [];

const participant = (hostToken: string, eventId: string, firstName: string) => cluster.participant(hostToken, eventId, firstName, { lastName: 'Tester' });
const open = (url: string, p: Person) => cluster.open(url, p);
const callRow = async (channel: string) => {
  const { rows } = await one.ctx.database.db.execute<{ status: string; answered_at: Date | null; ended_at: Date | null; duration_seconds: number | null }>(
    `select status, answered_at, ended_at, duration_seconds from video_calls where channel = '${channel}' order by started_at desc limit 1` as never,
  );
  return rows[0]!;
};
async function createTable(body: Record<string, unknown>) {
  const res = await one.app.inject({ method: 'POST', url: `/api/eventservices/events/${expo}/networking/tables`, headers: bearer(host), payload: { kind: 'discussion', topic: 'AI in events', seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; seats: number; isOpen: boolean };
}

beforeAll(async () => {
  cluster = await startSocketCluster({ RTC_ICE_SERVERS: JSON.stringify(ICE), ...LIVEKIT });
  ({ one, two } = cluster);
  host = (await signupOrganiser(one.app, { organisationName: 'Video Org' })).accessToken;
  const hostB = (await signupOrganiser(one.app, { organisationName: 'Other Video Org' })).accessToken;
  expo = await createEvent(one.app, host, 'Video Expo');
  const summit = await createEvent(one.app, host, 'Other Summit');
  const foreign = await createEvent(one.app, hostB, 'Foreign Fair');
  ann = await participant(host, expo, 'Ann');
  ben = await participant(host, expo, 'Ben');
  eve = await participant(host, expo, 'Eve');
  cat = await participant(host, summit, 'Cat');
  dan = await participant(hostB, foreign, 'Dan');
  for (let i = 0; i < 5; i++) crowd.push(await participant(host, expo, `Guest${i}`));
});
afterAll(async () => {
  await cluster?.close();
});

describe('1:1 video calls (issue 17)', () => {
  it('rings the callee on another instance, relays the answer and the signalling between the two parties only, and stores the call', async () => {
    const a = await open(one.url, ann);
    const b = await open(two.url, ben);
    const e = await open(one.url, eve);
    await settle(200);
    const ringing = next<{ channel: string; from: { eventUserId: string; name: string } }>(b, 'incomingCall');
    expect(await emit(a, 'videoCall', { to: ben.eventUserId, channel: 'call-1' })).toMatchObject({ ok: true, data: { channel: 'call-1', status: 'ringing' } });
    expect(await ringing).toEqual({ channel: 'call-1', from: { eventUserId: ann.eventUserId, name: 'Ann Tester' } });
    expect((await callRow('call-1')).status).toBe('ringing');
    // A second call on the live channel, or to someone in a call, is refused.
    expect(await emit(e, 'videoCall', { to: ann.eventUserId, channel: 'call-1' })).toMatchObject({ ok: false, code: 'CALL_BUSY' });
    // Only the callee answers.
    expect(await emit(a, 'receivedCall', { channel: 'call-1', isAccepted: true })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
    const answered = next<{ channel: string; isAccepted: boolean }>(a, 'receivedCall');
    expect(await emit(b, 'receivedCall', { channel: 'call-1', isAccepted: true })).toMatchObject({ ok: true, data: { status: 'answered' } });
    expect(await answered).toEqual({ channel: 'call-1', isAccepted: true });

    // Signalling: Ann's offer reaches Ben, Ben's answer reaches Ann; Eve (same event, not in the call) is refused.
    const offer = next<{ channel: string; from: string; signal: { type: string; sdp: string } }>(b, 'videoChat');
    expect(await emit(a, 'videoChat', { channel: 'call-1', to: ben.eventUserId, signal: { type: 'offer', sdp: 'v=0 offer' } })).toEqual({ ok: true, data: { relayed: true } });
    expect(await offer).toEqual({ channel: 'call-1', from: ann.eventUserId, signal: { type: 'offer', sdp: 'v=0 offer' } });
    const answer = next<{ from: string; signal: { type: string } }>(a, 'videoChat');
    expect(await emit(b, 'videoChat', { channel: 'call-1', to: ann.eventUserId, signal: { type: 'answer', sdp: 'v=0 answer' } })).toMatchObject({ ok: true });
    expect(await answer).toMatchObject({ from: ben.eventUserId, signal: { type: 'answer' } });
    const eveGot = record(b, 'videoChat');
    expect(await emit(e, 'videoChat', { channel: 'call-1', to: ben.eventUserId, signal: { type: 'offer', sdp: 'intruder' } })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
    // Ann cannot aim the call's signalling at a third person either.
    expect(await emit(a, 'videoChat', { channel: 'call-1', to: eve.eventUserId, signal: { type: 'offer', sdp: 'elsewhere' } })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
    await settle();
    expect(eveGot).toEqual([]);

    await settle(1100);
    const ended = next<{ channel: string; reason: string }>(b, 'endCall');
    expect(await emit(a, 'endCall', { channel: 'call-1' })).toMatchObject({ ok: true, data: { status: 'ended' } });
    expect(await ended).toEqual({ channel: 'call-1', reason: 'ended' });
    const row = await callRow('call-1');
    expect(row.status).toBe('ended');
    expect(row.answered_at).not.toBeNull();
    expect(row.duration_seconds).toBeGreaterThanOrEqual(1);
    // Over: no more signalling on it.
    expect(await emit(a, 'videoChat', { channel: 'call-1', to: ben.eventUserId, signal: { type: 'candidate', candidate: 'x' } })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
  });

  it('tells the caller when the callee declines', async () => {
    const a = await open(one.url, ann);
    const b = await open(one.url, ben);
    await settle();
    const ringing = next(b, 'incomingCall');
    await emit(a, 'videoCall', { to: ben.eventUserId, channel: 'call-2' });
    await ringing;
    const told = next<{ isAccepted: boolean }>(a, 'receivedCall');
    expect(await emit(b, 'receivedCall', { channel: 'call-2', isAccepted: false })).toMatchObject({ ok: true, data: { status: 'declined' } });
    expect(await told).toEqual({ channel: 'call-2', isAccepted: false });
    expect((await callRow('call-2')).status).toBe('declined');
    expect(await emit(b, 'receivedCall', { channel: 'call-2', isAccepted: true })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
  });

  it('stops ringing after the wait with a missed call (SPEC §9 60,000 ms; shortened here)', async () => {
    expect(one.ctx.video.testing.ringTimeoutMs).toBeNull();
    expect((await one.app.inject({ url: '/api/chatservices/api/video/config', headers: headers(ann) })).json().data).toEqual({
      iceServers: ICE,
      sfu: { provider: 'livekit', url: LIVEKIT.LIVEKIT_URL },
      meshLimit: 4,
      callWaitMs: VIDEO_CALL_WAIT_MS,
    });
    expect(VIDEO_CALL_WAIT_MS).toBe(60_000);
    one.ctx.video.testing.ringTimeoutMs = 300;
    try {
      const a = await open(one.url, ann);
      const b = await open(two.url, ben);
      await settle(200);
      const ringing = next(b, 'incomingCall');
      const aEnd = next<{ reason: string }>(a, 'endCall', undefined, 3000);
      const bEnd = next<{ reason: string }>(b, 'endCall', undefined, 3000);
      await emit(a, 'videoCall', { to: ben.eventUserId, channel: 'call-3' });
      await ringing;
      expect(await aEnd).toEqual({ channel: 'call-3', reason: 'missed' });
      expect(await bEnd).toEqual({ channel: 'call-3', reason: 'missed' });
      expect((await callRow('call-3')).status).toBe('missed');
      expect(await emit(b, 'receivedCall', { channel: 'call-3', isAccepted: true })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
    } finally {
      one.ctx.video.testing.ringTimeoutMs = null;
    }
  });

  it('refuses a callee of another event or organisation, and their signalling', async () => {
    const a = await open(one.url, ann);
    const c = await open(one.url, cat);
    const d = await open(one.url, dan);
    expect(await emit(a, 'videoCall', { to: cat.eventUserId, channel: 'call-4' })).toMatchObject({ ok: false, code: 'CALL_BAD_CALLEE' });
    expect(await emit(a, 'videoCall', { to: dan.eventUserId, channel: 'call-4' })).toMatchObject({ ok: false, code: 'CALL_BAD_CALLEE' });
    expect(await emit(a, 'videoCall', { to: ann.eventUserId, channel: 'call-4' })).toMatchObject({ ok: false, code: 'CALL_BAD_CALLEE' });
    expect(await emit(c, 'videoCall', { to: ann.eventUserId, channel: 'call-4' })).toMatchObject({ ok: false, code: 'CALL_BAD_CALLEE' });
    // Ann rings Ben; Cat (another event) and Dan (another organisation) cannot answer, end or signal into it.
    const b = await open(one.url, ben);
    await settle();
    await emit(a, 'videoCall', { to: ben.eventUserId, channel: 'call-5' });
    expect(await emit(c, 'receivedCall', { channel: 'call-5', isAccepted: true })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
    expect(await emit(d, 'endCall', { channel: 'call-5' })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
    expect(await emit(d, 'videoChat', { channel: 'call-5', to: ben.eventUserId, signal: { type: 'offer', sdp: 'x' } })).toMatchObject({ ok: false, code: 'CALL_NOT_A_PARTY' });
    // The caller giving up a ringing call: missed for Ben.
    const bEnd = next<{ reason: string }>(b, 'endCall');
    expect(await emit(a, 'endCall', { channel: 'call-5' })).toMatchObject({ ok: true, data: { status: 'missed' } });
    expect(await bEnd).toEqual({ channel: 'call-5', reason: 'missed' });
  });
});

describe('lounge and discussion tables (issue 17)', () => {
  it('seats four at a four-seat table, refuses the fifth with networkingError TABLE_FULL, and frees a seat on leave and on disconnect', async () => {
    const table = await createTable({ seats: 4 });
    const socks = await Promise.all(crowd.map((p, i) => open(i % 2 ? two.url : one.url, p)));
    await settle(200);
    const joinsSeenByFirst = record<{ tableId: string; eventUserId: string; seatsTaken: number }>(socks[0]!, 'networkingJoin');
    for (let i = 0; i < 4; i++) {
      expect(await emit(socks[i]!, 'networking', { tableId: table.id })).toMatchObject({ ok: true, data: { tableId: table.id, seatsTaken: i + 1 } });
    }
    const refused = next<{ tableId: string; code: string }>(socks[4]!, 'networkingError');
    expect(await emit(socks[4]!, 'networking', { tableId: table.id })).toMatchObject({ ok: false, code: 'TABLE_FULL' });
    expect(await refused).toMatchObject({ tableId: table.id, code: 'TABLE_FULL' });
    await settle();
    expect(joinsSeenByFirst.map((j) => [j.eventUserId, j.seatsTaken])).toEqual(crowd.slice(0, 4).map((p, i) => [p.eventUserId, i + 1]));

    // Table chat: stored and delivered to the seated; the fifth (not seated) cannot write or read it.
    const heard = next<{ content: string; from: { eventUserId: string } }>(socks[3]!, 'discussionChat');
    expect(await emit(socks[0]!, 'discussionChat', { tableId: table.id, content: 'Hello table' })).toMatchObject({ ok: true, data: { content: 'Hello table' } });
    expect(await heard).toMatchObject({ content: 'Hello table', from: { eventUserId: crowd[0]!.eventUserId } });
    expect(await emit(socks[4]!, 'discussionChat', { tableId: table.id, content: 'let me in' })).toMatchObject({ ok: false, code: 'VIDEO_NOT_SEATED' });
    const history = await one.app.inject({ url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/messages`, headers: headers(crowd[1]!) });
    expect(history.json().data.messages.map((m: { content: string; name: string }) => [m.content, m.name])).toEqual([['Hello table', 'Guest0 Tester']]);
    expect((await one.app.inject({ url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/messages`, headers: headers(crowd[4]!) })).json()).toMatchObject({ code: 'VIDEO_NOT_SEATED' });

    // Mesh signalling among the seated only.
    const sig = next<{ from: string; channel: string }>(socks[1]!, 'videoChat');
    expect(await emit(socks[0]!, 'videoChat', { channel: `table-${table.id}`, to: crowd[1]!.eventUserId, signal: { type: 'offer', sdp: 'mesh' } })).toMatchObject({ ok: true });
    expect(await sig).toMatchObject({ from: crowd[0]!.eventUserId, channel: `table-${table.id}` });
    expect(await emit(socks[4]!, 'videoChat', { channel: `table-${table.id}`, to: crowd[1]!.eventUserId, signal: { type: 'offer', sdp: 'x' } })).toMatchObject({ ok: false, code: 'VIDEO_NOT_SEATED' });
    expect(await emit(socks[0]!, 'videoChat', { channel: `table-${table.id}`, to: crowd[4]!.eventUserId, signal: { type: 'offer', sdp: 'x' } })).toMatchObject({ ok: false, code: 'VIDEO_NOT_SEATED' });

    // The lounge lists the seats taken; a media-server token (LiveKit) for a seated member only.
    const lounge = (await one.app.inject({ url: `/api/chatservices/api/events/${expo}/lounge`, headers: headers(crowd[0]!) })).json().data;
    expect(lounge.mySeat).toBe(table.id);
    expect(lounge.tables.find((t: { id: string }) => t.id === table.id)).toMatchObject({ seats: 4, seatsTaken: 4, isOpen: true });
    const sfu = await one.app.inject({ method: 'POST', url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/sfu-token`, headers: headers(crowd[0]!) });
    expect(sfu.statusCode, sfu.body).toBe(200);
    const { payload } = await jwtVerify(sfu.json().data.token, new TextEncoder().encode(LIVEKIT.LIVEKIT_API_SECRET), { issuer: LIVEKIT.LIVEKIT_API_KEY });
    expect(payload).toMatchObject({ sub: crowd[0]!.eventUserId, name: 'Guest0 Tester', video: { room: `table-${table.id}`, roomJoin: true, canPublish: true, canSubscribe: true } });
    expect((await one.app.inject({ method: 'POST', url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/sfu-token`, headers: headers(crowd[4]!) })).statusCode).toBe(403);

    // networkingLeave frees a seat; the fifth sits; a disconnect frees one again.
    const left = next<{ eventUserId: string; seatsTaken: number }>(socks[4]!, 'networkingLeave');
    expect(await emit(socks[2]!, 'networkingLeave', { tableId: table.id })).toMatchObject({ ok: true, data: { left: true } });
    expect(await left).toMatchObject({ eventUserId: crowd[2]!.eventUserId, seatsTaken: 3 });
    expect(await emit(socks[4]!, 'networking', { tableId: table.id })).toMatchObject({ ok: true, data: { seatsTaken: 4 } });
    const gone = next<{ eventUserId: string; seatsTaken: number }>(socks[0]!, 'networkingLeave');
    socks[3]!.disconnect();
    expect(await gone).toMatchObject({ tableId: table.id, eventUserId: crowd[3]!.eventUserId, seatsTaken: 3 });
  });

  it('refuses a closed table with TABLE_CLOSED, and a table of another event', async () => {
    const closed = await createTable({ topic: 'Tomorrow', opensAt: '2099-01-01T09:00', closesAt: '2099-01-01T10:00' });
    expect(closed.isOpen).toBe(false);
    const s = await open(one.url, eve);
    const refused = next<{ code: string }>(s, 'networkingError');
    expect(await emit(s, 'networking', { tableId: closed.id })).toMatchObject({ ok: false, code: 'TABLE_CLOSED' });
    expect(await refused).toMatchObject({ tableId: closed.id, code: 'TABLE_CLOSED' });
    const c = await open(one.url, cat);
    const open_ = await createTable({ topic: 'Open one' });
    expect(await emit(c, 'networking', { tableId: open_.id })).toMatchObject({ ok: false, code: 'TABLE_NOT_FOUND' });
    // Seats 2–8, and the end after the start.
    for (const bad of [{ seats: 1 }, { seats: 9 }, { opensAt: '2099-01-01T10:00', closesAt: '2099-01-01T09:00' }]) {
      const res = await one.app.inject({ method: 'POST', url: `/api/eventservices/events/${expo}/networking/tables`, headers: bearer(host), payload: { kind: 'lounge', topic: 'x', seats: 4, opensAt: '2099-01-01T09:00', closesAt: '2099-01-01T10:00', ...bad } });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('report tabs Networking Lounge, Discussion Table, Video Calls (issue 17)', () => {
  it('counts calls, answers and durations, table joins and messages; organisers only', async () => {
    const calls = await one.app.inject({ url: `/api/eventservices/events/${expo}/reports/video-calls`, headers: bearer(host) });
    expect(calls.statusCode, calls.body).toBe(200);
    const c = calls.json().data;
    expect(c).toMatchObject({ type: 18, calls: 4, answered: 1, missed: 2, declined: 1 });
    expect(c.totalMinutes).toBeGreaterThan(0);
    expect(c.byDay).toHaveLength(14);
    expect(c.byDay.at(-1).count).toBe(4);
    expect(c.recent[0]).toMatchObject({ caller: 'Ann Tester', callee: 'Ben Tester' });
    const discussion = (await one.app.inject({ url: `/api/eventservices/events/${expo}/reports/discussion-table?days=7`, headers: bearer(host) })).json().data;
    expect(discussion).toMatchObject({ type: 17, tables: 3, joins: 5, people: 5, messages: 1 });
    expect(discussion.byDay).toHaveLength(7);
    expect(discussion.rows[0]).toMatchObject({ topic: 'AI in events', joins: 5, messages: 1 });
    const lounge = (await one.app.inject({ url: `/api/eventservices/events/${expo}/reports/networking-lounge`, headers: bearer(host) })).json().data;
    expect(lounge).toMatchObject({ type: 16, tables: 0, joins: 0 });
    // An attendee's token, or another organisation, is refused.
    expect((await one.app.inject({ url: `/api/eventservices/events/${expo}/reports/video-calls`, headers: headers(ann) })).statusCode).toBe(403);
    const other = (await signupOrganiser(one.app, { organisationName: 'Nosy Org' })).accessToken;
    expect((await one.app.inject({ url: `/api/eventservices/events/${expo}/reports/video-calls`, headers: bearer(other) })).statusCode).toBe(404);
  });
});
