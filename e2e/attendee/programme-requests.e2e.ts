import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 16, My schedule bookmarks and session requests. The demo attendee, on a phone from a fresh browser, stars a
 * session that needs no booking and finds it in My schedule, then proposes a session of their own; the organiser, on
 * a desktop, finds it in Sessions & agenda → Requests and approves it, placing it in the programme's draft; the attendee
 * sees the request approved (with the organiser's note), and the new session in the schedule once the organiser
 * publishes it (until then the Sessions list marks it "Unpublished changes").
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const KEYNOTE = 'Opening keynote: the next decade of clean power';
const PROPOSAL = 'Hydrogen ferries for Kochi';

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

describe('programme: bookmarks and session requests', () => {
  it('an attendee on a phone bookmarks a session and proposes one; the organiser approves it; the attendee sees it approved', async () => {
    // The organiser's Requests tab starts empty.
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/sessions/requests?eventId=${server.eventId}`);
    await organiser.getByRole('heading', { name: 'Sessions & agenda' }).waitFor({ timeout: 30_000 });
    await organiser.getByRole('heading', { name: 'No session requests yet' }).waitFor({ timeout: 30_000 });

    // The attendee, on a phone, signs in to the event from a fresh browser and opens the Schedule.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/tabs/session-list');

    // A session with no booking: no booking button, but a bookmark toggle.
    const card = attendee.getByRole('article', { name: KEYNOTE });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByRole('button', { name: /^Book a seat/ }).count()).toBe(0);
    const star = card.getByRole('button', { name: `Bookmark: ${KEYNOTE}` });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // My schedule holds it.
    await attendee.getByText('My schedule', { exact: true }).click();
    const mine = attendee.getByRole('article', { name: KEYNOTE });
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.getByRole('button', { name: `Bookmark: ${KEYNOTE}` }).getAttribute('aria-pressed')).toBe('true');
    await attendee.getByRole('heading', { name: 'Session requests' }).waitFor();
    await attendee.getByText('You have not sent any request yet.').waitFor({ timeout: 15_000 });
    await expectAccessible(attendee, 'my schedule with a bookmark');
    await screenshot(attendee, 'programme-bookmark-my-schedule-phone');

    // A proposal of their own.
    await attendee.getByRole('button', { name: 'Propose or ask to speak' }).click();
    const form = attendee.getByRole('dialog', { name: 'Session request' });
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Title' }).fill(PROPOSAL);
    await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Workshop' });
    await form.getByRole('textbox', { name: 'Description' }).fill('Fuel-cell ferries on the Kochi backwaters: a year of running them.\n\nWhat worked, what did not.');
    await expectAccessible(attendee, 'session request form');
    await screenshot(attendee, 'programme-request-form-phone');
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    const request = attendee.getByRole('article', { name: PROPOSAL });
    await request.getByText('Pending', { exact: true }).waitFor({ timeout: 15_000 });
    await expectAccessible(attendee, 'request pending');

    // The organiser finds it in Requests, with its count, and approves it, placing it on the second day.
    await organiser.reload();
    await organiser.getByRole('heading', { name: '1 request waiting for a decision' }).waitFor({ timeout: 30_000 });
    const row = organiser.getByRole('row', { name: new RegExp(PROPOSAL) });
    await row.getByText('Fuel-cell ferries on the Kochi backwaters: a year of running them.').waitFor();
    await expectAccessible(organiser, 'requests tab');
    await screenshot(organiser, 'programme-requests-organiser');
    await row.getByRole('button', { name: `Approve: ${PROPOSAL}`, exact: true }).click();
    const decide = organiser.getByRole('dialog', { name: `Approve “${PROPOSAL}”` });
    await decide.waitFor();
    await decide.getByLabel('Starts').fill('2027-02-17T12:00');
    await decide.getByLabel('Ends').fill('2027-02-17T12:45');
    await decide.getByRole('combobox', { name: 'Room' }).selectOption({ label: 'Innovation Studio' });
    await decide.getByRole('textbox', { name: 'Note to the requester (optional)' }).fill('Welcome aboard: bring a model ferry.');
    await expectAccessible(organiser, 'approve dialog');
    await screenshot(organiser, 'programme-request-approve-dialog');
    await decide.getByRole('button', { name: 'Approve', exact: true }).click();
    await decide.waitFor({ state: 'detached', timeout: 15_000 });
    await organiser.getByRole('heading', { name: '0 requests waiting for a decision' }).waitFor({ timeout: 15_000 });
    await organiser.getByText('Decided (1)', { exact: true }).click();
    await organiser.getByRole('row', { name: new RegExp(PROPOSAL) }).getByText('Approved', { exact: true }).waitFor();
    // Requests: Export (AP-347): every request as a spreadsheet file, the decision in it.
    await organiser.getByRole('button', { name: 'Export', exact: true }).click();
    await organiser.getByRole('menuitem', { name: 'All requests as Excel (XLSX)' }).waitFor();
    await expectAccessible(organiser, 'requests export menu');
    await screenshot(organiser, 'programme-requests-export');
    const [file] = await Promise.all([organiser.waitForEvent('download'), organiser.getByRole('menuitem', { name: 'All requests as CSV' }).click()]);
    expect(file.suggestedFilename()).toBe('session-requests-Pavilion-Demo-Expo-2027.csv');
    const lines = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Submitted \(.+\),Kind,Status,Requester,Email,Title,/);
    expect(lines.some((l) => l.includes(',Proposal,approved,') && l.includes(PROPOSAL) && l.includes('Welcome aboard: bring a model ferry.'))).toBe(true);
    // It is a session of the organiser's draft now: marked, one unpublished change.
    await organiser.getByRole('navigation', { name: 'Programme sections' }).getByRole('link', { name: 'Sessions', exact: true }).click();
    const placed = organiser.getByRole('row', { name: new RegExp(PROPOSAL) });
    await placed.waitFor({ timeout: 15_000 });
    await placed.getByText('Unpublished changes', { exact: true }).waitFor({ timeout: 15_000 });
    const bar = organiser.getByRole('region', { name: 'Programme publishing' });
    await bar.getByText('1 unpublished change', { exact: true }).waitFor({ timeout: 15_000 });

    // The attendee sees the request approved, with the note, and the session in the schedule.
    await attendee.reload();
    await attendee.getByText('My schedule', { exact: true }).click();
    const decided = attendee.getByRole('article', { name: PROPOSAL }).filter({ hasText: 'Approved' });
    await decided.waitFor({ timeout: 30_000 });
    await decided.getByText('Organiser’s note: Welcome aboard: bring a model ferry.').waitFor();
    await decided.scrollIntoViewIfNeeded();
    await expectAccessible(attendee, 'request approved');
    await screenshot(attendee, 'programme-request-approved-phone');
    // Not in the programme attendees see until the organiser publishes it.
    await attendee.getByText('All sessions', { exact: true }).click();
    await attendee.getByText('Wed 17 Feb', { exact: true }).click();
    await attendee.getByRole('article', { name: 'Electric fleets in practice' }).waitFor({ timeout: 15_000 });
    expect(await attendee.getByRole('article', { name: PROPOSAL }).count()).toBe(0);
    await bar.getByRole('button', { name: 'Publish changes' }).click();
    const confirm = organiser.getByRole('dialog', { name: /^Publish version \d+\?$/ });
    await confirm.getByText(/^Added to the programme \(2027-02-17 12:00–12:45/).waitFor({ timeout: 15_000 });
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    await bar.getByText('Attendees see the latest programme').waitFor({ timeout: 15_000 });
    expect(await placed.getByText('Unpublished changes').count()).toBe(0);
    await attendee.reload();
    await attendee.getByText('All sessions', { exact: true }).click({ timeout: 30_000 });
    await attendee.getByText('Wed 17 Feb', { exact: true }).click();
    await attendee.getByRole('article', { name: PROPOSAL }).getByText('12:00–12:45').waitFor({ timeout: 15_000 });
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 180_000);
});
