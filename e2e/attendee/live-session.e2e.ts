import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCaller, indiaDate, registerWithLoginLinks } from '../support/api.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 17, the live session room: the organiser opens the moderator console of a session from the programme's
 * sessions list and marks it now playing; two attendees on phones see it in the Auditorium with its Live panel.
 * Ann (the demo attendee, signed in at ei/{eventId}) asks a question, Vera (in through her registration's login
 * link) upvotes it, the organiser marks it answered and both see it. Then the organiser creates and pushes a poll,
 * Ann votes and sees the results, and the console's results follow live.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { email: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const TITLE = 'Ask the makers: live Q&A';
const QUESTION = 'Will the recordings be shared after the event?';

let server: RunningServer;
let browser: Browser;
let token = '';
let veraLoginPath = '';

const call = apiCaller(() => server.url, () => token);
const api = <T>(method: string, path: string, body?: unknown, bearer = true): Promise<T> => call<T>(method, `/api/${path}`, body, bearer ? undefined : {});

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await api<{ accessToken: string }>('POST', 'auth/login', ORGANISER, false)).accessToken;
  [veraLoginPath] = (await registerWithLoginLinks(call, server.eventId, [{ firstName: 'Vera', lastName: 'Vip', email: 'vera.live@example.com' }], 'Live pass')) as [string];
  // Set-up: the demo expo (hybrid, in February 2027) moved to "now" so that its venue is open (SPEC §2.5), a session of
  // its programme (a day ahead) and the published Auditorium page.
  await api('PATCH', `eventservices/events/${server.eventId}`, { startDate: indiaDate(-1), endDate: indiaDate(1) });
  const day = indiaDate(1);
  await api('POST', `scheduleservices/api/events/${server.eventId}/sessions`, {
    title: TITLE,
    descriptionHtml: '',
    sessionType: 'panel',
    trackId: null,
    roomId: null,
    start: `${day}T18:00`,
    end: `${day}T18:45`,
    speakerIds: [],
    capacity: null,
    bookingRequired: false,
  });
  await api('PUT', `eventservices/events/${server.eventId}/venue/auditorium`, { heading: 'The Auditorium', intro: 'Keynotes and panels.', liveStreamUrl: null });
  await api('PUT', `eventservices/events/${server.eventId}/venue/auditorium/publication`, { isPublished: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAuditorium(page: Page) {
  await page.goto('/attendium-v2/auditorium');
  await page.getByRole('heading', { name: 'The Auditorium' }).waitFor({ timeout: 30_000 });
  await page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 15_000 });
  await page.getByTestId('live-panel').getByRole('tab', { name: 'Chat' }).waitFor({ timeout: 15_000 });
}

describe('live session room (issue 17)', () => {
  it('an attendee asks, another upvotes, the moderator answers; a pushed poll is voted on with live results', async () => {
    // The organiser opens the session's console from the sessions list and marks it now playing.
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/sessions/list?eventId=${encodeURIComponent(server.eventId)}`);
    await organiser.getByRole('link', { name: `Live console of ${TITLE}` }).click({ timeout: 30_000 });
    await organiser.waitForURL('**/app/sessions/live?*');
    await organiser.getByRole('heading', { name: 'Now playing' }).waitFor({ timeout: 15_000 });
    await organiser.getByText('This session is not marked as playing.').waitFor();
    await organiser.getByRole('button', { name: 'Mark as now playing' }).click();
    await organiser.getByText('This session is playing now in the main stage.').waitFor({ timeout: 15_000 });

    // Ann signs in at ei/{eventId}; the Auditorium shows the session now playing, with its Live panel.
    const ann = await (await newContext(browser, server.url, PHONE)).newPage();
    const annWatch = watchPage(ann);
    await ann.goto(`/ei/${server.eventId}`);
    await ann.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
    await ann.getByLabel(/email or mobile/i).fill(ATTENDEE.email);
    await ann.getByLabel(/^password/i).fill(ATTENDEE.password);
    await ann.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await ann.waitForURL('**/attendium*');
    await openAuditorium(ann);
    expect(await ann.getByTestId('auditorium-session').innerText()).toMatch(/now playing/i);
    const annPanel = ann.getByTestId('live-panel');
    await annPanel.getByRole('tab', { name: 'Q&A' }).click();
    await annPanel.getByText('No questions yet. Ask the first one.').waitFor();
    await annPanel.getByRole('textbox', { name: 'Your question' }).fill(QUESTION);
    await annPanel.getByRole('button', { name: 'Ask' }).click();
    const annQuestion = annPanel.getByTestId('live-question').filter({ hasText: QUESTION });
    await annQuestion.waitFor();
    // Her own question: she cannot upvote it.
    expect(await annQuestion.getByTestId('upvote').isDisabled()).toBe(true);

    // Vera (her registration's login link) sees it in the same room and upvotes it; Ann sees the count move.
    const vera = await (await newContext(browser, server.url, PHONE)).newPage();
    const veraWatch = watchPage(vera);
    await vera.goto(veraLoginPath);
    await vera.waitForURL('**/attendium*', { timeout: 30_000 });
    await openAuditorium(vera);
    const veraPanel = vera.getByTestId('live-panel');
    await veraPanel.getByRole('tab', { name: 'Q&A' }).click();
    const veraQuestion = veraPanel.getByTestId('live-question').filter({ hasText: QUESTION });
    await veraQuestion.waitFor({ timeout: 15_000 });
    await veraQuestion.getByTestId('upvote').click();
    await expect.poll(() => veraQuestion.getByTestId('upvote').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => annQuestion.getByTestId('upvote-count').innerText(), { timeout: 15_000 }).toBe('1');
    await expectAccessible(vera, 'live Q&A');
    await screenshot(vera, 'live-qna-phone');
    await vera.screenshot({ path: '/tmp/live-qna-vera.png' });

    // The console's queue has it live, with the vote; the organiser marks it answered, and both attendees see it.
    const queued = organiser.getByTestId('console-question').filter({ hasText: QUESTION });
    await queued.waitFor({ timeout: 15_000 });
    await expect.poll(() => queued.innerText(), { timeout: 15_000 }).toContain('1 vote');
    await queued.getByRole('button', { name: 'Mark answered' }).click();
    await queued.getByText('Answered').waitFor({ timeout: 15_000 });
    await annQuestion.getByText('Answered').waitFor({ timeout: 15_000 });
    await veraQuestion.getByText('Answered').waitFor({ timeout: 15_000 });

    // A poll: the organiser creates it and pushes it live; Ann votes and sees the results, the console follows.
    await organiser.getByRole('textbox', { name: 'Question' }).fill('Which track next?');
    await organiser.getByRole('textbox', { name: 'Option 1' }).fill('Design');
    await organiser.getByRole('textbox', { name: 'Option 2' }).fill('Engineering');
    await organiser.getByRole('button', { name: 'Create poll' }).click();
    const consolePoll = organiser.getByTestId('console-poll').filter({ hasText: 'Which track next?' });
    await consolePoll.getByRole('button', { name: 'Push live' }).click({ timeout: 15_000 });
    await consolePoll.getByRole('button', { name: 'Close poll' }).waitFor({ timeout: 15_000 });
    await annPanel.getByRole('tab', { name: 'Poll' }).click();
    await annPanel.getByRole('heading', { name: 'Which track next?' }).waitFor({ timeout: 15_000 });
    await annPanel.getByRole('radio', { name: 'Engineering' }).check();
    await annPanel.getByRole('button', { name: 'Vote' }).click();
    await annPanel.getByText('Thank you, your vote is counted.').waitFor({ timeout: 15_000 });
    await expect.poll(() => annPanel.getByTestId('poll-results').innerText()).toMatch(/Engineering \(your vote\)\s*1 · 100 %/);
    await expect.poll(() => consolePoll.getByTestId('poll-results').innerText(), { timeout: 15_000 }).toMatch(/Engineering\s*1 · 100 %/);
    // Vera, who has not voted, gets the poll live on her Poll tab.
    await veraPanel.getByRole('tab', { name: 'Poll' }).click();
    await veraPanel.getByRole('radio', { name: 'Design' }).waitFor({ timeout: 15_000 });
    await expectAccessible(ann, 'live poll');
    await screenshot(ann, 'live-poll-phone');
    await ann.screenshot({ path: '/tmp/live-poll-ann.png' });
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(organiser, 'live console');
    await organiser.screenshot({ path: '/tmp/live-console.png', fullPage: true });
    await screenshot(organiser, 'live-console');

    expect(orgWatch.errors).toEqual([]);
    expect(annWatch.errors).toEqual([]);
    expect(veraWatch.errors).toEqual([]);
  });
});
