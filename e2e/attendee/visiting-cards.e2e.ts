import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 18, visiting cards: the demo attendee, on a phone and a fresh browser, signs in through ei/{eventId}, opens
 * a company in the Exhibitors tab and drops their visiting card there; the Leads tab then lists the card and counts
 * it as Card Dropped. (The brief bag is not built yet: see docs/FEATURES.md.)
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const res = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/exhibition/companies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Harbour Textiles', category: 'Fabrics' }),
  });
  if (res.status !== 201) throw new Error(`company: ${res.status} ${await res.text()}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('visiting cards', () => {
  it('an attendee on a phone drops a card at a company and finds it in the Leads tab', async () => {
    const page = await (await newContext(browser, server.url, PHONE)).newPage();
    const watch = watchPage(page);
    await page.goto(`/ei/${server.eventId}`);
    await page.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
    await page.getByLabel(/email or mobile/i).fill(ATTENDEE.identifier);
    await page.getByLabel(/^password/i).fill(ATTENDEE.password);
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await page.waitForURL('**/attendium*');

    await page.goto('/tabs/exhibitors');
    await page.getByRole('searchbox').fill('Harbour', { timeout: 30_000 });
    await page.getByTestId('exhibitor-row').filter({ hasText: 'Harbour Textiles' }).click({ timeout: 30_000 });
    const company = page.getByTestId('exhibitor-page');
    await company.getByRole('button', { name: 'Drop my visiting card' }).click({ timeout: 15_000 });
    await page.getByText('Your visiting card was dropped at Harbour Textiles').waitFor({ timeout: 15_000 });
    await company.getByRole('button', { name: 'Card dropped' }).waitFor();
    await expectAccessible(page, 'company page after dropping a card');

    await page.goto('/tabs/lead');
    await page.getByRole('heading', { name: 'Your visiting cards' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('card-list').getByText('Dropped at Harbour Textiles').waitFor();
    await page.getByText('Card Dropped: 1').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'visiting cards on a phone');
    await screenshot(page, 'leads-visiting-cards-phone');
    expect(watch.errors).toEqual([]);
  }, 60_000);
});
