import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { apiCaller } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 12's journey: an attendee registers, gets the confirmation mail (a real SMTP server), opens the e-badge link
 * from it on a 390 px phone with empty storage, exactly as a first-time visitor would, and the gate scans the QR the
 * phone shows. Nothing is pre-set in the phone's browser: no dialog may cover the QR.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const PHONE = { width: 390, height: 844 };
const H = '/api/hospitalityservices/api';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let browser: Browser;
let token = '';
let tmp = '';

const call = apiCaller(() => server.url, () => token);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  tmp = mkdtempSync(join(tmpdir(), 'pavilion-ebmail-'));
  token = (await call<{ accessToken: string }>('POST', '/api/auth/login', ORGANISER, {})).accessToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('e-badge from the confirmation mail (390 px phone, empty storage)', () => {
  it('opens the mail link, shows the QR uncovered, and the gate admits it', async () => {
    const ticket = await call<{ id: string }>('POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: 'Mail pass', currency: 'EUR', isFree: true, price: 0 });
    const email = `priya.${Date.now()}@example.com`;
    const before = smtp.messages.length;
    await call(
      'POST',
      `/api/eventservices/public/events/${server.eventId}/orders`,
      {
        items: [{ ticketId: ticket.id, quantity: 1 }],
        expectedTotal: 0,
        currency: 'EUR',
        buyer: { firstName: 'Priya', lastName: 'Nair', email },
        attendees: [{ ticketId: ticket.id, firstName: 'Priya', lastName: 'Nair', email }],
      },
      {},
    );
    // The confirmation mail arrives over SMTP (sent by the mail job, not inside the order request).
    await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.slice(before).find((m) => m.to.includes(email))!.raw);
    const link = /href="([^"]*\/eb\/[A-Za-z0-9_-]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail links the e-badge').toBeTruthy();
    // Mail links are built on PUBLIC_URL (its default host here is localhost); the phone opens the same path.
    const path = new URL(link!.replace(/&amp;/g, '&')).pathname;

    const phone = await newContext(browser, server.url, PHONE);
    const page = await phone.newPage();
    const watch = watchPage(page);
    await page.goto(path);
    const qr = page.getByTestId('ebadge-qr').first();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
    // Give any app-wide dialog the time it would take to appear, then check nothing covers the QR.
    await page.waitForTimeout(1500);
    expect(await page.getByText('Maximize Your Experience on Desktop').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const box = (await qr.boundingBox())!;
    const topmost = await page.evaluate(({ x, y }) => (document.elementFromPoint(x, y) as HTMLElement | null)?.dataset.testid ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(topmost).toBe('ebadge-qr');
    await expectAccessible(page, 'e-badge from the mail link');
    await screenshot(page, 'ebadge-from-mail-390');
    // What the gate's camera would see: the QR as the phone shows it.
    const shot = join(tmp, 'phone-qr.png');
    writeFileSync(shot, await qr.screenshot());
    expect(watch.errors).toEqual([]);

    // The gate: a scanner phone paired with a one-time device code reads that picture and admits Priya once.
    const gate = await call<{ id: string }>('POST', `${H}/events/${server.eventId}/areas`, { name: 'Mail gate', kind: 'gate' });
    const device = await call<{ code: string }>('POST', `${H}/events/${server.eventId}/devices`, { name: 'Gate phone', kind: 'scanner', areaIds: [gate.id] });
    const scannerContext = await newContext(browser, server.url, PHONE);
    const scanner = await scannerContext.newPage();
    await scanner.goto(`/scanner?code=${encodeURIComponent(device.code)}`);
    await scanner.getByTestId('scanner-area').waitFor({ timeout: 30_000 });
    await scanner.getByTestId('scan-image-input').setInputFiles(shot);
    const result = scanner.getByTestId('scan-result');
    await expect.poll(() => result.getAttribute('data-result').catch(() => null), { timeout: 15_000 }).toBe('admitted');
    await expect.poll(() => scanner.getByTestId('scan-result-name').textContent()).toBe('Priya Nair');
    await screenshot(scanner, 'ebadge-from-mail-gate-390');
    await scannerContext.close();
    await phone.close();
  });
});
