import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCaller } from '../support/api.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 14's share links: a ticket's link opens its registration with the ticket chosen; the demo attendee fills in
 * their profile, makes it public and shares their links; a stranger's phone (empty storage) opens the invitation,
 * downloads the event's calendar file (parsed as iCalendar) and sees the profile card, until the attendee makes it
 * private again. A link preview bot's plain GET gets the Open Graph tags and the event app's manifest.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let token = '';
/** The demo attendee's invitation path, made by the first journey and opened again by the share options one. */
let invitationPath = '';
const call = apiCaller(() => server.url, () => token);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await call<{ accessToken: string }>('POST', '/api/auth/login', ORGANISER, {})).accessToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function attendeeSignsIn(page: Page) {
  await page.goto(`/ei/${server.eventId}`);
  await page.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
  await page.getByLabel(/email or mobile/i).fill(ATTENDEE.identifier);
  await page.getByLabel(/^password/i).fill(ATTENDEE.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForURL(/\/(attendium|tabs)/);
}

async function saveProfile(page: Page, isPublic: boolean) {
  const toggle = page.getByRole('switch', { name: 'Show my profile on my profile link' });
  if ((await toggle.isChecked()) !== isPublic) await toggle.click({ force: true });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Profile saved').last().waitFor();
}

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('share links', () => {
  it('r/ preselects its ticket; the profile shows on pl/ and hides when private; i/ invites with a calendar file; the app manifest is linked', async () => {
    // r/{ticketId}: the ticket is chosen on arrival.
    const ticket = await call<{ id: string }>('POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: 'Shared pass', currency: 'EUR', isFree: true, price: 0 });
    const stranger = await (await newContext(browser, server.url, PHONE)).newPage();
    const strangerWatch = watchPage(stranger);
    await stranger.goto(`/r/${ticket.id}`);
    await expect.poll(() => stranger.getByTestId(`qty-${ticket.id}`).textContent(), { timeout: 30_000 }).toBe('1');
    await stranger.goto('/r/not-a-ticket');
    await stranger.getByRole('heading', { name: 'This ticket is not available' }).waitFor();

    // The attendee fills in their profile and makes it public.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attendeeWatch = watchPage(attendee);
    await attendeeSignsIn(attendee);
    await attendee.goto('/attendium/profile');
    await attendee.getByRole('textbox', { name: 'Job title' }).fill('Head of R&D "Partnerships"');
    await attendee.getByRole('textbox', { name: 'Company' }).fill('Acme Events');
    const interests = attendee.getByRole('textbox', { name: 'Interests' });
    await interests.fill('Fintech');
    await interests.press('Enter');
    await saveProfile(attendee, true);
    await expectAccessible(attendee, 'my profile');
    await screenshot(attendee, 'share-my-profile');

    // Their own links (pl without ids): copy-ready, with the event's card and calendar.
    await attendee.goto('/pl');
    const profileLink = await attendee.getByRole('textbox', { name: /Your profile link/ }).first().inputValue();
    const invitationLink = await attendee.getByRole('textbox', { name: /Your invitation link/ }).first().inputValue();
    expect(profileLink).toMatch(new RegExp(`/pl/${server.eventId}-[A-Za-z0-9_-]{16}$`));
    await expectAccessible(attendee, 'my share links');
    const plPath = new URL(profileLink).pathname;
    const iPath = new URL(invitationLink).pathname;
    invitationPath = iPath;

    // A stranger opens the profile card.
    await stranger.goto(plPath);
    await stranger.getByRole('heading', { level: 1 }).filter({ hasText: /Attendee/ }).waitFor({ timeout: 30_000 });
    expect(await stranger.getByTestId('profile-role').textContent()).toBe('Head of R&D "Partnerships" · Acme Events');
    await stranger.getByText('Fintech').waitFor();
    await expectAccessible(stranger, 'profile card');
    await screenshot(stranger, 'share-profile-card');

    // A link preview bot reads the HTML alone: escaped Open Graph tags and the event app's manifest.
    const html = await (await fetch(`${server.url}${plPath}`)).text();
    expect(meta(html, 'og:title')).toMatch(/^Arjun Attendee at /);
    expect(meta(html, 'og:description')).toBe('Head of R&amp;D &quot;Partnerships&quot; · Acme Events');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const manifestHref = /<link rel="manifest" href="([^"]+)">/.exec(html)?.[1];
    expect(manifestHref).toBe(`/api/eventservices/public/events/${server.eventId}/manifest.webmanifest`);
    const manifest = JSON.parse(await (await fetch(`${server.url}${manifestHref}`)).text()) as { start_url: string; display: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ start_url: `/tabs/event-info?eventId=${server.eventId}`, display: 'standalone' });
    const icon = await fetch(`${server.url}${manifest.icons[0]!.src}`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    // The page keeps its event's manifest linked (the client's own URL carries the API version query).
    const linked = await stranger.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '');
    expect(new URL(linked, server.url).pathname).toBe(manifestHref);

    // The invitation, and its calendar file.
    await stranger.goto(iPath);
    await stranger.getByRole('heading', { name: /^Arjun invites you to / }).waitFor();
    await stranger.getByRole('link', { name: 'Register for this event' }).waitFor();
    expect(await stranger.locator('a[data-platform="googleCalender"]').getAttribute('href')).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
    await expectAccessible(stranger, 'invitation');
    await screenshot(stranger, 'share-invitation');
    const [download] = await Promise.all([stranger.waitForEvent('download'), stranger.getByRole('link', { name: 'Download calendar file (.ics)' }).click()]);
    const ics = await readFile((await download.path())!, 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    const card = await call<{ name: string; startDate: string }>('GET', `/api/eventservices/events/${server.eventId}`);
    expect(event.summary).toBe(card.name);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(card.startDate);

    // Private again: the card is gone, and the HTML names no one.
    await attendee.goto('/attendium/profile');
    await saveProfile(attendee, false);
    await stranger.goto(plPath);
    await stranger.getByText(/This profile is not available/).waitFor();
    const privateHtml = await (await fetch(`${server.url}${plPath}`)).text();
    expect(privateHtml).not.toContain('Attendee at');
    expect(privateHtml).not.toContain('Partnerships');

    expect(strangerWatch.errors).toEqual([]);
    expect(attendeeWatch.errors).toEqual([]);
  });

  it('the organiser turns WhatsApp off and renames the Google button on Share options; the invitation follows', async () => {
    expect(invitationPath).not.toBe('');
    const organiser = await (await newContext(browser, server.url)).newPage();
    const watch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/portal?eventId=${server.eventId}`);
    await organiser.getByRole('navigation', { name: /sections/i }).getByRole('link', { name: 'Share options' }).click();
    await organiser.getByRole('heading', { name: 'Share options' }).waitFor();
    const form = organiser.getByRole('form', { name: 'Share options' });
    await form.getByRole('checkbox', { name: 'WhatsApp — Active' }).uncheck();
    const google = form.locator('.mantine-Paper-root').filter({ has: organiser.getByRole('checkbox', { name: 'Google Calendar — Active' }) });
    await google.getByRole('textbox', { name: 'Button title' }).fill('Put it in my Google Calendar');
    await form.getByRole('button', { name: 'Save share options' }).click();
    await expect.poll(() => organiser.getByText('Share options saved').count()).toBeGreaterThan(0);
    await expect.poll(() => organiser.getByTestId('share-preview').textContent()).toContain('Put it in my Google Calendar');
    expect(await organiser.getByTestId('share-preview').textContent()).not.toContain('WhatsApp');
    await expectAccessible(organiser, 'share options');
    await screenshot(organiser, 'share-options');
    // Saved on the server: a reload shows it, and E-Badge Settings edits the same options.
    await organiser.reload();
    await expect.poll(() => organiser.getByRole('checkbox', { name: 'WhatsApp — Active' }).isChecked()).toBe(false);
    await organiser.goto(`/app/certificates/ebadge?eventId=${server.eventId}`);
    await expect.poll(() => organiser.getByRole('checkbox', { name: 'WhatsApp — Active' }).isChecked()).toBe(false);

    const stranger = await (await newContext(browser, server.url, PHONE)).newPage();
    await stranger.goto(invitationPath);
    await stranger.getByRole('heading', { name: /^Arjun invites you to / }).waitFor();
    await expect.poll(() => stranger.locator('a[data-platform="googleCalender"]').textContent()).toBe('Put it in my Google Calendar');
    expect(await stranger.locator('a[data-platform="whatsApp"]').count()).toBe(0);
    expect(watch.errors).toEqual([]);
  });
});
