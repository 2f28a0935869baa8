import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 18, meetings and matchmaking: the organiser has set meeting hours; on phones, from fresh browsers, the demo
 * exhibitor and the demo attendee (a buyer) each sign in through ei/{eventId}, open the Networking tab and go to
 * their matchmaking page (mm/{eventId-eventUserId}). The exhibitor offers distribution; the buyer looks for
 * distributors, sees the exhibitor as an explained match and requests a meeting in a free slot; the exhibitor
 * accepts; both find it in My schedule; a second request for that slot is refused.
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

/** A first-time participant: the event's sign-in page, then the Networking tab, then "Find my matches". */
async function toMatchmaking(account: { identifier: string; password: string }): Promise<Page> {
  const page = await (await newContext(browser, server.url, PHONE)).newPage();
  await signInAtEvent(page, server.eventId, account);
  await page.goto('/tabs/networking');
  await page.getByRole('link', { name: 'Find my matches' }).waitFor({ timeout: 30_000 });
  await expectAccessible(page, 'networking tab');
  await screenshot(page, 'meetings-networking-phone');
  await page.getByRole('link', { name: 'Find my matches' }).click();
  await page.getByRole('heading', { name: 'Matchmaking', level: 1 }).waitFor();
  return page;
}

async function addTags(page: Page, label: string, tags: string[]) {
  const input = page.getByRole('textbox', { name: label });
  for (const tag of tags) {
    await input.fill(tag);
    await input.press('Enter');
  }
}

describe('meetings and matchmaking', () => {
  it('a buyer finds an explained match, requests a meeting, the exhibitor accepts, both see it in My schedule, and the slot is then refused', async () => {
    // The organiser's meeting hours on the event's first day (set through the API: this journey is the participants').
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    await logInAsOrganiser(organiser);
    const event = await organiserCallInPage<{ startDate: string }>(organiser, 'GET', `/api/eventservices/events/${server.eventId}`);
    await organiserCallInPage(organiser, 'PUT', `/api/eventservices/events/${server.eventId}/meetings/settings`, { days: [{ date: event.startDate, start: '10:00', end: '11:30' }], slotMinutes: 30, loungeTables: 2 });

    const exhibitor = await toMatchmaking(EXHIBITOR);
    const exWatch = watchPage(exhibitor);
    await addTags(exhibitor, 'I offer', ['distribution']);
    await addTags(exhibitor, 'Interests', ['Renewable energy']);
    await exhibitor.getByRole('button', { name: 'Save and find matches' }).click();
    await exhibitor.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });

    const buyer = await toMatchmaking(BUYER);
    const buyWatch = watchPage(buyer);
    await addTags(buyer, 'I am looking for', ['distributors']);
    await addTags(buyer, 'Interests', ['renewable energy']);
    await buyer.getByRole('button', { name: 'Save and find matches' }).click();
    const match = buyer.getByRole('article').filter({ hasText: 'you look for distributors, they offer distribution' });
    await match.waitFor({ timeout: 15_000 });
    expect(await match.innerText()).toContain('both in renewable energy');
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(buyer, 'matchmaking on a phone');
    await screenshot(buyer, 'meetings-matches-phone');

    await match.getByRole('button', { name: /^Request a meeting/ }).click();
    const dialog = buyer.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Time slot' }).waitFor();
    const slot = await dialog.getByRole('combobox', { name: 'Time slot' }).inputValue();
    expect(slot).toBe(`${event.startDate}T10:00`);
    await expectAccessible(buyer, 'meeting request');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const pending = buyer.getByRole('article', { name: /^With / });
    await pending.getByText('Pending', { exact: true }).waitFor({ timeout: 15_000 });

    // The exhibitor's home tells them a request waits; they open it from there and accept.
    await exhibitor.goto('/tabs/event-info');
    await exhibitor.getByText('1 meeting request waits for your answer').waitFor({ timeout: 30_000 });
    await exhibitor.getByRole('link', { name: 'Matchmaking & meetings' }).click();
    const request = exhibitor.getByRole('article', { name: /^With / });
    await request.getByRole('button', { name: /^Accept: / }).click({ timeout: 15_000 });
    await request.getByText('Approved', { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(exhibitor, 'meetings-accepted-phone');

    // Both find it in My schedule.
    for (const page of [buyer, exhibitor]) {
      await page.goto('/tabs/session-list');
      await page.getByText('My schedule').click({ timeout: 30_000 });
      const mine = page.getByRole('article', { name: /^With .*, .* 10:00$/ });
      await mine.getByText('Approved', { exact: true }).waitFor({ timeout: 15_000 });
    }
    await expectAccessible(buyer, 'my schedule with a meeting');
    await screenshot(buyer, 'meetings-my-schedule-phone');

    // A second request for that slot (the buyer again, as a client would send it) is refused with 409.
    const second = await buyer.evaluate(
      async ({ eventId, slot }) => {
        const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string };
        const ev = JSON.parse(localStorage.getItem('eventData') ?? 'null') as { accessCodeToken: string };
        const mine = (await (await fetch(`/api/eventservices/events/${eventId}/meetings/mine`, { headers: { authorization: `Bearer ${auth.accessToken}`, 'x-user-access-token': ev.accessCodeToken } })).json()) as {
          data: { meetings: { invitee: { eventUserId: string } }[] };
        };
        const res = await fetch(`/api/eventservices/events/${eventId}/meetings/requests`, {
          method: 'POST',
          headers: { authorization: `Bearer ${auth.accessToken}`, 'x-user-access-token': ev.accessCodeToken, 'content-type': 'application/json' },
          body: JSON.stringify({ inviteeEventUserId: mine.data.meetings[0]!.invitee.eventUserId, slot, place: 2, mode: 1, type: 2, booth: null, message: '' }),
        });
        return { status: res.status, code: ((await res.json()) as { code: string }).code };
      },
      { eventId: server.eventId, slot },
    );
    expect(second).toEqual({ status: 409, code: 'MEETING_PERSON_BUSY' });

    // The organiser finds it among the Scheduled Meetings.
    await organiser.goto(`/app/meetings?eventId=${server.eventId}`);
    await organiser.getByRole('heading', { name: 'Networking & meetings' }).first().waitFor({ timeout: 30_000 });
    await organiser.getByRole('tab', { name: 'Scheduled Meetings' }).click();
    await organiser.getByRole('cell', { name: /→ Esha Exhibitor$/ }).waitFor({ timeout: 15_000 });
    await expectAccessible(organiser, 'organiser meetings');
    await screenshot(organiser, 'meetings-organiser');

    // The organiser schedules the same two people on their behalf: the slot they already meet in is refused with
    // who is busy, the next one is booked as Scheduled, and the organiser then cancels it on their behalf.
    const orgWatch = watchPage(organiser);
    await organiser.getByRole('button', { name: 'Schedule a meeting' }).click();
    const form = organiser.getByRole('form', { name: 'Schedule a meeting' });
    const pick = async (label: string, typed: string, name: string) => {
      await form.getByRole('textbox', { name: label }).fill(typed);
      await organiser.getByRole('option', { name }).click({ timeout: 15_000 });
    };
    await pick('First participant', 'arj', 'Arjun Attendee');
    await pick('Second participant', 'esh', 'Esha Exhibitor');
    await form.getByRole('combobox', { name: 'Time slot' }).selectOption(slot);
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await form.getByRole('alert').getByText(/already has a meeting at/).waitFor({ timeout: 15_000 });
    // The hours are 10:00-11:30 in 30-minute slots: 10:30 and 11:00 are free for both.
    const next = `${slot.slice(0, 11)}10:30`;
    const last = `${slot.slice(0, 11)}11:00`;
    await form.getByRole('combobox', { name: 'Time slot' }).selectOption(next);
    await expectAccessible(organiser, 'schedule a meeting');
    await screenshot(organiser, 'meetings-organiser-schedule');
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await organiser.getByText('Meeting scheduled').first().waitFor({ timeout: 15_000 });
    // Booked by the organiser: Approved, answered "Scheduled" (SPEC §4's second labelling).
    const booked = organiser.getByRole('row').filter({ hasText: next.replace('T', ' ') });
    await booked.getByText('Scheduled', { exact: true }).waitFor({ timeout: 15_000 });
    // The organiser moves it for both sides: onto the slot they already meet in is refused in the dialog, saying who is
    // busy; the free 11:00 slot is taken at once (nobody has to accept it).
    await booked.getByRole('button', { name: /^Move: Arjun Attendee → Esha Exhibitor/ }).click();
    const moveDialog = organiser.getByRole('dialog', { name: 'Move the meeting: Arjun Attendee → Esha Exhibitor' });
    await moveDialog.getByRole('combobox', { name: 'New time' }).selectOption(slot);
    await moveDialog.getByRole('button', { name: 'Move the meeting' }).click();
    await moveDialog.getByRole('alert').getByText(/already has a meeting at/).waitFor({ timeout: 15_000 });
    await moveDialog.getByRole('combobox', { name: 'New time' }).selectOption(last);
    await expectAccessible(organiser, 'move a meeting');
    await moveDialog.getByRole('button', { name: 'Move the meeting' }).click();
    await moveDialog.waitFor({ state: 'detached', timeout: 15_000 });
    await organiser.getByText(/^Meeting moved: Arjun Attendee → Esha Exhibitor/).first().waitFor({ timeout: 15_000 });
    const row = organiser.getByRole('row').filter({ hasText: last.replace('T', ' ') });
    await row.getByText('Scheduled', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await organiser.getByRole('row').filter({ hasText: next.replace('T', ' ') }).count()).toBe(0);
    await row.getByRole('button', { name: /^Cancel meeting: Arjun Attendee → Esha Exhibitor/ }).click();
    await organiser.getByText('Cancelled: Arjun Attendee → Esha Exhibitor').first().waitFor({ timeout: 15_000 });
    await organiser.getByRole('tab', { name: 'Meetings', exact: true }).click();
    await organiser.getByRole('row').filter({ hasText: last.replace('T', ' ') }).getByText('Cancelled', { exact: true }).waitFor({ timeout: 15_000 });

    // The buyer appears in the networking directory (their registration's profile); the exhibitor asks for a meeting
    // from the buyer's card there, in the slot the organiser's cancellation freed.
    await buyer.goto('/tabs/event-info');
    await buyer.getByRole('link', { name: 'My profile' }).click({ timeout: 30_000 });
    await buyer.getByRole('switch', { name: 'Appear in the networking directory' }).check({ force: true });
    await buyer.getByRole('textbox', { name: 'Country' }).fill('Indi');
    await buyer.getByRole('option', { name: 'India', exact: true }).click();
    await buyer.getByRole('button', { name: 'Save profile' }).click();
    await buyer.getByText('Profile saved').first().waitFor();
    await exhibitor.goto('/tabs/networking');
    // The directory filters by the country people give in their profile.
    await exhibitor.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'India' }, { timeout: 30_000 });
    await exhibitor.getByText('1 person', { exact: true }).waitFor({ timeout: 15_000 });
    const card = exhibitor.getByRole('article', { name: 'Arjun Attendee' });
    await card.getByRole('button', { name: 'Request a meeting with Arjun Attendee' }).click({ timeout: 30_000 });
    const fromCard = exhibitor.getByRole('dialog');
    await expect.poll(() => fromCard.getByRole('combobox', { name: 'Time slot' }).inputValue(), { timeout: 15_000 }).toBe(next);
    await fromCard.getByRole('button', { name: 'Send request' }).click();
    await fromCard.waitFor({ state: 'detached', timeout: 15_000 });
    await exhibitor.getByText('Request sent to Arjun Attendee').first().waitFor({ timeout: 15_000 });
    await expectAccessible(exhibitor, 'networking tab with a request');
    expect([...exWatch.errors, ...buyWatch.errors, ...orgWatch.errors]).toEqual([]);
  }, 150_000);
});
