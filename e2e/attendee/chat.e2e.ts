import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCaller, registerWithLoginLinks } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 17, the first slice of chat: two participants of the demo event on phones. Vera (registered, in through the
 * login link of her registration mail) and the demo attendee (signs in at ei/{eventId}) open Messages from the
 * attendee home; Vera appears in the networking directory (My profile), so the demo attendee finds her there and
 * starts a chat; Vera sees it arrive live,
 * reads it (the sender sees "Read"), types (the sender sees the typing indicator, gone after 1 s idle) and replies.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { email: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };

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
  [veraLoginPath] = (await registerWithLoginLinks(call, server.eventId, [{ firstName: 'Vera', lastName: 'Vip', email: 'vera.chat@example.com' }], 'Chat pass')) as [string];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openMessages(page: Page) {
  // The home has settled (its e-badge card loaded above the Messages card) before the tap, as a person waits to see it.
  await page.getByRole('link', { name: 'Open e-badge' }).waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Open messages' }).click({ timeout: 30_000 });
  await page.waitForURL('**/attendium/chat');
  await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
}

describe('chat (issue 17)', () => {
  it('two attendees exchange messages with typing and read receipts', async () => {
    const veraContext = await newContext(browser, server.url, PHONE);
    const vera = await veraContext.newPage();
    const veraWatch = watchPage(vera);
    await vera.goto(veraLoginPath);
    await vera.waitForURL('**/attendium', { timeout: 30_000 });
    // Only people in the networking directory can be found to chat with: Vera chooses to appear in it.
    await vera.getByRole('link', { name: 'My profile' }).click({ timeout: 30_000 });
    await vera.getByRole('switch', { name: 'Appear in the networking directory' }).check({ force: true });
    await vera.getByRole('button', { name: 'Save profile' }).click();
    await vera.getByText('Profile saved').first().waitFor();
    await vera.goBack();
    await openMessages(vera);
    await vera.getByText('No conversations yet').waitFor();

    const annContext = await newContext(browser, server.url, PHONE);
    const ann = await annContext.newPage();
    const annWatch = watchPage(ann);
    await ann.goto(`/ei/${server.eventId}`);
    await ann.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
    await ann.getByLabel(/email or mobile/i).fill(ATTENDEE.email);
    await ann.getByLabel(/^password/i).fill(ATTENDEE.password);
    await ann.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await ann.waitForURL('**/attendium');
    await openMessages(ann);
    await ann.getByRole('button', { name: 'New chat' }).click();
    await ann.getByRole('textbox', { name: 'Search participants by name' }).fill('Vera');
    await ann.getByRole('button', { name: 'Vera Vip' }).click();
    await ann.getByRole('heading', { name: 'Vera Vip', level: 1 }).waitFor();
    const annBox = ann.getByRole('textbox', { name: 'Message to Vera Vip' });
    await annBox.fill('Hello Vera, meet at hall B?');
    await ann.getByRole('button', { name: 'Send' }).click();
    await ann.getByTestId('chat-message').filter({ hasText: 'Hello Vera, meet at hall B?' }).waitFor();
    await expect.poll(() => ann.getByTestId('chat-read-state').innerText()).toBe('Sent');

    // Vera's list gets the conversation live, unread; opening it reads it, and Ann sees "Read".
    const room = vera.getByTestId('chat-room');
    await room.waitFor({ timeout: 15_000 });
    await expect.poll(() => room.innerText()).toMatch(/Hello Vera, meet at hall B\?[\s\S]*1/);
    const annName = (await room.locator('p').first().innerText()).trim();
    await expectAccessible(vera, 'conversation list');
    await screenshot(vera, 'chat-list-phone');
    await room.click();
    await vera.getByTestId('chat-message').filter({ hasText: 'Hello Vera, meet at hall B?' }).waitFor();
    await expect.poll(() => ann.getByTestId('chat-read-state').innerText(), { timeout: 15_000 }).toBe('Read');

    // Vera types: Ann sees the indicator, which goes off 1 s after she stops.
    const veraBox = vera.getByRole('textbox', { name: `Message to ${annName}` });
    await veraBox.pressSequentially('Sure', { delay: 50 });
    await expect.poll(() => ann.getByTestId('chat-typing').innerText()).toBe('Vera Vip is typing…');
    await expect.poll(() => ann.getByTestId('chat-typing').innerText(), { timeout: 5000 }).toBe('');
    await veraBox.fill('Sure, at 11:00 by the coffee stand');
    await vera.getByRole('button', { name: /^Reply: Hello Vera/ }).click();
    await vera.getByTestId('chat-replying').waitFor();
    await veraBox.press('Enter');
    const reply = ann.getByTestId('chat-message').filter({ hasText: 'Sure, at 11:00 by the coffee stand' });
    await reply.waitFor({ timeout: 15_000 });
    expect(await reply.innerText()).toContain('Hello Vera, meet at hall B?');
    await expect.poll(() => vera.getByTestId('chat-read-state').innerText(), { timeout: 15_000 }).toBe('Read');
    await expectAccessible(ann, 'conversation');
    await screenshot(ann, 'chat-conversation-phone');
    await screenshot(vera, 'chat-conversation-vera-phone');
    expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Stored: the history over HTTP, read in Ann's page with her own tokens, has both messages in order.
    const stored = await ann.evaluate(async (eventId) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string };
      const ev = JSON.parse(localStorage.getItem('eventData') ?? 'null') as { accessCodeToken: string };
      const headers = { authorization: `Bearer ${auth.accessToken}`, 'x-user-access-token': ev.accessCodeToken };
      const rooms = (await (await fetch(`/api/chatservices/api/events/${eventId}/rooms`, { headers })).json()) as { data: { rooms: { roomId: string }[] } };
      const res = await fetch(`/api/chatservices/api/events/${eventId}/rooms/${rooms.data.rooms[0]!.roomId}/messages`, { headers });
      return ((await res.json()) as { data: { messages: { content: string; isReply: boolean }[] } }).data.messages;
    }, server.eventId);
    expect(stored.map((m) => [m.content, m.isReply])).toEqual([
      ['Hello Vera, meet at hall B?', false],
      ['Sure, at 11:00 by the coffee stand', true],
    ]);

    // Away from the chat, Vera's home counts what she has not read yet on its Messages card.
    await vera.goto('/attendium');
    const card = vera.getByRole('region', { name: 'Messages' });
    await card.getByRole('link', { name: 'Open messages' }).waitFor({ timeout: 30_000 });
    expect(await card.getByText(/unread/).count()).toBe(0);
    await annBox.fill('One more thing: bring the brochure');
    await ann.getByRole('button', { name: 'Send' }).click();
    await ann.getByTestId('chat-message').filter({ hasText: 'One more thing: bring the brochure' }).waitFor();
    await vera.reload();
    await card.getByText('1 unread').waitFor({ timeout: 15_000 });
    await expectAccessible(vera, 'home with an unread message');
    await screenshot(vera, 'chat-home-unread-phone');
    expect(veraWatch.errors).toEqual([]);
    expect(annWatch.errors).toEqual([]);
    await veraContext.close();
    await annContext.close();
  });
});
