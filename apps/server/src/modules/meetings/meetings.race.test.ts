import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

// Race tests need real concurrent connections: they always run on Postgres (CI's DATABASE_URL, or the local one).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let orgA: string;
let eventId: string;
type Person = { headers: Record<string, string>; eventUserId: string };

async function participant(firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10)}@example.com`;
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  await t.ctx.events.addParticipant(orgA, eventId, user.id, UserType.Attendee);
  const rec = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId } })).json().data;
  return { headers: { ...bearer(rec.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken }, eventUserId: rec.eventData.eventUserId };
}

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  const a = await signupOrganiser(t.app, { organisationName: 'Race Org' });
  orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Race Expo');
  // One slot only: whoever books the third person first takes their last free slot.
  const res = await t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${eventId}/meetings/settings`, headers: bearer(a.accessToken), payload: { days: [{ date: '2027-03-02', start: '10:00', end: '10:30' }], slotMinutes: 30, loungeTables: 100 } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());
afterEach(() => {
  t.ctx.meetings.testing.unsafeDisableLocking = false;
  t.ctx.meetings.testing.raceWindowMs = 0;
});

describe.each([2, 8])('%i people book the last free slot of a third person at once', (n) => {
  for (const locked of [true, false]) {
    it(locked ? 'exactly one wins; the others get 409 naming the busy person' : 'control, event lock off: more than one wins (the race is real)', async () => {
      const target = await participant('Tara');
      const crowd = await Promise.all(Array.from({ length: n }, (_, i) => participant(`Booker${i}`)));
      t.ctx.meetings.testing.unsafeDisableLocking = !locked;
      // The same window in both runs (between the checks and the insert); with the lock it changes nothing.
      t.ctx.meetings.testing.raceWindowMs = 40;
      const res = await Promise.all(
        crowd.map((p) =>
          t.app.inject({
            method: 'POST',
            url: `/api/eventservices/events/${eventId}/meetings/requests`,
            headers: p.headers,
            payload: { inviteeEventUserId: target.eventUserId, slot: '2027-03-02T10:00', place: 2, mode: 2, type: 2, booth: null, message: '' },
          }),
        ),
      );
      expect(res.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
      const won = res.filter((r) => r.statusCode === 201).length;
      const rows = await t.ctx.database.db.execute(sql`select count(*) as n from meetings where event_id = ${eventId} and invitee_event_user_id = ${target.eventUserId} and status in (0, 1)`);
      const stored = Number((rows.rows[0] as { n: string }).n);
      if (locked) {
        expect(won).toBe(1);
        expect(stored).toBe(1);
        for (const r of res.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'MEETING_PERSON_BUSY', message: 'Tara already has a meeting at 2027-03-02 10:00' });
      } else {
        expect(won).toBeGreaterThan(1);
        expect(stored).toBeGreaterThan(1);
      }
    });
  }
});
