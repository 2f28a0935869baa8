import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { io as connect, type Socket } from 'socket.io-client';
import { apiCaller, registerWithLoginLinks, type TPerson } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 17, video: two participants of the demo event on phones, in Chromium with its fake camera and microphone.
 * Vera (registered, in through her login link) appears in the networking directory; the demo attendee finds her in
 * Messages, opens the conversation and starts a video call from its header. Vera is on her home page: the call rings
 * there, she accepts, and both see the other's video playing; the caller hangs up and Vera is told. Two attendees sit
 * at a lounge table from the portal, chat there, and one sees the other's camera. Then a lounge table of four seats,
 * joined over the chat socket by five people, refuses the fifth.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { email: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

let server: RunningServer;
let browser: Browser;
let token = '';

const call = apiCaller(() => server.url, () => token);
const api = <T>(method: string, path: string, body?: unknown, bearer = true): Promise<T> => call<T>(method, `/api/${path}`, body, bearer ? undefined : {});

/** Registers people (free ticket) and answers each one's `adl` login-link path. */
const register = (people: TPerson[]) => registerWithLoginLinks(call, server.eventId, people, 'Video pass');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser(FAKE_MEDIA);
  token = (await api<{ accessToken: string }>('POST', 'auth/login', ORGANISER, false)).accessToken;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether a <video> shows a moving picture: frames decoded and not paused. */
const isPlaying = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused && v.readyState >= 2);

describe('video calls and lounge tables (issue 17)', () => {
  it('A calls B from the chat, B accepts on another page, both see the other playing, A hangs up', async () => {
    const [veraPath] = await register([{ firstName: 'Vera', lastName: 'Video', email: 'vera.video@example.com' }]);
    const veraContext = await newContext(browser, server.url, PHONE);
    const vera = await veraContext.newPage();
    const veraWatch = watchPage(vera);
    await vera.goto(veraPath!);
    await vera.waitForURL('**/attendium', { timeout: 30_000 });
    await vera.getByRole('link', { name: 'My profile' }).click({ timeout: 30_000 });
    await vera.getByRole('switch', { name: 'Appear in the networking directory' }).check({ force: true });
    await vera.getByRole('button', { name: 'Save profile' }).click();
    await vera.getByText('Profile saved').first().waitFor();
    await vera.goto('/attendium');

    const annContext = await newContext(browser, server.url, PHONE);
    const ann = await annContext.newPage();
    const annWatch = watchPage(ann);
    await ann.goto(`/ei/${server.eventId}`);
    await ann.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
    await ann.getByLabel(/email or mobile/i).fill(ATTENDEE.email);
    await ann.getByLabel(/^password/i).fill(ATTENDEE.password);
    await ann.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await ann.waitForURL('**/attendium');
    // The home has settled (the e-badge card above Messages loaded) before the tap.
    await ann.getByRole('link', { name: 'Open e-badge' }).waitFor({ timeout: 30_000 });
    await ann.getByRole('link', { name: 'Open messages' }).click({ timeout: 30_000 });
    await ann.getByRole('button', { name: 'New chat' }).click();
    await ann.getByRole('textbox', { name: 'Search participants by name' }).fill('Vera');
    await ann.getByRole('button', { name: 'Vera Video' }).click();
    await ann.getByRole('heading', { name: 'Vera Video', level: 1 }).waitFor();

    // Ann rings Vera from the conversation's header; Vera's home page shows the incoming call.
    await ann.getByRole('button', { name: 'Video call Vera Video' }).click({ timeout: 30_000 });
    await expect.poll(() => ann.getByTestId('call-status').innerText(), { timeout: 15_000 }).toBe('Calling Vera Video…');
    const ringing = vera.getByRole('alertdialog', { name: 'Incoming video call' });
    await ringing.waitFor({ timeout: 15_000 });
    const annName = (await ringing.getByText(/is calling you$/).innerText()).replace(/ is calling you$/, '');
    await expectAccessible(vera, 'incoming call');
    await screenshot(vera, 'video-incoming-phone');
    await ringing.getByRole('button', { name: 'Accept' }).click();

    // Both see the other's camera playing (Chromium's fake device), and the status says so.
    await expect.poll(() => isPlaying(vera, 'remote-video'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => isPlaying(ann, 'remote-video'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => ann.getByTestId('call-status').innerText(), { timeout: 15_000 }).toBe('In a call with Vera Video');
    await expect.poll(() => vera.getByTestId('call-status').innerText(), { timeout: 15_000 }).toBe(`In a call with ${annName}`);
    expect(await isPlaying(ann, 'local-video')).toBe(true);
    // Mute is a toggle button with its state.
    const mute = ann.getByRole('button', { name: 'Mute microphone' });
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(ann, 'call screen');
    await screenshot(ann, 'video-call-ann-phone');
    await screenshot(vera, 'video-call-vera-phone');

    // Ann hangs up: her screen closes, Vera's says the call ended.
    await ann.getByRole('button', { name: 'Hang up' }).click();
    await ann.getByTestId('call-status').waitFor({ state: 'detached' });
    await expect.poll(() => vera.getByTestId('call-status').innerText(), { timeout: 15_000 }).toBe('Call ended');
    await screenshot(vera, 'video-call-ended-phone');
    await vera.getByRole('button', { name: 'Close' }).click();
    expect(veraWatch.errors).toEqual([]);
    expect(annWatch.errors).toEqual([]);

    // The organiser's Video Calls report counts it, answered, with its minutes.
    const report = await api<{ calls: number; answered: number }>('GET', `eventservices/events/${server.eventId}/reports/video-calls`);
    expect(report).toMatchObject({ calls: 1, answered: 1 });
    await veraContext.close();
    await annContext.close();
  });

  it('two attendees sit at a lounge table from the portal, chat there and one sees the other on camera', async () => {
    await api('POST', `eventservices/events/${server.eventId}/networking/tables`, { kind: 'lounge', topic: 'Espresso bar', seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' });
    const [leaPath, tomPath] = await register([
      { firstName: 'Lea', lastName: 'Lounge', email: 'lea.lounge@example.com' },
      { firstName: 'Tom', lastName: 'Lounge', email: 'tom.lounge@example.com' },
    ]);
    const seatAt = async (path: string) => {
      const context = await newContext(browser, server.url, PHONE);
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(path);
      await page.waitForURL('**/attendium', { timeout: 30_000 });
      // The home page's Networking lounge card opens the lounge.
      await page.getByRole('link', { name: 'Open the lounge' }).click({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Networking lounge', level: 1 }).waitFor();
      const table = page.getByTestId('lounge-table').filter({ hasText: 'Espresso bar' });
      await table.getByRole('button', { name: 'Join table: Espresso bar' }).click({ timeout: 30_000 });
      await table.getByRole('button', { name: 'Leave table' }).waitFor();
      return { context, page, watch, table };
    };
    const lea = await seatAt(leaPath!);
    await expect.poll(() => lea.table.getByTestId('seats-taken').innerText()).toBe('1 of 4 seats taken');
    const tom = await seatAt(tomPath!);
    // Lea's page hears Tom sit down without a reload.
    await expect.poll(() => lea.table.getByTestId('seats-taken').innerText()).toBe('2 of 4 seats taken');
    await expect.poll(() => tom.table.innerText()).toContain('Lea Lounge');

    // The table's chat reaches the other person at once.
    await lea.table.getByRole('textbox', { name: 'Message to the table' }).fill('Anyone for a flat white?');
    await lea.table.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => tom.table.getByTestId('table-chat').innerText()).toContain('Anyone for a flat white?');

    // Lea turns her camera on: Tom, camera off, receives her picture (a mesh of two).
    await lea.table.getByRole('button', { name: 'Turn on video' }).click();
    await expect.poll(() => tom.page.locator('video[aria-label="Lea Lounge"]').evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused), { timeout: 30_000 }).toBe(true);
    await expectAccessible(lea.page, 'lounge table');
    await screenshot(lea.page, 'lounge-table-phone');

    // Lea leaves: her seat is free again on Tom's page.
    await lea.table.getByRole('button', { name: 'Leave table' }).click();
    await expect.poll(() => tom.table.getByTestId('seats-taken').innerText()).toBe('1 of 4 seats taken');
    expect(lea.watch.errors).toEqual([]);
    expect(tom.watch.errors).toEqual([]);
    await lea.context.close();
    await tom.context.close();
  });

  it('a lounge table with four seats refuses the fifth person', async () => {
    const table = await api<{ id: string }>('POST', `eventservices/events/${server.eventId}/networking/tables`, { kind: 'lounge', topic: 'Coffee corner', seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' });
    const paths = await register(Array.from({ length: 5 }, (_, i) => ({ firstName: `Guest${i}`, lastName: 'Lounge', email: `guest${i}.lounge@example.com` })));
    const sockets: Socket[] = [];
    try {
      for (const path of paths) {
        const [, , key, eventId] = path.split('/');
        const rec = await api<{ accessToken: string; userData: { id: string }; eventData: { accessCodeToken: string } }>('POST', 'auth/autologin/consume', { kind: 'adl', key, eventId }, false);
        const s = connect(server.url, { path: '/chatservices', auth: { token: rec.accessToken, userAccessToken: rec.eventData.accessCodeToken }, query: { userId: rec.userData.id, eventId }, transports: ['websocket'], reconnection: false });
        await new Promise<void>((resolve, reject) => {
          s.on('connect', () => resolve());
          s.on('connect_error', reject);
        });
        sockets.push(s);
      }
      const emit = (s: Socket, event: string, payload: unknown) => new Promise<{ ok: boolean; code?: string; data?: { seatsTaken: number } }>((resolve) => s.emit(event, payload, resolve));
      for (let i = 0; i < 4; i++) expect(await emit(sockets[i]!, 'networking', { tableId: table.id })).toMatchObject({ ok: true, data: { seatsTaken: i + 1 } });
      const refused = new Promise<{ code: string }>((resolve) => sockets[4]!.once('networkingError', resolve));
      expect(await emit(sockets[4]!, 'networking', { tableId: table.id })).toMatchObject({ ok: false, code: 'TABLE_FULL' });
      expect(await refused).toMatchObject({ tableId: table.id, code: 'TABLE_FULL' });
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

});