import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 16, the schedule builder across days, and the sessions table. The demo programme: Tue 16 Feb the keynote
 * 10:00–11:00 and the panel 11:30–12:30 (moderated by Arjun Mehta, tags Finance and Policy) in Plenary Hall A, the
 * lunch break 13:00–14:00 in no room; Wed 17 Feb "Electric fleets in practice" 10:00–11:00 (Arjun Mehta) in Plenary
 * Hall A and the workshop 14:00–16:00 (tags Hands-on, EV) in the Innovation Studio; Thu 18 Feb the closing
 * 16:00–17:00 in Plenary Hall A.
 *
 * The sessions table shows each session's moderators, tags and the rest compactly and is searched by tag and
 * filtered by track and room. On the Day grid the organiser drags the keynote over Wednesday's tab (the grid shows
 * Wednesday) and drops it at 11:00 in the Innovation Studio: saved, an hour long as before. The panel dragged to
 * Wednesday 10:00 would have its moderator in two sessions at once: refused, the message names the session, and the
 * grid shows Tuesday again with the panel where it was. The lunch break goes to Thursday through its "Move to…" form
 * with the keyboard alone: first into the closing's room and hour (refused, named, the form stays), then 12:00.
 */
const KEYNOTE = 'Opening keynote: the next decade of clean power';
const PANEL = 'Panel: financing the energy transition';
const LUNCH = 'Lunch break';
const FLEETS = 'Electric fleets in practice';
const WORKSHOP = 'Workshop: planning a charging depot';
const CLOSING = 'Closing: investors’ view of climate hardware';
const PX = 1.2; // the grid's pixels per minute

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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\:]/g, '\\$&');
const column = (page: Page, room: string) => page.locator(`[role="cell"][data-room="${room}"]`);
const block = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^${escape(title)}, `) });
const dayTab = (page: Page, day: string) => page.getByRole('radiogroup', { name: 'Day' }).getByText(day, { exact: true });

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** Grabs `title`, holds it over `day`'s tab until the grid shows that day, then drops its top `minutesFromGridTop` below the top of `room`'s column. */
async function dragToDay(page: Page, title: string, day: string, room: string, minutesFromGridTop: number, beforeDrop?: () => Promise<void>) {
  const from = await box(block(page, title));
  await page.mouse.move(from.x + 30, from.y + 8);
  await page.mouse.down();
  const tab = await box(dayTab(page, day));
  await page.mouse.move(tab.x + tab.width / 2, tab.y + tab.height / 2, { steps: 10 });
  await page.getByRole('table', { name: `Sessions of ${day} by room` }).waitFor({ timeout: 5_000 });
  const to = await box(column(page, room));
  await page.mouse.move(to.x + to.width / 2, to.y + minutesFromGridTop * PX + 8, { steps: 12 });
  await beforeDrop?.();
  await page.mouse.up();
}

describe('programme: the schedule builder across days, and the sessions table', () => {
  it('the sessions table shows moderators, tags and the rest compactly, searched by tag and filtered by track and room', async () => {
    const page = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/sessions/list?eventId=${server.eventId}`);
    const table = page.getByRole('table');
    const row = (title: string) => table.getByRole('row').filter({ hasText: title });
    await row(PANEL).waitFor({ timeout: 30_000 });
    await expect.poll(() => table.getByRole('row').count()).toBe(7);
    // The panel's moderator as a count with the name in its tooltip (and for screen readers), its tags as badges.
    const moderators = row(PANEL).getByTestId('extra-moderators');
    expect(await moderators.innerText()).toContain('1 moderator');
    expect(await moderators.textContent()).toContain('Moderators: Arjun Mehta');
    await moderators.hover();
    await page.getByRole('tooltip').filter({ hasText: 'Moderators: Arjun Mehta' }).waitFor();
    expect(await row(PANEL).getByTestId('extra-tag').allInnerTexts()).toEqual(['#Finance', '#Policy']);
    expect(await row(KEYNOTE).getByTestId('extra-moderators').count()).toBe(0);

    const filters = page.getByRole('search', { name: 'Filter sessions' });
    const titles = async () => (await table.getByRole('row').allInnerTexts()).slice(1).map((r) => [KEYNOTE, PANEL, LUNCH, FLEETS, WORKSHOP, CLOSING].find((x) => r.includes(x)) ?? r);
    // Searched by a tag's text (any case), then by tag.
    await filters.getByRole('searchbox', { name: 'Search' }).fill('hands-on');
    await expect.poll(titles).toEqual([WORKSHOP]);
    await filters.getByText('1 of 6 sessions').waitFor();
    await filters.getByRole('searchbox', { name: 'Search' }).fill('');
    await filters.getByRole('combobox', { name: 'Tags' }).selectOption('Policy');
    await expect.poll(titles).toEqual([PANEL]);
    await filters.getByRole('combobox', { name: 'Tags' }).selectOption('');
    // By track, by room, and by no room.
    await filters.getByRole('combobox', { name: 'Track' }).selectOption({ label: 'Smart mobility' });
    await expect.poll(titles).toEqual([FLEETS, WORKSHOP]);
    await filters.getByRole('combobox', { name: 'Room' }).selectOption({ label: 'Plenary Hall A' });
    await expect.poll(titles).toEqual([FLEETS]);
    await filters.getByRole('combobox', { name: 'Track' }).selectOption('');
    await filters.getByRole('combobox', { name: 'Room' }).selectOption({ label: 'No room' });
    await expect.poll(titles).toEqual([LUNCH]);
    await filters.getByRole('searchbox', { name: 'Search' }).fill('keynote');
    await table.getByText('No session matches these filters.').waitFor();
    await filters.getByRole('searchbox', { name: 'Search' }).fill('');
    await filters.getByRole('combobox', { name: 'Room' }).selectOption('');
    await expect.poll(titles).toEqual([KEYNOTE, PANEL, LUNCH, FLEETS, WORKSHOP, CLOSING]);
    await expectAccessible(page, 'sessions table with its details and filters');
    await screenshot(page, 'programme-sessions-table');
    expect(watch.errors).toEqual([]);
  }, 120_000);

  it('the organiser drags a session to another day, is refused a moderator clash there, and moves one by its Move to form', async () => {
    const page = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/sessions/grid?eventId=${server.eventId}`);
    const bar = page.getByRole('region', { name: 'Programme publishing' });
    await bar.getByText('Attendees see the latest programme').waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Sessions of Tue 16 Feb by room' }).waitFor({ timeout: 30_000 });
    await block(column(page, 'Plenary Hall A'), KEYNOTE).waitFor();
    const announcer = page.getByTestId('grid-announcer');

    // 1. The keynote, held over Wednesday's tab, then dropped at 11:00 in the Innovation Studio (Wednesday's grid starts at 09:00).
    await dragToDay(page, KEYNOTE, 'Wed 17 Feb', 'Innovation Studio', 120, async () => {
      await column(page, 'Innovation Studio').getByTestId('grid-drop-preview').getByText('Wed 17 Feb, 11:00–12:00, Innovation Studio').waitFor();
      await screenshot(page, 'programme-grid-days-dragging');
    });
    await page.getByText(`Moved “${KEYNOTE}” to Wed 17 Feb, 11:00–12:00, Innovation Studio. Publish changes to tell attendees.`).first().waitFor({ timeout: 15_000 });
    const moved = block(column(page, 'Innovation Studio'), KEYNOTE);
    await expect.poll(() => moved.getAttribute('aria-label'), { timeout: 15_000 }).toBe(`${KEYNOTE}, 11:00–12:00`);
    await bar.getByText('1 unpublished change', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('table', { name: 'Sessions of Wed 17 Feb by room' }).waitFor();
    await dayTab(page, 'Tue 16 Feb').click();
    await page.getByRole('table', { name: 'Sessions of Tue 16 Feb by room' }).waitFor();
    expect(await block(page, KEYNOTE).count()).toBe(0);

    // 2. The panel to Wednesday 10:00 in the Innovation Studio: its moderator Arjun Mehta speaks then in "Electric fleets".
    await dragToDay(page, PANEL, 'Wed 17 Feb', 'Innovation Studio', 60);
    const clash = `Arjun Mehta already speaks at that time in the session "${FLEETS}"`;
    await page.getByText(clash).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => announcer.textContent()).toBe(`Not moved: ${clash}`);
    // The grid shows Tuesday again, with the panel where it was.
    await page.getByRole('table', { name: 'Sessions of Tue 16 Feb by room' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => block(column(page, 'Plenary Hall A'), PANEL).getAttribute('aria-label')).toBe(`${PANEL}, 11:30–12:30`);
    await bar.getByText('1 unpublished change', { exact: true }).waitFor();

    // 3. The lunch break by its "Move to…" form, keyboard only.
    await page.getByRole('button', { name: `Move “${LUNCH}” to…` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Move “${LUNCH}”` });
    await dialog.waitFor();
    const day = dialog.getByRole('combobox', { name: 'Day' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await day.selectOption({ label: 'Thu 18 Feb' });
    await dialog.getByRole('combobox', { name: 'Room' }).selectOption({ label: 'Plenary Hall A' });
    await dialog.getByLabel('Starts').fill('16:30');
    await dialog.getByText('Ends at 17:30: the session keeps its length (60 min).').waitFor();
    await expectAccessible(page, 'move to form');
    await dialog.getByLabel('Starts').press('Enter');
    // The closing holds that room then: refused, named, and the form stays open to pick another time.
    await dialog.getByText(`The room is already taken at that time by the session "${CLOSING}"`).waitFor({ timeout: 15_000 });
    await dialog.getByLabel('Starts').fill('12:00');
    await dialog.getByText('Ends at 13:00: the session keeps its length (60 min).').waitFor();
    await dialog.getByLabel('Starts').press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('table', { name: 'Sessions of Thu 18 Feb by room' }).waitFor();
    const lunch = block(column(page, 'Plenary Hall A'), LUNCH);
    await expect.poll(() => lunch.getAttribute('aria-label'), { timeout: 15_000 }).toBe(`${LUNCH}, 12:00–13:00`);
    await expect.poll(() => announcer.textContent()).toBe(`Moved “${LUNCH}” to Thu 18 Feb, 12:00–13:00, Plenary Hall A. Publish changes to tell attendees.`);
    await bar.getByText('2 unpublished changes', { exact: true }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'day grid after moves across days');
    await screenshot(page, 'programme-grid-days');

    // Saved on the server: after a reload Wednesday has the keynote in the studio at 11:00.
    await page.reload();
    await page.getByRole('table', { name: 'Sessions of Tue 16 Feb by room' }).waitFor({ timeout: 30_000 });
    await dayTab(page, 'Wed 17 Feb').click();
    await expect.poll(() => block(column(page, 'Innovation Studio'), KEYNOTE).getAttribute('aria-label'), { timeout: 15_000 }).toBe(`${KEYNOTE}, 11:00–12:00`);
    expect(watch.errors).toEqual([]);
  }, 180_000);
});
