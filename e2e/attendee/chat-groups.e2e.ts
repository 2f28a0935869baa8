import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCaller } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 17, group chat and moderation: three participants of the demo event on phones. Rita and Sam (registered, in
 * through their registrations' login links) appear in the networking directory; the demo attendee, Ann, makes a group
 * of the three from the app's Messages menu. Rita posts spam there, Ann reports it, and the organiser, on the Chat
 * moderation page, deletes the message and mutes Rita: everyone sees "Message deleted" live and Rita can no longer send.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { email: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const SPAM = 'BUY CHEAP WATCHES NOW, ask me how';

let server: RunningServer;
let browser: Browser;
let token = '';
const loginPaths: Record<string, string> = {};

const call = apiCaller(() => server.url, () => token);
const api = <T>(method: string, path: string, body?: unknown, bearer = true): Promise<T> => call<T>(method, `/api/${path}`, body, bearer ? undefined : {});

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await api<{ accessToken: string }>('POST', 'auth/login', ORGANISER, false)).accessToken;
  const ticket = (await api<{ id: string }>('POST', `eventservices/events/${server.eventId}/tickets`, { name: 'Group pass', currency: 'EUR', isFree: true, price: 0 })).id;
  for (const [first, last] of [
    ['Rita', 'Red'],
    ['Sam', 'Stone'],
  ] as const) {
    const email = `${first.toLowerCase()}.groups@example.com`;
    const order = await api<{ order: { attendees: { id: string }[] } }>(
      'POST',
      `eventservices/public/events/${server.eventId}/orders`,
      { items: [{ ticketId: ticket, quantity: 1 }], expectedTotal: 0, currency: 'EUR', buyer: { firstName: first, lastName: last, email }, attendees: [{ ticketId: ticket, firstName: first, lastName: last, email }] },
      false,
    );
    loginPaths[first] = (await api<{ path: string }>('POST', 'auth/autologin/registration', { eventId: server.eventId, registrationId: order.order.attendees[0]!.id })).path;
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A registered participant, in through their login link, who chooses to appear in the networking directory. */
async function registrant(name: string): Promise<Page> {
  const page = await (await newContext(browser, server.url, PHONE)).newPage();
  await page.goto(loginPaths[name]!);
  await page.waitForURL('**/attendium', { timeout: 30_000 });
  // The directory switch itself is walked through in chat.e2e.ts; here the person's own session saves it.
  await page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string };
    const headers = { authorization: `Bearer ${auth.accessToken}`, 'content-type': 'application/json' };
    const mine = ((await (await fetch('/api/eventservices/me/profiles', { headers })).json()) as { data: { registrationId: string }[] }).data;
    const body = JSON.stringify({ jobTitle: '', company: '', interests: [], isInDirectory: true, isProfilePublic: false });
    await fetch(`/api/eventservices/me/registrations/${mine[0]!.registrationId}/profile`, { method: 'PUT', headers, body });
  });
  return page;
}

const groupMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

describe('group chat and moderation (issue 17)', () => {
  it('three attendees chat in a group; a report leads the organiser to delete the message and mute the sender', async () => {
    const rita = await registrant('Rita');
    const sam = await registrant('Sam');
    const watches = [watchPage(rita), watchPage(sam)];

    const ann = await (await newContext(browser, server.url, PHONE)).newPage();
    watches.push(watchPage(ann));
    await ann.goto(`/ei/${server.eventId}`);
    await ann.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
    await ann.getByLabel(/email or mobile/i).fill(ATTENDEE.email);
    await ann.getByLabel(/^password/i).fill(ATTENDEE.password);
    await ann.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await ann.waitForURL('**/attendium');

    // Ann opens Messages from the app's menu and makes a group of the three.
    await ann.getByTestId('chat-menu-link').click({ timeout: 30_000 });
    await ann.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await ann.getByRole('button', { name: 'New group' }).click();
    const dialog = ann.getByRole('dialog', { name: 'New group' });
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('Hall B crew');
    await dialog.getByRole('checkbox', { name: 'Rita Red' }).check();
    await dialog.getByRole('checkbox', { name: 'Sam Stone' }).check();
    // Both are in the app right now: the picker says so, in words for screen readers too.
    expect(await dialog.getByTestId('online-state').filter({ hasText: 'Online' }).count()).toBe(2);
    await screenshot(ann, 'chat-group-picker-phone');
    await dialog.getByRole('button', { name: 'Create group with 2 people' }).click();
    await ann.getByRole('heading', { name: 'Hall B crew', level: 1 }).waitFor();
    await expect.poll(() => ann.getByTestId('chat-header').innerText()).toContain('2 others online');
    await ann.getByRole('textbox', { name: 'Message to Hall B crew' }).fill('Welcome to the crew, stand at B12');
    await ann.getByRole('button', { name: 'Send' }).click();
    await groupMessage(ann, 'Welcome to the crew').waitFor();

    // Rita, on her home, sees the unread count in the menu arrive live, and opens the group from it.
    await expect.poll(() => rita.getByTestId('chat-menu-link').getAttribute('aria-label'), { timeout: 15_000 }).toBe('Messages, 1 unread');
    await expectAccessible(rita, 'home with the unread badge in the menu');
    await screenshot(rita, 'chat-menu-unread-phone');
    await rita.getByTestId('chat-menu-link').click();
    await rita.getByTestId('chat-room').filter({ hasText: 'Hall B crew' }).click();
    await groupMessage(rita, 'Welcome to the crew').waitFor();
    await rita.getByRole('textbox', { name: 'Message to Hall B crew' }).fill(SPAM);
    await rita.getByRole('button', { name: 'Send' }).click();
    await groupMessage(rita, SPAM).waitFor();

    // Sam has the group open too; Ann sees Rita's message (with her name) and reports it.
    await sam.getByTestId('chat-menu-link').click({ timeout: 30_000 });
    await sam.getByTestId('chat-room').filter({ hasText: 'Hall B crew' }).click();
    await groupMessage(sam, SPAM).waitFor({ timeout: 15_000 });
    await groupMessage(ann, SPAM).waitFor({ timeout: 15_000 });
    expect(await groupMessage(ann, SPAM).innerText()).toContain('Rita Red');
    await ann.getByRole('button', { name: `Report message: ${SPAM.slice(0, 40)}` }).click();
    const report = ann.getByRole('dialog', { name: 'Report this message' });
    await report.getByRole('radio', { name: 'Spam or advertising' }).check();
    await report.getByRole('textbox', { name: 'What happened (optional)' }).fill('Selling watches in our group');
    await expectAccessible(ann, 'report dialog');
    await report.getByRole('button', { name: 'Send report' }).click();
    await ann.getByText('Thank you: the organisers will look at your report.').waitFor();
    await screenshot(ann, 'chat-group-phone');

    // The organiser moderates from the dashboard.
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/chat-moderation?eventId=${server.eventId}`);
    // The report's card, found by the reporter's note (the message text goes once it is deleted).
    const card = organiser.getByTestId('moderation-report').filter({ hasText: 'Selling watches in our group' });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toContain(SPAM);
    expect(await card.innerText()).toContain('Rita Red');
    await expectAccessible(organiser, 'chat moderation');
    await card.getByRole('button', { name: 'Delete message' }).click();
    await card.getByRole('button', { name: 'Delete for everyone' }).click();
    await card.getByText('Message deleted').waitFor();
    await card.getByRole('button', { name: 'Mute' }).click();
    await organiser.getByRole('menuitem', { name: 'Mute until unmuted' }).click();
    await card.getByTestId('moderation-state').filter({ hasText: 'Muted' }).waitFor();
    await screenshot(organiser, 'chat-moderation-desktop');

    // Everyone sees "Message deleted" in its place, live; Rita is told she is muted and cannot send.
    for (const page of [ann, sam, rita]) {
      await page.getByTestId('chat-deleted').waitFor({ timeout: 15_000 });
      expect(await page.getByText(SPAM).count()).toBe(0);
    }
    await rita.getByTestId('chat-restriction').filter({ hasText: 'muted you' }).waitFor({ timeout: 15_000 });
    expect(await rita.getByRole('textbox', { name: 'Message to Hall B crew' }).isDisabled()).toBe(true);
    expect(await rita.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await expectAccessible(rita, 'muted in a group');
    await screenshot(rita, 'chat-muted-phone');
    // The server refuses her too, whatever the page shows.
    const restriction = await rita.evaluate(async () => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string };
      const ev = JSON.parse(localStorage.getItem('eventData') ?? 'null') as { accessCodeToken: string; eventId: string };
      const rooms = (await (await fetch(`/api/chatservices/api/events/${ev.eventId}/rooms`, { headers: { authorization: `Bearer ${auth.accessToken}`, 'x-user-access-token': ev.accessCodeToken } })).json()) as { data: { restriction: { kind: string } | null } };
      return rooms.data.restriction?.kind;
    });
    expect(restriction).toBe('muted');
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const w of [...watches, orgWatch]) expect(w.errors).toEqual([]);
  });
});
