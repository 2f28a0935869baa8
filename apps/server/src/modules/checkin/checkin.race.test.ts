import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { eventWithAttendees, pairedDevice, scan } from './checkin.fixtures.ts';

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
