import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

// Race tests need real concurrent connections: they always run on Postgres (CI's DATABASE_URL, or the local one).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

let t: TestApp;
let host: Record<string, string>;
let orgId: string;
let eventId: string;
const base = () => `/api/scheduleservices/api/events/${eventId}`;

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  const a = await signupOrganiser(t.app, { organisationName: 'Race Programme' });
  host = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Race Expo');
});
afterAll(async () => t?.close());
afterEach(() => {
  t.ctx.programmeTesting.unsafeDisableLocking = false;
  t.ctx.programmeTesting.raceWindowMs = 0;
});

/** A signed-in participant of the event: the bearer and the event access token that ei/{eventId} gives. */
async function participant(): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email: `r-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`, password: 'Guest#Secure26', firstName: 'Ria', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  return { ...bearer(access), 'x-user-access-token': await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id }) };
}

async function session(capacity: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${base()}/sessions`,
    headers: host,
    payload: { title: `Masterclass ${newId().slice(0, 6)}`, descriptionHtml: '', sessionType: 'workshop', trackId: null, roomId: null, start: '2027-03-01T09:00', end: '2027-03-01T10:00', speakerIds: [], capacity, bookingRequired: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function bookedRows(sessionId: string): Promise<number> {
  const res = await t.ctx.database.db.execute(sql`select count(*) as n from programme_bookings where session_id = ${sessionId} and status = 'booked'`);
  return Number((res.rows[0] as { n: string | number }).n);
}

describe('the last seat of a session, 12 participants at once (Postgres)', () => {
  for (const locking of [true, false]) {
    it(locking ? 'with the row lock: exactly one is booked, the others waitlisted in order' : 'control, lock off: more than one is booked', async () => {
      const sessionId = await session(1);
      const crowd = await Promise.all(Array.from({ length: 12 }, () => participant()));
      // The same window in both runs: each booking pauses between reading the seats left and writing.
      t.ctx.programmeTesting.unsafeDisableLocking = !locking;
      t.ctx.programmeTesting.raceWindowMs = 30;
      const results = await Promise.all(crowd.map((h) => t.app.inject({ method: 'POST', url: `${base()}/sessions/${sessionId}/booking`, headers: h })));
      expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
      const booked = await bookedRows(sessionId);
      if (locking) {
        expect(booked).toBe(1);
        const positions = results.map((r) => r.json().data.waitlistPosition as number | null).filter((p): p is number => p !== null);
        expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
      } else {
        expect(booked).toBeGreaterThan(1);
      }
    });
  }
});
