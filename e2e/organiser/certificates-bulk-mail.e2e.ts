import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 20: emailing certificates is a server job. The organiser starts it on Certificate Printing, watches the progress
 * bar reach the total, and sees each certificate marked Emailed; a second run finds nobody left to mail.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('certificates: bulk mail with progress', () => {
  it('emails the demo event’s certificates, shows progress to the total, then nobody is left', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/certificates?eventId=${server.eventId}`);
    await page.getByRole('link', { name: 'Certificate Printing' }).click();
    await expect.poll(() => page.getByTestId('certificate-row').count()).toBeGreaterThan(0);
    const rows = page.getByTestId('certificate-row');
    const shown = await rows.count();
    // The demo's attendance certificates have not been emailed yet.
    for (let i = 0; i < shown; i++) expect(await rows.nth(i).textContent()).not.toContain('Emailed');

    await page.getByRole('button', { name: 'Email certificates not sent yet' }).click();
    await expect.poll(() => page.getByTestId('mail-batch').getByRole('status').count(), { timeout: 30_000 }).toBe(1);
    const progress = (await page.getByTestId('mail-batch-progress').textContent())!;
    const m = /^Sent (\d+) of (\d+) · failed 0$/.exec(progress);
    expect(m, progress).not.toBeNull();
    expect(Number(m![1])).toBe(Number(m![2]));
    expect(Number(m![2])).toBeGreaterThanOrEqual(shown);
    expect(await page.getByRole('progressbar', { name: 'Certificates emailed' }).getAttribute('aria-valuenow')).toBe(m![2]);
    expect(await page.getByTestId('mail-batch').getByRole('status').textContent()).toContain(`every certificate was emailed (${m![2]})`);
    // The list follows: every certificate on the page now says Emailed.
    for (let i = 0; i < shown; i++) await expect.poll(() => rows.nth(i).textContent()).toContain('Emailed');
    await expectAccessible(page, 'certificates: bulk mail done');
    await screenshot(page, 'bulkmail-certificates-done');

    // Nobody is left: a second run says so.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Email certificates not sent yet' }).click();
    await expect.poll(() => page.getByTestId('mail-batch').textContent()).toContain('nobody to send to');
    await expect.poll(() => page.getByTestId('mail-batch-progress').textContent()).toBe('Sent 0 of 0 · failed 0');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('shows the progress panel on a phone', async () => {
    const context = await newContext(browser, server.url, { width: 390, height: 844 });
    const page = await context.newPage();
    await logInAsOrganiser(page);
    await page.goto(`/app/certificates/printing?eventId=${server.eventId}`);
    await expect.poll(() => page.getByTestId('certificate-row').count()).toBeGreaterThan(0);
    // A first-time organiser on a phone is told the desktop has more room; they close it as a user would.
    await expect.poll(() => page.getByRole('button', { name: 'Okay' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Okay' }).click();
    await page.getByRole('button', { name: 'Email certificates not sent yet' }).click();
    await expect.poll(() => page.getByTestId('mail-batch').textContent()).toContain('nobody to send to');
    const box = (await page.getByTestId('mail-batch').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'certificates: bulk mail on a phone');
    await screenshot(page, 'bulkmail-certificates-390');
    await context.close();
  });
});
