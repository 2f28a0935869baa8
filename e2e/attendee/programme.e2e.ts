import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Browser, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 16, the first slice of the programme: the organiser adds two rooms, a speaker and two sessions in the
 * Sessions & agenda section and is told about a speaker clash; the demo attendee, on a phone, signs in through
 * ei/{eventId}, opens the Schedule tab, books a session, finds it in My schedule and downloads its calendar file.
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

async function addInModal(page: Page, button: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

describe('programme', () => {
  it('the organiser builds a day and is told about a speaker clash; an attendee on a phone books a session and takes it to a calendar', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    const event = await organiserCallInPage<{ startDate: string; timeZone: string }>(organiser, 'GET', `/api/eventservices/events/${server.eventId}`);
    const day = event.startDate;

    // Rooms.
    await organiser.goto(`/app/sessions/rooms?eventId=${server.eventId}`);
    await organiser.getByRole('heading', { name: 'Sessions & agenda' }).waitFor({ timeout: 30_000 });
    for (const [name, capacity] of [['Main hall', '300'], ['Workshop room', '2']] as const) {
      await addInModal(organiser, 'New room', async (d) => {
        await d.getByRole('textbox', { name: 'Name' }).fill(name);
        await d.getByRole('textbox', { name: 'Capacity' }).fill(capacity);
      });
      await organiser.getByRole('cell', { name, exact: true }).waitFor();
    }

    // A speaker.
    await organiser.getByRole('navigation', { name: 'Programme sections' }).getByRole('link', { name: 'Speakers', exact: true }).click();
    await addInModal(organiser, 'New speaker', async (d) => {
      await d.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
      await d.getByRole('textbox', { name: 'Company' }).fill('Navy Labs');
      await d.getByRole('textbox', { name: 'Biography' }).fill('Compilers, and nanoseconds on a wire.');
    });
    await organiser.getByText('Grace Hopper').waitFor();

    // Two sessions with the same speaker: the second at an overlapping time is refused, naming the first.
    await organiser.getByRole('navigation', { name: 'Programme sections' }).getByRole('link', { name: 'Sessions', exact: true }).click();
    const session = async (title: string, room: string, start: string, end: string, booking: boolean) => {
      await addInModal(organiser, 'New session', async (d) => {
        await d.getByRole('textbox', { name: 'Title' }).fill(title);
        await d.getByRole('combobox', { name: 'Room' }).selectOption({ label: room });
        await d.getByLabel('Starts').fill(`${day}T${start}`);
        await d.getByLabel('Ends').fill(`${day}T${end}`);
        await d.getByRole('textbox', { name: 'Speakers' }).click();
        await organiser.getByRole('option', { name: 'Grace Hopper' }).click();
        await organiser.keyboard.press('Escape');
        if (booking) {
          await d.getByRole('textbox', { name: 'Capacity' }).fill('2');
          await d.getByRole('switch', { name: 'Booking required' }).check({ force: true });
        }
      });
    };
    await session('Compilers for everyone', 'Main hall', '10:00', '11:00', false);
    await organiser.getByRole('dialog').waitFor({ state: 'detached' });
    await session('Debugging hands-on', 'Workshop room', '10:30', '12:00', true);
    const dialog = organiser.getByRole('dialog');
    await dialog.getByText(/Grace Hopper already speaks at that time in the session "Compilers for everyone"/).waitFor({ timeout: 15_000 });
    await expectAccessible(organiser, 'session clash');
    await screenshot(organiser, 'programme-clash');
    await dialog.getByLabel('Starts').fill(`${day}T11:00`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await organiser.getByRole('cell', { name: /^Debugging hands-on/ }).waitFor();

    await organiser.getByRole('navigation', { name: 'Programme sections' }).getByRole('link', { name: 'Day grid', exact: true }).click();
    await organiser.getByRole('table', { name: /Sessions of / }).getByRole('button', { name: 'Debugging hands-on, 11:00–12:00' }).waitFor({ timeout: 15_000 });
    await screenshot(organiser, 'programme-grid');

    // The attendee, on a phone, from a fresh browser.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/tabs/session-list');
    const card = attendee.getByRole('article', { name: 'Debugging hands-on' });
    await card.waitFor({ timeout: 30_000 });
    expect(await attendee.getByText(`Times in ${event.timeZone}`).count()).toBe(1);
    await card.getByText('11:00–12:00').waitFor();
    await card.getByRole('button', { name: 'Book a seat: Debugging hands-on' }).click();
    await card.getByText('Booked', { exact: true }).waitFor({ timeout: 15_000 });
    await card.getByText('1 seat left').waitFor();
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'schedule on a phone');
    await screenshot(attendee, 'programme-schedule-phone');

    await attendee.getByText('My schedule').click();
    const mine = attendee.getByRole('article');
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.getByRole('heading').innerText()).toBe('Debugging hands-on');
    const [download] = await Promise.all([attendee.waitForEvent('download'), mine.getByRole('button', { name: 'Add to calendar: Debugging hands-on' }).click()]);
    const ics = await readFile((await download.path())!, 'utf8');
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Debugging hands-on');
    // 11:00 on the event's first day in its own time zone, as the instant it is.
    const expected = new Date(`${day}T11:00:00Z`).getTime() - offsetMinutes(event.timeZone, new Date(`${day}T11:00:00Z`)) * 60_000;
    expect(vevent.startDate.toJSDate().getTime()).toBe(expected);
    // The same schedule as a calendar subscription: a personal address a calendar app fetches on its own, with no session.
    await attendee.getByRole('button', { name: 'Subscribe in a calendar app' }).click();
    const address = attendee.getByRole('textbox', { name: 'Calendar address' });
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toMatch(/\/my-schedule\.ics\?feed=/);
    const feedUrl = new URL(await address.inputValue());
    expect(new URL((await attendee.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href'))!).searchParams.get('cid')).toBe(feedUrl.href.replace(/^https?:/, 'webcal:'));
    expect(await attendee.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toMatch(/^webcal:/);
    const calendarApp = await request.newContext({ baseURL: server.url });
    const fetched = await calendarApp.get(`${feedUrl.pathname}${feedUrl.search}`);
    expect(fetched.status()).toBe(200);
    const subscribed = new ICAL.Component(ICAL.parse(await fetched.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    expect(subscribed).toEqual(['Debugging hands-on']);
    await calendarApp.dispose();
    await expectAccessible(attendee, 'my schedule');
    await screenshot(attendee, 'programme-my-schedule-phone');

    // The organiser's list counts the seat taken.
    await organiser.goto(`/app/sessions/list?eventId=${server.eventId}`);
    await organiser.getByText('1 / 2 booked').waitFor({ timeout: 15_000 });
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 120_000);
});

/** How many minutes `timeZone` is ahead of UTC near `at`. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at.getTime()) / 60_000;
}
