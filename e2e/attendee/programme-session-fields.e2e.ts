import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 16, the session's other fields: the organiser gives a session a moderator, a sponsor, tags and a ticket
 * restriction in the session form; the demo attendee (a "Conference delegate") on a phone sees it in the Schedule
 * with its moderator, sponsor and "For Trade visitor entry holders", cannot book it, and filters the Schedule by tag.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const TITLE = 'Investor breakfast';

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

describe('programme session fields', () => {
  it('a restricted, tagged session with a moderator and a sponsor: shown to a holder of another ticket who cannot book it, and found by its tag on a phone', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    const event = await organiserCallInPage<{ startDate: string }>(organiser, 'GET', `/api/eventservices/events/${server.eventId}`);
    await organiser.goto(`/app/sessions/list?eventId=${server.eventId}`);
    await organiser.getByRole('heading', { name: 'Sessions & agenda' }).waitFor({ timeout: 30_000 });
    await organiser.getByRole('button', { name: 'New session' }).first().click();
    const d = organiser.getByRole('dialog');
    await d.waitFor();
    await d.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await d.getByLabel('Starts').fill(`${event.startDate}T07:00`);
    await d.getByLabel('Ends').fill(`${event.startDate}T08:00`);
    const pick = async (field: string, option: string) => {
      await d.getByRole('textbox', { name: field }).click();
      await organiser.getByRole('option', { name: option }).click();
      await organiser.keyboard.press('Escape');
    };
    await pick('Moderators', 'Lena Fischer');
    await pick('Sponsors', 'Rhein Ventures');
    await pick('Only for ticket holders', 'Trade visitor entry');
    const tags = d.getByRole('textbox', { name: 'Tags' });
    for (const tag of ['Breakfast', 'Finance']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await d.getByRole('textbox', { name: 'Capacity' }).fill('20');
    await d.getByRole('switch', { name: 'Booking required' }).check({ force: true });
    await d.getByRole('textbox', { name: 'Stream URL' }).waitFor();
    await screenshot(organiser, 'programme-session-fields-form');
    await d.getByRole('button', { name: 'Save' }).click();
    await d.waitFor({ state: 'detached', timeout: 15_000 });
    await organiser.getByRole('cell', { name: new RegExp(`^${TITLE}`) }).waitFor();

    // The demo attendee holds a "Conference delegate" ticket, not the one the session is for.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/tabs/session-list');
    const card = attendee.getByRole('article', { name: TITLE });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('For Trade visitor entry holders').waitFor();
    await card.getByText('Moderator: Lena Fischer').waitFor();
    await card.getByText('Rhein Ventures').waitFor();
    const book = card.getByRole('button', { name: `Book a seat: ${TITLE}` });
    expect(await book.isDisabled()).toBe(true);
    await card.getByText('Your ticket does not include this session').waitFor();
    // No star either: the server refuses it for this ticket.
    expect(await card.getByRole('button', { name: `Bookmark: ${TITLE}` }).count()).toBe(0);

    // The tag filter beside track and room: only the sessions with that tag.
    await attendee.getByRole('combobox', { name: 'Tag' }).selectOption({ label: '#Breakfast' });
    await expect.poll(() => attendee.getByRole('article').count()).toBe(1);
    expect(await attendee.getByRole('article').getByRole('heading').innerText()).toBe(TITLE);
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'restricted session on a phone');
    await screenshot(attendee, 'programme-session-fields-phone');
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 120_000);
});
