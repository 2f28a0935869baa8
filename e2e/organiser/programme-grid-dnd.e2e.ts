import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 16, the schedule builder: on the Day grid of the demo event (Tue 16 Feb: the keynote 10:00–11:00 and the
 * panel 11:30–12:30 in Plenary Hall A, both with Meera Iyer; the lunch break 13:00–14:00 in no room) the demo
 * organiser drags the keynote to the Innovation Studio at 10:30 with the mouse: it is saved, keeps its hour, and the
 * publish bar shows "1 unpublished change". Dragging the panel to 10:45 would put Meera Iyer in two sessions at once:
 * the server's clash message naming the keynote is shown and the panel goes back to 11:30. The lunch break is moved
 * with the keyboard alone (M, arrows, Enter), announced to screen readers, and keeps the focus.
 */
const KEYNOTE = 'Opening keynote: the next decade of clean power';
const PANEL = 'Panel: financing the energy transition';
const LUNCH = 'Lunch break';
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

const column = (page: Page, room: string) => page.locator(`[role="cell"][data-room="${room}"]`);
const block = (scope: Page | Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\:]/g, '\\$&')}, `) });

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** Drags `title` with the mouse so that its top lands `minutesFromGridTop` below the top of `room`'s column. */
async function dragTo(page: Page, title: string, room: string, minutesFromGridTop: number, beforeDrop?: () => Promise<void>) {
  const from = await box(block(page, title));
  const to = await box(column(page, room));
  const grab = { x: from.x + 30, y: from.y + 8 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + minutesFromGridTop * PX + 8, { steps: 12 });
  await beforeDrop?.();
  await page.mouse.up();
}

describe('programme: the Day grid by drag and drop', () => {
  it('the organiser drags a session to another room and time, is refused a speaker clash, and moves one by keyboard', async () => {
    const page = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/sessions/grid?eventId=${server.eventId}`);
    const bar = page.getByRole('region', { name: 'Programme publishing' });
    await bar.getByText('Attendees see the latest programme').waitFor({ timeout: 30_000 });
    const grid = page.getByRole('table', { name: 'Sessions of Tue 16 Feb by room' });
    await grid.waitFor({ timeout: 30_000 });
    await block(column(page, 'Plenary Hall A'), KEYNOTE).waitFor();
    // The grid starts an hour before the first session: 09:00.
    await grid.getByText('09:00', { exact: true }).waitFor();

    // 1. The keynote, dragged from Plenary Hall A 10:00 to the Innovation Studio at 10:30 (90 minutes below 09:00).
    await dragTo(page, KEYNOTE, 'Innovation Studio', 90, async () => {
      const preview = column(page, 'Innovation Studio').getByTestId('grid-drop-preview');
      await preview.getByText('10:30–11:30, Innovation Studio').waitFor();
      await screenshot(page, 'programme-grid-dnd-dragging');
    });
    await page.getByText(`Moved “${KEYNOTE}” to 10:30–11:30, Innovation Studio. Publish changes to tell attendees.`).first().waitFor({ timeout: 15_000 });
    const moved = block(column(page, 'Innovation Studio'), KEYNOTE);
    await moved.waitFor();
    expect(await moved.getAttribute('aria-label')).toBe(`${KEYNOTE}, 10:30–11:30`);
    expect(await block(column(page, 'Plenary Hall A'), KEYNOTE).count()).toBe(0);
    await bar.getByText('1 unpublished change', { exact: true }).waitFor({ timeout: 15_000 });
    // Its top sits at 10:30 in the studio's column.
    const studio = await box(column(page, 'Innovation Studio'));
    expect(Math.abs((await box(moved)).y - (studio.y + 90 * PX))).toBeLessThan(3);

    // 2. The panel, dragged up to 10:45 in its own room: Meera Iyer would speak in two sessions at once.
    const panelBefore = await box(block(page, PANEL));
    await dragTo(page, PANEL, 'Plenary Hall A', 105);
    await page.getByText(`Meera Iyer already speaks at that time in the session "${KEYNOTE}"`).first().waitFor({ timeout: 15_000 });
    const panel = block(column(page, 'Plenary Hall A'), PANEL);
    await expect.poll(() => panel.getAttribute('aria-label')).toBe(`${PANEL}, 11:30–12:30`);
    await expect.poll(async () => Math.round((await box(panel)).y)).toBe(Math.round(panelBefore.y));
    await bar.getByText('1 unpublished change', { exact: true }).waitFor();
    const announcer = page.getByTestId('grid-announcer');
    await expect.poll(() => announcer.textContent()).toBe(`Not moved: Meera Iyer already speaks at that time in the session "${KEYNOTE}"`);

    // 3. The lunch break by keyboard: M starts the move, Escape cancels it, then left into the studio, 30 minutes later, Enter.
    const lunch = block(column(page, 'No room'), LUNCH);
    await lunch.focus();
    await page.keyboard.press('m');
    await expect.poll(() => announcer.textContent()).toBe(`Moving ${LUNCH}, now 13:00–14:00, No room. Arrow keys move it, Enter saves, Escape cancels.`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => announcer.textContent()).toBe('13:15–14:15, No room');
    await page.keyboard.press('Escape');
    await expect.poll(() => announcer.textContent()).toBe('Move cancelled.');
    expect(await page.getByTestId('grid-drop-preview').count()).toBe(0);
    await page.keyboard.press('m');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => announcer.textContent()).toBe('13:30–14:30, Innovation Studio');
    await column(page, 'Innovation Studio').getByTestId('grid-drop-preview').getByText('13:30–14:30, Innovation Studio').waitFor();
    await expectAccessible(page, 'day grid during a keyboard move');
    await page.keyboard.press('Enter');
    await bar.getByText('2 unpublished changes', { exact: true }).waitFor({ timeout: 15_000 });
    const lunchMoved = block(column(page, 'Innovation Studio'), LUNCH);
    await expect.poll(() => lunchMoved.getAttribute('aria-label')).toBe(`${LUNCH}, 13:30–14:30`);
    await expect.poll(() => announcer.textContent()).toBe(`Moved “${LUNCH}” to 13:30–14:30, Innovation Studio. Publish changes to tell attendees.`);
    // The moved block keeps the keyboard focus; nothing is left in "No room", so that column is gone.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${LUNCH}, 13:30–14:30`);
    expect(await column(page, 'No room').count()).toBe(0);

    // A click without a drag still opens the session's form.
    await block(page, PANEL).click();
    const dialog = page.getByRole('dialog', { name: 'Edit session' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Starts').inputValue()).toBe('2027-02-16T11:30');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Saved on the server: after a reload the grid and the publish list show the moves.
    await page.reload();
    await block(column(page, 'Innovation Studio'), KEYNOTE).waitFor({ timeout: 30_000 });
    expect(await block(column(page, 'Innovation Studio'), KEYNOTE).getAttribute('aria-label')).toBe(`${KEYNOTE}, 10:30–11:30`);
    await bar.getByText('2 unpublished changes', { exact: true }).waitFor();
    await expectAccessible(page, 'day grid after the moves');
    await screenshot(page, 'programme-grid-dnd');
    expect(watch.errors).toEqual([]);
  }, 180_000);
});
