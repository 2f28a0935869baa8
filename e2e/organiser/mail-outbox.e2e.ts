import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCaller } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 12: without SMTP_URL (the embedded default), mail is kept in the local outbox, and the organiser reads it in
 * the Mail outbox screen: the attendee's confirmation with its ticket QR shown inline, the QR as a download, and the
 * e-badge link followed from the message's link list.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };

let server: RunningServer;
let browser: Browser;
let token = '';

const call = apiCaller(() => server.url, () => token);

beforeAll(async () => {
  // No SMTP_URL: the outbox is the only copy of every message (NODE_ENV is development, as `npm start` defaults to).
  server = await startServer({ SMTP_URL: '' });
  browser = await launchBrowser();
  token = (await call<{ accessToken: string }>('POST', '/api/auth/login', ORGANISER, {})).accessToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('mail outbox (organiser, no SMTP server)', () => {
  it('shows the confirmation with its QR, downloads the QR and follows the e-badge link', async () => {
    // An attendee registers for a free ticket of the demo event.
    const ticket = await call<{ id: string }>('POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: 'Outbox pass', currency: 'EUR', isFree: true, price: 0 });
    const email = `mira.${Date.now()}@example.com`;
    const placed = await call<{ order: { registrationNo: string; attendees: { id: string }[] } }>(
      'POST',
      `/api/eventservices/public/events/${server.eventId}/orders`,
      {
        items: [{ ticketId: ticket.id, quantity: 1 }],
        expectedTotal: 0,
        currency: 'EUR',
        buyer: { firstName: 'Mira', lastName: 'Okafor', email },
        attendees: [{ ticketId: ticket.id, firstName: 'Mira', lastName: 'Okafor', email }],
      },
      {},
    );
    const registrationNo = placed.order.registrationNo;

    // The organiser signs in as anyone would and finds Mail outbox in the menu.
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const watch = watchPage(page);
    try {
    await page.goto('/');
    await page.getByLabel(/email or mobile/i).fill(ORGANISER.identifier);
    await page.getByLabel(/^password/i).fill(ORGANISER.password);
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await page.waitForURL('**/list/events');
    await page.getByRole('link', { name: 'Mail outbox' }).click();
    await page.waitForURL('**/app/mail-outbox');
    await page.getByRole('heading', { name: 'Mail outbox', level: 1 }).waitFor();

    // The confirmation arrives (written by the mail job after the order), found by its recipient.
    await page.getByLabel('Recipient').fill(email);
    const subject = `Your registration ${registrationNo}`;
    const row = page.getByTestId('mail-outbox-table').getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => row.textContent()).toContain(subject);
    await expect.poll(() => row.textContent()).toContain('In outbox');
    await expectAccessible(page, 'mail outbox list');
    await screenshot(page, 'mail-outbox-list');

    // Opened, the message renders in a sandboxed frame with the QR image resolved from its attachment.
    await row.getByRole('button', { name: new RegExp(`Open message to ${email.replace(/\./g, '\\.')}`) }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(subject).first().waitFor();
    const frameEl = drawer.getByTestId('mail-frame');
    expect(await frameEl.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    const qrImg = page.frameLocator('[data-testid="mail-frame"]').getByRole('img', { name: `Ticket QR code ${registrationNo}` });
    await expect.poll(() => qrImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    // No script runs in the frame, whatever the message holds.
    expect(await page.frameLocator('[data-testid="mail-frame"]').locator('script').count()).toBe(0);
    await screenshot(page, 'mail-outbox-message');

    // The attachment downloads as the PNG that was attached, and it holds the attendee's signed credential.
    const attachment = `ticket-${registrationNo}.png`;
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: `Download ${attachment}` }).click()]);
    expect(download.suggestedFilename()).toBe(attachment);
    const png = PNG.sync.read(readFileSync((await download.path())!));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toMatch(new RegExp(`^PV1:${server.eventId}:${placed.order.attendees[0]!.id}:`));

    // The e-badge link from the message's link list opens the attendee's e-badge in a new tab.
    const links = drawer.getByTestId('mail-links');
    const ebadgeLink = links.locator('a[data-kind="ebadge"]');
    expect(await ebadgeLink.getAttribute('href')).toMatch(new RegExp(`/eb/${placed.order.attendees[0]!.id}$`));
    const [ebadge] = await Promise.all([context.waitForEvent('page'), ebadgeLink.click()]);
    const badgeQr = ebadge.getByTestId('ebadge-qr').first();
    await expect.poll(() => badgeQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0).catch(() => false), { timeout: 30_000 }).toBe(true);
    await screenshot(ebadge, 'mail-outbox-ebadge');
    await ebadge.close();

    // The plain-text part is one tab away. axe checks the drawer there: the HTML tab's frame is the mail's own markup,
    // and a frame that may run no script cannot host axe.
    await drawer.getByRole('tab', { name: 'Plain text' }).click();
    await drawer.getByText(`e-badge http`, { exact: false }).first().waitFor();
    expect(await drawer.getByTestId('mail-frame').count()).toBe(0);
    await expectAccessible(page, 'mail outbox message');
    await screenshot(page, 'mail-outbox-message-text');
    expect(watch.errors).toEqual([]);
    } catch (err) {
      await screenshot(page, 'mail-outbox-failure');
      throw err;
    }
    await context.close();
  }, 180_000);
});
