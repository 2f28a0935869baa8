import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { solidPng } from '../support/images.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Sponsors (SPEC §3.1 user type 3, §2.4 tab `sponsor`, §2.5 entry Sponsors): the organiser adds a Silver tier and a
 * sponsor with an uploaded logo (a renamed text file is refused first), reorders Gold, is told a tier with sponsors
 * cannot go, and shows the app's Sponsor tab (off in the SPEC defaults); the demo attendee, on a phone, opens the
 * portal's Sponsors and the app's Sponsor tab and finds each sponsor under its tier with its logo.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };

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

async function attendeeSignsIn(page: Page) {
  await signInAtEvent(page, server.eventId, ATTENDEE);
}

/** The tiers on the page and their sponsors, in order. */
async function tiersOnPage(page: Page): Promise<[string, string[]][]> {
  const sections = page.getByTestId('sponsor-tier');
  const out: [string, string[]][] = [];
  for (let i = 0; i < (await sections.count()); i++) {
    const section = sections.nth(i);
    out.push([await section.getByRole('heading', { level: 2 }).innerText(), await section.getByRole('heading', { level: 3 }).allInnerTexts()]);
  }
  return out;
}

describe('sponsors', () => {
  it('the organiser adds a tier and a sponsor with a logo; an attendee on a phone finds it under its tier', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    // The side menu's one entry for the section.
    await organiser.goto(`/app?eventId=${server.eventId}`);
    await organiser.getByRole('link', { name: 'Sponsors', exact: true }).click();
    await organiser.waitForURL('**/app/sponsors*');
    await organiser.getByRole('heading', { name: 'Platinum', level: 2 }).waitFor({ timeout: 30_000 });

    // A new tier.
    await organiser.getByRole('button', { name: 'New tier' }).click();
    const tierForm = organiser.getByRole('form', { name: 'New tier' });
    await tierForm.getByRole('textbox', { name: 'Tier name' }).fill('Silver');
    await tierForm.getByRole('textbox', { name: 'Colour' }).fill('#868e96');
    await tierForm.getByRole('button', { name: 'Save' }).click();
    const silver = organiser.getByTestId('org-sponsor-tier').filter({ has: organiser.getByRole('heading', { name: 'Silver' }) });
    await silver.getByText('No sponsors in this tier yet.').waitFor({ timeout: 15_000 });

    // A sponsor in it, with a logo: a text file named .png is refused by its bytes, then a real PNG is taken.
    await silver.getByRole('button', { name: 'New sponsor: Silver' }).click();
    const form = organiser.getByRole('form', { name: 'New sponsor' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Kiran Logistics');
    const file = form.locator('input[type=file]');
    await file.setInputFiles({ name: 'kiran.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
    await form.getByText('The file content does not match its extension.').waitFor({ timeout: 15_000 });
    await file.setInputFiles({ name: 'kiran.png', mimeType: 'image/png', buffer: solidPng(96, [0x0c, 0x85, 0x99]) });
    await expect.poll(() => form.getByRole('img', { name: 'Logo preview' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await form.getByRole('textbox', { name: 'Website' }).fill('http://kiran.example.com');
    await form.getByRole('textbox', { name: 'Short description' }).fill('Freight and cold chain across North India.');
    await form.getByRole('button', { name: 'Save' }).click();
    // The server's key lands on its field.
    await form.getByText('Use a full https:// address.').waitFor({ timeout: 15_000 });
    await form.getByRole('textbox', { name: 'Website' }).fill('https://kiran.example.com');
    await form.getByRole('button', { name: 'Save' }).click();
    await silver.getByTestId('org-sponsor-row').filter({ hasText: 'Kiran Logistics' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => silver.getByRole('img', { name: 'Logo of Kiran Logistics' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Reorder within Gold from the keyboard: Rhein Ventures above Metro Motion.
    const gold = organiser.getByTestId('org-sponsor-tier').filter({ has: organiser.getByRole('heading', { name: 'Gold' }) });
    await gold.getByRole('button', { name: 'Move Rhein Ventures up' }).focus();
    await organiser.keyboard.press('Enter');
    await expect.poll(() => gold.getByTestId('org-sponsor-row').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('Rhein Ventures'), expect.stringContaining('Metro Motion')]);

    // A tier with sponsors is not deleted: the server says why.
    await gold.getByRole('button', { name: 'Delete Gold' }).click();
    await organiser.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await organiser.getByText('This tier has 2 sponsors: move or delete them first').waitFor({ timeout: 15_000 });
    expect(await gold.count()).toBe(1);
    await expectAccessible(organiser, 'sponsors page');
    await screenshot(organiser, 'sponsors-organiser');

    // The app's Sponsor tab is not in the SPEC §2.4 default menu: the organiser shows it.
    await organiser.goto(`/app/portal/app-tabs?eventId=${server.eventId}`);
    const row = organiser.getByTestId('tab-row-sponsor');
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('switch', { name: 'Shown: Sponsor' }).check({ force: true });
    await organiser.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => organiser.getByText('Saved.').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The attendee, from a fresh browser on a phone.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await attendeeSignsIn(attendee);
    await attendee.goto('/attendium-v2');
    await attendee.getByTestId('portal-menu').getByRole('link', { name: 'Sponsors', exact: true }).click();
    await attendee.waitForURL('**/attendium-v2/sponsors*');
    await attendee.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor({ timeout: 15_000 });
    await attendee.getByTestId('sponsor-card').first().waitFor({ timeout: 15_000 });
    expect(await tiersOnPage(attendee)).toEqual([
      ['Platinum', ['SolarGrid India']],
      ['Gold', ['Rhein Ventures', 'Metro Motion']],
      ['Silver', ['Kiran Logistics']],
    ]);
    const kiran = attendee.getByTestId('sponsor-card').filter({ hasText: 'Kiran Logistics' });
    await kiran.scrollIntoViewIfNeeded();
    await expect.poll(() => kiran.getByRole('img', { name: 'Kiran Logistics' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    expect(await kiran.getByText('Freight and cold chain across North India.').count()).toBe(1);
    const link = kiran.getByRole('link', { name: 'Visit the Kiran Logistics website (opens in a new tab)' });
    // Through the counted click-through, which redirects to https://kiran.example.com (sponsor-contact.routes.test.ts).
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^/api/eventservices/public/events/${server.eventId}/sponsors/[^/]+/visit$`));
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'portal sponsors on a phone');
    await screenshot(attendee, 'sponsors-portal-phone');

    // The app's Sponsor tab, now shown, has the same sponsors.
    await attendee.goto('/tabs/sponsor');
    await attendee.getByRole('heading', { name: 'Sponsor', level: 1 }).waitFor({ timeout: 30_000 });
    await attendee.getByTestId('sponsor-card').first().waitFor({ timeout: 15_000 });
    expect((await tiersOnPage(attendee)).map(([tier]) => tier)).toEqual(['Platinum', 'Gold', 'Silver']);
    await expect.poll(() => attendee.getByRole('img', { name: 'SolarGrid India' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'app sponsor tab on a phone');
    await screenshot(attendee, 'sponsors-app-tab-phone');
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 180_000);
});
