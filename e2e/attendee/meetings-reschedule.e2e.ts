import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 18, rescheduling a meeting: the demo buyer and the demo exhibitor have an accepted meeting at 10:00 (the
 * organiser scheduled it for both). On a phone, from a fresh browser, the buyer signs in through ei/{eventId}, opens
 * their meetings from the home and proposes a new time in a free slot; the meeting keeps 10:00 meanwhile. The
 * exhibitor, on another phone, sees the proposal and accepts it; both then find the meeting at the new time in My
 * schedule, and the calendar file carries it with SEQUENCE 1.
 */
const BUYER = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
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

/** A first-time participant on a phone: the event's sign-in page, then the home's "Matchmaking & meetings". */
async function toMyMeetings(account: { identifier: string; password: string }): Promise<Page> {
  const page = await (await newContext(browser, server.url, PHONE)).newPage();
  await signInAtEvent(page, server.eventId, account);
  await page.goto('/tabs/event-info');
  await page.getByRole('link', { name: 'Matchmaking & meetings' }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Matchmaking', level: 1 }).waitFor();
  return page;
}

describe('rescheduling a meeting', () => {
  it('the buyer proposes a new time on a phone, the exhibitor accepts, both see the new time in My schedule', async () => {
    // The organiser's meeting hours on the event's first day, and a meeting they scheduled for both at 10:00.
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    await logInAsOrganiser(organiser);
    const ev = `/api/eventservices/events/${server.eventId}`;
    const event = await organiserCallInPage<{ startDate: string }>(organiser, 'GET', ev);
    await organiserCallInPage(organiser, 'PUT', `${ev}/meetings/settings`, { days: [{ date: event.startDate, start: '10:00', end: '11:30' }], slotMinutes: 30, loungeTables: 2 });
    const who = async (q: string) => (await organiserCallInPage<{ items: { eventUserId: string }[] }>(organiser, 'GET', `${ev}/meetings/participants?q=${q}`)).items[0]!.eventUserId;
    const [buyerId, exhibitorId] = [await who('arjun'), await who('esha')];
    await organiserCallInPage(organiser, 'POST', `${ev}/meetings`, { requesterEventUserId: buyerId, inviteeEventUserId: exhibitorId, slot: `${event.startDate}T10:00`, place: 2, mode: 1, type: 2, booth: null, message: 'Distribution talk' });

    const buyer = await toMyMeetings(BUYER);
    const buyWatch = watchPage(buyer);
    const meeting = buyer.getByRole('article', { name: /^With Esha Exhibitor, .* 10:00$/ });
    await meeting.getByText('Scheduled', { exact: true }).waitFor({ timeout: 15_000 });
    await meeting.getByRole('button', { name: 'Propose a new time: With Esha Exhibitor' }).click();
    const dialog = buyer.getByRole('dialog');
    const select = dialog.getByRole('combobox', { name: 'New time' });
    await select.waitFor({ timeout: 15_000 });
    // The free slots for both, without the meeting's own 10:00.
    const offered = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toEqual([`${event.startDate}T10:30`, `${event.startDate}T11:00`]);
    await select.selectOption(`${event.startDate}T11:00`);
    await expectAccessible(buyer, 'propose a new time');
    await screenshot(buyer, 'meetings-reschedule-propose-phone');
    await dialog.getByRole('button', { name: 'Propose this time' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    // The meeting keeps 10:00 until Esha answers; the proposal is shown, waiting.
    const proposal = meeting.getByRole('group', { name: /^New time: .* 11:00$/ });
    await proposal.getByText('You proposed a new time').waitFor({ timeout: 15_000 });
    await proposal.getByText('Waiting for Esha Exhibitor to answer').waitFor();
    expect(await proposal.getByText('Pending', { exact: true }).isVisible()).toBe(true);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(buyer, 'a proposed new time');
    await meeting.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'meetings-reschedule-proposed-phone');

    const exhibitor = await toMyMeetings(EXHIBITOR);
    const exWatch = watchPage(exhibitor);
    const theirs = exhibitor.getByRole('article', { name: /^With Arjun Attendee, .* 10:00$/ });
    await theirs.getByText('Arjun Attendee proposes a new time').waitFor({ timeout: 15_000 });
    await expectAccessible(exhibitor, 'a new time to answer');
    await theirs.scrollIntoViewIfNeeded();
    await screenshot(exhibitor, 'meetings-reschedule-answer-phone');
    await theirs.getByRole('button', { name: 'Accept new time: With Arjun Attendee' }).click();
    await exhibitor.getByText('New time accepted').first().waitFor({ timeout: 15_000 });
    await exhibitor.getByRole('article', { name: /^With Arjun Attendee, .* 11:00$/ }).getByText('Scheduled', { exact: true }).waitFor({ timeout: 15_000 });

    // Both find it at the new time in My schedule; 10:00 is gone.
    for (const [page, other] of [
      [buyer, 'Esha Exhibitor'],
      [exhibitor, 'Arjun Attendee'],
    ] as const) {
      await page.goto('/tabs/session-list');
      await page.getByText('My schedule').click({ timeout: 30_000 });
      await page.getByRole('article', { name: new RegExp(`^With ${other}, .* 11:00$`) }).getByText('Scheduled', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('article', { name: new RegExp(`^With ${other}, .* 10:00$`) }).count()).toBe(0);
    }
    await expectAccessible(buyer, 'my schedule after the new time');
    await screenshot(buyer, 'meetings-reschedule-my-schedule-phone');
    await screenshot(exhibitor, 'meetings-reschedule-my-schedule-exhibitor-phone');

    // The calendar file carries the new time (10:00 UTC+x → the event zone's 11:00) as a new SEQUENCE of the same entry.
    const ics = await buyer.evaluate(async (eventId) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string };
      const evd = JSON.parse(localStorage.getItem('eventData') ?? 'null') as { accessCodeToken: string };
      const res = await fetch(`/api/eventservices/events/${eventId}/meetings/mine/calendar.ics`, { headers: { authorization: `Bearer ${auth.accessToken}`, 'x-user-access-token': evd.accessCodeToken } });
      return res.text();
    }, server.eventId);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('SUMMARY:Meeting with Esha Exhibitor');
    expect([...buyWatch.errors, ...exWatch.errors]).toEqual([]);
  }, 150_000);
});
