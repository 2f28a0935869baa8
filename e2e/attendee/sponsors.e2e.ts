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
 * portal's Sponsors and the app's Sponsor tab and finds each sponsor under its tier with its logo. The sponsor's
 * figures count its card as seen (sent as the page is left) and a click on its link from a programme session's card.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const SESSION = 'Cold chain breakfast';

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

async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; data: T; text: string }> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, data: (text.startsWith('{') ? (JSON.parse(text) as { data: T }).data : (undefined as T)), text };
}
/** Today's row of the sponsor's figures file (the organiser's download, AP-482): card views and click-throughs. */
async function todaysFigures(headers: Record<string, string>, sponsorId: string): Promise<{ views: number; clicks: number }> {
  const file = await call<never>('GET', `/api/eventservices/events/${server.eventId}/sponsors/items/${sponsorId}/figures?format=csv`, headers);
  const today = new Date().toISOString().slice(0, 10);
  const row = file.text.replace(/^\uFEFF/, '').trim().split('\r\n').find((l) => l.startsWith(today));
  const [, views, clicks] = (row ?? `${today},0,0`).split(',');
  return { views: Number(views), clicks: Number(clicks) };
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
    // 30 s: the answer comes after the server locks the event row, and a loaded CI machine once took over 15 s.
    await organiser.getByText('This tier has 2 sponsors: move or delete them first').waitFor({ timeout: 30_000 });
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
    const kiranId = /\/sponsors\/([^/]+)\/visit$/.exec((await link.getAttribute('href'))!)![1]!;
    const org = await call<{ accessToken: string }>('POST', '/api/auth/login', {}, ORGANISER);
    const H = { authorization: `Bearer ${org.data.accessToken}` };
    // Kiran's card is on screen (scrolled to) but nothing is sent until the page view ends.
    expect(await todaysFigures(H, kiranId)).toEqual({ views: 0, clicks: 0 });
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'portal sponsors on a phone');
    await screenshot(attendee, 'sponsors-portal-phone');

    // The app's Sponsor tab, now shown, has the same sponsors. Leaving the portal's page sends its cards in one request.
    // (A keepalive request sent as the page unloads is not reported to Playwright: the server's figure is the check.)
    await attendee.goto('/tabs/sponsor');
    await expect.poll(() => todaysFigures(H, kiranId), { timeout: 15_000 }).toEqual({ views: 1, clicks: 0 });
    await attendee.getByRole('heading', { name: 'Sponsor', level: 1 }).waitFor({ timeout: 30_000 });
    await attendee.getByTestId('sponsor-card').first().waitFor({ timeout: 15_000 });
    expect((await tiersOnPage(attendee)).map(([tier]) => tier)).toEqual(['Platinum', 'Gold', 'Silver']);
    await expect.poll(() => attendee.getByRole('img', { name: 'SolarGrid India' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'app sponsor tab on a phone');
    await screenshot(attendee, 'sponsors-app-tab-phone');

    // A session Kiran sponsors (new sessions are published as they are made): its card links Kiran through the
    // counted click-through, and the click counts as Kiran's.
    const programme = await call<{ startDate: string }>('GET', `/api/scheduleservices/api/events/${server.eventId}/programme`, H);
    expect(programme.status, programme.text).toBe(200);
    const made = await call('POST', `/api/scheduleservices/api/events/${server.eventId}/sessions`, H, {
      title: SESSION,
      descriptionHtml: '',
      sessionType: 'talk',
      trackId: null,
      roomId: null,
      start: `${programme.data.startDate}T07:00`,
      end: `${programme.data.startDate}T07:45`,
      speakerIds: [],
      sponsorIds: [kiranId],
      capacity: null,
      bookingRequired: false,
    });
    expect(made.status, made.text).toBe(201);
    await attendee.goto('/tabs/session-list');
    const card = attendee.getByRole('article', { name: SESSION });
    await card.waitFor({ timeout: 30_000 });
    const sponsorLink = card.getByRole('link', { name: 'Kiran Logistics (opens in a new tab)' });
    expect(await sponsorLink.getAttribute('href')).toBe(`/api/eventservices/public/events/${server.eventId}/sponsors/${kiranId}/visit`);
    await expectAccessible(attendee, 'schedule with a sponsored session on a phone');
    await screenshot(attendee, 'sponsors-session-card-phone');
    const [popup] = await Promise.all([attendee.waitForEvent('popup'), sponsorLink.click()]);
    // The redirect goes on to the sponsor's website (not reachable from the test machine): the click is counted first.
    await popup.close();
    await expect.poll(() => todaysFigures(H, kiranId), { timeout: 15_000 }).toMatchObject({ clicks: 1 });
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 180_000);
});
