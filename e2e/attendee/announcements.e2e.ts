import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';

/*
 * Issue 17, announcements: the demo attendee has the event app open on a phone (signed in at ei/{eventId}, a fresh
 * browser). The organiser, in another browser, opens Announcements from the dashboard menu and sends one to everyone
 * in the event. It arrives live on the phone as a toast and the bell's unread count goes up; the attendee opens the
 * notifications, marks it read, then marks everything read; the organiser's list shows it was read. Then a meeting the
 * organiser books for the attendee arrives the same way (issue 18's notices in the app), and the home's Meetings card
 * refreshes without a reload.
 */
const ATTENDEE = { email: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const TITLE = 'Keynote moved to Hall B';
const BODY = 'The opening keynote starts at 10:30 in Hall B. Coffee is served from 10:00.';

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

/** The bell's unread count, read from its accessible name ("Notifications" or "Notifications, 3 unread"). */
async function unreadOf(page: Page): Promise<number> {
  const name = (await page.getByTestId('notifications-bell').getAttribute('aria-label')) ?? '';
  const m = /(\d+) unread/.exec(name);
  return m ? Number(m[1]) : 0;
}

describe('announcements (issue 17)', () => {
  it('an organiser announcement reaches an attendee live, stays in the inbox, and is marked read', async () => {
    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    const phoneWatch = watchPage(phone);
    await phone.goto(`/ei/${server.eventId}`);
    await phone.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
    await phone.getByLabel(/email or mobile/i).fill(ATTENDEE.email);
    await phone.getByLabel(/^password/i).fill(ATTENDEE.password);
    const inboxLoaded = phone.waitForResponse((r) => r.url().includes('/api/notifyservices/') && r.url().includes('/notifications'), { timeout: 60_000 });
    await phone.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await phone.waitForURL('**/attendium*');
    const bell = phone.getByTestId('notifications-bell');
    await bell.waitFor({ timeout: 30_000 });
    // The inbox has loaded (the label is set from it) before counting what was there already.
    await inboxLoaded;
    await phone.waitForTimeout(300);
    const before = await unreadOf(phone);

    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app?eventId=${server.eventId}`);
    await organiser.getByRole('link', { name: 'Announcements' }).click({ timeout: 30_000 });
    await organiser.getByRole('heading', { name: 'Announcements', level: 1 }).waitFor();
    await organiser.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await organiser.getByRole('textbox', { name: 'Message' }).fill(BODY);
    await organiser.getByRole('radio', { name: /^Everyone in the event/ }).check();
    await organiser.getByRole('button', { name: 'Send now' }).click();
    await organiser.getByText(/^Sent to \d+ (person|people)$/).first().waitFor({ timeout: 15_000 });
    const row = organiser.getByTestId('announcements-table').getByRole('row').filter({ hasText: TITLE });
    await row.waitFor();

    // Live on the phone: the toast (looked at first: it closes by itself), and the bell's count one higher.
    await phone.getByText(TITLE).first().waitFor({ timeout: 15_000 });
    await phone.getByText(BODY).first().waitFor();
    // The live toast (title and text) passes axe as well.
    await expectAccessible(phone, 'live announcement toast');
    await screenshot(phone, 'announcements-toast-phone');
    await expect.poll(() => unreadOf(phone), { timeout: 15_000 }).toBe(before + 1);
    expect(await phone.getByTestId('notifications-badge').innerText()).toBe(String(before + 1));
    await expectAccessible(organiser, 'announcements page');
    await screenshot(organiser, 'announcements-organiser');

    // The inbox: the announcement unread at the top; mark it read, then everything.
    await bell.click();
    const drawer = phone.getByRole('dialog', { name: 'Notifications' });
    await drawer.waitFor();
    const item = drawer.getByTestId('notification-item').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    await expectAccessible(phone, 'notifications inbox on a phone');
    await screenshot(phone, 'announcements-inbox-phone');
    await item.getByRole('button', { name: `Mark as read: ${TITLE}` }).click();
    await expect.poll(() => item.getAttribute('data-unread')).toBeNull();
    await expect.poll(() => unreadOf(phone)).toBe(before);
    if (before > 0) {
      await drawer.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadOf(phone)).toBe(0);
    }
    await drawer.getByText('All caught up').waitFor();
    expect(await phone.getByTestId('notifications-badge').count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.keyboard.press('Escape');

    // The organiser's list counts the read.
    await organiser.reload();
    const readRow = organiser.getByTestId('announcements-table').getByRole('row').filter({ hasText: TITLE });
    await readRow.waitFor({ timeout: 15_000 });
    expect(await readRow.innerText()).toMatch(/\b1 of \d+/);

    // The meetings bridge: the organiser books the attendee a meeting (set-up through the API); the notice arrives on the
    // phone as a toast, in the bell's count, and the home's Meetings card reads the meetings again (no reload).
    const event = await organiserCallInPage<{ startDate: string }>(organiser, 'GET', `/api/eventservices/events/${server.eventId}`);
    await organiserCallInPage(organiser, 'PUT', `/api/eventservices/events/${server.eventId}/meetings/settings`, { days: [{ date: event.startDate, start: '10:00', end: '12:00' }], slotMinutes: 30, loungeTables: 4 });
    const me = await phone.evaluate(() => (JSON.parse(localStorage.getItem('eventData') ?? 'null') as { eventUserId: string }).eventUserId);
    const people = await organiserCallInPage<{ items: { eventUserId: string; name: string }[] }>(organiser, 'GET', `/api/eventservices/events/${server.eventId}/meetings/participants`);
    const other = people.items.find((p) => p.eventUserId !== me)!;
    const cardRefetched = phone.waitForResponse((r) => r.url().includes('/meetings/mine') && r.request().method() === 'GET', { timeout: 15_000 });
    await organiserCallInPage(organiser, 'POST', `/api/eventservices/events/${server.eventId}/meetings`, { requesterEventUserId: other.eventUserId, inviteeEventUserId: me, slot: `${event.startDate}T11:30`, place: 2, mode: 1, type: 2, booth: null, message: '' });
    await phone.getByText('Meeting scheduled').first().waitFor({ timeout: 15_000 });
    await cardRefetched;
    await expect.poll(() => unreadOf(phone), { timeout: 15_000 }).toBe(1);
    await screenshot(phone, 'announcements-meeting-notice-phone');

    expect(phoneWatch.errors).toEqual([]);
    expect(orgWatch.errors).toEqual([]);
  });
});
