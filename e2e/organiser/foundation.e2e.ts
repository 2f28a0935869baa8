import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

const ORGANISER = { email: 'organiser@demo.pavilion', password: 'Organiser@2026' };

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

async function logIn(page: Page, who = ORGANISER) {
  await page.goto('/');
  await page.getByLabel(/email or mobile/i).fill(who.email);
  await page.getByLabel(/^password/i).fill(who.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
}

const storedAuth = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string; refreshToken: string; userData: { id: string } } | null);

describe('organiser foundation journey', () => {
  it('logs in, lands on /list/events, creates an event, opens it in /app, edits it and logs out', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto('/');
    await expectAccessible(page, 'login');
    await screenshot(page, 'foundation-login');
    await logIn(page);
    await page.waitForURL('**/list/events');
    await expect.poll(() => page.getByRole('link', { name: /Pavilion Demo Expo 2027/ }).count()).toBeGreaterThan(0);
    await expectAccessible(page, '/list/events');

    await page.getByRole('button', { name: 'Create event' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Event name').fill('Harbour Tech Summit');
    await dialog.getByLabel('Start date').fill('2027-06-10');
    await dialog.getByLabel('End date').fill('2027-06-08');
    await dialog.getByLabel('Venue').fill('Pier 4, Harbour City');
    await dialog.getByRole('textbox', { name: /time zone/i }).fill('Europe/Lisbon');
    await page.getByRole('option', { name: /Lisbon/ }).first().click();
    await dialog.getByRole('button', { name: 'Create event' }).click();
    // The end date before the start is refused with the spec's notEquivalent message.
    await expect.poll(() => dialog.getByText(/end date must not be before/i).count()).toBeGreaterThan(0);
    await dialog.getByLabel('End date').fill('2027-06-12');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Harbour Tech Summit' }).count()).toBe(1);
    await screenshot(page, 'foundation-events-list');

    await page.getByRole('link', { name: 'Harbour Tech Summit' }).click();
    await page.waitForURL(/\/app/);
    await expect.poll(() => page.getByRole('heading', { name: 'Harbour Tech Summit' }).count()).toBeGreaterThan(0);
    await expectAccessible(page, '/app');
    await screenshot(page, 'foundation-app-overview');

    await page.getByRole('link', { name: /event settings/i }).first().click();
    await page.waitForURL(/\/app\/settings/);
    await page.getByLabel('Event name').fill('Harbour Tech Summit 2027');
    await page.getByRole('button', { name: /save/i }).click();
    await expect.poll(() => page.getByText('Event saved').count()).toBeGreaterThan(0);
    await expectAccessible(page, '/app/settings');

    // The change is stored on the server, not only in the page.
    const auth = await storedAuth(page);
    const list = await page.evaluate(async (token) => {
      const res = await fetch('/api/eventservices/events?search=Harbour&v=0.3', { headers: { authorization: `Bearer ${token}` } });
      return res.json();
    }, auth!.accessToken);
    expect(list.data.items.map((e: { name: string }) => e.name)).toEqual(['Harbour Tech Summit 2027']);

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedAuth(page)).toBeNull();
    // The refresh token was revoked by logoutUser.
    const refresh = await page.evaluate(
      async ({ token, userId }) => (await fetch(`/api/auth/generate/accessToken?userId=${userId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status,
      { token: auth!.refreshToken, userId: auth!.userData.id },
    );
    expect(refresh).toBe(401);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('blocks the login page for a logged-in user and shows an error page for an unknown route', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await logIn(page);
    await page.waitForURL('**/list/events');
    await page.goto('/');
    await page.waitForURL('**/list/events');
    await page.goto(`/ei/${server.eventId}`);
    await page.waitForURL('**/list/events');
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await expectAccessible(page, 'error page');
    await screenshot(page, 'foundation-not-found');
    await context.close();
  });

  it('renews the access token near expiry, under a fake clock', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.clock.install();
    await logIn(page);
    await page.waitForURL('**/list/events');
    const before = await storedAuth(page);
    // Keep the user active while 13.5 minutes pass: only the 2-minute refresh rule should act.
    for (let i = 0; i < 27; i++) {
      await page.mouse.move(10 + i, 10 + i);
      await page.clock.runFor(30_000);
    }
    await expect.poll(async () => (await storedAuth(page))?.accessToken).not.toBe(before!.accessToken);
    const after = await storedAuth(page);
    expect(after!.refreshToken).not.toBe(before!.refreshToken);
    expect(page.url()).toContain('/list/events');
    await context.close();
  });

  it('logs out after 20 minutes without activity, under a fake clock', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.clock.install();
    await logIn(page);
    await page.waitForURL('**/list/events');
    await page.clock.runFor(19 * 60_000);
    expect(page.url()).toContain('/list/events');
    await page.clock.runFor(70_000);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedAuth(page)).toBeNull();
    await context.close();
  });

  it('shows the session-expired dialog when a refresh is rejected; Escape logs out', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.clock.install();
    await logIn(page);
    await page.waitForURL('**/list/events');
    const auth = await storedAuth(page);
    // Revoke the session's refresh token behind the page's back (as another tab's logout would).
    await page.evaluate(async (token) => {
      await fetch('/api/auth/logoutUser', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    }, auth!.refreshToken);
    for (let i = 0; i < 28; i++) {
      await page.mouse.move(20 + i, 20 + i);
      await page.clock.runFor(30_000);
    }
    const dialog = page.getByRole('dialog', { name: 'Your Session is expired' });
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => dialog.getByRole('button', { name: 'Login Again' }).count()).toBe(1);
    await page.waitForTimeout(400); // let the modal's enter transition finish before the picture
    await screenshot(page, 'foundation-session-expired');
    // Clicking outside does not close it.
    await page.mouse.click(5, 700);
    expect(await dialog.count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedAuth(page)).toBeNull();
    await context.close();
  });

  it('asks small screens to switch to desktop on the organiser dashboard, not on the login page', async () => {
    const context = await newContext(browser, server.url, { width: 375, height: 740 });
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByLabel(/email or mobile/i).count()).toBe(1);
    await page.waitForTimeout(1000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await logIn(page);
    await page.waitForURL('**/list/events');
    const dialog = page.getByRole('dialog', { name: 'Maximize Your Experience on Desktop' });
    await expect.poll(() => dialog.count()).toBe(1);
    await screenshot(page, 'foundation-desktop-dialog-375');
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectAccessible(page, 'events list at 375px');
    // Once per session: another dashboard page does not ask again.
    await page.goto('/app');
    await page.waitForTimeout(1000);
    expect(await dialog.count()).toBe(0);
    await context.close();
  });
});

describe('attendee foundation journey', () => {
  it('logs in at ei/{eventId} for one event and reaches the attendee area', async () => {
    const context = await newContext(browser, server.url, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`/ei/${server.eventId}`);
    await expect.poll(() => page.getByText('Pavilion Demo Expo 2027').count()).toBeGreaterThan(0);
    // The attendee's login and area are made for phones: no "switch to desktop" dialog.
    await page.waitForTimeout(1000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, 'ei login');
    await page.getByLabel(/email or mobile/i).fill('attendee@demo.pavilion');
    await page.getByLabel(/^password/i).fill('Attendee@2026');
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await page.waitForURL('**/attendium**');
    const eventData = await page.evaluate(() => JSON.parse(localStorage.getItem('eventData') ?? 'null'));
    expect(eventData).toMatchObject({ eventId: server.eventId, eventUserId: expect.any(String), accessCodeToken: expect.any(String) });
    await expect.poll(() => page.getByText('Pavilion Demo Expo 2027').count()).toBeGreaterThan(0);
    await expectAccessible(page, '/attendium');
    await screenshot(page, 'foundation-attendee-home-390');
    await context.close();
  });
});
