import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { apiCaller } from '../support/api.ts';
import { DEMO_ORGANISER as ORGANISER } from '../support/organiser.ts';
import { startServer, type RestartableServer, type RunningServer } from '../support/server.ts';

/*
 * Issue 20: bulk certificate mail survives a `kill -9` of the real server process. The server (npm start's bundle) is
 * killed while the job is sending; a new process on the same database sends what is owed once the dead process's
 * claims have run out (MAIL_CLAIM_LEASE_SECONDS, 3 s here), and the batch ends with every recipient sent. Each
 * recipient's mail carries one Message-ID however often it went out; a second copy happens only for the few messages
 * the SMTP server took in the instant before the kill (at most the 25 in flight: ARCHITECTURE.md, Mail).
 */
const N = 600;
const LEASE_SECONDS = 3;

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let first: RestartableServer;
let second: RunningServer | undefined;
let url = '';
let token = '';
const call = apiCaller(() => url, () => token);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  first = await startServer({ SMTP_URL: smtp.url, MAIL_CLAIM_LEASE_SECONDS: String(LEASE_SECONDS) });
  url = first.url;
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await smtp?.close();
});

/** The certificate mails the sink holds: each one's Message-ID and recipient. */
function certificateMails() {
  return smtp.messages.flatMap((m) => {
    const id = /^Message-ID:\s*(<certificate-mail-[^>]+>)/im.exec(m.raw)?.[1];
    return id ? [{ id, to: m.to[0]! }] : [];
  });
}

describe('bulk certificate mail after kill -9', () => {
  it('a new process finishes the batch: every recipient sent, one Message-ID each, copies only for the messages in flight', async () => {
    token = (await call<{ accessToken: string }>('POST', '/api/auth/login', { identifier: ORGANISER.email, password: ORGANISER.password }, {})).accessToken;
    const ev = `/api/eventservices/events/${first.eventId}`;
    const ticket = await call<{ id: string }>('POST', `${ev}/tickets`, { name: 'Crash pass', currency: 'EUR', isFree: true, price: 0, maxPerOrder: 100 });
    const emails: string[] = [];
    for (let o = 0; o < N / 100; o++) {
      const people = Array.from({ length: 100 }, (_, i) => ({ firstName: 'Crash', lastName: `Holder ${o * 100 + i}`, email: `crash-holder-${o * 100 + i}@example.com` }));
      emails.push(...people.map((p) => p.email));
      await call('POST', `/api/eventservices/public/events/${first.eventId}/orders`, {
        items: [{ ticketId: ticket.id, quantity: 100 }],
        expectedTotal: 0,
        currency: 'EUR',
        buyer: people[0],
        attendees: people.map((p) => ({ ticketId: ticket.id, ...p })),
      }, {});
    }
    const template = await call<{ id: string }>('POST', `${ev}/certificate-templates`, { name: 'Crash test', title: 'Pavilion Demo', conductedBy: 'Pavilion', html: '<p>[firstName] [lastName]</p>' });
    const { issued } = await call<{ issued: number }>('POST', `${ev}/certificates/issue`, { templateId: template.id, isAllAdmissible: true });
    expect(issued).toBeGreaterThanOrEqual(N);

    const batch = await call<{ id: string; total: number; status: string }>('POST', `${ev}/certificates/email`, { templateId: template.id });
    expect(batch).toMatchObject({ total: issued, status: 'sending' });
    // Mid-batch: the process dies as soon as the sink holds 60 of the certificate mails.
    await expect.poll(() => certificateMails().length, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(60);
    await first.kill();
    const atKill = certificateMails().length;
    expect(atKill).toBeLessThan(issued);

    // Nothing more arrives from the dead process; a new one on the same database takes over.
    second = await first.relaunch();
    url = second.url;
    token = (await call<{ accessToken: string }>('POST', '/api/auth/login', { identifier: ORGANISER.email, password: ORGANISER.password }, {})).accessToken;
    const progress = () => call<{ status: string; total: number; sent: number; failed: number }>('GET', `${ev}/certificates/email/${batch.id}`);
    await expect.poll(async () => (await progress()).status, { timeout: 90_000, interval: 500 }).toBe('done');
    expect(await progress()).toMatchObject({ status: 'done', total: issued, sent: issued, failed: 0 });

    // Every recipient row went out under its own Message-ID; a copy is always the same message.
    const mails = certificateMails();
    const copies = new Map<string, { to: string; n: number }>();
    for (const m of mails) {
      const seen = copies.get(m.id);
      if (seen) {
        expect(seen.to, m.id).toBe(m.to);
        seen.n++;
      } else copies.set(m.id, { to: m.to, n: 1 });
    }
    expect(copies.size).toBe(issued);
    const reached = new Set([...copies.values()].map((c) => c.to));
    for (const email of emails) expect(reached.has(email), email).toBe(true);
    const extra = mails.length - issued;
    expect(extra).toBeGreaterThanOrEqual(0);
    expect(extra).toBeLessThanOrEqual(25);
    expect(Math.max(...[...copies.values()].map((c) => c.n))).toBeLessThanOrEqual(2);

    // Later passes find nothing owed: the count stays where it is.
    const settled = mails.length;
    await new Promise((r) => setTimeout(r, (LEASE_SECONDS + 1) * 1000));
    expect(certificateMails().length).toBe(settled);
  });
});
