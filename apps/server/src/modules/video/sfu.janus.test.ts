import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupOrganiser } from '../../test/test-app.ts';
import { emit, participantHeaders as headers, startSocketCluster, type SocketCluster } from '../../test/chat-sockets.ts';
import { startJanus, type RunningJanus } from '../../test/janus-server.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { createJanusProvider, janusPublisherId, janusRoomId, janusToken } from './sfu.ts';

/*
 * Issue 17: Janus (Debian's janus 1.1.2, VideoRoom plugin) as the SFU, started for real by the test helper
 * (scripts/ensure-janus.sh installs it; without it this file fails and says so). The server creates the table's room and
 * mints signed, expiring tokens; a browser-like client over Janus's HTTP API can join that room and nothing more.
 */
let janus: RunningJanus;

type Reply = { janus: string; data?: { id: number }; error?: { code: number }; plugindata?: { data: Record<string, unknown> } };
/** A client of Janus's HTTP API holding only what a browser would: a core token (and a room token). */
function client(token: string) {
  const post = async (path: string, body: Record<string, unknown>): Promise<Reply> =>
    (await fetch(`${janus.url}${path}`, { method: 'POST', body: JSON.stringify({ ...body, token, transaction: randomUUID() }) })).json() as Promise<Reply>;
  return {
    post,
    async session() {
      return post('', { janus: 'create' });
    },
    /** A session and a VideoRoom handle: the path to send plugin messages to. */
    async handle(): Promise<string> {
      const session = await post('', { janus: 'create' });
      expect(session.janus, JSON.stringify(session)).toBe('success');
      const handle = await post(`/${session.data!.id}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
      expect(handle.janus, JSON.stringify(handle)).toBe('success');
      return `/${session.data!.id}/${handle.data!.id}`;
    },
    async request(path: string, body: Record<string, unknown>) {
      return (await post(path, { janus: 'message', body })).plugindata?.data ?? {};
    },
  };
}
/** A publisher's join: asynchronous in Janus (ack, then an event on the long poll). */
async function join(path: string, token: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const ack = await client(token).post(path, { janus: 'message', body: { request: 'join', ptype: 'publisher', ...body } });
  if (ack.janus === 'error') return { error_code: ack.error!.code };
  const session = path.split('/')[1];
  for (let i = 0; i < 20; i++) {
    const events = (await (await fetch(`${janus.url}/${session}?maxev=5&token=${encodeURIComponent(token)}`)).json()) as Reply[] | Reply;
    for (const e of Array.isArray(events) ? events : [events]) if (e.janus === 'event' && e.plugindata) return e.plugindata.data;
  }
  throw new Error('no join event');
}

/** Who is in the room (publishers and those only watching), as the server's admin key lists them. */
async function inRoom(token: string, roomId: number): Promise<{ id: number; display: string }[]> {
  const c = client(token);
  return ((await c.request(await c.handle(), { request: 'listparticipants', room: roomId })).participants as { id: number; display: string }[] | undefined) ?? [];
}
/** The events that reached a session so far (one long poll; Janus answers a keepalive after 30 s without any). */
async function events(path: string, token: string): Promise<Record<string, unknown>[]> {
  const reply = (await (await fetch(`${janus.url}/${path.split('/')[1]}?maxev=10&token=${encodeURIComponent(token)}`)).json()) as Reply[] | Reply;
  return (Array.isArray(reply) ? reply : [reply]).map((e) => e.plugindata?.data ?? {});
}

beforeAll(async () => {
  janus = await startJanus();
});
afterAll(async () => {
  await janus?.stop();
});

describe('Janus SFU adapter (issue 17)', () => {
  it('signs tokens as Janus checks them: expiry, realm, descriptors, base64 HMAC-SHA1', () => {
    // The example of Janus's docs (auth.c): secret "janus", data "1600000000,janus,janus.plugin.videoroom".
    const token = janusToken('janus', 1_600_000_000, 'janus', ['janus.plugin.videoroom']);
    expect(token).toMatch(/^1600000000,janus,janus\.plugin\.videoroom:[A-Za-z0-9+/]{27}=$/);
    expect(janusRoomId('table-a')).toBe(janusRoomId('table-a'));
    expect(janusRoomId('table-a')).not.toBe(janusRoomId('table-b'));
    expect(Number.isSafeInteger(janusRoomId('table-a'))).toBe(true);
  });

  it('creates the table room once (idempotent, capacity = seats) and admits with tokens to that room only', async () => {
    const sfu = createJanusProvider({ url: janus.url, tokenSecret: janus.tokenSecret, apiSecret: janus.apiSecret, adminKey: janus.adminKey });
    const grant = { room: `table-${randomUUID()}`, identity: 'eu-1', name: 'Ann', ttlSeconds: 3600, canPublish: true, capacity: 6 };
    const a = await sfu.admit(grant);
    const again = await sfu.admit({ ...grant, identity: 'eu-2', capacity: 8 });
    expect(a).toMatchObject({ provider: 'janus', roomId: janusRoomId(grant.room) });
    if (a.provider !== 'janus' || again.provider !== 'janus') throw new Error('janus');
    expect(again.roomId).toBe(a.roomId);

    // A browser with the core token reaches the VideoRoom plugin; the room exists, private (only the admin key lists it).
    const ann = client(a.token);
    const path = await ann.handle();
    expect(await ann.request(path, { request: 'exists', room: a.roomId })).toMatchObject({ exists: true });
    expect(((await ann.request(path, { request: 'list' })).list as unknown[]).length).toBe(0);
    const listed = (await ann.request(path, { request: 'list', admin_key: janus.adminKey })).list as { room: number; max_publishers: number }[];
    expect(listed.find((r) => r.room === a.roomId)).toMatchObject({ max_publishers: 8 });

    // Joining needs the room token of that very room.
    expect(await join(path, a.token, { room: a.roomId, display: 'eu-1' })).toMatchObject({ error_code: expect.any(Number) });
    const other = await sfu.admit({ ...grant, room: `table-${randomUUID()}` });
    if (other.provider !== 'janus') throw new Error('janus');
    expect(await join(await ann.handle(), a.token, { room: a.roomId, display: 'eu-1', token: other.roomToken })).toMatchObject({ error_code: expect.any(Number) });
    expect(await join(await ann.handle(), a.token, { room: a.roomId, display: 'eu-1', token: a.roomToken })).toMatchObject({ videoroom: 'joined', room: a.roomId });

    // The participant cannot create rooms (the VideoRoom admin key), nor destroy the table's room (its secret).
    expect(await ann.request(path, { request: 'create', room: 424242 })).toMatchObject({ error_code: expect.any(Number) });
    expect(await ann.request(path, { request: 'destroy', room: a.roomId })).toMatchObject({ error_code: expect.any(Number) });
  });

  it('ends the room of a deleted table: the room is gone, its tokens join nothing, and a second release is fine', async () => {
    const sfu = createJanusProvider({ url: janus.url, tokenSecret: janus.tokenSecret, apiSecret: janus.apiSecret, adminKey: janus.adminKey });
    const grant = { room: `table-${randomUUID()}`, identity: 'eu-1', name: 'Ann', ttlSeconds: 3600, canPublish: true, capacity: 3 };
    const a = await sfu.admit(grant);
    if (a.provider !== 'janus') throw new Error('janus');
    const ann = client(a.token);
    const path = await ann.handle();
    expect(await ann.request(path, { request: 'exists', room: a.roomId })).toMatchObject({ exists: true });
    await sfu.release!(grant.room);
    expect(await ann.request(path, { request: 'exists', room: a.roomId })).toMatchObject({ exists: false });
    expect(await join(await ann.handle(), a.token, { room: a.roomId, display: 'eu-1', token: a.roomToken })).toMatchObject({ error_code: expect.any(Number) });
    await expect(sfu.release!(grant.room)).resolves.toBeUndefined();
  });

  it('a participant who leaves is sent out of the room and their room token no longer admits; a re-seat admits again', async () => {
    const sfu = createJanusProvider({ url: janus.url, tokenSecret: janus.tokenSecret, apiSecret: janus.apiSecret, adminKey: janus.adminKey });
    const room = `table-${randomUUID()}`;
    const seated = [
      { identity: 'eu-ann', name: 'Ann Lee' },
      { identity: 'eu-ben', name: 'Ben Cho' },
    ];
    const grant = { room, ttlSeconds: 3600, canPublish: true, capacity: 6, seated };
    const a = await sfu.admit({ ...grant, identity: 'eu-ann', name: 'Ann Lee' });
    const b = await sfu.admit({ ...grant, identity: 'eu-ben', name: 'Ben Cho' });
    if (a.provider !== 'janus' || b.provider !== 'janus') throw new Error('janus');
    // The server names the publisher id and display name; each seat has its own room token.
    expect(a).toMatchObject({ publisherId: janusPublisherId(janus.tokenSecret, room, 'eu-ann'), display: 'Ann Lee' });
    expect(b).toMatchObject({ publisherId: janusPublisherId(janus.tokenSecret, room, 'eu-ben'), display: 'Ben Cho' });
    // Keyed by the server's secret: without it no one can work out another seat's id.
    expect(janusPublisherId(`${janus.tokenSecret}-other`, room, 'eu-ann')).not.toBe(a.publisherId);
    expect(a.roomToken).not.toBe(b.roomToken);

    const annPath = await client(a.token).handle();
    expect(await join(annPath, a.token, { room: a.roomId, id: a.publisherId, display: a.display, token: a.roomToken })).toMatchObject({ videoroom: 'joined' });
    const benPath = await client(b.token).handle();
    const benJoined = await join(benPath, b.token, { room: b.roomId, id: b.publisherId, display: b.display, token: b.roomToken });
    expect(benJoined).toMatchObject({ videoroom: 'joined' });
    // Someone holding Ann's room token joins under another id and her name (a shared token, a made-up id).
    const evePath = await client(a.token).handle();
    expect(await join(evePath, a.token, { room: a.roomId, id: 4242, display: 'Ann Lee', token: a.roomToken })).toMatchObject({ videoroom: 'joined' });
    expect((await inRoom(a.token, a.roomId)).map((p) => p.id).sort()).toEqual([4242, a.publisherId, b.publisherId].sort());

    // Ann leaves the table: she and the made-up id are sent out, Ben hears it, and her room token joins nothing.
    await sfu.revoke!(room, 'eu-ann', seated);
    expect(await inRoom(b.token, b.roomId)).toEqual([expect.objectContaining({ id: b.publisherId, display: 'Ben Cho' })]);
    expect(await events(annPath, a.token)).toContainEqual(expect.objectContaining({ leaving: 'ok', reason: 'kicked' }));
    expect(await events(benPath, b.token)).toContainEqual(expect.objectContaining({ kicked: a.publisherId }));
    expect(await join(await client(a.token).handle(), a.token, { room: a.roomId, id: a.publisherId, display: a.display, token: a.roomToken })).toMatchObject({ error_code: 433 });
    // Her core token still reaches the plugin until it expires, but a subscription needs a publisher of the room.
    expect(await join(await client(a.token).handle(), a.token, { room: a.roomId, ptype: 'subscriber', streams: [{ feed: b.publisherId }], private_id: benJoined.private_id })).toMatchObject({ error_code: expect.any(Number) });
    // A second revocation is fine.
    await expect(sfu.revoke!(room, 'eu-ann', [seated[1]!])).resolves.toBeUndefined();

    // Ben renames himself in the room: the next admission sends him out (the display name is the server's).
    await client(b.token).post(benPath, { janus: 'message', body: { request: 'configure', display: 'Not Ben' } });
    await expect.poll(async () => (await inRoom(b.token, b.roomId)).map((p) => p.display)).toEqual(['Not Ben']);
    const again = await sfu.admit({ ...grant, identity: 'eu-ann', name: 'Ann Lee' });
    if (again.provider !== 'janus') throw new Error('janus');
    expect(await inRoom(b.token, b.roomId)).toEqual([]);
    // Sitting down again admits Ann with the same seat token.
    expect(again.roomToken).toBe(a.roomToken);
    expect(await join(await client(again.token).handle(), again.token, { room: again.roomId, id: again.publisherId, display: again.display, token: again.roomToken })).toMatchObject({ videoroom: 'joined' });
    // A second admission of the same seat (a reload, another tab) sends the first presence out so it can join.
    const twice = await sfu.admit({ ...grant, identity: 'eu-ann', name: 'Ann Lee' });
    if (twice.provider !== 'janus') throw new Error('janus');
    expect(await inRoom(b.token, b.roomId)).toEqual([]);
    expect(await join(await client(twice.token).handle(), twice.token, { room: twice.roomId, id: twice.publisherId, display: twice.display, token: twice.roomToken })).toMatchObject({ videoroom: 'joined' });
  });

  it('refuses an expired token, a token of another secret and a call without any', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await client(janusToken(janus.tokenSecret, now - 5, 'janus', ['janus.plugin.videoroom'])).session()).error).toMatchObject({ code: 403 });
    expect((await client(janusToken('another-secret-entirely', now + 600, 'janus', ['janus.plugin.videoroom'])).session()).error).toMatchObject({ code: 403 });
    expect((await client('').session()).error).toMatchObject({ code: 403 });
    // A valid core token that does not name the VideoRoom plugin does not attach to it.
    const bare = client(janusToken(janus.tokenSecret, now + 600, 'janus', ['janus.plugin.echotest']));
    const session = await bare.session();
    expect(session.janus).toBe('success');
    expect((await bare.post(`/${session.data!.id}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).janus).toBe('error');
  });

  it('answers 503 SFU_UNAVAILABLE when Janus is down or its secret differs', async () => {
    const wrong = createJanusProvider({ url: janus.url, tokenSecret: 'not-the-secret-of-this-janus', adminKey: janus.adminKey });
    await expect(wrong.admit({ room: 'table-x', identity: 'e', name: 'n', ttlSeconds: 60, canPublish: true, capacity: 6 })).rejects.toMatchObject({ status: 503, code: 'SFU_UNAVAILABLE' });
    const down = createJanusProvider({ url: 'http://127.0.0.1:9/janus', tokenSecret: janus.tokenSecret });
    await expect(down.admit({ room: 'table-x', identity: 'e', name: 'n', ttlSeconds: 60, canPublish: true, capacity: 6 })).rejects.toMatchObject({ status: 503, code: 'SFU_UNAVAILABLE' });
  });
});

describe('the table SFU token route with Janus configured (issue 17)', () => {
  let cluster: SocketCluster | undefined;
  afterAll(async () => {
    await cluster?.close();
  });

  it('an organiser removing someone, and the closing hour, send them out of the room; names come from the roster by feed id', async () => {
    cluster = await startSocketCluster({ JANUS_URL: janus.url, JANUS_TOKEN_SECRET: janus.tokenSecret, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey });
    const { one } = cluster;
    const host = (await signupOrganiser(one.app, { organisationName: 'Janus Moderation Org' })).accessToken;
    const expo = await createEvent(one.app, host, 'Janus Moderation Expo');
    const tables = `/api/eventservices/events/${expo}/networking/tables`;
    const table = (await one.app.inject({ method: 'POST', url: tables, headers: bearer(host), payload: { kind: 'discussion', topic: 'Moderated', seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' } })).json().data as { id: string };
    const ann = await cluster.participant(host, expo, 'Ann');
    const ben = await cluster.participant(host, expo, 'Ben');
    const sit = async (p: typeof ann) => {
      expect(await emit(await cluster!.open(one.url, p), 'networking', { tableId: table.id })).toMatchObject({ ok: true });
      const res = await one.app.inject({ method: 'POST', url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/sfu-token`, headers: headers(p) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { token: string; roomId: number; roomToken: string; publisherId: number; display: string };
    };
    const enter = async (admission: Awaited<ReturnType<typeof sit>>) => {
      const path = await client(admission.token).handle();
      expect(await join(path, admission.token, { room: admission.roomId, id: admission.publisherId, display: admission.display, token: admission.roomToken })).toMatchObject({ videoroom: 'joined' });
      return { ...admission, path };
    };
    type TRoster = { tables: { id: string; seated: { eventUserId: string; name: string; feedId?: number }[] }[] };
    const rosterAs = async (p: typeof ann) => ((await one.app.inject({ url: `/api/chatservices/api/events/${expo}/lounge`, headers: headers(p) })).json().data as TRoster).tables.find((t) => t.id === table.id)!.seated;
    const annAdmitted = await sit(ann);
    const b = await enter(await sit(ben));
    // Ann sits but her browser has not entered the room yet: Ben's roster names her without her id, so he cannot take it
    // before she does (and, keyed by the server's secret, he cannot work it out); his own id he sees.
    expect(await rosterAs(ben)).toEqual([
      { eventUserId: ann.eventUserId, name: ann.name },
      { eventUserId: ben.eventUserId, name: ben.name, feedId: b.publisherId },
    ]);
    // A participant not at the table sees no ids at all; at a table of two, whose video is a mesh, not even her own.
    const cy = await cluster.participant(host, expo, 'Cy');
    expect((await rosterAs(cy)).every((s) => s.feedId === undefined)).toBe(true);
    const pair = (await one.app.inject({ method: 'POST', url: tables, headers: bearer(host), payload: { kind: 'discussion', topic: 'Pair', seats: 2, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' } })).json().data as { id: string };
    expect(await emit(await cluster.open(one.url, cy), 'networking', { tableId: pair.id })).toMatchObject({ ok: true });
    const cyLounge = (await one.app.inject({ url: `/api/chatservices/api/events/${expo}/lounge`, headers: headers(cy) })).json().data as TRoster;
    expect(cyLounge.tables.find((t) => t.id === pair.id)!.seated).toEqual([{ eventUserId: cy.eventUserId, name: cy.name }]);
    const a = await enter(annAdmitted);

    // The roster the browser labels feeds by: each seated person's publisher id in the room, with the server's name.
    const roster = await rosterAs(ben);
    expect(roster).toEqual([
      { eventUserId: ann.eventUserId, name: ann.name, feedId: a.publisherId },
      { eventUserId: ben.eventUserId, name: ben.name, feedId: b.publisherId },
    ]);
    // Ben renames himself "Ann" inside Janus: Janus keeps his publisher id, so the roster still names that feed Ben.
    await client(b.token).post(b.path, { janus: 'message', body: { request: 'configure', display: ann.name } });
    await expect.poll(async () => (await inRoom(b.token, b.roomId)).find((p) => p.id === b.publisherId)?.display).toBe(ann.name);
    expect(roster.find((r) => r.feedId === b.publisherId)!.name).toBe(ben.name);
    // Nor can he take Ann's feed id while she is in the room: Janus refuses an id in use.
    expect(await join(await client(b.token).handle(), b.token, { room: b.roomId, id: a.publisherId, display: ann.name, token: b.roomToken })).toMatchObject({ error_code: expect.any(Number) });
    expect((await inRoom(a.token, a.roomId)).map((p) => p.id).sort()).toEqual([a.publisherId, b.publisherId].sort());

    // The organiser removes Ann: Janus sends her out, her room token (unexpired) no longer admits.
    const removed = await one.app.inject({ method: 'DELETE', url: `${tables}/${table.id}/seated/${ann.eventUserId}`, headers: bearer(host) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await events(a.path, a.token)).toContainEqual(expect.objectContaining({ leaving: 'ok', reason: 'kicked' }));
    expect((await inRoom(a.token, a.roomId)).map((p) => p.id)).not.toContain(a.publisherId);
    expect(await join(await client(a.token).handle(), a.token, { room: a.roomId, id: a.publisherId, display: a.display, token: a.roomToken })).toMatchObject({ error_code: 433 });
    // Barred, she gets no new admission either.
    expect((await one.app.inject({ method: 'POST', url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/sfu-token`, headers: headers(ann) })).json()).toMatchObject({ code: 'VIDEO_NOT_SEATED' });

    // The table's closing hour passes: the sweep sends everyone out and ends the room.
    await one.app.inject({ method: 'PUT', url: `${tables}/${table.id}`, headers: bearer(host), payload: { kind: 'discussion', topic: 'Moderated', seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2000-01-02T00:00' } });
    await one.ctx.video.closeSweep.drainNow();
    const after = client(b.token);
    expect(await after.request(await after.handle(), { request: 'exists', room: b.roomId })).toMatchObject({ exists: false });
    expect(await join(await client(b.token).handle(), b.token, { room: b.roomId, id: b.publisherId, display: b.display, token: b.roomToken })).toMatchObject({ error_code: expect.any(Number) });
    await cluster.close();
    cluster = undefined;
  });

  it('answers provider janus to a seated member: the room of the table, with its seats; nobody else gets one', async () => {
    cluster = await startSocketCluster({ JANUS_URL: janus.url, JANUS_TOKEN_SECRET: janus.tokenSecret, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey });
    const { one } = cluster;
    const host = (await signupOrganiser(one.app, { organisationName: 'Janus Org' })).accessToken;
    const expo = await createEvent(one.app, host, 'Janus Expo');
    const created = await one.app.inject({ method: 'POST', url: `/api/eventservices/events/${expo}/networking/tables`, headers: bearer(host), payload: { kind: 'discussion', topic: 'Big table', seats: 6, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' } });
    const table = created.json().data as { id: string };
    const ann = await cluster.participant(host, expo, 'Ann');
    const ben = await cluster.participant(host, expo, 'Ben');
    const config = await one.app.inject({ url: '/api/chatservices/api/video/config', headers: headers(ann) });
    expect(config.json().data.sfu).toEqual({ provider: 'janus', url: janus.url });
    // A media server the browser joins takes over every table of more than two (issue 17); two stay peer to peer.
    expect(config.json().data.meshLimit).toBe(2);
    // The browser may call Janus's API: its origin is in the CSP's connect-src.
    expect(String(config.headers['content-security-policy'])).toContain(`connect-src 'self' ws: wss: ${new URL(janus.url).origin};`);
    const annSocket = await cluster.open(one.url, ann);
    expect(await emit(annSocket, 'networking', { tableId: table.id })).toMatchObject({ ok: true });

    const res = await one.app.inject({ method: 'POST', url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/sfu-token`, headers: headers(ann) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { provider: string; url: string; room: string; roomId: number; token: string; roomToken: string; publisherId: number; display: string };
    // The display name in the room is Ann's profile name, under the server's publisher id.
    expect(data).toMatchObject({ provider: 'janus', url: janus.url, room: `table-${table.id}`, roomId: janusRoomId(`table-${table.id}`), publisherId: janusPublisherId(janus.tokenSecret, `table-${table.id}`, ann.eventUserId), display: ann.name });
    const expiry = Number(data.token.split(',')[0]);
    expect(expiry - Date.now() / 1000).toBeGreaterThan(3500);
    expect(expiry - Date.now() / 1000).toBeLessThanOrEqual(3600);
    const path = await client(data.token).handle();
    const listed = (await client(data.token).request(path, { request: 'list', admin_key: janus.adminKey })).list as { room: number; max_publishers: number }[];
    expect(listed.find((r) => r.room === data.roomId)).toMatchObject({ max_publishers: 6 });
    expect(await join(path, data.token, { room: data.roomId, id: data.publisherId, display: data.display, token: data.roomToken })).toMatchObject({ videoroom: 'joined' });
    expect(await inRoom(data.token, data.roomId)).toEqual([expect.objectContaining({ id: data.publisherId, display: ann.name })]);

    // Ann leaves the table (networkingLeave): she is sent out of the room and her token, still unexpired, is refused.
    expect(await emit(annSocket, 'networkingLeave', { tableId: table.id })).toMatchObject({ ok: true, data: { left: true } });
    expect(await inRoom(data.token, data.roomId)).toEqual([]);
    expect(await join(await client(data.token).handle(), data.token, { room: data.roomId, id: data.publisherId, display: data.display, token: data.roomToken })).toMatchObject({ error_code: 433 });
    // She sits down again and joins; then her last socket goes (a closed tab): the disconnect sends her out too.
    expect(await emit(annSocket, 'networking', { tableId: table.id })).toMatchObject({ ok: true });
    const back = (await one.app.inject({ method: 'POST', url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/sfu-token`, headers: headers(ann) })).json().data as typeof data;
    expect(await join(await client(back.token).handle(), back.token, { room: back.roomId, id: back.publisherId, display: back.display, token: back.roomToken })).toMatchObject({ videoroom: 'joined' });
    expect(await inRoom(back.token, back.roomId)).toHaveLength(1);
    annSocket.disconnect();
    await expect.poll(() => inRoom(back.token, back.roomId), { timeout: 10_000 }).toEqual([]);
    expect(await join(await client(back.token).handle(), back.token, { room: back.roomId, id: back.publisherId, display: back.display, token: back.roomToken })).toMatchObject({ error_code: 433 });
    expect(await emit(await cluster.open(one.url, ann), 'networking', { tableId: table.id })).toMatchObject({ ok: true });

    // Not seated: 403, no token.
    const refused = await one.app.inject({ method: 'POST', url: `/api/chatservices/api/events/${expo}/lounge/tables/${table.id}/sfu-token`, headers: headers(ben) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'VIDEO_NOT_SEATED' });

    // The organiser deletes the table: its room on the media server ends with it.
    const deleted = await one.app.inject({ method: 'DELETE', url: `/api/eventservices/events/${expo}/networking/tables/${table.id}`, headers: bearer(host) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = client(data.token);
    expect(await after.request(await after.handle(), { request: 'exists', room: data.roomId })).toMatchObject({ exists: false });
  });
});
