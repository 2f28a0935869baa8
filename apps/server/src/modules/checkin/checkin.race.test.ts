import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { eventWithAttendees, pairedDevice, scan } from './checkin.fixtures.ts';
import { createCheckinRepository, type ScanBatchItem } from './checkin.repository.ts';

// Race tests need real concurrent connections: they always run on Postgres (CI's DATABASE_URL, or the local one).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

let t: TestApp;
let token: string;
let ev: Awaited<ReturnType<typeof eventWithAttendees>>;
const gates: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  token = (await signupOrganiser(t.app)).accessToken;
  ev = await eventWithAttendees(t.app, token, 6);
  // Several gates on the same area, each its own device and token.
  for (let i = 0; i < 4; i++) gates.push((await pairedDevice(t.app, token, ev.eventId, [ev.areaId])).token);
});
afterAll(async () => t?.close());
afterEach(() => {
  t.ctx.checkinTesting.unsafeDisableLocking = false;
  t.ctx.checkinTesting.raceWindowMs = 0;
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const res = await t.ctx.database.db.execute(query);
  return Number((res.rows[0] as { n: string | number }).n);
}

const sizes = [2, 16, 64] as const;
let next = 0;

describe.each(sizes)('%i scans of one credential at one area at once', (n) => {
  for (const atomic of [true, false]) {
    it(atomic ? 'exactly one is admitted, the rest are already_inside' : 'control, atomic presence off: admits more than once', async () => {
      const i = next++;
      const credential = ev.creds[i]!;
      t.ctx.checkinTesting.unsafeDisableLocking = !atomic;
      // The same window in both runs; with the atomic upsert it changes nothing.
      t.ctx.checkinTesting.raceWindowMs = 15;
      const res = await Promise.all(Array.from({ length: n }, (_, k) => scan(t.app, gates[k % gates.length]!, { credential, areaId: ev.areaId })));
      expect(res.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
      const results = res.map((r) => r.json().data.result as string);
      const admitted = results.filter((r) => r === 'admitted').length;
      const ledger = await count(sql`select count(*) as n from checkin_scans where area_id = ${ev.areaId} and registration_id = ${ev.regIds[i]} and result = 'admitted'`);
      if (atomic) {
        expect(admitted).toBe(1);
        expect(results.filter((r) => r === 'already_inside').length).toBe(n - 1);
        expect(ledger).toBe(1);
      } else {
        expect(admitted).toBeGreaterThan(1);
        expect(ledger).toBeGreaterThan(1);
      }
      const total = await count(sql`select count(*) as n from checkin_scans where area_id = ${ev.areaId} and registration_id = ${ev.regIds[i]}`);
      expect(total).toBe(n);
    });
  }
});

// One instance never puts a badge twice into a batch, but several instances (or several batches in flight) send
// overlapping batches at once: the statement itself must admit once, and rows locked in opposite orders must not
// leave a deadlock unhandled.
describe('batched scan statements from several instances at once', () => {
  it.each([2, 16])('%i overlapping batches admit each badge once', async (n) => {
    const repo = createCheckinRepository(t.ctx.database.db);
    const org = (await t.ctx.database.db.execute(sql`select organisation_id as o from events where id = ${ev.eventId}`)).rows[0] as { o: string };
    const area = (await t.app.inject({ method: 'POST', url: `/api/hospitalityservices/api/events/${ev.eventId}/areas`, headers: { authorization: `Bearer ${token}` }, payload: { name: `Hall ${n}`, kind: 'hall' } })).json().data.id as string;
    const item = (registrationId: string): ScanBatchItem => ({
      direction: 'in', areaId: area, registrationId, organisationId: org.o, eventId: ev.eventId, deviceId: null, actorUserId: null, source: 'online', at: new Date(), fixed: null,
    });
    // Every batch carries all six badges, each batch in its own order (some reversed).
    const batches = Array.from({ length: n }, (_, k) => (k % 2 ? [...ev.regIds].reverse() : [...ev.regIds.slice(k % 6), ...ev.regIds.slice(0, k % 6)]).map(item));
    const settled = await Promise.allSettled(batches.map((b) => repo.scanBatch(b)));
    const done = settled.flatMap((r, k) => (r.status === 'fulfilled' ? [{ k, results: r.value }] : []));
    // A batch that lost a deadlock was rolled back whole (the service retries it); the rest answered.
    for (const r of settled) if (r.status === 'rejected') expect(String((r.reason as { cause?: { code?: string } }).cause?.code ?? r.reason)).toMatch(/40P01/);
    for (const reg of ev.regIds) {
      const admittedByBatches = done.filter(({ k, results }) => results[batches[k]!.findIndex((b) => b.registrationId === reg)] === 'admitted').length;
      expect(admittedByBatches).toBe(1);
      expect(await count(sql`select count(*) as n from checkin_scans where area_id = ${area} and registration_id = ${reg} and result = 'admitted'`)).toBe(1);
      expect(await count(sql`select count(*) as n from checkin_scans where area_id = ${area} and registration_id = ${reg}`)).toBe(done.length);
    }
    expect(await count(sql`select count(*) as n from checkin_presence where area_id = ${area} and inside`)).toBe(6);
  });

  it('answers each scan of a batch in order: entries, exits and refusals decided before', async () => {
    const repo = createCheckinRepository(t.ctx.database.db);
    const org = (await t.ctx.database.db.execute(sql`select organisation_id as o from events where id = ${ev.eventId}`)).rows[0] as { o: string };
    const area = (await t.app.inject({ method: 'POST', url: `/api/hospitalityservices/api/events/${ev.eventId}/areas`, headers: { authorization: `Bearer ${token}` }, payload: { name: 'Hall order', kind: 'hall' } })).json().data.id as string;
    const base = { areaId: area, organisationId: org.o, eventId: ev.eventId, deviceId: null, actorUserId: null, source: 'online', at: new Date() };
    const [a, b, c] = ev.regIds as [string, string, string];
    expect(await repo.scanBatch([{ ...base, direction: 'in', registrationId: a, fixed: null }])).toEqual(['admitted']);
    const results = await repo.scanBatch([
      { ...base, direction: 'out', registrationId: c, fixed: null },
      { ...base, direction: 'in', registrationId: a, fixed: null },
      { ...base, direction: 'in', registrationId: null, fixed: 'forged' },
      { ...base, direction: 'in', registrationId: b, fixed: null },
    ]);
    expect(results).toEqual(['not_inside', 'already_inside', 'forged', 'admitted']);
    expect(await repo.scanBatch([{ ...base, direction: 'out', registrationId: a, fixed: null }])).toEqual(['exited']);
  });
});

describe('offline and online at once', () => {
  it('a replayed batch sent twice at the same time is counted once', async () => {
    const dev = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    const { randomUUID } = await import('node:crypto');
    const scans = Array.from({ length: 50 }, (_, k) => ({
      nonce: randomUUID(),
      deviceTime: new Date(Date.now() - 100_000 + k * 100).toISOString(),
      credential: ev.creds[k % 6]!,
      areaId: ev.areaId,
      direction: k % 2 ? 'out' : 'in',
      localResult: 'admitted',
    }));
    const send = () => t.app.inject({ method: 'POST', url: '/api/hospitalityservices/api/device/sync', headers: { authorization: `Bearer ${dev.token}` }, payload: { scans } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.applied + b.json().data.applied).toBe(50);
    expect(await count(sql`select count(*) as n from checkin_scans where device_id = ${dev.deviceId}`)).toBe(50);
  });
});
