/**
 * bench/realtime: the chat socket (/chatservices) under the two loads of issue 17, each beside a bare socket.io server
 * measured in the same run (its own process, no database, no checks: the ceiling of socket.io on this machine).
 *
 * 1. Starts Pavilion as `npm start` runs it (the built bundle) on a fresh database of DATABASE_URL's server, with
 *    REDIS_URL (a prefix of its own), and a second process on the same database and Redis for phase 3b.
 * 2. One event with BENCH_SOCKETS (1,000) participants: accounts and participations inserted straight into the tables,
 *    access and event access tokens signed with the run's JWT_SECRET (this measures the socket, not sign-up).
 * 3. Announcement fan-out: every participant connected; the organiser sends BENCH_ANNOUNCEMENTS (20) announcements
 *    through the product's route (stored, one notification per recipient, then delivered live), BENCH_ANNOUNCE_CONCURRENCY
 *    (4) at a time. Deliveries/s = deliveries ÷ (last receipt − first send); latency of a delivery = its receipt − the
 *    moment its request was sent. 3b: the same with half the sockets on the second process (delivery over Redis).
 *    The bare server's figure: the same number of sockets, an HTTP POST that emits one event to all of them.
 *    Goals: ≥ 50,000 deliveries/s and p99 ≤ 100 ms; two processes ≥ 70 % of one.
 * 4. 1:1 chat: BENCH_PAIRS (100) pairs, each sender sending at an even pace so the whole is BENCH_CHAT_RATE (200)
 *    messages/s for BENCH_CHAT_SECONDS (60) s, each message stored before delivery; latency = receipt at the other
 *    member − send. Lost = sent and acknowledged but never received, or not in chat_messages. The bare server relays
 *    the same messages between the same number of sockets. Goals: p99 ≤ 50 ms, 0 lost.
 * Run: npm run bench:realtime   (DATABASE_URL and REDIS_URL default to this machine's services)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { createTokens } from '../apps/server/src/platform/tokens.ts';
import { checkBaseline, loadAverage } from './baseline.ts';
import { cpuMs, freePort, postJson, rssMb, startPavilion, type Started } from './lib.ts';
import { runBench, scratchDatabase } from './scratch-db.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ANNOUNCEMENTS = Number(process.env.BENCH_ANNOUNCEMENTS ?? 20);
const ANNOUNCE_CONCURRENCY = Number(process.env.BENCH_ANNOUNCE_CONCURRENCY ?? 4);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const CHAT_RATE = Number(process.env.BENCH_CHAT_RATE ?? 200);
const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 60);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const JWT_SECRET = 'bench-secret-that-is-at-least-32-characters';
const CHAT_PATH = '/chatservices';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Person = { userId: string; eventUserId: string; token: string; eventToken: string };
type FanOut = { deliveries: number; expected: number; perSecond: number; p50: number; p99: number };
type ChatRun = { sent: number; received: number; lost: number; rate: number; p50: number; p99: number };

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

/** A bare socket.io server in its own process: sockets join the room named by their query `id`; no auth, no storage. */
async function bareSocketServer(port: number): Promise<{ url: string; pid: number; close(): void }> {
  const source = `
const http = require('node:http');
const { Server } = require('socket.io');
const server = http.createServer((q, s) => {
  const chunks = [];
  q.on('data', (c) => chunks.push(c));
  q.on('end', () => {
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    io.emit('announcement', { id: body.id, title: 'Bench', body: 'Fan-out', sentAt: new Date().toISOString() });
    s.writeHead(200, { 'content-type': 'application/json' });
    s.end('{"status":"OK"}');
  });
});
const io = new Server(server, { path: '${CHAT_PATH}', serveClient: false });
io.on('connection', (socket) => {
  socket.join('eventUser:' + socket.handshake.query.id);
  socket.on('message', (m, ack) => {
    const out = { ...m, id: Math.random().toString(36).slice(2), createdAt: new Date().toISOString() };
    io.to(m.member.map((x) => 'eventUser:' + x)).emit('message', out);
    if (typeof ack === 'function') ack({ ok: true, data: out });
  });
});
server.listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'], cwd: process.cwd() });
  await new Promise((r) => child.stdout!.once('data', r));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, close: () => child.kill() };
}

function open(url: string, auth: Record<string, string>, query: Record<string, string>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { path: CHAT_PATH, auth, query, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** Opens sockets 50 at a time (a thousand handshakes at once would measure the handshake, not the fan-out). */
async function openAll<T>(items: T[], one: (item: T, i: number) => Promise<Socket>): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < items.length; i += 50) out.push(...(await Promise.all(items.slice(i, i + 50).map((x, j) => one(x, i + j)))));
  return out;
}

/**
 * Sends `count` announcements, `concurrency` at a time, and waits until every socket has each (or 10 s of silence).
 * `send` returns the id the sockets will see.
 */
async function fanOut(sockets: Socket[], count: number, concurrency: number, send: (i: number) => Promise<string>): Promise<FanOut> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let last = 0;
  const early = new Map<string, number[]>();
  for (const s of sockets) {
    s.on('announcement', (a: { id: string }) => {
      const now = performance.now();
      last = now;
      const t0 = sentAt.get(a.id);
      if (t0 === undefined) early.set(a.id, [...(early.get(a.id) ?? []), now]);
      else latencies.push(now - t0);
    });
  }
  const first = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const id = await send(i);
        sentAt.set(id, t0);
        // Deliveries that beat the route's answer to this process: measured from the same t0.
        for (const at of early.get(id) ?? []) latencies.push(at - t0);
        early.delete(id);
      }
    }),
  );
  const expected = count * sockets.length;
  for (let quiet = 0; latencies.length < expected && quiet < 100; quiet++) {
    const before = latencies.length;
    await sleep(100);
    if (latencies.length > before) quiet = 0;
  }
  for (const s of sockets) s.off('announcement');
  latencies.sort((a, b) => a - b);
  return { deliveries: latencies.length, expected, perSecond: latencies.length / ((last - first) / 1000), p50: pct(latencies, 50), p99: pct(latencies, 99) };
}

/**
 * `pairs` senders each send to their partner at an even pace, together `rate` messages/s for `seconds` s. `firstRoom`
 * gives each pair's room (Pavilion: made by a first, unmeasured message).
 */
async function chatLoad(senders: Socket[], receivers: Socket[], payload: (pair: number, seq: number) => Record<string, unknown>, rate: number, seconds: number): Promise<ChatRun> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const received = new Set<string>();
  receivers.forEach((r) => {
    r.on('message', (m: { clientId?: string | null }) => {
      const key = m.clientId ?? '';
      const t0 = sentAt.get(key);
      if (t0 === undefined || received.has(key)) return;
      received.add(key);
      latencies.push(performance.now() - t0);
    });
  });
  const pairs = senders.length;
  const perSender = rate / pairs;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  let acked = 0;
  let refused = 0;
  await Promise.all(
    senders.map(async (s, pair) => {
      const count = Math.round(perSender * seconds);
      // Senders start spread over one interval, so the load is even rather than 100 messages every half second.
      const offset = (pair / pairs) * (1000 / perSender);
      for (let seq = 0; seq < count; seq++) {
        const due = start + offset + (seq * 1000) / perSender;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const body = payload(pair, seq);
        sentAt.set(body.clientId as string, performance.now());
        s.emit('message', body, (ack: { ok: boolean }) => (ack.ok ? acked++ : refused++));
      }
    }),
  );
  const wall = (performance.now() - start) / 1000;
  for (let i = 0; i < 50 && received.size < sentAt.size; i++) await sleep(100);
  for (const r of receivers) r.off('message');
  latencies.sort((a, b) => a - b);
  if (refused > 0) console.log(`  (${refused} messages refused by the server)`);
  return { sent: sentAt.size, received: received.size, lost: Math.max(0, Math.min(total, sentAt.size) - received.size), rate: sentAt.size / wall, p50: pct(latencies, 50), p99: pct(latencies, 99) };
}

async function main() {
  const database = await scratchDatabase();
  const prefix = `pvbench-${randomUUID().slice(0, 8)}`;
  const env = { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: prefix, JWT_SECRET };
  const [portA, portB, portBare] = await Promise.all([freePort(), freePort(), freePort()]);
  let a: Started | null = null;
  let b: Started | null = null;
  let bare: Awaited<ReturnType<typeof bareSocketServer>> | null = null;
  const db = new pg.Client({ connectionString: database.url });
  const open_: Socket[] = [];
  try {
    a = await startPavilion(portA, env);
    b = await startPavilion(portB, env);
    bare = await bareSocketServer(portBare);
    await db.connect();
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${a!.url}${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
      const json = (await res.json()) as { data: Record<string, unknown>; code?: string };
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const signup = await call('POST', '/api/auth/signup', { firstName: 'Bench', lastName: 'Host', email: 'rt@example.com', password: 'Bench#Secure26', confirmPassword: 'Bench#Secure26', organisationName: 'Bench' });
    const host = { authorization: `Bearer ${signup.accessToken as string}` };
    const eventId = (await call('POST', '/api/eventservices/events', { name: 'Realtime bench', startDate: '2027-01-01', endDate: '2027-01-02', timeZone: 'UTC', eventMode: 3, eventType: 1 }, host)).id as string;
    const org = (await db.query('select organisation_id from events where id = $1', [eventId])).rows[0].organisation_id as string;

    // Participants straight into the tables; tokens signed with the run's secret (what /api/auth/login would give).
    const people = Math.max(SOCKETS, PAIRS * 2);
    const ids = Array.from({ length: people }, (_, i) => ({ userId: `bu${i}-${randomUUID().slice(0, 8)}`, eventUserId: `be${i}-${randomUUID().slice(0, 8)}` }));
    await db.query(
      `insert into users (id, email, password_hash, first_name, user_type, role) select u, 'p' || n || '@bench.example', 'x', 'P' || n, 4, 'Attendee' from unnest($1::text[]) with ordinality as t(u, n)`,
      [ids.map((x) => x.userId)],
    );
    await db.query(`insert into event_users (id, organisation_id, event_id, user_id, user_type) select e, $1, $2, u, 4 from unnest($3::text[], $4::text[]) as t(e, u)`, [org, eventId, ids.map((x) => x.eventUserId), ids.map((x) => x.userId)]);
    const tokens = createTokens(JWT_SECRET);
    const persons: Person[] = await Promise.all(
      ids.map(async (x) => ({
        ...x,
        token: await tokens.signAccess({ userId: x.userId, organisationId: null, sessionId: `bench-${x.userId}` }),
        eventToken: await tokens.signEventAccess({ userId: x.userId, eventId, eventUserId: x.eventUserId }),
      })),
    );
    const openPavilion = (url: string) => (p: Person) => open(url, { token: p.token, userAccessToken: p.eventToken }, { userId: p.userId, eventId }).then((s) => (open_.push(s), s));
    const openBare = (p: Person) => open(bare!.url, {}, { id: p.eventUserId }).then((s) => (open_.push(s), s));
    const closeAll = () => open_.splice(0).forEach((s) => s.disconnect());

    // 3. Announcement fan-out.
    const audience = persons.slice(0, SOCKETS);
    const announce = async (_i: number) => {
      const res = await postJson(`${a!.url}/api/notifyservices/api/events/${eventId}/announcements`, { title: `Bench ${_i}`, body: 'Fan-out', audience: { kind: 'everyone' } }, host);
      if (res.status >= 300) throw new Error(`announcement: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { data: { id: string } }).data.id;
    };
    let bareFan = await (async () => {
      const sockets = await openAll(audience, openBare);
      await fanOut(sockets, 2, 1, async (i) => {
        await postJson(`${bare!.url}/announce`, { id: `warm${i}` });
        return `warm${i}`;
      });
      const r = await fanOut(sockets, ANNOUNCEMENTS, ANNOUNCE_CONCURRENCY, async (i) => {
        await postJson(`${bare!.url}/announce`, { id: `a${i}` });
        return `a${i}`;
      });
      closeAll();
      return r;
    })();
    const cpu0 = cpuMs(a.child.pid!);
    const oneProcess = await (async () => {
      const sockets = await openAll(audience, openPavilion(a!.url));
      await fanOut(sockets, 2, 1, announce); // warm-up: JIT, prepared statements
      const r = await fanOut(sockets, ANNOUNCEMENTS, ANNOUNCE_CONCURRENCY, announce);
      closeAll();
      return r;
    })();
    const fanCpu = cpuMs(a.child.pid!) - cpu0;
    const twoProcesses = await (async () => {
      const sockets = await openAll(audience, (p, i) => openPavilion(i % 2 === 0 ? a!.url : b!.url)(p));
      await fanOut(sockets, 2, 1, announce);
      const r = await fanOut(sockets, ANNOUNCEMENTS, ANNOUNCE_CONCURRENCY, announce);
      closeAll();
      return r;
    })();
    // The bare server again after Pavilion's runs, so a change of the machine's load weighs on both; the better counts.
    const bareAgain = await (async () => {
      const sockets = await openAll(audience, openBare);
      const r = await fanOut(sockets, ANNOUNCEMENTS, ANNOUNCE_CONCURRENCY, async (i) => {
        await postJson(`${bare!.url}/announce`, { id: `b${i}` });
        return `b${i}`;
      });
      closeAll();
      return r;
    })();
    if (bareAgain.perSecond > bareFan.perSecond) bareFan = bareAgain;

    // 4. 1:1 chat.
    const senders = persons.slice(0, PAIRS);
    const partners = persons.slice(PAIRS, PAIRS * 2);
    const bareChat = await (async () => {
      const s = await openAll(senders, openBare);
      const r = await openAll(partners, openBare);
      const run = await chatLoad(s, r, (pair, seq) => ({ roomId: 'r', content: `m${seq}`, from: { eventUserId: senders[pair]!.eventUserId }, member: [senders[pair]!.eventUserId, partners[pair]!.eventUserId], isReply: false, replyToMessage: null, clientId: `bare-${pair}-${seq}` }), CHAT_RATE, CHAT_SECONDS);
      closeAll();
      return run;
    })();
    const s = await openAll(senders, openPavilion(a.url));
    const r = await openAll(partners, openPavilion(b.url));
    // Each pair's room, made by a first message (unmeasured); the load then goes across the two processes.
    const rooms = await Promise.all(
      s.map(
        (sock, pair) =>
          new Promise<string>((resolve, reject) =>
            sock.emit('message', { roomId: '', content: 'hello', from: { eventUserId: senders[pair]!.eventUserId }, member: [senders[pair]!.eventUserId, partners[pair]!.eventUserId], isReply: false, replyToMessage: null }, (ack: { ok: boolean; data?: { roomId: string }; code?: string }) =>
              ack.ok ? resolve(ack.data!.roomId) : reject(new Error(`first message refused: ${ack.code}`)),
            ),
          ),
      ),
    );
    const chatCpu0 = cpuMs(a.child.pid!) + cpuMs(b.child.pid!);
    const run = await chatLoad(s, r, (pair, seq) => ({ roomId: rooms[pair]!, content: `Message ${seq}`, from: { eventUserId: senders[pair]!.eventUserId }, member: [senders[pair]!.eventUserId, partners[pair]!.eventUserId], isReply: false, replyToMessage: null, clientId: `c-${pair}-${seq}` }), CHAT_RATE, CHAT_SECONDS);
    const chatCpu = cpuMs(a.child.pid!) + cpuMs(b.child.pid!) - chatCpu0;
    closeAll();
    const stored = Number((await db.query(`select count(*)::int as n from chat_messages where client_id like 'c-%'`)).rows[0].n);
    const lost = Math.max(run.lost, run.sent - stored);
    const rss = rssMb(a.child.pid!);

    const twoToOne = twoProcesses.perSecond / oneProcess.perSecond;
    console.log(`\nRealtime bench (${SOCKETS} sockets, ${ANNOUNCEMENTS} announcements ${ANNOUNCE_CONCURRENCY} at a time; ${PAIRS} chat pairs at ${CHAT_RATE}/s for ${CHAT_SECONDS} s; load average ${loadAverage()})
| figure | bare socket.io (ceiling) | Pavilion | goal |
|---|---|---|---|
| announcement deliveries/s, one process | ${bareFan.perSecond.toFixed(0)} | ${oneProcess.perSecond.toFixed(0)} (${((oneProcess.perSecond / bareFan.perSecond) * 100).toFixed(1)} % of bare) | ≥ 50,000/s |
| announcement delivery p50 / p99 | ${bareFan.p50.toFixed(1)} / ${bareFan.p99.toFixed(1)} ms | ${oneProcess.p50.toFixed(1)} / ${oneProcess.p99.toFixed(1)} ms | p99 ≤ 100 ms |
| delivered / expected | ${bareFan.deliveries} / ${bareFan.expected} | ${oneProcess.deliveries} / ${oneProcess.expected} | all |
| two processes over Redis: deliveries/s (p99) | | ${twoProcesses.perSecond.toFixed(0)} (${twoProcesses.p99.toFixed(1)} ms), ${(twoToOne * 100).toFixed(1)} % of one process; ${twoProcesses.deliveries} / ${twoProcesses.expected} | ≥ 70 % |
| server CPU per announcement (stored, ${SOCKETS} notifications, fan-out) | | ${(fanCpu / (ANNOUNCEMENTS + 2)).toFixed(1)} ms | |
| 1:1 chat messages/s sent | ${bareChat.rate.toFixed(0)} | ${run.rate.toFixed(0)} (two processes, sender and receiver on different ones) | 200/s for 60 s |
| chat send → receipt p50 / p99 | ${bareChat.p50.toFixed(1)} / ${bareChat.p99.toFixed(1)} ms | ${run.p50.toFixed(1)} / ${run.p99.toFixed(1)} ms | p99 ≤ 50 ms |
| chat lost (never received, or not stored) | ${bareChat.lost} | ${lost} of ${run.sent} (${stored} stored) | 0 |
| server CPU per chat message (both processes) | | ${(chatCpu / Math.max(1, run.sent)).toFixed(2)} ms | |
| Pavilion RSS after the runs | | ${rss.toFixed(0)} MB | |`);

    const failures: string[] = [];
    if (oneProcess.deliveries < oneProcess.expected || twoProcesses.deliveries < twoProcesses.expected) failures.push('an announcement did not reach every socket');
    if (lost > 0) failures.push(`${lost} chat messages lost`);
    for (const f of failures) console.error(`BENCH FAILURE: ${f}`);
    if (failures.length) process.exitCode = 1;
    checkBaseline('realtime', {
      fanOutToBare: { value: oneProcess.perSecond / bareFan.perSecond, better: 'higher', unit: '(announcement deliveries/s ÷ bare socket.io)' },
      twoProcessesToOne: { value: twoToOne, better: 'higher', unit: '(two processes over Redis ÷ one)' },
      chatP99ToBare: { value: run.p99 / Math.max(1, bareChat.p99), better: 'lower', unit: '(chat p99 ÷ bare socket.io p99)' },
    });
  } finally {
    for (const sock of open_) sock.disconnect();
    bare?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db.end().catch(() => undefined);
    await database.drop();
  }
}

runBench(main);
