/**
 * An announcement's inbox rows are written after its broadcast, by its `announcement.sent` outbox fact (issue 17):
 * the announcement and the fact are stored in one transaction; the recipients get it live at once; the fill writes one
 * row per recipient, exactly once, whether the process died before the fill (the job delivers the fact at the next
 * pass), the fact is delivered twice (the outbox is at least once), or a recipient read the inbox before the fill
 * (their row is written by the read and kept by the fill).
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { UserType, type TChatOutbound, type TNotificationPage } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { CHAT_SOCKET_PATH } from '../../platform/realtime.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { emit, record } from '../../test/chat-sockets.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

const PASSWORD = 'Guest#Secure26';
const BULK = 40;
let t: TestApp;
let url: string;
let host: Record<string, string>;
let orgId: string;
let eventId: string;
const sockets: Socket[] = [];
type Person = { userId: string; eventUserId: string; access: string; eventAccess: string; headers: Record<string, string> };
let ann: Person;
let ben: Person;

async function participant(firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Filled', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { userId: user.id, eventUserId: eu!.id, access, eventAccess, headers: { ...bearer(access), 'x-user-access-token': eventAccess } };
}
function open(p: Person): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(url, { path: CHAT_SOCKET_PATH, auth: { token: p.access, userAccessToken: p.eventAccess }, query: { userId: p.userId, eventId }, transports: ['websocket'], reconnection: false });
    sockets.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}
const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const q = async <T>(query: ReturnType<typeof sql>) => (await t.ctx.database.db.execute(query)).rows as T[];
const announce = (title: string) =>
  t.app.inject({ method: 'POST', url: `/api/notifyservices/api/events/${eventId}/announcements`, headers: host, payload: { title, body: 'Hall C.', format: 'text', audience: { kind: 'everyone' } } });
const inbox = async (p: Person) => {
  const res = await t.app.inject({ url: `/api/notifyservices/api/events/${eventId}/notifications`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TNotificationPage;
};
/** Each recipient's rows of the announcement: participation → how many. */
const rowsPerRecipient = async (announcementId: string) =>
  new Map((await q<{ eu: string; n: number }>(sql`select event_user_id as eu, count(*)::int as n from notifications where announcement_id = ${announcementId} group by event_user_id`)).map((r) => [r.eu, r.n]));
const pending = async (announcementId: string) => (await q<{ p: string[] | null }>(sql`select pending_recipients as p from announcements where id = ${announcementId}`))[0]!.p;
const factOf = async (announcementId: string) => (await q<{ id: string; delivered: boolean }>(sql`select id, delivered_at is not null as delivered from event_outbox where name = 'announcement.sent' and payload->>'announcementId' = ${announcementId}`))[0]!;

/**
 * The state a crash right after the announcement's commit leaves (the fill never ran): no inbox row, every recipient
 * pending, the fact owed and unclaimed. The fill of the send is waited for first, so nothing runs behind the test.
 */
async function crashBeforeFill(announcementId: string, recipients: string[]) {
  await until(async () => (await factOf(announcementId)).delivered);
  await t.ctx.database.db.execute(sql`delete from notifications where announcement_id = ${announcementId}`);
  await t.ctx.database.db.execute(sql`update announcements set pending_recipients = ${sql.param(recipients)}::text[] where id = ${announcementId}`);
  await t.ctx.database.db.execute(sql`update event_outbox set delivered_at = null, claimed_at = null, attempts = 0 where name = 'announcement.sent' and payload->>'announcementId' = ${announcementId}`);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const a = await signupOrganiser(t.app, { organisationName: 'Fill Org' });
  host = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Fill Expo');
  ann = await participant('Ann');
  ben = await participant('Ben');
  await t.ctx.database.db.execute(sql`
    insert into users (id, email, password_hash, first_name, last_name, user_type, role, status)
    select 'fill-u-' || g, 'fill-' || g || '@example.com', 'x', 'Fill', 'Person', 4, 'Attendee', 'active' from generate_series(1, ${BULK}) g`);
  await t.ctx.database.db.execute(sql`
    insert into event_users (id, organisation_id, event_id, user_id, user_type)
    select 'fill-eu-' || g, ${orgId}, ${eventId}, 'fill-u-' || g, 4 from generate_series(1, ${BULK}) g`);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await new Promise((r) => setTimeout(r, 200));
  await t?.close();
});

describe('an announcement inbox fill', () => {
  it('is delivered live at once, and its fact is stored with it; the fill then writes one row per recipient', async () => {
    const s = await open(ann);
    const got = record<TChatOutbound<'announcement'>>(s, 'announcement');
    const res = await announce('Doors open');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    expect(res.json().data.recipients).toBe(BULK + 2);
    await until(() => got.length > 0);
    expect(got[0]).toMatchObject({ id, title: 'Doors open' });
    expect(await factOf(id)).toBeDefined();
    await until(async () => (await pending(id)) === null);
    const rows = await rowsPerRecipient(id);
    expect(rows.size).toBe(BULK + 2);
    expect([...rows.values()].every((n) => n === 1)).toBe(true);
    expect((await factOf(id)).delivered).toBe(true);
  });

  it('after a crash before the fill: a recipient still finds it in the inbox, and the job then writes exactly one row per recipient, even delivered twice', async () => {
    const res = await announce('Lunch is served');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    await until(async () => (await pending(id)) === null);
    const all = [...(await rowsPerRecipient(id)).keys()];
    expect(all).toHaveLength(BULK + 2);
    await crashBeforeFill(id, all);
    expect((await rowsPerRecipient(id)).size).toBe(0);

    // Ben reads his inbox before the job runs: the announcement is there, unread, and counted.
    const before = await inbox(ben);
    const his = before.items.find((n) => n.announcementId === id);
    expect(his).toMatchObject({ kind: 'ANNOUNCEMENT', title: 'Lunch is served', readAt: null });
    expect(before.unread).toBeGreaterThanOrEqual(1);
    // Reading again writes nothing more.
    expect((await inbox(ben)).items.filter((n) => n.announcementId === id)).toHaveLength(1);

    // The job (the next outbox pass after the restart): every recipient once, Ben's row kept as it was.
    await t.ctx.outbox.worker.drainNow();
    expect(await pending(id)).toBeNull();
    expect((await factOf(id)).delivered).toBe(true);
    const after = await rowsPerRecipient(id);
    expect(after.size).toBe(BULK + 2);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
    expect((await inbox(ben)).items.find((n) => n.announcementId === id)!.id).toBe(his!.id);

    // The fact delivered again (the outbox is at least once): nothing is added.
    await t.ctx.database.db.execute(sql`update event_outbox set delivered_at = null, claimed_at = null where id = ${(await factOf(id)).id}`);
    await t.ctx.outbox.worker.drainNow();
    expect((await factOf(id)).delivered).toBe(true);
    const again = await rowsPerRecipient(id);
    expect(again.size).toBe(BULK + 2);
    expect([...again.values()].every((n) => n === 1)).toBe(true);
  });

  it('read while the fill runs: each reader finds it once, and neither side waits on the other (no deadlock)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await announce(`Race ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as string;
      const [a, b] = await Promise.all([inbox(ann), inbox(ben)]);
      expect(a.items.filter((n) => n.announcementId === id)).toHaveLength(1);
      expect(b.items.filter((n) => n.announcementId === id)).toHaveLength(1);
      await until(async () => (await pending(id)) === null);
      const rows = await rowsPerRecipient(id);
      expect(rows.size).toBe(BULK + 2);
      expect([...rows.values()].every((n) => n === 1)).toBe(true);
    }
  });

  it('before the fill, marking the announcement read over the socket and read-all work on it', async () => {
    const res = await announce('Closing soon');
    const id = res.json().data.id as string;
    await until(async () => (await pending(id)) === null);
    await crashBeforeFill(id, [...(await rowsPerRecipient(id)).keys()]);
    const s = await open(ben);
    const ack = (await emit<{ notificationId: string; readAt: string; unread: number }>(s, 'announcement', { announcementId: id })) as { ok: boolean; data: { notificationId: string; readAt: string } };
    expect(ack.ok).toBe(true);
    const all = await t.app.inject({ method: 'POST', url: `/api/notifyservices/api/events/${eventId}/notifications/read-all`, headers: ann.headers });
    expect(all.statusCode, all.body).toBe(200);
    expect((await inbox(ann)).unread).toBe(0);
    await t.ctx.outbox.worker.drainNow();
    const rows = await rowsPerRecipient(id);
    expect(rows.size).toBe(BULK + 2);
    expect([...rows.values()].every((n) => n === 1)).toBe(true);
    // The read marks made before the fill stay.
    expect((await inbox(ben)).items.find((n) => n.announcementId === id)!.readAt).toBe(ack.data.readAt);
    expect((await inbox(ann)).items.find((n) => n.announcementId === id)!.readAt).not.toBeNull();
  });
});
