import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiCaller, registerWithLoginLinks } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { startJanus, type RunningJanus } from '../../apps/server/src/test/janus-server.ts';

/*
 * Issue 17, the SFU: a real Janus (Debian's janus, VideoRoom plugin; scripts/ensure-janus.sh installs it) started on a
 * free localhost port, the server started with JANUS_URL and its secrets. Three attendees, each in their own browser
 * (Chromium's fake camera), sit at a discussion table of three seats from the portal (a media server takes over every
 * table of more than two), turn video on, and each sees the two others' pictures playing through the media server.
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
  it('three attendees at a table of three each see the two others playing through the media server', async () => {
    await api('POST', `eventservices/events/${server.eventId}/networking/tables`, { kind: 'discussion', topic: 'Big round table', seats: 3, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' });
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
    // Everyone sees the table say its video runs through the media server, and turns video on.
    for (const s of seated) {
      await s.table.getByText('its video runs through the event’s media server').waitFor({ timeout: 15_000 });
      await s.table.getByRole('button', { name: 'Turn on video' }).click();
      await s.table.getByRole('button', { name: 'Turn off video' }).waitFor({ timeout: 30_000 });
    }
    // Each sees the two others' cameras playing (frames decoded), labelled with their names.
    const names = people.map((p) => `${p.firstName} ${p.lastName}`);
    for (const [i, s] of seated.entries()) {
      for (const name of names.filter((_, j) => j !== i)) {
        await expect
          .poll(() => s.page.locator(`video[aria-label="${name}"]`).evaluate((v: HTMLVideoElement) => v.videoWidth > 0 && !v.paused && v.readyState >= 2).catch(() => false), { timeout: 45_000 })
          .toBe(true);
      }
      expect(await s.table.getByTestId('table-video').count()).toBe(3);
    }
    await expectAccessible(seated[0]!.page, 'table video through the SFU');
    await screenshot(seated[0]!.page, 'lounge-table-sfu-phone');

    // One turns video off: the others stop showing that person.
    await seated[2]!.table.getByRole('button', { name: 'Turn off video' }).click();
    await expect.poll(() => seated[0]!.page.locator(`video[aria-label="${names[2]}"]`).count(), { timeout: 20_000 }).toBe(0);
    for (const s of seated) expect(s.watch.errors).toEqual([]);
    for (const s of seated) await s.context.close();
  });
});
