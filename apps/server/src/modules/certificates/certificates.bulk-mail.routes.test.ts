import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db.ts';
import { bearer, createRestartableApps, signupOrganiser } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';

/*
 * Issue 20: bulk certificate mail is a job. The request records the batch and answers 202; the job sends over a pooled
 * transport and marks each recipient sent. After a crash (rows claimed by a dead process, some already sent), a restart
 * sends every owed recipient exactly once, however many instances start.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let apps: Awaited<ReturnType<typeof createRestartableApps>>;
let database: Database;
const start = (now?: () => Date) => apps.start(now);
type Built = Awaited<ReturnType<typeof start>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  apps = await createRestartableApps({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pavilion.test' });
  database = apps.database;
});
afterAll(async () => {
  await apps?.close();
  await smtp?.close();
});

/** How many captured mails link this certificate. */
const mailsFor = (certificateId: string) => smtp.messages.filter((m) => m.raw.replace(/=\r?\n/g, '').includes(`/verify/certificate/${certificateId}`)).length;

/** An event with `n` admissible attendees, each issued a certificate; answers the event and its certificate ids. */
async function eventWithCertificates(b: Built, n: number) {
  const host = await signupOrganiser(b.app);
  const H = bearer(host.accessToken);
  const eventId = await createEvent(b.app, host.accessToken);
  const ticket = await createTicket(b.app, host.accessToken, eventId, { name: 'Free', isFree: true, capacity: 500 });
  for (let left = n; left > 0; left -= 10) expect((await placeOrder(b.app, eventId, orderBody(ticket.id, { quantity: Math.min(10, left) }))).statusCode).toBe(201);
  const api = (path: string) => `/api/eventservices/events/${eventId}${path}`;
  const template = await b.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { name: 'Attendance', title: 'Bulk Expo', conductedBy: 'Org', html: '<p>[firstName]</p>' } });
  const templateId = template.json().data.id as string;
  expect((await b.app.inject({ method: 'POST', url: api('/certificates/issue'), headers: H, payload: { templateId, isAllAdmissible: true } })).json().data.issued).toBe(n);
  const list = await b.app.inject({ url: api('/certificates?pageSize=100'), headers: H });
  return { H, eventId, templateId, api, ids: (list.json().data.items as { id: string }[]).map((c) => c.id) };
}

async function waitDone(b: Built, url: string, H: Record<string, string>) {
  for (let i = 0; i < 500; i++) {
    const data = (await b.app.inject({ url, headers: H })).json().data;
    if (data.status === 'done') return data;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('batch never finished');
}

describe('bulk certificate mail job', () => {
  it('answers 202 at once; progress reaches the total; each holder gets exactly one mail; other organisations see 404', async () => {
    const a = await start();
    const { H, api, templateId, ids } = await eventWithCertificates(a, 24);
    const res = await a.app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: { templateId } });
    expect(res.statusCode).toBe(202);
    const first = res.json().data;
    expect(first).toMatchObject({ status: 'sending', total: 24, sent: 0, failed: 0 });
    // The request sent nothing itself: the job starts on a later turn of the event loop.
    expect(ids.reduce((n, id) => n + mailsFor(id), 0)).toBe(0);

    const done = await waitDone(a, api(`/certificates/email/${first.id}`), H);
    expect(done).toMatchObject({ status: 'done', total: 24, sent: 24, failed: 0, failures: [] });
    expect(ids.map(mailsFor)).toEqual(ids.map(() => 1));
    // Each certificate now says emailed; a second "only unsent" batch has nobody to mail.
    const listed = (await a.app.inject({ url: api('/certificates?pageSize=100'), headers: H })).json().data.items as { emailedAt: string | null }[];
    expect(listed.every((c) => c.emailedAt)).toBe(true);
    expect((await a.app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: { templateId } })).json().data).toMatchObject({ total: 0, status: 'done' });

    // Scoping: another organisation cannot read the batch, nor reach it through its own event; unknown ids are 404.
    const stranger = await eventWithCertificates(a, 1);
    expect((await a.app.inject({ url: api(`/certificates/email/${first.id}`), headers: stranger.H })).statusCode).toBe(404);
    const viaOther = await a.app.inject({ url: stranger.api(`/certificates/email/${first.id}`), headers: stranger.H });
    expect(viaOther.statusCode).toBe(404);
    expect(viaOther.json().errors?.[0]?.code ?? viaOther.json().code).toBe('CERTIFICATE_MAIL_BATCH_NOT_FOUND');
    expect((await a.app.inject({ url: api('/certificates/email/no-such-batch'), headers: H })).statusCode).toBe(404);
    expect((await a.app.inject({ method: 'POST', url: api('/certificates/email'), headers: stranger.H, payload: { templateId } })).statusCode).toBe(404);
    await a.app.close();
  });

  it('records a refusal per recipient with its reason', async () => {
    const a = await start();
    const { H, api, templateId } = await eventWithCertificates(a, 2);
    // One holder's address is refused by the server for good (the capture rejects a RCPT it cannot parse).
    await database.db.execute(sql`update registrations set email = 'not an address' where id = (select registration_id from certificates where template_id = ${templateId} order by id limit 1)`);
    const res = await a.app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: { templateId } });
    for (let pass = 0; pass < 3; pass++) {
      await a.ctx.certificateMail.drainNow();
    }
    const done = await waitDone(a, api(`/certificates/email/${res.json().data.id}`), H);
    expect(done).toMatchObject({ status: 'done', total: 2, sent: 1, failed: 1 });
    expect(done.failures).toEqual([expect.objectContaining({ email: 'not an address', error: expect.any(String) })]);
    expect(done.failures[0].error.length).toBeGreaterThan(0);
    await a.app.close();
  });

  it('after a crash mid-batch, restarts send every owed recipient exactly once', async () => {
    const a = await start();
    const { H, api, templateId, ids } = await eventWithCertificates(a, 40);
    // The process dies with its job stopped: the batch is recorded, nothing sent.
    await a.ctx.certificateMail.stop();
    const res = await a.app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: { templateId } });
    expect(res.statusCode).toBe(202);
    const batchId = res.json().data.id as string;
    await new Promise((r) => setTimeout(r, 200));
    expect(ids.reduce((n, id) => n + mailsFor(id), 0)).toBe(0);
    // Half the rows as the dead process left them: 10 sent and marked (their mail went out then), 10 claimed 10
    // minutes ago (lease run out), 5 claimed a minute ago (lease still running); 15 never claimed.
    const rows = (await database.db.execute(sql`select id, certificate_id from certificate_mail_recipients where batch_id = ${batchId} order by id`)).rows as { id: string; certificate_id: string }[];
    const part = (from: number, to: number) => rows.slice(from, to).map((r) => r.id);
    const inList = (xs: string[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
    await database.db.execute(sql`update certificate_mail_recipients set claimed_at = now() - interval '11 minutes', sent_at = now() - interval '10 minutes', attempts = 1 where id in (${inList(part(0, 10))})`);
    await database.db.execute(sql`update certificate_mail_recipients set claimed_at = now() - interval '10 minutes', attempts = 1 where id in (${inList(part(10, 20))})`);
    await database.db.execute(sql`update certificate_mail_recipients set claimed_at = now() - interval '1 minute', attempts = 1 where id in (${inList(part(20, 25))})`);
    await a.app.close();
    const sentBefore = new Set(rows.slice(0, 10).map((r) => r.certificate_id));
    const leased = new Set(rows.slice(20, 25).map((r) => r.certificate_id));

    // Two instances start at once: every owed recipient whose claim is free or stale goes out once.
    const [b, c] = await Promise.all([start(), start()]);
    b.ctx.certificateMail.wake();
    c.ctx.certificateMail.wake();
    await Promise.all([b.ctx.certificateMail.idle(), c.ctx.certificateMail.idle()]);
    const mid = (await b.app.inject({ url: api(`/certificates/email/${batchId}`), headers: H })).json().data;
    expect(mid).toMatchObject({ status: 'sending', total: 40, sent: 35, failed: 0 });
    for (const id of ids) expect(mailsFor(id), id).toBe(sentBefore.has(id) || leased.has(id) ? 0 : 1);
    await Promise.all([b.app.close(), c.app.close()]);

    // Six minutes later the dead process's running claims have expired too: the next start sends those, once.
    const later = await start(() => new Date(Date.now() + 6 * 60_000));
    await later.ctx.certificateMail.idle();
    const done = await waitDone(later, api(`/certificates/email/${batchId}`), H);
    expect(done).toMatchObject({ status: 'done', total: 40, sent: 40, failed: 0 });
    for (const id of ids) expect(mailsFor(id), id).toBe(sentBefore.has(id) ? 0 : 1);
    // Another restart and more wakes send nothing more.
    later.ctx.certificateMail.wake();
    await later.ctx.certificateMail.idle();
    await later.app.close();
    const again = await start();
    await again.ctx.certificateMail.idle();
    await new Promise((r) => setTimeout(r, 200));
    for (const id of ids) expect(mailsFor(id), id).toBe(sentBefore.has(id) ? 0 : 1);
    await again.app.close();
  });
});
