import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { AppError } from '../../platform/errors.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

// Race tests need real concurrent connections: they always run on Postgres (CI's DATABASE_URL, or the local one).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let host = '';
let orgId = '';
let eventId = '';
type Actor = { userId: string; eventId: string; eventUserId: string };

async function participant(firstName: string): Promise<Actor> {
  const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const rec = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId } })).json().data;
  return { userId: user.id, eventId, eventUserId: rec.eventData.eventUserId };
}

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  host = (await signupOrganiser(t.app, { organisationName: 'Table Race Org' })).accessToken;
  orgId = (await t.ctx.tokens.verifyAccess(host))!.organisationId!;
  eventId = await createEvent(t.app, host, 'Table Race Expo');
});
afterAll(async () => t?.close());
afterEach(() => {
  t.ctx.video.testing.unsafeDisableLocking = false;
  t.ctx.video.testing.raceWindowMs = 0;
});

describe('eight people join a four-seat table at once (networking, Postgres)', () => {
  for (const locked of [true, false]) {
    it(locked ? 'exactly four sit; the others get TABLE_FULL' : 'control, row lock off: more than four sit (the race is real)', async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/networking/tables`, headers: bearer(host), payload: { kind: 'lounge', topic: `Race ${locked}`, seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' } });
      expect(res.statusCode, res.body).toBe(201);
      const tableId = res.json().data.id as string;
      const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => participant(`Joiner${i}`)));
      t.ctx.video.testing.unsafeDisableLocking = !locked;
      // The same window in both runs (between the count and the insert); with the lock it changes nothing.
      t.ctx.video.testing.raceWindowMs = 40;
      const results = await Promise.allSettled(crowd.map((a) => t.ctx.video.service.join(a, { tableId })));
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as unknown);
      for (const err of refused) expect(err instanceof AppError && err.code).toBe('TABLE_FULL');
      const { rows } = await t.ctx.database.db.execute(sql`select count(*) as n from table_seats where table_id = ${tableId} and left_at is null`);
      const seated = Number((rows[0] as { n: string }).n);
      if (locked) {
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
        expect(seated).toBe(4);
      } else {
        expect(seated).toBeGreaterThan(4);
      }
    });
  }
});
