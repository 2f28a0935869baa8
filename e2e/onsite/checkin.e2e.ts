import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { writeQrPng, writeQrY4m } from './fake-camera.ts';

const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const PHONE = { width: 390, height: 844 };
const H = '/api/hospitalityservices/api';

let server: RunningServer;
let browser: Browser;
let token = '';
let tmp = '';
/** Free registrations (approved and paid) with their credential strings. */
let people: { id: string; name: string; credential: string }[] = [];
let gate: { id: string; displayKey: string };

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { accept: 'application/json', ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { status: string; data: T };
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
const E = () => `${H}/events/${server.eventId}`;

/** A device made by the organiser (API), with its one-time code. */
async function newDevice(name: string, areaIds: string[]) {
  return call<{ device: { id: string }; code: string }>('POST', `${E()}/devices`, { name, kind: 'scanner', areaIds });
}

/** A phone. The app's "switch to a desktop" hint is not pre-dismissed: the scanner is a phone-first page and never shows it. */
async function phoneContext(): Promise<BrowserContext> {
  const context = await newContext(browser, server.url, PHONE);
  await context.grantPermissions(['camera'], { origin: server.url });
  return context;
}

async function desktopContext(): Promise<BrowserContext> {
  const context = await newContext(browser, server.url, { width: 1280, height: 900 });
  return context;
}

/** Opens the set-up link of a fresh device and waits until it scans (one bound area: no area choice). */
async function pairScanner(page: Page, code: string) {
  await page.goto(`/scanner?code=${encodeURIComponent(code)}`);
  try {
    await page.getByTestId('scanner-area').waitFor({ timeout: 30_000 });
  } catch (err) {
    await screenshot(page, 'onsite-scanner-pairing-failed');
    throw err;
  }
  expect(await page.getByTestId('scanner-area').textContent()).toContain('Main gate');
  // Offline data is downloaded right after pairing.
  await expect.poll(() => page.getByTestId('offline-data').textContent(), { timeout: 15_000 }).toMatch(/Offline data: \d+ badges/);
}

async function result(page: Page): Promise<string | null> {
  const el = page.getByTestId('scan-result');
  return (await el.count()) ? el.getAttribute('data-result') : null;
}

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;

  // Registrations through the public order API (a free ticket: approved and paid at once).
  const ticket = await call<{ id: string }>('POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: 'Day pass', currency: 'EUR', isFree: true, price: 0, maxPerOrder: 10 });
  const names = [
    ['Asha', 'Verma'],
    ['Bruno', 'Costa'],
    ['Chen', 'Wei'],
    ['Dara', 'Okafor'],
  ] as const;
  const order = await call<{ order: { attendees: { id: string }[] } }>(
    'POST',
    `/api/eventservices/public/events/${server.eventId}/orders`,
    {
      items: [{ ticketId: ticket.id, quantity: names.length }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com' },
      attendees: names.map(([firstName, lastName]) => ({ ticketId: ticket.id, firstName, lastName, email: `${firstName.toLowerCase()}@example.com` })),
    },
    { 'idempotency-key': `onsite-${Date.now()}` },
  );
  people = [];
  for (const [i, a] of order.order.attendees.entries()) {
    const cred = await call<{ token: string }>('GET', `/api/eventservices/events/${server.eventId}/registrations/${a.id}/credential`);
    people.push({ id: a.id, name: `${names[i]![0]} ${names[i]![1]}`, credential: cred.token });
  }
  gate = await call<{ id: string; displayKey: string }>('POST', `${E()}/areas`, { name: 'Main gate', kind: 'gate' });

  // The fake camera films Asha's badge QR: a Y4M video written by hand (no ffmpeg here).
  tmp = mkdtempSync(join(tmpdir(), 'pavilion-onsite-'));
  const video = join(tmp, 'badge-qr.y4m');
  writeQrY4m(video, people[0]!.credential);
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A 2×2 PNG (the server checks its magic number; the browser decodes it). */
const SQUARE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM4YWNjY3OCweaEzYkTNgAksgWNyhqn+gAAAABJRU5ErkJggg==';

describe('onsite check-in: scanner PWA (390 px phone)', () => {
  it('pairs with the set-up link, admits a badge seen by the camera, then refuses the second entry', async () => {
    const { code, device } = await newDevice('Gate phone 1', [gate.id]);
    const context = await phoneContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await pairScanner(page, code);
    // The set-up code left the address bar once used.
    expect(page.url()).not.toContain('code=');
    await screenshot(page, 'onsite-scanner-ready-390');
    await expectAccessible(page, 'scanner ready');

    // Asha has a photo (set by the organiser): the result shows it to the gate staff.
    await call('PUT', `/api/eventservices/events/${server.eventId}/registrations/${people[0]!.id}/photo`, { contentType: 'image/png', dataBase64: SQUARE_PNG });
    await page.getByRole('button', { name: 'Start camera' }).click();
    try {
      await expect.poll(() => result(page), { timeout: 45_000 }).toBe('admitted');
    } catch (err) {
      await screenshot(page, 'onsite-scanner-camera-failed-390');
      throw err;
    }
    await expect.poll(() => page.getByTestId('scan-result-name').textContent()).toBe('Asha Verma');
    await expect.poll(() => page.getByTestId('scan-announcement').textContent()).toContain('Admitted');
    await expect.poll(() => page.getByTestId('scan-result-photo').locator('img').evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'onsite-scanner-admitted-390');

    // The badge stays in front of the camera: once the result clears, the same code is read again and refused.
    await expect.poll(() => result(page), { timeout: 45_000, interval: 100 }).toBe('already_inside');
    await expect.poll(() => page.getByText('Already inside').count()).toBeGreaterThan(0);
    await screenshot(page, 'onsite-scanner-already-inside-390');

    const scans = await call<{ items: { result: string; source: string; direction: string }[] }>('GET', `${E()}/checkins?registrationId=${people[0]!.id}`);
    expect(scans.items.map((s) => s.result).sort()).toEqual(['admitted', 'already_inside']);
    expect(scans.items.every((s) => s.source === 'online')).toBe(true);

    // The organiser signs the device out from the dashboard: deviceLogout on the hospitality socket ends it here.
    // The badge is still in front of the camera, so result screens keep coming (as at a real gate); the button's
    // own click handler is fired rather than waiting for a gap between them.
    await page.getByRole('button', { name: 'Stop camera' }).dispatchEvent('click');
    await call('POST', `${E()}/devices/${device.id}/logout`);
    await expect.poll(() => page.getByRole('heading', { name: 'Set up this scanner' }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByText('This device was signed out from the dashboard').count()).toBe(1);
    await screenshot(page, 'onsite-scanner-signed-out-390');
    await expectAccessible(page, 'scanner pairing');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('scans offline into the queue and syncs when the network is back', async () => {
    // Bruno has a photo before this phone downloads its offline data: the worker keeps it, so it shows offline too.
    await call('PUT', `/api/eventservices/events/${server.eventId}/registrations/${people[1]!.id}/photo`, { contentType: 'image/png', dataBase64: SQUARE_PNG });
    const { code } = await newDevice('Gate phone 2', [gate.id]);
    const context = await phoneContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await pairScanner(page, code);
    // The service worker takes control once installed and caches the shell and the chunks this page loaded.
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await caches.open('pavilion-scanner-v1')).keys().then((k) => k.some((r) => r.url.includes('scanner-page')))), { timeout: 15_000 }).toBe(true);
    // The worker keeps the snapshot's photos (handed over when it took control of the page).
    await expect.poll(() => page.evaluate(async () => (await caches.open('pavilion-scanner-photos-v1')).keys().then((k) => k.length)), { timeout: 15_000 }).toBeGreaterThan(0);

    const insideBefore = (await call<{ id: string; inside: number }[]>('GET', `${E()}/areas`)).find((a) => a.id === gate.id)!.inside;
    // Another gate, online, admits Chen after this phone downloaded its offline data: the phone cannot know.
    const other = await newDevice('Gate laptop', [gate.id]);
    const otherToken = (await call<{ deviceToken: string }>('POST', `${H}/devices/pair`, { code: other.code }, {})).deviceToken;
    const online = await call<{ result: string }>('POST', `${H}/device/scans`, { credential: people[2]!.credential, areaId: gate.id }, { authorization: `Bearer ${otherToken}` });
    expect(online.result).toBe('admitted');

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toContain('Offline');
    // A USB wedge scanner types the code and Enter into the focused field.
    const field = page.getByRole('textbox', { name: 'Badge code' });
    await field.fill(people[1]!.credential);
    await field.press('Enter');
    await expect.poll(() => result(page)).toBe('admitted');
    await expect.poll(() => page.getByText('decided offline').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('scan-result-photo').locator('img').evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'onsite-scanner-offline-admitted-390');
    await page.getByTestId('scan-result').click();
    // The same badge again: refused locally from the device's own presence.
    await field.fill(people[1]!.credential);
    await field.press('Enter');
    await expect.poll(() => result(page)).toBe('already_inside');
    await page.getByTestId('scan-result').click();
    // A forged code is refused offline by the signature check.
    const forged = people[2]!.credential.replace(/:([A-Za-z0-9_-])([A-Za-z0-9_-]+)$/, (_m, c: string, rest: string) => `:${c === 'A' ? 'B' : 'A'}${rest}`);
    await field.fill(forged);
    await field.press('Enter');
    await expect.poll(() => result(page)).toBe('forged');
    await page.getByTestId('scan-result').click();
    // Chen, already inside through the other gate: admitted here from the stale offline data (flagged after sync).
    await field.fill(people[2]!.credential);
    await field.press('Enter');
    await expect.poll(() => result(page)).toBe('admitted');
    await page.getByTestId('scan-result').click();
    await expect.poll(() => page.getByTestId('queue-length').textContent()).toBe('Queued scans: 4');
    await expectAccessible(page, 'scanner offline');

    // The PWA shell comes from the service worker (scope /scanner): a reload without network still opens the
    // scanner, and the queue is still there (IndexedDB).
    await page.reload();
    await page.getByTestId('scanner-area').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('queue-length').textContent()).toBe('Queued scans: 4');
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toContain('Offline');
    await screenshot(page, 'onsite-scanner-offline-queue-390');
    // Nothing reached the server yet.
    expect((await call<{ total: number }>('GET', `${E()}/checkins?registrationId=${people[1]!.id}`)).total).toBe(0);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('queue-length').textContent(), { timeout: 15_000 }).toBe('Queued scans: 0');
    await expect.poll(() => page.getByTestId('mode-badge').textContent()).toContain('Online');
    await expect.poll(() => page.getByTestId('last-sync').textContent()).toContain('Last sync');
    await expect.poll(() => page.getByTestId('scanner-notice').textContent()).toContain('Synced: 4 scans recorded; conflicts flagged for the organiser: 1.');
    await screenshot(page, 'onsite-scanner-synced-390');

    const synced = await call<{ items: { result: string; source: string; localResult: string | null }[] }>('GET', `${E()}/checkins?registrationId=${people[1]!.id}`);
    expect(synced.items.map((s) => `${s.source}:${s.result}`).sort()).toEqual(['offline:admitted', 'offline:already_inside']);
    const areas = await call<{ id: string; inside: number }[]>('GET', `${E()}/areas`);
    expect(areas.find((a) => a.id === gate.id)!.inside).toBe(insideBefore + 2);
    // A picture of a badge (gallery / screenshot) goes through the same decoder: Asha is still inside.
    const png = join(tmp, 'asha.png');
    await writeQrPng(png, people[0]!.credential);
    await page.getByTestId('scan-image-input').setInputFiles(png);
    await expect.poll(() => result(page), { timeout: 15_000 }).toBe('already_inside');
    await expect.poll(() => page.getByTestId('scan-result-name').textContent()).toBe('Asha Verma');
    await page.getByTestId('scan-result').click();

    const conflicts = await call<{ items: { kind: string; registrationId: string; localResult: string; serverResult: string }[] }>('GET', `${E()}/checkins/conflicts`);
    expect(conflicts.items).toEqual([expect.objectContaining({ kind: 'double_admission', registrationId: people[2]!.id, localResult: 'admitted', serverResult: 'already_inside' })]);
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});

describe('onsite check-in: footfall screen', () => {
  it('shows the inside-count and updates live when a scan happens', async () => {
    const { code } = await newDevice('API gate', [gate.id]);
    const paired = await call<{ deviceToken: string }>('POST', `${H}/devices/pair`, { code }, {});
    const context = await desktopContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`/footfall-ct/${gate.id}?key=${encodeURIComponent(gate.displayKey)}`);
    await expect.poll(() => page.getByTestId('footfall-live').textContent(), { timeout: 15_000 }).toContain('Live');
    const before = Number(await page.getByTestId('footfall-inside').textContent());
    await screenshot(page, 'onsite-footfall-before');
    await expectAccessible(page, 'footfall screen');

    const res = await call<{ result: string }>('POST', `${H}/device/scans`, { credential: people[3]!.credential, areaId: gate.id, direction: 'in' }, { authorization: `Bearer ${paired.deviceToken}` });
    expect(res.result).toBe('admitted');
    // Polling runs every 15 s only while the socket is down: within 5 s it can only be the socket.
    await expect.poll(() => page.getByTestId('footfall-inside').textContent(), { timeout: 5000 }).toBe(String(before + 1));
    await expect.poll(() => page.getByText(/entries today\./).count(), { timeout: 5000 }).toBeGreaterThan(0);
    await screenshot(page, 'onsite-footfall-after');

    // A wrong key shows nothing.
    await page.goto(`/footfall-ct/${gate.id}?key=not-the-right-key`);
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('not available');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});

describe('onsite check-in: organiser dashboard (desktop)', () => {
  it('creates an area and a device, and sees the attendance', async () => {
    const context = await desktopContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto('/');
    await page.getByLabel(/email or mobile/i).fill(ORGANISER.identifier);
    await page.getByLabel(/^password/i).fill(ORGANISER.password);
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await page.waitForURL('**/list/events');

    await page.goto(`/app/onsite?eventId=${server.eventId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Onsite check-in' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Main gate', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'New area' }).click();
    const dialog = page.getByRole('dialog', { name: 'New area' });
    await dialog.getByLabel('Name').fill('Hall A');
    // The select opens on a click; on a busy machine a click during the dialog's entrance can miss, so click again
    // until its list shows (each attempt waits for it first).
    const hallOption = page.getByRole('option', { name: 'Hall' });
    for (let attempt = 0; attempt < 4 && !(await hallOption.isVisible()); attempt++) {
      await dialog.getByRole('textbox', { name: 'Kind' }).click({ force: true });
      await hallOption.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await hallOption.click();
    // A time window whose end is before its start is refused with the spec's message.
    await dialog.getByRole('button', { name: 'Add time window' }).click();
    await dialog.getByLabel('Opens').fill('2026-11-21T18:00');
    await dialog.getByLabel('Closes').fill('2026-11-21T09:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('The end time must be after the start time.').count()).toBe(1);
    await dialog.getByLabel('Opens').fill('2026-11-21T00:00');
    await dialog.getByLabel('Closes').fill('2030-12-31T23:00');
    await dialog.getByRole('switch', { name: 'Allow re-entry after leaving' }).click();
    await dialog.getByLabel('Capacity', { exact: true }).fill('2');
    await dialog.getByText('Refuse entry').click();
    await screenshot(page, 'onsite-org-area-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Hall A', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText('No re-entry').count()).toBe(1);
    await expect.poll(() => page.getByText('1 time window').count()).toBe(1);
    await page.waitForTimeout(400);
    await expectAccessible(page, 'onsite areas');
    await screenshot(page, 'onsite-org-areas');
    const hall = (await call<{ id: string; name: string; allowsReentry: boolean; capacity: number | null; capacityMode: string; timeWindows: unknown[] }[]>('GET', `${E()}/areas`)).find((a) => a.name === 'Hall A');
    expect(hall).toMatchObject({ allowsReentry: false, capacity: 2, capacityMode: 'refuse' });
    expect(hall?.timeWindows).toHaveLength(1);

    await page.getByRole('link', { name: 'Devices' }).click();
    await page.getByRole('button', { name: 'New device' }).click();
    const deviceDialog = page.getByRole('dialog', { name: 'New device' });
    await deviceDialog.getByLabel('Name').fill('Hall A door');
    await deviceDialog.locator('.mantine-MultiSelect-input').click();
    await page.getByRole('option', { name: 'Hall A' }).click();
    // The list stays open for more choices and, with the demo's own areas in it, covers the buttons: click away.
    await deviceDialog.getByLabel('Name').click();
    await deviceDialog.getByRole('button', { name: 'Save' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Connect Hall A door' });
    await expect.poll(() => codeDialog.getByTestId('device-code').textContent()).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect.poll(() => codeDialog.getByRole('img', { name: 'QR code of the set-up link' }).count()).toBe(1);
    expect(await codeDialog.getByTestId('device-setup-url').inputValue()).toContain('/scanner?code=');
    await screenshot(page, 'onsite-org-device-code');
    await codeDialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.locator('[data-testid^="device-row-"]').filter({ hasText: 'Hall A door' }).count()).toBe(1);
    // Sync all: the server emits deviceSyncAll on the hospitality socket and says how many it reached.
    await page.getByRole('button', { name: 'Sync all' }).click();
    await expect.poll(() => page.getByText(/Sync sent to \d+ connected device/).count()).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await expectAccessible(page, 'onsite devices');
    await screenshot(page, 'onsite-org-devices');

    // Device groups: the hall's door joins a group, and the group is synced as one.
    await page.getByRole('link', { name: 'Device groups' }).click();
    await expect.poll(() => page.getByText('No device groups yet').count()).toBe(1);
    await screenshot(page, 'onsite-org-groups-empty');
    await page.getByRole('button', { name: 'New group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'New group' });
    await groupDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => groupDialog.getByText('This field is required.').count()).toBe(1);
    await groupDialog.getByLabel('Group name').fill('Hall A gates');
    await groupDialog.getByLabel('Description').fill('Doors of hall A');
    await groupDialog.locator('.mantine-MultiSelect-input').click();
    await page.getByRole('option', { name: 'Hall A door' }).click();
    await screenshot(page, 'onsite-org-group-form');
    // Close the open option list (it covers the buttons) by clicking elsewhere in the dialog.
    await groupDialog.getByLabel('Group name').click();
    await groupDialog.getByRole('button', { name: 'Save' }).click();
    const groupRow = page.locator('[data-testid^="device-group-row-"]').filter({ hasText: 'Hall A gates' });
    await expect.poll(() => groupRow.getByText('Hall A door').count()).toBe(1);
    await expect.poll(() => groupRow.getByText(/^\d of 1$/).count()).toBe(1);
    // A second group of the same name (in any case) is refused on the field, by the server.
    await page.getByRole('button', { name: 'New group' }).click();
    const second = page.getByRole('dialog', { name: 'New group' });
    await second.getByLabel('Group name').fill('hall a GATES');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => second.getByText('This name is already used.').count()).toBe(1);
    await second.getByRole('button', { name: 'Cancel' }).click();
    await groupRow.getByRole('button', { name: 'Actions: Hall A gates' }).click();
    await page.getByRole('menuitem', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByText(/Sync sent to \d+ connected device/).count()).toBeGreaterThan(0);
    const door = (await call<{ name: string; groupId: string | null }[]>('GET', `${E()}/devices`)).find((d) => d.name === 'Hall A door');
    const groups = await call<{ id: string; name: string; deviceIds: string[] }[]>('GET', `${E()}/device-groups`);
    expect(groups).toHaveLength(1);
    expect(door?.groupId).toBe(groups[0]!.id);
    await page.waitForTimeout(500);
    await expectAccessible(page, 'onsite device groups');
    await screenshot(page, 'onsite-org-groups');

    await page.getByRole('link', { name: 'Attendance' }).click();
    // The demo's morning crowd came through its own Entrance gate first: look at this test's gate only.
    await page.getByPlaceholder('All areas').first().click();
    await page.getByRole('option', { name: 'Main gate', exact: true }).click();
    const table = page.getByTestId('attendance-table');
    await expect.poll(() => table.getByText('Asha Verma').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => table.getByText('Bruno Costa').count()).toBe(1);
    // The chart shows one area's entries today in the event's time zone: this test's gate (the demo's morning crowd
    // is yesterday there once the event's midnight has passed).
    const chart = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: /^Entries per hour today/ }) });
    await chart.getByRole('textbox', { name: 'Area', exact: true }).click();
    await page.getByRole('option', { name: 'Main gate', exact: true }).last().click();
    await expect.poll(() => page.getByTestId('attendance-chart-summary').textContent()).toMatch(/\d+ entries/);
    await expect.poll(() => page.getByTestId('scan-log').getByText('Offline sync').count()).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await expectAccessible(page, 'onsite attendance');
    await screenshot(page, 'onsite-org-attendance');

    await page.getByRole('link', { name: 'Footfall' }).click();
    // One per area: this test's Main gate and Hall A, and the demo's Entrance gate and Seminar hall.
    await expect.poll(() => page.getByRole('link', { name: 'Open big screen' }).count()).toBe(4);
    await screenshot(page, 'onsite-org-footfall');
    await page.getByRole('link', { name: 'Conflicts' }).click();
    const conflictRow = page.getByTestId('conflicts-table').getByRole('row').filter({ hasText: 'Chen Wei' });
    await expect.poll(() => conflictRow.getByText('Double admission').count()).toBe(1);
    await page.waitForTimeout(400);
    await expectAccessible(page, 'onsite conflicts');
    await screenshot(page, 'onsite-org-conflicts');
    await conflictRow.getByRole('button', { name: 'Mark resolved' }).click();
    await expect.poll(() => page.getByTestId('conflicts-table').count()).toBe(0);
    await expect.poll(() => page.getByText('No conflicts').count()).toBe(1);
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
