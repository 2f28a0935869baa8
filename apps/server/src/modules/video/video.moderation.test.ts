import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signupOrganiser } from '../../test/test-app.ts';
import { arrives, emit, next, participantHeaders as headers, settle, startSocketCluster, type Instance, type Participant as Person, type SocketCluster } from '../../test/chat-sockets.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

/*
 * Issue 17: the organiser takes one person off a table (they are told, barred from it until allowed back, and the
 * audit log says who did it), and a table's closing hour frees its seats (the sweep). Two app instances on one
 * database joined by Redis: the person's socket is on the other instance.
 */
let cluster: SocketCluster;
let one: Instance;
let two: Instance;
let host = '';
let expo = '';
let ann: Person;
let ben: Person;
let eve: Person;

const tablesUrl = () => `/api/eventservices/events/${expo}/networking/tables`;
async function createTable(body: Record<string, unknown> = {}) {
  const res = await one.app.inject({ method: 'POST', url: tablesUrl(), headers: bearer(host), payload: { kind: 'discussion', topic: 'Hybrid events', seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; topic: string };
}
type OrgTable = { id: string; seatsTaken: number; isOpen: boolean; seated: { eventUserId: string; name: string }[]; barred?: { eventUserId: string; name: string; barredAt: string }[] };
const orgTable = async (id: string) => ((await one.app.inject({ url: tablesUrl(), headers: bearer(host) })).json().data as OrgTable[]).find((t) => t.id === id)!;
const lounge = async (p: Person) => (await one.app.inject({ url: `/api/chatservices/api/events/${expo}/lounge`, headers: headers(p) })).json().data as { mySeat: string | null; barredFrom: string[]; tables: OrgTable[] };

beforeAll(async () => {
  cluster = await startSocketCluster();
  ({ one, two } = cluster);
  host = (await signupOrganiser(one.app, { organisationName: 'Tables Org' })).accessToken;
  expo = await createEvent(one.app, host, 'Tables Expo');
  ann = await cluster.participant(host, expo, 'Ann', { lastName: 'Moderated' });
  ben = await cluster.participant(host, expo, 'Ben', { lastName: 'Seated' });
  eve = await cluster.participant(host, expo, 'Eve', { lastName: 'Watching' });
});
afterAll(async () => {
  await cluster?.close();
});

describe('the organiser removes one person from a table (issue 17)', () => {
  it('frees the seat, tells the person why, bars them from that table until allowed back, and records it', async () => {
    const table = await createTable();
    const other = await createTable({ topic: 'Another table' });
    const a = await cluster.open(two.url, ann);
    const b = await cluster.open(one.url, ben);
    const e = await cluster.open(two.url, eve);
    await settle(200);
    expect(await emit(a, 'networking', { tableId: table.id })).toMatchObject({ ok: true });
    expect(await emit(b, 'networking', { tableId: table.id })).toMatchObject({ ok: true });
    // The organiser's tables list who sits where.
    expect((await orgTable(table.id)).seated.map((s) => s.name)).toEqual(['Ann Moderated', 'Ben Seated']);
    expect((await orgTable(table.id)).barred).toEqual([]);

    const told = next<{ tableId: string; code: string; message: string }>(a, 'networkingError');
    const benHears = next<{ tableId: string; eventUserId: string; seatsTaken: number }>(b, 'networkingLeave');
    const eveHears = next<{ eventUserId: string }>(e, 'networkingLeave');
    const res = await one.app.inject({ method: 'DELETE', url: `${tablesUrl()}/${table.id}/seated/${ann.eventUserId}`, headers: bearer(host) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ tableId: table.id, eventUserId: ann.eventUserId, isBarred: true });
    expect(await told).toEqual({ tableId: table.id, code: 'REMOVED', message: 'The organiser removed you from the table "Hybrid events". You can sit there again once they allow it.' });
    expect(await benHears).toEqual({ tableId: table.id, eventUserId: ann.eventUserId, seatsTaken: 1 });
    expect(await eveHears).toMatchObject({ eventUserId: ann.eventUserId });

    const after = await orgTable(table.id);
    expect(after).toMatchObject({ seatsTaken: 1, seated: [{ eventUserId: ben.eventUserId, name: 'Ben Seated' }] });
    expect(after.barred).toEqual([{ eventUserId: ann.eventUserId, name: 'Ann Moderated', barredAt: expect.any(String) }]);
    // Ann is no longer seated: the table's chat and signalling refuse her.
    expect(await emit(a, 'discussionChat', { tableId: table.id, content: 'still here?' })).toMatchObject({ ok: false, code: 'VIDEO_NOT_SEATED' });
    expect(await emit(a, 'videoChat', { channel: `table-${table.id}`, to: ben.eventUserId, signal: { type: 'offer', sdp: 'x' } })).toMatchObject({ ok: false, code: 'VIDEO_NOT_SEATED' });

    // She cannot sit there again (told on the socket too); her lounge says so; another table is fine.
    const refused = next<{ code: string }>(a, 'networkingError');
    expect(await emit(a, 'networking', { tableId: table.id })).toMatchObject({ ok: false, code: 'TABLE_BARRED' });
    expect(await refused).toMatchObject({ tableId: table.id, code: 'TABLE_BARRED' });
    expect(await lounge(ann)).toMatchObject({ mySeat: null, barredFrom: [table.id] });
    expect((await lounge(ben)).barredFrom).toEqual([]);
    // The attendee's lounge does not list who is barred (the organiser's view only).
    expect((await lounge(ben)).tables.find((t) => t.id === table.id)!.barred).toBeUndefined();
    expect(await emit(a, 'networking', { tableId: other.id })).toMatchObject({ ok: true });
    expect(await emit(a, 'networkingLeave', { tableId: other.id })).toMatchObject({ ok: true });

    // The audit log records who removed whom.
    const { rows } = await one.ctx.database.db.execute<{ action: string; meta: { eventUserId: string; eventId: string } }>(
      `select action, meta from audit_log where target = '${table.id}' and action like 'video.table.%_person' order by created_at` as never,
    );
    expect(rows).toEqual([{ action: 'video.table.remove_person', meta: { eventId: expo, eventUserId: ann.eventUserId, barred: true } }]);

    // Not seated any more: 404 with its code; an unknown table 404.
    const again = await one.app.inject({ method: 'DELETE', url: `${tablesUrl()}/${table.id}/seated/${ann.eventUserId}`, headers: bearer(host) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'TABLE_SEAT_NOT_FOUND' });
    expect((await one.app.inject({ method: 'DELETE', url: `${tablesUrl()}/no-such-table/seated/${ben.eventUserId}`, headers: bearer(host) })).json()).toMatchObject({ code: 'TABLE_NOT_FOUND' });

    // The organiser allows her back: she sits down again; allowing twice is 404.
    const allowed = await one.app.inject({ method: 'DELETE', url: `${tablesUrl()}/${table.id}/barred/${ann.eventUserId}`, headers: bearer(host) });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toEqual({ tableId: table.id, eventUserId: ann.eventUserId, isBarred: false });
    expect((await orgTable(table.id)).barred).toEqual([]);
    expect(await emit(a, 'networking', { tableId: table.id })).toMatchObject({ ok: true, data: { seatsTaken: 2 } });
    const twice = await one.app.inject({ method: 'DELETE', url: `${tablesUrl()}/${table.id}/barred/${ann.eventUserId}`, headers: bearer(host) });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ code: 'TABLE_BAR_NOT_FOUND' });
  });

  it('is the organiser’s alone: an attendee 403, another organisation 404, a team member without Discussion Tables: Edit 403', async () => {
    const table = await createTable({ topic: 'Guarded' });
    const b = await cluster.open(one.url, ben);
    expect(await emit(b, 'networking', { tableId: table.id })).toMatchObject({ ok: true });
    const url = `${tablesUrl()}/${table.id}/seated/${ben.eventUserId}`;
    expect((await one.app.inject({ method: 'DELETE', url, headers: headers(ann) })).statusCode).toBe(403);
    const nosy = (await signupOrganiser(one.app, { organisationName: 'Nosy Tables Org' })).accessToken;
    expect((await one.app.inject({ method: 'DELETE', url, headers: bearer(nosy) })).statusCode).toBe(404);
    const role = await one.app.inject({ method: 'POST', url: '/api/auth/roles', headers: bearer(host), payload: { name: 'Table viewer', codes: ['AP-460'] } });
    expect(role.statusCode, role.body).toBe(201);
    const orgId = (await one.ctx.tokens.verifyAccess(host))!.organisationId!;
    await one.ctx.auth.createUser({ organisationId: orgId, email: 'viewer@tables.example', password: 'Viewer#Secure2026', firstName: 'Vi', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
    const login = await one.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'viewer@tables.example', password: 'Viewer#Secure2026' } });
    const viewer = login.json().data.accessToken as string;
    expect((await one.app.inject({ url: tablesUrl(), headers: bearer(viewer) })).statusCode).toBe(200);
    expect((await one.app.inject({ method: 'DELETE', url, headers: bearer(viewer) })).statusCode).toBe(403);
    // Nothing happened to Ben.
    expect((await orgTable(table.id)).seated.map((s) => s.eventUserId)).toEqual([ben.eventUserId]);
  });
});

describe('a table’s closing hour frees its seats (issue 17)', () => {
  it('the sweep frees every seat of a table past its closing hour, tells each person, and the table shows closed', async () => {
    const table = await createTable({ topic: 'Closing soon' });
    const open = await createTable({ topic: 'Still open' });
    const a = await cluster.open(two.url, ann);
    const b = await cluster.open(one.url, ben);
    const e = await cluster.open(one.url, eve);
    await settle(200);
    expect(await emit(a, 'networking', { tableId: table.id })).toMatchObject({ ok: true });
    expect(await emit(b, 'networking', { tableId: table.id })).toMatchObject({ ok: true });
    expect(await emit(e, 'networking', { tableId: open.id })).toMatchObject({ ok: true });
    // Nothing is due yet.
    expect(await one.ctx.video.service.closeDue()).toBe(0);

    // Its closing hour passes (the organiser set it to 10:00 today, now past; in the event's time zone).
    const put = await one.app.inject({ method: 'PUT', url: `${tablesUrl()}/${table.id}`, headers: bearer(host), payload: { kind: 'discussion', topic: 'Closing soon', seats: 4, opensAt: '2000-01-01T09:00', closesAt: '2000-01-01T10:00' } });
    expect(put.statusCode, put.body).toBe(200);
    const annTold = next<{ code: string; message: string }>(a, 'networkingError');
    const benTold = next<{ code: string }>(b, 'networkingError');
    const eveHears = next<{ tableId: string; eventUserId: string }>(e, 'networkingLeave', (p) => p.eventUserId === ben.eventUserId);
    await two.ctx.video.closeSweep.drainNow();
    expect(await annTold).toEqual({ tableId: table.id, code: 'TABLE_CLOSED', message: 'This table has closed for today: its closing hour has passed.' });
    expect(await benTold).toMatchObject({ tableId: table.id, code: 'TABLE_CLOSED' });
    expect(await eveHears).toMatchObject({ tableId: table.id });
    // Eve's open table is untouched; she was not told anything.
    expect(await arrives(e, 'networkingError')).toBe(false);

    expect(await orgTable(table.id)).toMatchObject({ isOpen: false, seatsTaken: 0, seated: [] });
    expect(await orgTable(open.id)).toMatchObject({ isOpen: true, seatsTaken: 1 });
    expect((await lounge(ann)).mySeat).toBeNull();
    // The seats left at the closing hour (the reports' minutes stop there), and sitting down again is refused.
    const { rows } = await one.ctx.database.db.execute<{ left_at: Date; closes_at: Date }>(
      `select s.left_at, t.closes_at from table_seats s join discussion_tables t on t.id = s.table_id where s.table_id = '${table.id}'` as never,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(new Date(r.left_at).getTime()).toBe(new Date(r.closes_at).getTime());
    expect(await emit(a, 'networking', { tableId: table.id })).toMatchObject({ ok: false, code: 'TABLE_CLOSED' });
    // A second pass (another instance, a restart) finds nothing to do and tells nobody again.
    const again = arrives(a, 'networkingError');
    expect(await one.ctx.video.service.closeDue()).toBe(0);
    expect(await again).toBe(false);
  });
});
