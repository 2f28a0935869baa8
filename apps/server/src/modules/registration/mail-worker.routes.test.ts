import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { createTestDatabase, signupOrganiser } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { qrCacheSize } from './confirmation-mail.ts';
import { createEvent, createTicket, orderBody, placeOrder } from './registration.fixtures.ts';

/*
 * Issue 20: checkout writes the confirmation row in its transaction and returns; the mail job builds the mail (and its
 * QR) and sends it. A process that dies between the commit and the send leaves a pending row, which the next start
 * sends, once, however many instances start.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let database: Database;
const config = () =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', REDIS_URL: '', SMTP_URL: smtp.url, PUBLIC_URL: 'http://pavilion.test' });
const start = async () => {
  const built = await buildApp(config(), { database, logger: false });
  await built.app.ready();
  return built;
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

const mailsFor = (orderId: string) => smtp.messages.filter((m) => m.raw.replace(/=\r?\n/g, '').includes(orderId)).length;
async function outboxOf(orderId: string) {
  return (await database.db.execute(sql`select status, attempts from reg_outbox where order_id = ${orderId}`)).rows as { status: string; attempts: number }[];
}

describe('confirmation mail job', () => {
  it('checkout draws no QR and sends nothing; after a crash the next start sends the pending mail exactly once', async () => {
    const a = await start();
    const host = await signupOrganiser(a.app);
    const eventId = await createEvent(a.app, host.accessToken);
    const ticket = await createTicket(a.app, host.accessToken, eventId, { name: 'Free', isFree: true, capacity: 10 });

    // The process dies right after checkout commits: its mail job never runs.
    await a.ctx.registration.mailWorker.stop();
    const drawn = qrCacheSize();
    const res = await placeOrder(a.app, eventId, orderBody(ticket.id));
    expect(res.statusCode).toBe(201);
    const order = res.json().data.order as { id: string };
    expect(qrCacheSize(), 'checkout drew a QR image').toBe(drawn);
    expect(await outboxOf(order.id)).toEqual([{ status: 'pending', attempts: 0 }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsFor(order.id)).toBe(0);
    await a.app.close();

    // Two instances start on the same database at once: the conditional claim gives the row to one of them.
    const [b, c] = await Promise.all([start(), start()]);
    await Promise.all([b.ctx.registration.mailWorker.idle(), c.ctx.registration.mailWorker.idle()]);
    for (let i = 0; i < 250 && mailsFor(order.id) < 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(mailsFor(order.id)).toBe(1);
    expect(await outboxOf(order.id)).toEqual([{ status: 'sent', attempts: 1 }]);
    expect(qrCacheSize()).toBeGreaterThan(drawn);

    // More wakes, a reconciliation pass and another restart send nothing more.
    b.ctx.registration.mailWorker.wake();
    c.ctx.registration.mailWorker.wake();
    await b.ctx.registration.reconcile();
    await Promise.all([b.ctx.registration.mailWorker.idle(), c.ctx.registration.mailWorker.idle()]);
    await Promise.all([b.app.close(), c.app.close()]);
    const d = await start();
    await d.ctx.registration.mailWorker.idle();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsFor(order.id)).toBe(1);
    const kept = (await database.db.execute(sql`select count(*)::int as n from mail_outbox where subject like ${`%${res.json().data.order.registrationNo}%`}`)).rows[0] as { n: number };
    expect(kept.n).toBe(1);

    // A running job sends the next order's mail on its own, after the answer.
    const next = (await placeOrder(d.app, eventId, orderBody(ticket.id))).json().data.order as { id: string };
    for (let i = 0; i < 250 && mailsFor(next.id) < 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(mailsFor(next.id)).toBe(1);
    await d.app.close();
  });
});
