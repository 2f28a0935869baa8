import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiCaller, registerWithLoginLinks } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { startJanus, type RunningJanus } from '../../apps/server/src/test/janus-server.ts';
import { janusRoomId, janusToken } from '../../apps/server/src/modules/video/sfu.ts';

/*
 * Issue 17, the SFU: a real Janus (Debian's janus, VideoRoom plugin; scripts/ensure-janus.sh installs it) started on a
 * free localhost port, the server started with JANUS_URL and its secrets. Three attendees, each in their own browser
 * (Chromium's fake camera), sit at a discussion table of three seats from the portal (a media server takes over every
 * table of more than two). Two turn video on; the third, camera off, already sees both playing through the media
 * server, then turns video on and is seen; one leaves the table and is sent out of the room: the others' tiles drop
 * them and Janus no longer lists them.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const PHONE = { width: 390, height: 844 };
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

let janus: RunningJanus;
let server: RunningServer;
let browser: Browser;
let token = '';

const call = apiCaller(() => server.url, () => token);
const api = <T>(method: string, path: string, body?: unknown, bearer = true): Promise<T> => call<T>(method, `/api/${path}`, body, bearer ? undefined : {});

beforeAll(async () => {
  janus = await startJanus();
  server = await startServer({ JANUS_URL: janus.url, JANUS_TOKEN_SECRET: janus.tokenSecret, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey });
  browser = await launchBrowser(FAKE_MEDIA);
  token = (await api<{ accessToken: string }>('POST', 'auth/login', ORGANISER, false)).accessToken;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await janus?.stop();
});

describe('table video through the Janus SFU (issue 17)', () => {
  it('three attendees at a table of three: one with video off watches the two others; one leaves and the tiles drop them', async () => {
    const created = await api<{ id: string }>('POST', `eventservices/events/${server.eventId}/networking/tables`, { kind: 'discussion', topic: 'Big round table', seats: 3, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' });
    const people = [
      { firstName: 'Sara', lastName: 'Sfu', email: 'sara.sfu@example.com' },
      { firstName: 'Omar', lastName: 'Sfu', email: 'omar.sfu@example.com' },
      { firstName: 'Lin', lastName: 'Sfu', email: 'lin.sfu@example.com' },
    ];
    const paths = await registerWithLoginLinks(call, server.eventId, people, 'SFU pass');
    const seated: { context: BrowserContext; page: Page; watch: { errors: string[] }; table: Locator }[] = [];
    for (const path of paths) {
      const context = await newContext(browser, server.url, PHONE);
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(path);
      await page.waitForURL('**/attendium', { timeout: 30_000 });
      await page.getByRole('link', { name: 'Open the lounge' }).click({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Networking lounge', level: 1 }).waitFor();
      const table = page.getByTestId('lounge-table').filter({ hasText: 'Big round table' });
      await table.getByRole('button', { name: 'Join table: Big round table' }).click({ timeout: 30_000 });
      await table.getByRole('button', { name: 'Leave table' }).waitFor();
      seated.push({ context, page, watch, table });
    }
    const [sara, omar, lin] = seated as [(typeof seated)[number], (typeof seated)[number], (typeof seated)[number]];
    const names = people.map((p) => `${p.firstName} ${p.lastName}`);
    /** Is this person's picture playing on that page (frames decoded), under their name? */
    const playing = (s: (typeof seated)[number], name: string) =>
      s.page.locator(`video[aria-label="${name}"]`).evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused && v.readyState >= 2).catch(() => false);

    // Everyone sees the table say its video runs through the media server; Sara and Omar turn video on, Lin does not.
    for (const s of seated) await s.table.getByText('its video runs through the event’s media server').waitFor({ timeout: 15_000 });
    await lin.table.getByText('Nobody else at this table has their video on').waitFor({ timeout: 30_000 });
    for (const s of [sara, omar]) {
      await s.table.getByRole('button', { name: 'Turn on video' }).click();
      await s.table.getByRole('button', { name: 'Turn off video' }).waitFor({ timeout: 30_000 });
    }
    // Lin, camera off, sees both playing (receive only); Sara and Omar see each other.
    for (const name of [names[0]!, names[1]!]) await expect.poll(() => playing(lin, name), { timeout: 45_000 }).toBe(true);
    expect(await lin.table.getByRole('button', { name: 'Turn on video' }).count()).toBe(1);
    expect(await lin.table.getByTestId('table-video').count()).toBe(2);
    await expect.poll(() => playing(sara, names[1]!), { timeout: 45_000 }).toBe(true);
    await expect.poll(() => playing(omar, names[0]!), { timeout: 45_000 }).toBe(true);
    await screenshot(lin.page, 'lounge-table-sfu-watching-phone');

    // Lin turns video on: each sees the two others playing, labelled with the names the server gave.
    await lin.table.getByRole('button', { name: 'Turn on video' }).click();
    await lin.table.getByRole('button', { name: 'Turn off video' }).waitFor({ timeout: 30_000 });
    for (const [i, s] of seated.entries()) {
      for (const name of names.filter((_, j) => j !== i)) await expect.poll(() => playing(s, name), { timeout: 45_000 }).toBe(true);
      expect(await s.table.getByTestId('table-video').count()).toBe(3);
    }
    await expectAccessible(seated[0]!.page, 'table video through the SFU');
    await screenshot(seated[0]!.page, 'lounge-table-sfu-phone');

    // Lin turns video off: the others stop showing Lin, and Lin still sees them.
    await lin.table.getByRole('button', { name: 'Turn off video' }).click();
    await expect.poll(() => sara.page.locator(`video[aria-label="${names[2]}"]`).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => playing(lin, names[0]!), { timeout: 20_000 }).toBe(true);

    // Omar leaves the table: the others' tiles drop him, and the media server no longer has him in the room.
    await omar.table.getByRole('button', { name: 'Leave table' }).click();
    await omar.table.getByRole('button', { name: 'Join table: Big round table' }).waitFor({ timeout: 15_000 });
    for (const s of [sara, lin]) await expect.poll(() => s.page.locator(`video[aria-label="${names[1]}"]`).count(), { timeout: 20_000 }).toBe(0);
    const inRoom = async () => {
      const token = janusToken(janus.tokenSecret, Math.floor(Date.now() / 1000) + 60, 'janus', ['janus.plugin.videoroom']);
      const post = async (path: string, body: Record<string, unknown>) =>
        (await (await fetch(`${janus.url}${path}`, { method: 'POST', body: JSON.stringify({ ...body, token, apisecret: janus.apiSecret, transaction: String(Math.random()) }) })).json()) as { data: { id: number }; plugindata?: { data: { participants?: { display: string }[] } } };
      const session = (await post('', { janus: 'create' })).data.id;
      const handle = (await post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data.id;
      const listed = await post(`/${session}/${handle}`, { janus: 'message', body: { request: 'listparticipants', room: janusRoomId(`table-${created.id}`) } });
      await post(`/${session}`, { janus: 'destroy' });
      return (listed.plugindata?.data.participants ?? []).map((p) => p.display).sort();
    };
    expect(await inRoom()).toEqual([names[2], names[0]].sort());
    await screenshot(sara.page, 'lounge-table-sfu-after-leave-phone');
    for (const s of seated) expect(s.watch.errors).toEqual([]);
    for (const s of seated) await s.context.close();
  });
});
