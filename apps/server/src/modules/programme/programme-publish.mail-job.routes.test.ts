import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '@pavilion/domain';
import type { Database } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { bearer, createRestartableApps, signupOrganiser } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

/*
 * Issue 20: a programme publish's "session updated" mails are a job. The publish's transaction records one owed mail
 * per (version, session, person) and the request answers without talking to SMTP; the job sends over the pooled
 * transport and sets each row's sent marker. A worker stopped mid-way (and rows left claimed by a dead process) is
 * resumed by the next start: every person gets exactly one mail per changed session.
 */
const PASSWORD = 'Guest#Secure26';

/** A real local SMTP sink (npm smtp-server) that can hold every message until `open()` (a slow or paused server). */
function startGatedSink() {
  const messages: { to: string[]; raw: string }[] = [];
  let release: (() => void) | null = null;
  let gate: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void gate.then(() => {
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      });
    },
  });
  return {
    messages,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
    hold() {
      gate = new Promise<void>((r) => (release = r));
    },
    open() {
      release?.();
      gate = Promise.resolve();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sink: ReturnType<typeof startGatedSink>;
let apps: Awaited<ReturnType<typeof createRestartableApps>>;
let database: Database;
type Built = Awaited<ReturnType<typeof apps.start>>;

beforeAll(async () => {
  sink = startGatedSink();
  const url = await sink.listen();
  apps = await createRestartableApps({ SMTP_URL: url, PUBLIC_URL: 'http://pavilion.test' });
  database = apps.database;
});
afterAll(async () => {
  sink?.open();
  await apps?.close();
  await sink?.close();
});

const base = (ev: string) => `/api/scheduleservices/api/events/${ev}`;
const session = (title: string, start: string, end: string) => ({ title, descriptionHtml: '', sessionType: 'talk', trackId: null, roomId: null, start, end, speakerIds: [], capacity: null, bookingRequired: false });
/** The "session updated" mails this address got for this session title. */
const mailsOf = (email: string, title: string) => sink.messages.filter((m) => m.to.includes(email) && m.raw.includes(`Subject: Session updated: ${title}`)).length;

/**
 * An event with `sessions` sessions each starred by the same `people` participants, then every session moved in the
 * draft (so a publish owes sessions × people mails). Answers what the checks need.
 */
async function eventWithStarredSessions(b: Built, sessions: number, people: number) {
  const host = await signupOrganiser(b.app, { organisationName: `Mail Org ${newId().slice(0, 6)}` });
  const H = bearer(host.accessToken);
  const orgId = (await b.ctx.tokens.verifyAccess(host.accessToken))!.organisationId!;
  const eventId = await createEvent(b.app, host.accessToken, 'Mail Expo');
  const call = (method: 'GET' | 'POST' | 'PUT', headers: Record<string, string>, url: string, payload?: Record<string, unknown>) => b.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const ids: string[] = [];
  const titles: string[] = [];
  for (let i = 0; i < sessions; i++) {
    const title = `Talk ${i + 1}`;
    const res = await call('POST', H, `${base(eventId)}/sessions`, session(title, `2027-03-02T${String(8 + i).padStart(2, '0')}:00`, `2027-03-02T${String(8 + i).padStart(2, '0')}:30`));
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().data.id as string);
    titles.push(title);
  }
  const emails: string[] = [];
  for (let p = 0; p < people; p++) {
    const email = `m-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
    const user = await b.ctx.auth.createUser({ email, password: PASSWORD, firstName: 'Pat', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
    const eu = await b.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
    const access = await b.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
    const eventAccess = await b.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
    const headers = { ...bearer(access), 'x-user-access-token': eventAccess };
    for (const id of ids) expect((await call('PUT', headers, `${base(eventId)}/sessions/${id}/bookmark`)).statusCode).toBe(200);
    emails.push(email);
  }
  for (let i = 0; i < sessions; i++) {
    const moved = await call('PUT', H, `${base(eventId)}/sessions/${ids[i]}`, session(titles[i]!, `2027-03-03T${String(8 + i).padStart(2, '0')}:00`, `2027-03-03T${String(8 + i).padStart(2, '0')}:30`));
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const programme = async (app: Built = b) => (await app.app.inject({ url: `${base(eventId)}/programme`, headers: H })).json().data as { version: number; mail: { total: number; sent: number; failed: number } };
  const publish = () => call('POST', H, `${base(eventId)}/programme/publish`);
  return { H, eventId, titles, emails, programme, publish };
}

/** Each of these people got exactly `n` mails for each of these titles. */
function expectEach(emails: string[], titles: string[], n: (email: string, title: string) => number) {
  for (const e of emails) for (const t of titles) expect(mailsOf(e, t), `${e} ${t}`).toBe(n(e, t));
}

describe('programme publish mail job', () => {
  it('answers the publish while the SMTP server still holds every mail; then each person gets one mail per changed session', async () => {
    const a = await apps.start();
    const ev = await eventWithStarredSessions(a, 3, 8);
    // The SMTP server takes messages but answers none yet: a publish that sent its mails itself could not answer.
    sink.hold();
    const res = await ev.publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, notified: 8 });
    // The version's 24 mails are owed, none sent; the organiser's programme shows that progress.
    expect((await ev.programme()).mail).toEqual({ total: 24, sent: 0, failed: 0 });
    expectEach(ev.emails, ev.titles, () => 0);

    sink.open();
    await expect.poll(async () => (await ev.programme()).mail, { timeout: 10_000, interval: 50 }).toEqual({ total: 24, sent: 24, failed: 0 });
    await a.ctx.programmeMail.idle();
    expectEach(ev.emails, ev.titles, () => 1);
    // More wakes and passes send nothing twice.
    a.ctx.programmeMail.wake();
    await a.ctx.programmeMail.drainNow();
    expectEach(ev.emails, ev.titles, () => 1);
    await a.app.close();
  });

  it('records a person whose address the mail server refuses as failed after three attempts, and sends the rest', async () => {
    const a = await apps.start();
    const ev = await eventWithStarredSessions(a, 1, 3);
    await database.db.execute(sql`update users set email = 'not an address' where email = ${ev.emails[0]!}`);
    await a.ctx.programmeMail.stop();
    expect((await ev.publish()).statusCode).toBe(200);
    // Three passes: the refusal is released twice for a later pass, the third is final.
    for (let pass = 0; pass < 3; pass++) await a.ctx.programme.drainPublishMail();
    expect((await ev.programme()).mail).toEqual({ total: 3, sent: 2, failed: 1 });
    const [row] = (await database.db.execute(sql`select attempts, error from programme_publish_mails where event_id = ${ev.eventId} and failed_at is not null`)).rows as { attempts: number; error: string }[];
    expect(row).toMatchObject({ attempts: 3 });
    expect(row!.error.length).toBeGreaterThan(0);
    expectEach(ev.emails.slice(1), ev.titles, () => 1);
    await a.app.close();
  });

  it('a worker stopped after 100 mails, with rows left claimed by a dead process, is resumed by restarts without a duplicate', async () => {
    const a = await apps.start();
    const ev = await eventWithStarredSessions(a, 5, 26);
    // The job is stopped: the publish records 130 owed mails and sends none.
    await a.ctx.programmeMail.stop();
    const res = await ev.publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, notified: 26 });
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.messages.filter((m) => ev.emails.some((e) => m.to.includes(e)))).toHaveLength(0);
    expect((await ev.programme()).mail).toEqual({ total: 130, sent: 0, failed: 0 });

    // One pass of the job runs (one claim of 100), then the process "dies".
    expect(await a.ctx.programme.drainPublishMail()).toBe(100);
    expect((await ev.programme()).mail).toEqual({ total: 130, sent: 100, failed: 0 });
    // Of the 30 left, the dead process had claimed 10 ten minutes ago (lease run out) and 5 a minute ago (lease running).
    const owed = (await database.db.execute(sql`select id, session_id, user_id from programme_publish_mails where event_id = ${ev.eventId} and sent_at is null order by id`)).rows as { id: string }[];
    expect(owed).toHaveLength(30);
    const inList = (xs: { id: string }[]) => sql.join(xs.map((x) => sql`${x.id}`), sql`, `);
    await database.db.execute(sql`update programme_publish_mails set claimed_at = now() - interval '10 minutes', attempts = 1 where id in (${inList(owed.slice(0, 10))})`);
    await database.db.execute(sql`update programme_publish_mails set claimed_at = now() - interval '1 minute', attempts = 1 where id in (${inList(owed.slice(10, 15))})`);
    const leased = new Set(owed.slice(10, 15).map((r) => r.id));
    await a.app.close();
    const sentOnce = () => sink.messages.filter((m) => ev.emails.some((e) => m.to.includes(e))).length;
    expect(sentOnce()).toBe(100);

    // Two instances start together: every owed row whose claim is free or stale goes out once (25), the leased 5 wait.
    const [b, c] = await Promise.all([apps.start(), apps.start()]);
    b.ctx.programmeMail.wake();
    c.ctx.programmeMail.wake();
    await Promise.all([b.ctx.programmeMail.idle(), c.ctx.programmeMail.idle()]);
    expect((await ev.programme(b)).mail).toEqual({ total: 130, sent: 125, failed: 0 });
    expect(sentOnce()).toBe(125);
    const still = (await database.db.execute(sql`select id from programme_publish_mails where event_id = ${ev.eventId} and sent_at is null`)).rows as { id: string }[];
    expect(new Set(still.map((r) => r.id))).toEqual(leased);
    await Promise.all([b.app.close(), c.app.close()]);

    // Six minutes later the dead process's running claims have expired too: the next start sends those, once.
    const later = await apps.start(() => new Date(Date.now() + 6 * 60_000));
    await later.ctx.programmeMail.idle();
    await expect.poll(async () => (await ev.programme(later)).mail, { timeout: 10_000, interval: 50 }).toEqual({ total: 130, sent: 130, failed: 0 });
    await later.app.close();
    const again = await apps.start();
    again.ctx.programmeMail.wake();
    await again.ctx.programmeMail.idle();
    await new Promise((r) => setTimeout(r, 200));
    // Every person has exactly one mail per moved session.
    expectEach(ev.emails, ev.titles, () => 1);
    expect(sentOnce()).toBe(130);
    await again.app.close();
  });
  it('stores the inbox notices with the version (event outbox): a process stopped before delivering them leaves them owed, the next start delivers each once', async () => {
    const a = await apps.start();
    const ev = await eventWithStarredSessions(a, 2, 5);
    // The outbox job is stopped: the publish answers with the version stored and delivers nothing itself.
    await a.ctx.outbox.worker.stop();
    const res = await ev.publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 1, notified: 5 });
    const owed = async () => (await database.db.execute(sql`select count(*)::int as n from event_outbox where name = 'session.updated' and delivered_at is null and payload->>'eventId' = ${ev.eventId}`)).rows[0] as { n: number };
    const notices = async () => (await database.db.execute(sql`select count(*)::int as n, count(distinct (event_user_id, dedupe_key))::int as once from notifications where event_id = ${ev.eventId} and kind = 'SESSION_UPDATED'`)).rows[0] as { n: number; once: number };
    expect(await owed()).toEqual({ n: 2 });
    expect(await notices()).toEqual({ n: 0, once: 0 });
    await a.app.close();

    // The next start delivers what was owed: one notice per person and session of that version.
    const b = await apps.start();
    await b.ctx.outbox.worker.drainNow();
    expect(await owed()).toEqual({ n: 0 });
    expect(await notices()).toEqual({ n: 10, once: 10 });
    // A redelivery (a crash after the subscriber's insert, before the delivered mark) adds nothing.
    await database.db.execute(sql`update event_outbox set delivered_at = null, claimed_at = null where name = 'session.updated' and payload->>'eventId' = ${ev.eventId}`);
    await b.ctx.outbox.worker.drainNow();
    expect(await owed()).toEqual({ n: 0 });
    expect(await notices()).toEqual({ n: 10, once: 10 });
    await b.app.close();
  });
});
