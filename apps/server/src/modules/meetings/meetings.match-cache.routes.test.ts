/**
 * The matching index cache across server processes (issue 18): each process keeps an event's index and checks it on
 * every GET …/matchmaking/matches against the event's profile version (`matchmaking_versions`, one primary-key read),
 * which migration 0065's triggers move in the transaction of every write to the event's profiles. Two app instances
 * on one database: a save through one is ranked by the other's next call; calls over unchanged profiles do not rebuild
 * the index; writes straight in SQL (a delete, a bulk insert) move the version too; deleting an event still works.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import type { Database } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { bearer, createRestartableApps, signupOrganiser } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

const PASSWORD = 'Guest#Secure26';
let apps: Awaited<ReturnType<typeof createRestartableApps>>;
type Built = Awaited<ReturnType<typeof apps.start>>;
let database: Database;
let one: Built;
let two: Built;
let orgId: string;
let eventId: string;
type Person = { eventUserId: string; userId: string; headers: Record<string, string> };
const base = (ev: string) => `/api/eventservices/events/${ev}/matchmaking`;

async function participant(firstName: string): Promise<Person> {
  const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
  const user = await one.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Cache', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await one.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await one.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await one.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { eventUserId: eu!.id, userId: user.id, headers: { ...bearer(access), 'x-user-access-token': eventAccess } };
}
async function save(on: Built, p: Person, interests: string[]) {
  const res = await on.app.inject({ method: 'PUT', url: `${base(eventId)}/me`, headers: p.headers, payload: { company: 'Cache Co', interests, lookingFor: [], offering: [] } });
  expect(res.statusCode, res.body).toBe(200);
}
/** `p`'s matches as `on` ranks them: each match's participation and shared interests. */
async function matches(on: Built, p: Person): Promise<[string, string[]][]> {
  const res = await on.app.inject({ method: 'GET', url: `${base(eventId)}/matches`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.matches as { eventUserId: string; sharedInterests: string[] }[]).map((m) => [m.eventUserId, m.sharedInterests]);
}
const builds = (on: Built) => on.ctx.meetings.service.matchStats.builds;
const version = async () => (await database.db.execute(sql`select version::text as v from matchmaking_versions where event_id = ${eventId}`)).rows[0]?.v as string | undefined;

beforeAll(async () => {
  apps = await createRestartableApps();
  database = apps.database;
  one = await apps.start();
  two = await apps.start();
  const a = await signupOrganiser(one.app, { organisationName: 'Cache Org' });
  orgId = (await one.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(one.app, a.accessToken, 'Cache Expo');
});
afterAll(async () => {
  await one?.app.close();
  await two?.app.close();
  await apps?.close();
});

describe('the matching index across two app instances', () => {
  it("ranks a profile saved through one instance on the other's next call, and does not rebuild over unchanged profiles", async () => {
    const [mia, max] = [await participant('Mia'), await participant('Max')];
    expect(await version()).toBeUndefined();
    await save(one, mia, ['Wind', 'Solar']);
    await save(one, max, ['Wind']);
    const v1 = await version();
    expect(v1).toEqual(expect.any(String));

    // Instance two builds the index once, then answers from it while nothing changes.
    expect(await matches(two, mia)).toEqual([[max.eventUserId, ['Wind']]]);
    const built = builds(two);
    for (let i = 0; i < 5; i++) expect(await matches(two, mia)).toEqual([[max.eventUserId, ['Wind']]]);
    expect(await matches(two, max)).toEqual([[mia.eventUserId, ['Wind']]]);
    expect(builds(two)).toBe(built);
    expect(await version()).toBe(v1);

    // Max saves through instance one: instance two's very next call ranks his new interests (one rebuild).
    await save(one, max, ['Solar']);
    expect(await version()).not.toBe(v1);
    expect(await matches(two, mia)).toEqual([[max.eventUserId, ['Solar']]]);
    expect(builds(two)).toBe(built + 1);
    expect(await matches(two, mia)).toEqual([[max.eventUserId, ['Solar']]]);
    expect(builds(two)).toBe(built + 1);

    // And the other way round: a save through two is seen by one (which also has the index cached).
    expect(await matches(one, max)).toEqual([[mia.eventUserId, ['Solar']]]);
    await save(two, mia, ['Wind']);
    expect(await matches(one, max)).toEqual([]);
  });

  it('sees writes made straight in SQL: a delete, an update and a bulk insert each move the version', async () => {
    const [ana, ben] = [await participant('Ana'), await participant('Ben')];
    await save(one, ana, ['Hydrogen']);
    await save(one, ben, ['Hydrogen']);
    expect(await matches(two, ana)).toEqual([[ben.eventUserId, ['Hydrogen']]]);
    const built = builds(two);

    // Another writer deletes Ben's profile.
    let before = await version();
    await database.db.execute(sql`delete from matchmaking_profiles where event_user_id = ${ben.eventUserId}`);
    expect(await version()).not.toBe(before);
    expect(await matches(two, ana)).toEqual([]);
    expect(builds(two)).toBe(built + 1);

    // An update that keeps updated_at as it was (the old count-and-latest-change stamp could not see it).
    await save(one, ben, ['Hydrogen']);
    expect(await matches(two, ana)).toEqual([[ben.eventUserId, ['Hydrogen']]]);
    before = await version();
    await database.db.execute(sql`update matchmaking_profiles set interests = '["Tidal"]'::jsonb where event_user_id = ${ben.eventUserId}`);
    expect(await version()).not.toBe(before);
    expect(await matches(two, ana)).toEqual([]);

    // A bulk insert of many profiles in one statement (as a seeding would): one statement, one new version.
    const people = await Promise.all(['Cy', 'Di', 'Ed'].map((n) => participant(n)));
    before = await version();
    await database.db.execute(sql`
      insert into matchmaking_profiles (event_user_id, organisation_id, event_id, user_id, company, interests, looking_for, offering)
      select p->>'eventUserId', ${orgId}, ${eventId}, p->>'userId', 'Bulk', '["Hydrogen"]'::jsonb, '[]'::jsonb, '[]'::jsonb
      from jsonb_array_elements(${JSON.stringify(people.map((p) => ({ eventUserId: p.eventUserId, userId: p.userId })))}::jsonb) p`);
    expect(await version()).not.toBe(before);
    expect((await matches(two, ana)).map(([id]) => id).sort()).toEqual(people.map((p) => p.eventUserId).sort());
  });

  it('rolls back with its write: a profile write that fails leaves the version as it was', async () => {
    const before = await version();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update matchmaking_profiles set company = 'Gone' where event_id = ${eventId}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before);
  });

  it('deletes an event with profiles (the cascade drops its version row, the trigger skips the deleted event)', async () => {
    const host = await signupOrganiser(one.app, { organisationName: 'Gone Org' });
    const goneOrg = (await one.ctx.tokens.verifyAccess(host.accessToken))!.organisationId!;
    const other = await createEvent(one.app, host.accessToken, 'Gone Expo');
    const user = await one.ctx.auth.createUser({ email: `gone-${newId().toLowerCase().slice(0, 8)}@example.com`, password: PASSWORD, firstName: 'Gone', lastName: 'Cache', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
    const eu = await one.ctx.events.addParticipant(goneOrg, other, user.id, UserType.Attendee);
    await database.db.execute(sql`insert into matchmaking_profiles (event_user_id, organisation_id, event_id, user_id, interests, looking_for, offering) values (${eu!.id}, ${goneOrg}, ${other}, ${user.id}, '[]', '[]', '[]')`);
    expect((await database.db.execute(sql`select 1 from matchmaking_versions where event_id = ${other}`)).rows).toHaveLength(1);
    await database.db.execute(sql`delete from events where id = ${other}`);
    expect((await database.db.execute(sql`select 1 from matchmaking_versions where event_id = ${other}`)).rows).toHaveLength(0);
    expect((await database.db.execute(sql`select 1 from matchmaking_profiles where event_id = ${other}`)).rows).toHaveLength(0);
  });
});
