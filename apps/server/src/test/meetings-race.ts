import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from './test-app.ts';
import { createEvent } from '../modules/registration/registration.fixtures.ts';

// Race tests need real concurrent connections: they always run on Postgres (CI's DATABASE_URL, or the local one).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const PASSWORD = 'Guest#Secure26';
export type RacePerson = { headers: Record<string, string>; eventUserId: string };
export type MeetingsRace = { t: TestApp; eventId: string; participant(firstName: string): Promise<RacePerson> };

/**
 * The meetings race tests' world, set up once per file on Postgres: an organiser's event with meeting hours on
 * 2027-03-02 from `start` to `end` (30-minute slots), and a way to sign up a participant who is signed in to it.
 * The locking switches are reset after each test. Read the fields inside tests (they are set in beforeAll).
 */
export function meetingsRace(name: string, hours: { start: string; end: string }): MeetingsRace {
  const race = { eventId: '' } as MeetingsRace;
  let organisationId = '';
  race.participant = async (firstName) => {
    const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10)}@example.com`;
    const user = await race.t.ctx.auth.createUser({ email, password: PASSWORD, firstName, userType: UserType.Attendee, role: 'Attendee', organisationId: null });
    await race.t.ctx.events.addParticipant(organisationId, race.eventId, user.id, UserType.Attendee);
    const rec = (await race.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password: PASSWORD, eventId: race.eventId } })).json().data;
    return { headers: { ...bearer(rec.accessToken), 'x-user-access-token': rec.eventData.accessCodeToken }, eventUserId: rec.eventData.eventUserId };
  };
  beforeAll(async () => {
    race.t = await createTestApp();
    expect(race.t.ctx.database.kind).toBe('postgres');
    const a = await signupOrganiser(race.t.app, { organisationName: `${name} Org` });
    organisationId = (await race.t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
    race.eventId = await createEvent(race.t.app, a.accessToken, `${name} Expo`);
    const res = await race.t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${race.eventId}/meetings/settings`, headers: bearer(a.accessToken), payload: { days: [{ date: '2027-03-02', ...hours }], slotMinutes: 30, loungeTables: 100 } });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => race.t?.close());
  afterEach(() => {
    race.t.ctx.meetings.testing.unsafeDisableLocking = false;
    race.t.ctx.meetings.testing.raceWindowMs = 0;
  });
  return race;
}
