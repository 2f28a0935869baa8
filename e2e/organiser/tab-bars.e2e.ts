import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

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

describe('section tab bars at a laptop and a phone width', () => {
  it.each([
    ['laptop', 1366, 768],
    ['phone', 390, 844],
  ])('every tab of the Registration section is in sight and opens (%s)', async (name, width, height) => {
    const context = await newContext(browser, server.url, { width, height });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/registration?eventId=${server.eventId}`);
    const nav = page.getByRole('navigation', { name: 'Registration sections' });
    await expect.poll(() => nav.getByRole('link').count(), { timeout: 10_000 }).toBeGreaterThan(5);
    // On a phone the organiser pages' one-time desktop hint comes first; close it as the user would.
    // Its closing fade still covers the tabs for a moment: wait until it has gone, as the user's eye does.
    if (width < 768) {
      await page.getByRole('button', { name: 'Okay' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    const labels = await nav.getByRole('link').allTextContents();
    expect(labels).toContain('Settings');
    await screenshot(page, `tab-bars-registration-${name}`);
    for (const label of labels) {
      const link = nav.getByRole('link', { name: label, exact: true });
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      expect(box, label).not.toBeNull();
      // Wholly inside the viewport: not clipped by the bar, not off the right edge.
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(width);
      expect(box.y + box.height, label).toBeLessThanOrEqual(height);
      const visibleAtCentre = await link.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && (hit === el || el.contains(hit));
      });
      expect(visibleAtCentre, `${label} is not covered or clipped`).toBe(true);
      await link.click();
      await expect.poll(() => link.getAttribute('aria-current'), { timeout: 10_000 }).toBe('page');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page, `registration tabs (${name})`);
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
