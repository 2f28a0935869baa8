import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';
import { participantOf } from './stand.fixtures.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';

/*
 * Issue 15: the stand-team mail leaves the staff-list save. The save commits the list and an
 * `exhibition.staff.added` fact in one transaction and answers without waiting for SMTP; the outbox job mails each
 * person added exactly once (a marker per staff row), tries again after an SMTP failure, and a replayed fact or a
 * re-saved list mails nobody. The SMTP server here is real (npm smtp-server) and refuses every message while "down".
 */
let t: TestApp;
let H: Record<string, string>;
let orgId: string;
let eventId: string;
let companyId: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const received = () => smtp.messages;

const staffUrl = () => `/api/eventservices/events/${eventId}/exhibition/companies/${companyId}/staff`;
const put = (emails: string[]) => t.app.inject({ method: 'PUT', url: staffUrl(), headers: H, payload: { emails } });
const mailsTo = (email: string) => received().filter((m) => m.to.includes(email));
const uniqueEmail = (who: string) => `${who}-${newId().slice(0, 8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}@team.example`;
const flat = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
/** Every outbox delivery owed so far, done (the job's pass, as the backstop poll would run it). */
const drain = () => t.ctx.outbox.worker.drainNow();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://pavilion.test' });
  const a = await signupOrganiser(t.app, { organisationName: 'Stand Team Org' });
  H = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Team Expo');
  const res = await t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/exhibition/companies`, headers: H, payload: { name: 'Nordic Lamps' } });
  expect(res.statusCode, res.body).toBe(201);
  companyId = res.json().data.id as string;
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

describe('the stand-team mail through the event outbox', () => {
  it('saves the list while SMTP is down, mails each added person once SMTP is back, and never twice', async () => {
    const known = uniqueEmail('known');
    await participantOf(t, orgId, eventId, known);
    const fresh = uniqueEmail('fresh');
    smtp.setDown(true);
    const saved = await put([known, fresh.toUpperCase()]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.emails).toEqual([fresh, known].sort());
    // The job's pass meets the refusing server: nothing is received, the list stays saved, the fact stays owed.
    await drain();
    expect(mailsTo(known)).toHaveLength(0);
    expect(mailsTo(fresh)).toHaveLength(0);
    const owed = (await t.ctx.database.db.execute(sql`select attempts, delivered_at, error from event_outbox where name = 'exhibition.staff.added' and payload->>'companyId' = ${companyId}`)).rows as { attempts: number; delivered_at: unknown; error: string | null }[];
    expect(owed).toHaveLength(1);
    expect(owed[0]!.delivered_at).toBeNull();
    expect(owed[0]!.error).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: staffUrl(), headers: H })).json().data.emails).toEqual([fresh, known].sort());

    // SMTP is back: the next pass mails each of them exactly once.
    smtp.setDown(false);
    await drain();
    expect(mailsTo(known)).toHaveLength(1);
    expect(mailsTo(fresh)).toHaveLength(1);
    const toKnown = flat(mailsTo(known)[0]!.raw);
    expect(toKnown).toContain('You are on the stand team of Nordic Lamps at Team Expo');
    expect(toKnown).toMatch(new RegExp(`https://pavilion\\.test/adl/[A-Za-z0-9_-]+/${eventId}`));
    expect(flat(mailsTo(fresh)[0]!.raw)).toContain(`https://pavilion.test/ei/${eventId}`);

    // A replay of the delivered fact (the outbox is at least once) mails nobody again.
    await t.ctx.database.db.execute(sql`update event_outbox set delivered_at = null, claimed_at = null, attempts = 0 where name = 'exhibition.staff.added' and payload->>'companyId' = ${companyId}`);
    await drain();
    expect(mailsTo(known)).toHaveLength(1);
    expect(mailsTo(fresh)).toHaveLength(1);

    // Re-saving the same list writes no fact and mails nobody; adding one more mails only that one.
    const before = received().length;
    expect((await put([known, fresh])).statusCode).toBe(200);
    await drain();
    expect(received()).toHaveLength(before);
    const third = uniqueEmail('third');
    expect((await put([known, fresh, third])).statusCode).toBe(200);
    await drain();
    expect(received()).toHaveLength(before + 1);
    expect(mailsTo(third)).toHaveLength(1);
    const facts = (await t.ctx.database.db.execute(sql`select payload from event_outbox where name = 'exhibition.staff.added' and payload->>'companyId' = ${companyId}`)).rows;
    expect(facts).toHaveLength(2);
  });

  it('mails nobody removed from the list before the owed mail went out', async () => {
    const gone = uniqueEmail('gone');
    smtp.setDown(true);
    const saved = await put([gone]);
    expect(saved.statusCode, saved.body).toBe(200);
    await drain();
    // Removed from the list before SMTP came back: the owed fact finds no row to mail.
    expect((await put([])).statusCode).toBe(200);
    smtp.setDown(false);
    await drain();
    expect(mailsTo(gone)).toHaveLength(0);
    const left = (await t.ctx.database.db.execute(sql`select count(*)::int as n from event_outbox where name = 'exhibition.staff.added' and payload->>'companyId' = ${companyId} and delivered_at is null`)).rows as { n: number }[];
    expect(left[0]!.n).toBe(0);
  });
});
