/**
 * The reminder job as production runs it on Postgres: scheduled in pg-boss (a cron queue every minute) and taken by
 * the app's worker, which runs one reminder pass. The other meeting tests run passes by hand (tests have no pg-boss);
 * this one starts the app as `npm start` does on Postgres (NODE_ENV development, pg-boss on its own database).
 */
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import { buildApp, type AppContext } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { openDatabase, type Database } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { adminQuery, bearer, signupOrganiser } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { MEETING_REMINDERS_QUEUE } from './index.ts';

// pg-boss needs Postgres: this test always runs on it (CI's DATABASE_URL, or the local one), as the race tests do.
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const BASE_URL = process.env.DATABASE_URL;
const PASSWORD = 'Guest#Secure26';

let dbName = '';
let url = '';
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let ctx: AppContext;
let inspector: PgBoss;
/** The app's clock: moved to just before the meeting, so the pass the job runs finds it due. */
let nowMs = Date.now();

beforeAll(async () => {
  dbName = `pv_boss_${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  await adminQuery(BASE_URL, `CREATE DATABASE ${dbName}`);
  const u = new URL(BASE_URL);
  u.pathname = `/${dbName}`;
  url = u.toString();
  database = await openDatabase({ databaseUrl: url, poolSize: 5 });
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', REDIS_URL: '', SMTP_URL: '', DATABASE_URL: url });
  ({ app, ctx } = await buildApp(config, { database, logger: false, now: () => new Date(nowMs) }));
  await app.ready();
  inspector = new PgBoss({ connectionString: url });
  await inspector.start();
}, 60_000);
afterAll(async () => {
  await inspector?.stop({ graceful: false });
  await app?.close();
  await database?.close();
  if (dbName) await adminQuery(BASE_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

describe('meeting reminders through pg-boss', () => {
  it('is scheduled every minute, and a run of the queue mails the due meeting its reminder once', async () => {
    const schedules = await inspector.getSchedules();
    expect(schedules.find((s) => s.name === MEETING_REMINDERS_QUEUE)).toMatchObject({ cron: '* * * * *' });

    const host = await signupOrganiser(app, { organisationName: 'Boss Org' });
    const H = bearer(host.accessToken);
    const orgId = (await ctx.tokens.verifyAccess(host.accessToken))!.organisationId!;
    const eventId = await createEvent(app, host.accessToken, 'Boss Expo');
    const base = `/api/eventservices/events/${eventId}`;
    expect((await app.inject({ method: 'PUT', url: `${base}/meetings/settings`, headers: H, payload: { days: [{ date: '2027-03-02', start: '10:00', end: '11:00' }], slotMinutes: 30, loungeTables: 2 } })).statusCode).toBe(200);
    const people = [];
    for (const firstName of ['Rita', 'Raj']) {
      const email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8)}@example.com`;
      const user = await ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Boss', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
      const eu = await ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
      people.push({ email, eventUserId: eu!.id });
    }
    const booked = await app.inject({ method: 'POST', url: `${base}/meetings`, headers: H, payload: { requesterEventUserId: people[0]!.eventUserId, inviteeEventUserId: people[1]!.eventUserId, slot: '2027-03-02T10:00', place: 2, mode: 1, type: 2, booth: null, message: '' } });
    expect(booked.statusCode, booked.body).toBe(201);
    nowMs = new Date(booked.json().data.startsAt as string).getTime() - 20 * 60_000;

    const reminders = async () => {
      const rows = await database.db.execute(sql`select to_address from mail_outbox where event_id = ${eventId} and subject = ${'Meeting reminder: Boss Expo'} order by to_address`);
      return (rows.rows as { to_address: string }[]).map((r) => r.to_address);
    };
    expect(await reminders()).toEqual([]);
    // A run of the queue, as the cron makes one every minute: the app's worker takes it and mails both sides.
    await inspector.send(MEETING_REMINDERS_QUEUE, {});
    await expect.poll(reminders, { timeout: 20_000, interval: 200 }).toEqual(people.map((p) => p.email).sort());
    // Another run finds nothing left to remind.
    await inspector.send(MEETING_REMINDERS_QUEUE, {});
    const second = await inspector.send(MEETING_REMINDERS_QUEUE, {});
    await expect.poll(async () => (await inspector.getJobById(MEETING_REMINDERS_QUEUE, second!))?.state, { timeout: 20_000, interval: 200 }).toBe('completed');
    expect(await reminders()).toHaveLength(2);
  }, 60_000);
});
