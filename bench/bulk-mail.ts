/**
 * Bulk certificate mail (issue 20): mails per second the certificate mail job delivers to a local SMTP sink that
 * greets at once (smtp-server without its reverse DNS lookup), beside the ceiling measured in the same run: a raw
 * nodemailer pool of 5 connections sending the same number of messages to the same sink. The app runs in this process
 * on a fresh database (Postgres when DATABASE_URL is set, else in-memory PGlite). Goal: >= 200 mails/s.
 *
 *   npm run bench:bulk-mail            (N=2000 by default; BULK_MAIL_N to change)
 */
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { bearer, createTestDatabase, signupOrganiser } from '../apps/server/src/test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../apps/server/src/modules/registration/registration.fixtures.ts';

const N = Number(process.env.BULK_MAIL_N ?? 2000);
const GOAL = 200;

async function sink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function ceiling(url: string, n: number): Promise<number> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5 });
  const started = performance.now();
  let next = 0;
  const html = '<p>Hello Ada,</p><p>Your certificate for <strong>Bench Expo</strong> is ready.</p><p><a href="http://x/verify/certificate/abc">View</a></p>';
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < n) {
        const i = next++;
        await transport.sendMail({ from: 'bench@pavilion.local', to: `ada${i}@example.com`, subject: 'Your certificate: Bench Expo', text: 'Hello Ada', html });
      }
    }),
  );
  const rate = n / ((performance.now() - started) / 1000);
  transport.close();
  return rate;
}

async function main() {
  const smtp = await sink();
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long', REDIS_URL: '', SMTP_URL: smtp.url, PUBLIC_URL: 'http://pavilion.bench' });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const host = await signupOrganiser(app);
    const H = bearer(host.accessToken);
    const eventId = await createEvent(app, host.accessToken);
    const ticket = await createTicket(app, host.accessToken, eventId, { name: 'Free', isFree: true, capacity: N + 10 });
    for (let left = N; left > 0; left -= 10) {
      const res = await placeOrder(app, eventId, orderBody(ticket.id, { quantity: Math.min(10, left) }));
      if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
    }
    await ctx.registration.mailWorker.idle();
    const api = (path: string) => `/api/eventservices/events/${eventId}${path}`;
    const t = await app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { name: 'Bench', title: 'Bench Expo', conductedBy: 'Bench', html: '<p>[firstName]</p>' } });
    const templateId = t.json().data.id as string;
    const issued = (await app.inject({ method: 'POST', url: api('/certificates/issue'), headers: H, payload: { templateId, isAllAdmissible: true } })).json().data.issued as number;
    if (issued !== N) throw new Error(`issued ${issued} of ${N}`);
    const before = smtp.received();

    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: { templateId } });
    const answerMs = performance.now() - started;
    if (res.statusCode !== 202) throw new Error(`email: ${res.statusCode} ${res.body}`);
    const batchId = res.json().data.id as string;
    let status: { status: string; sent: number; failed: number; total: number };
    for (;;) {
      status = (await app.inject({ url: api(`/certificates/email/${batchId}`), headers: H })).json().data;
      if (status.status === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = N / seconds;
    const delivered = smtp.received() - before;

    const ceil = await ceiling(smtp.url, N);
    const ok = rate >= GOAL && status.sent === N && status.failed === 0 && delivered === N;
    console.log(`bulk mail (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'}, ${N} recipients): 202 in ${answerMs.toFixed(0)} ms; ${rate.toFixed(0)} mails/s (${seconds.toFixed(2)} s), sent ${status.sent}, failed ${status.failed}, sink received ${delivered}`);
    console.log(`ceiling: raw nodemailer pool of 5 to the same sink: ${ceil.toFixed(0)} mails/s; job at ${((rate / ceil) * 100).toFixed(0)} % of it`);
    console.log(`goal >= ${GOAL} mails/s, each recipient once: ${ok ? 'met' : 'MISSED'}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    await smtp.close();
  }
}

await main();
