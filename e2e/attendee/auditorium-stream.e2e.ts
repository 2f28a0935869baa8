import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { indiaDate } from '../support/api.ts';
import { PLAYABLE_WEBM } from '../support/videos.ts';

/*
 * Issue 16, the session's stream in the Auditorium. The demo expo (hybrid, Asia/Kolkata) is moved to "now" so that
 * its virtual venue is open, with a session playing now and two after it. The organiser gives the live session a
 * stream URL in its form (an https .mp4 address, which the Auditorium plays in the page), sees it in the sessions
 * table and publishes. The demo attendee on a phone opens the Auditorium: the session is "Now playing", its stream
 * plays in the page, and the next sessions are listed.
 *
 * The stream's host is not on the internet: the attendee's browser gets the address answered by the test with a real,
 * playable 1-second WebM (e2e/support/videos.ts), as a streaming server would send the file.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const LIVE = 'Live from the main stage: grid storage in practice';
const NEXT = 'Charging at scale: depot operators talk';
const AFTER = 'Closing remarks for the day';
const STREAM_URL = 'https://stream.pavilion.test/main-stage/live.mp4';

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

/**
 * The wall-clock time in Asia/Kolkata (UTC+05:30, no daylight saving) `minutes` after the quarter hour the file
 * started in: fixed once, so that the sessions made with it and the times the test then looks for agree even when a
 * quarter hour passes during the journey (a run at 16:14 UTC looked for 23:45 where it had made 23:30).
 */
const QUARTER = 15 * 60_000;
const STARTED_QUARTER = Math.floor(Date.now() / QUARTER) * QUARTER;
function kolkata(minutes: number): string {
  return new Date(STARTED_QUARTER + minutes * 60_000 + 330 * 60_000).toISOString().slice(0, 16);
}

describe('the Auditorium plays the session stream', () => {
  it('the organiser sets a live session stream URL and publishes; an attendee on a phone sees it playing with the next sessions', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    // Set-up: the event "now" (its venue opens on its first day), the published Auditorium page, three sessions today.
    const events = `/api/eventservices/events/${server.eventId}`;
    await organiserCallInPage(organiser, 'PATCH', events, { startDate: indiaDate(-1), endDate: indiaDate(1) });
    await organiserCallInPage(organiser, 'PUT', `${events}/venue/auditorium`, { heading: 'The Auditorium', intro: 'Keynotes and panels.', liveStreamUrl: null });
    await organiserCallInPage(organiser, 'PUT', `${events}/venue/auditorium/publication`, { isPublished: true });
    const session = (title: string, from: number, to: number) =>
      organiserCallInPage(organiser, 'POST', `/api/scheduleservices/api/events/${server.eventId}/sessions`, {
        title,
        descriptionHtml: '',
        sessionType: 'talk',
        trackId: null,
        roomId: null,
        start: kolkata(from),
        end: kolkata(to),
        speakerIds: [],
        capacity: null,
        bookingRequired: false,
      });
    await session(LIVE, -30, 90);
    await session(NEXT, 105, 165);
    await session(AFTER, 180, 210);

    // The organiser gives the live session its stream in the form, sees it in the table, and publishes.
    await organiser.goto(`/app/sessions/list?eventId=${server.eventId}`);
    const bar = organiser.getByRole('region', { name: 'Programme publishing' });
    await organiser.getByRole('button', { name: `Edit ${LIVE}` }).click({ timeout: 30_000 });
    const dialog = organiser.getByRole('dialog', { name: 'Edit session' });
    await dialog.getByRole('textbox', { name: 'Stream URL' }).fill(STREAM_URL);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const stream = organiser.getByRole('row').filter({ hasText: LIVE }).getByTestId('extra-stream');
    await stream.waitFor({ timeout: 15_000 });
    expect(await stream.textContent()).toContain(`Stream: ${STREAM_URL}`);
    await bar.getByText('1 unpublished change', { exact: true }).waitFor({ timeout: 15_000 });
    await bar.getByRole('button', { name: 'Publish changes' }).click();
    const confirm = organiser.getByRole('dialog', { name: 'Publish version 1?' });
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click({ timeout: 15_000 });
    await bar.getByText('Version 1', { exact: true }).waitFor({ timeout: 15_000 });

    // The attendee, on a phone, signs in at the event and opens the Auditorium.
    const context = await newContext(browser, server.url, PHONE);
    const requested: string[] = [];
    await context.route('https://stream.pavilion.test/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'video/webm', body: PLAYABLE_WEBM });
    });
    const attendee = await context.newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/attendium-v2/auditorium');
    await attendee.getByRole('heading', { name: 'The Auditorium' }).waitFor({ timeout: 30_000 });
    const now = attendee.getByTestId('auditorium-session');
    await now.getByRole('heading', { name: LIVE }).waitFor({ timeout: 15_000 });
    expect(await now.getByText('Now playing', { exact: true }).count()).toBe(1);

    // Its stream is in the page: the video loads from the organiser's address and plays.
    const player = attendee.getByRole('region', { name: `Stream of ${LIVE}` });
    const video = player.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBe(STREAM_URL);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // The attendee taps the player, then its play control (in the browser's own controls, out of the page's reach).
    await video.click();
    await video.evaluate((v: HTMLVideoElement) => (v.paused ? v.play() : undefined));
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 || v.ended), { timeout: 15_000 }).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([64, 64]);
    expect(requested[0]).toBe(STREAM_URL);
    expect(await player.getByRole('link', { name: 'Watch stream' }).getAttribute('href')).toBe(STREAM_URL);

    // The sessions after it are listed, in order.
    const later = attendee.getByRole('region', { name: 'Later in the programme' });
    const laterText = await later.innerText();
    expect(laterText).toContain(`${kolkata(105).slice(0, 10)} ${kolkata(105).slice(11, 16)}–${kolkata(165).slice(11, 16)} · ${NEXT}`);
    expect(laterText.indexOf(NEXT)).toBeLessThan(laterText.indexOf(AFTER));
    await expectAccessible(attendee, 'auditorium with the session stream');
    await screenshot(attendee, 'auditorium-stream-phone');
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(attWatch.errors).toEqual([]);
    expect(orgWatch.errors).toEqual([]);
  }, 180_000);
});
