import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 16, versioned publishing. The demo attendee, on a phone from a fresh browser, books the demo's workshop. The
 * organiser renames it and moves it two hours later: a draft, which the attendee does not see (the old title at the
 * old time). The organiser publishes version 1 (the confirm dialog lists the title and the time, old → new); the
 * attendee gets a "Session updated" notice in the bell's inbox saying old → new, and the Schedule shows the new title
 * at the new time. The organiser also renames the workshop's room: attendees see the old name until the same publish,
 * whose dialog lists it, and raises its capacity: the Rooms list marks the row "Unpublished changes" until the publish,
 * whose dialog lists the capacity too.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const WORKSHOP = 'Workshop: planning a charging depot';
const RENAMED = 'Workshop: designing an EV depot';
const ROOM = 'Innovation Studio';
const NEW_ROOM = 'Depot Lab';

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

describe('programme: versioned publishing', () => {
  it('the organiser renames and moves a booked session and publishes; the attendee on a phone sees the old title until then, is notified and sees the new one', async () => {
    // The attendee books the workshop (Wed 17 Feb, 14:00–16:00, Asia/Kolkata).
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/tabs/session-list');
    await attendee.getByText('Wed 17 Feb', { exact: true }).click({ timeout: 30_000 });
    const card = attendee.getByRole('article', { name: WORKSHOP });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('14:00–16:00').waitFor();
    await card.getByRole('button', { name: `Book a seat: ${WORKSHOP}` }).click();
    await card.getByText('Booked', { exact: true }).waitFor({ timeout: 15_000 });

    // The organiser sees the programme up to date, then renames the workshop and moves it to 16:00–18:00.
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/sessions/list?eventId=${server.eventId}`);
    const bar = organiser.getByRole('region', { name: 'Programme publishing' });
    await bar.getByText('Attendees see the latest programme').waitFor({ timeout: 30_000 });
    expect(await bar.getByRole('button', { name: 'Publish changes' }).isDisabled()).toBe(true);
    await organiser.getByRole('button', { name: `Edit ${WORKSHOP}` }).click();
    const dialog = organiser.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(RENAMED);
    await dialog.getByLabel('Starts').fill('2027-02-17T16:00');
    await dialog.getByLabel('Ends').fill('2027-02-17T18:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await bar.getByText('1 unpublished change', { exact: true }).waitFor({ timeout: 15_000 });
    // The organiser's own list shows the draft.
    await organiser.getByRole('button', { name: `Edit ${RENAMED}` }).waitFor();
    // The workshop's room is renamed too: another draft change.
    await organiser.goto(`/app/sessions/rooms?eventId=${server.eventId}`);
    await organiser.getByRole('button', { name: `Edit ${ROOM}` }).click({ timeout: 30_000 });
    const roomDialog = organiser.getByRole('dialog');
    await roomDialog.getByRole('textbox', { name: 'Name' }).fill(NEW_ROOM);
    await roomDialog.getByRole('textbox', { name: 'Capacity' }).fill('60');
    await roomDialog.getByRole('button', { name: 'Save' }).click();
    await roomDialog.waitFor({ state: 'detached', timeout: 15_000 });
    // The row says attendees do not see it yet.
    const roomRow = organiser.getByRole('row').filter({ hasText: NEW_ROOM });
    await roomRow.getByText('Unpublished changes', { exact: true }).waitFor({ timeout: 15_000 });
    await roomRow.getByText('60', { exact: true }).waitFor();
    await expectAccessible(organiser, 'rooms with an unpublished change');
    await screenshot(organiser, 'programme-publish-rooms-badge');
    await organiser.goto(`/app/sessions/list?eventId=${server.eventId}`);
    await bar.getByText('2 unpublished changes', { exact: true }).waitFor({ timeout: 30_000 });

    // A draft: the attendee still sees the published title at the published time.
    await attendee.reload();
    await attendee.getByText('Wed 17 Feb', { exact: true }).click({ timeout: 30_000 });
    await attendee.getByRole('article', { name: WORKSHOP }).getByText('14:00–16:00').waitFor({ timeout: 30_000 });
    await attendee.getByRole('article', { name: WORKSHOP }).getByText(ROOM, { exact: true }).waitFor();
    expect(await attendee.getByRole('article', { name: RENAMED }).count()).toBe(0);
    const bell = attendee.getByTestId('notifications-bell');
    await bell.waitFor({ timeout: 30_000 });

    // Publish: the confirm dialog lists the title and the move, old → new.
    await bar.getByRole('button', { name: 'Publish changes' }).click();
    const confirm = organiser.getByRole('dialog', { name: 'Publish version 1?' });
    await confirm.waitFor();
    await confirm.getByText(`Title: ${WORKSHOP} → ${RENAMED}`, { exact: true }).waitFor();
    await confirm.getByText(/^Time: 2027-02-17 14:00–16:00 → 2027-02-17 16:00–18:00/).waitFor();
    await confirm.getByText(`Name: ${ROOM} → ${NEW_ROOM}`, { exact: true }).waitFor();
    await confirm.getByText('Capacity: 40 → 60', { exact: true }).waitFor();
    await expectAccessible(organiser, 'publish confirm dialog');
    await screenshot(organiser, 'programme-publish-confirm');
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    await organiser.getByText('Version 1 published; 1 participant notified.').waitFor({ timeout: 15_000 });
    await bar.getByText('Version 1', { exact: true }).waitFor();
    await bar.getByText('Attendees see the latest programme').waitFor();
    await expectAccessible(organiser, 'sessions after publishing');
    // Published: the room's row has no badge any more.
    await organiser.goto(`/app/sessions/rooms?eventId=${server.eventId}`);
    await organiser.getByRole('row').filter({ hasText: NEW_ROOM }).getByText('60', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await organiser.getByText('Unpublished changes').count()).toBe(0);
    // A room nobody uses, deleted: pending until a publish, and undone.
    await organiser.getByRole('button', { name: 'New room' }).click();
    const popUp = organiser.getByRole('dialog');
    await popUp.getByRole('textbox', { name: 'Name' }).fill('Pop-up room');
    await popUp.getByRole('button', { name: 'Save' }).click();
    await popUp.waitFor({ state: 'detached', timeout: 15_000 });
    await organiser.getByRole('button', { name: 'Delete Pop-up room' }).click();
    await organiser.getByRole('dialog', { name: 'Delete “Pop-up room”?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    const gone = organiser.getByRole('row').filter({ hasText: 'Pop-up room' });
    await gone.getByText('Deleted — publish to apply', { exact: true }).waitFor({ timeout: 15_000 });
    await expectAccessible(organiser, 'rooms with a pending delete');
    await screenshot(organiser, 'programme-publish-rooms-pending-delete');
    await gone.getByRole('button', { name: 'Undo delete of Pop-up room' }).click();
    await gone.getByRole('button', { name: 'Edit Pop-up room' }).waitFor({ timeout: 15_000 });
    expect(await gone.getByText('Deleted — publish to apply').count()).toBe(0);

    // The attendee's bell holds the notice with what changed.
    await bell.click();
    const drawer = attendee.getByRole('dialog', { name: 'Notifications' });
    await drawer.waitFor();
    const item = drawer.getByTestId('notification-item').filter({ hasText: `Session updated: ${RENAMED}` });
    await item.waitFor({ timeout: 30_000 });
    await item.getByText(`"${WORKSHOP}" is now "${RENAMED}" and moved`, { exact: false }).waitFor();
    await item.getByText(/14:00–16:00 → 2027-02-17 16:00–18:00/).waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'session updated notice on a phone');
    await screenshot(attendee, 'programme-publish-notice-phone');
    await attendee.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // The Schedule shows the new title at the new time, still booked.
    await attendee.reload();
    await attendee.getByText('Wed 17 Feb', { exact: true }).click({ timeout: 30_000 });
    const moved = attendee.getByRole('article', { name: RENAMED });
    await moved.getByText('16:00–18:00').waitFor({ timeout: 30_000 });
    await moved.getByText('Booked', { exact: true }).waitFor();
    await moved.getByText(NEW_ROOM, { exact: true }).waitFor();
    await screenshot(attendee, 'programme-publish-new-time-phone');
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 180_000);
  it('the organiser deletes a session, sees it marked with its undo in the list and the grid, undoes, deletes it again and publishes; the attendee no longer sees it', async () => {
    const PANEL = 'Panel: financing the energy transition';
    const KEYNOTE = 'Opening keynote: the next decade of clean power';
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    const attendeeDay = async () => {
      await attendee.goto('/tabs/session-list');
      await attendee.getByText('Tue 16 Feb', { exact: true }).click({ timeout: 30_000 });
      await attendee.getByRole('article', { name: KEYNOTE }).waitFor({ timeout: 30_000 });
    };
    await attendeeDay();
    await attendee.getByRole('article', { name: PANEL }).waitFor();

    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    const list = `/app/sessions/list?eventId=${server.eventId}`;
    await organiser.goto(list);
    const bar = organiser.getByRole('region', { name: 'Programme publishing' });
    await bar.getByText('Attendees see the latest programme').waitFor({ timeout: 30_000 });
    const deleteFromList = async () => {
      await organiser.getByRole('button', { name: `Delete ${PANEL}` }).click({ timeout: 30_000 });
      await organiser.getByRole('dialog', { name: `Delete “${PANEL}”?` }).getByRole('button', { name: 'Delete', exact: true }).click();
    };
    await deleteFromList();
    // Marked, with its undo, apart from the live sessions; one unpublished change; attendees still see it.
    const pending = organiser.getByRole('table', { name: 'Deleted at next publish' }).getByRole('row').filter({ hasText: PANEL });
    await pending.getByText('Deleted at next publish', { exact: true }).waitFor({ timeout: 15_000 });
    await bar.getByText('1 unpublished change', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await organiser.getByRole('button', { name: `Edit ${PANEL}` }).count()).toBe(0);
    await expectAccessible(organiser, 'sessions with a pending session delete');
    await screenshot(organiser, 'programme-session-pending-delete');
    await attendeeDay();
    await attendee.getByRole('article', { name: PANEL }).waitFor();

    // The Day grid marks it in its place; Undo there puts it back as a session.
    await organiser.goto(`/app/sessions/grid?eventId=${server.eventId}`);
    const mark = organiser.locator('[data-deleted-session-id]').filter({ hasText: PANEL });
    await mark.getByText('Deleted at next publish', { exact: true }).waitFor({ timeout: 30_000 });
    await expectAccessible(organiser, 'day grid with a pending session delete');
    await screenshot(organiser, 'programme-session-pending-delete-grid');
    await mark.getByRole('button', { name: `Undo delete of ${PANEL}` }).click();
    await organiser.getByRole('button', { name: new RegExp(`^${PANEL.replace(/[.*+?^${}()|[\]\\:]/g, '\\$&')}, `) }).waitFor({ timeout: 15_000 });
    expect(await mark.count()).toBe(0);
    await bar.getByText('Attendees see the latest programme').waitFor({ timeout: 15_000 });

    // Deleted again from the list and published: the dialog lists it as cancelled, then it is gone for everyone.
    await organiser.goto(list);
    await deleteFromList();
    await pending.getByText('Deleted at next publish', { exact: true }).waitFor({ timeout: 15_000 });
    await bar.getByRole('button', { name: 'Publish changes' }).click();
    const confirm = organiser.getByRole('dialog', { name: /^Publish version \d+\?$/ });
    await confirm.getByText(/^Removed from the programme \(2027-02-16 11:30–12:30/).waitFor({ timeout: 15_000 });
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    await organiser.getByText(/^Version \d+ published/).waitFor({ timeout: 15_000 });
    await bar.getByText('Attendees see the latest programme').waitFor({ timeout: 15_000 });
    expect(await organiser.getByRole('table', { name: 'Deleted at next publish' }).count()).toBe(0);
    await attendeeDay();
    expect(await attendee.getByRole('article', { name: PANEL }).count()).toBe(0);
    await screenshot(attendee, 'programme-session-deleted-phone');
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 180_000);
});
