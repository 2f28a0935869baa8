import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { logInAsOrganiser } from '../support/organiser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 15, a company's media: the organiser, under Exhibitors & booths → Companies, opens a company's Videos, is
 * refused a PDF renamed .webm (its first bytes), uploads a real WebM recorded in the browser, and renames it; the
 * company's staff put a PDF on the booth (the brief-bag documents, which are the company's documents). The demo
 * attendee on a phone opens the company in the Exhibitors tab, sees the document and the video, plays the video
 * (the browser's own player, seeking through HTTP Range: a 206 with exactly the bytes asked), and the organiser's
 * Videos report counts one view.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
const PHONE = { width: 390, height: 844 };
const COMPANY = 'Lumen Optics';

let server: RunningServer;
let browser: Browser;

async function brochurePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Lumen Optics: lenses for every lab', { x: 60, y: 760, size: 20, font });
  return Buffer.from(await doc.save());
}

/** A second of a moving square, recorded by the browser itself (MediaRecorder, VP8 WebM): a video it can play. */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let i = 0; i < 15; i++) {
      ctx.fillStyle = '#1c7ed6';
      ctx.fillRect(0, 0, 160, 120);
      ctx.fillStyle = '#fff';
      ctx.fillRect(i * 8, 40, 40, 40);
      await new Promise((r) => setTimeout(r, 70));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const org = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/exhibition/companies`, { method: 'POST', headers: org, body: JSON.stringify({ name: COMPANY, category: 'Optics' }) });
  if (res.status !== 201) throw new Error(`company: ${res.status} ${await res.text()}`);
  const companyId = ((await res.json()) as { data: { id: string } }).data.id;
  const staff = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/exhibition/companies/${companyId}/staff`, { method: 'PUT', headers: org, body: JSON.stringify({ emails: [EXHIBITOR.identifier] }) });
  if (staff.status !== 200) throw new Error(`staff: ${staff.status}`);
  // The company's document: its staff put it on the booth (leads' booth documents, SPEC §3.10 upload media 1).
  const exLogin = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...EXHIBITOR, eventId: server.eventId }) });
  const ex = ((await exLogin.json()) as { data: { accessToken: string; eventData: { accessCodeToken: string } } }).data;
  const up = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/booth/leads/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ex.accessToken}`, 'x-user-access-token': ex.eventData.accessCodeToken, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Lens brochure', fileName: 'brochure.pdf', dataBase64: (await brochurePdf()).toString('base64') }),
  });
  if (up.status !== 201) throw new Error(`document: ${up.status} ${await up.text()}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('company media', () => {
  it('the organiser uploads a video for a company; an attendee on a phone sees its document and plays the video, and the view is counted', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/exhibitors/companies?eventId=${server.eventId}`);
    await organiser.getByRole('button', { name: `Actions: ${COMPANY}` }).click({ timeout: 30_000 });
    await organiser.getByRole('menuitem', { name: 'Videos' }).click();
    const modal = organiser.getByRole('dialog', { name: `Videos of ${COMPANY}` });
    await modal.getByText('No videos yet').waitFor({ timeout: 15_000 });

    const form = modal.getByRole('form', { name: 'Upload video' });
    const file = form.locator('input[type=file]');
    await form.getByRole('textbox', { name: 'Title' }).fill('Stand tour');
    // A PDF renamed .webm: refused by its first bytes, on the file field.
    await file.setInputFiles({ name: 'tour.webm', mimeType: 'video/webm', buffer: await brochurePdf() });
    await form.getByRole('button', { name: 'Upload video' }).click();
    await form.getByText('The file content does not match its extension.').waitFor({ timeout: 15_000 });
    // A real WebM, recorded by the browser.
    const video = await recordWebm(organiser);
    expect(video.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    await file.setInputFiles({ name: 'tour.webm', mimeType: 'video/webm', buffer: video });
    await form.getByRole('button', { name: 'Upload video' }).click();
    const table = modal.getByRole('table', { name: 'Videos' });
    await table.getByText('Stand tour').waitFor({ timeout: 15_000 });
    // Renamed in place.
    await table.getByRole('button', { name: 'Rename Stand tour' }).click();
    await table.getByRole('textbox', { name: 'Rename Stand tour' }).fill('Stand tour 2026');
    await table.getByRole('button', { name: 'Save' }).click();
    await table.getByText('Stand tour 2026').waitFor({ timeout: 15_000 });
    expect(await table.getByTestId('video-views').innerText()).toBe('0');
    await expectAccessible(organiser, 'company videos');
    await screenshot(organiser, 'company-media-organiser');

    // The attendee, from a fresh browser on a phone.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/tabs/exhibitors');
    await attendee.getByRole('searchbox').fill('Lumen', { timeout: 30_000 });
    await attendee.getByTestId('exhibitor-row').filter({ hasText: COMPANY }).click({ timeout: 30_000 });
    const page = attendee.getByTestId('exhibitor-page');
    await page.getByTestId('company-documents').getByText('Lens brochure').waitFor({ timeout: 15_000 });
    const card = page.getByTestId('company-video').filter({ hasText: 'Stand tour 2026' });
    await card.getByRole('button', { name: 'Play Stand tour 2026' }).click({ timeout: 15_000 });
    const player = card.locator('video');
    await player.waitFor({ timeout: 15_000 });
    // The browser's player loads it (metadata at least) from the ticketed stream URL.
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.error === null), { timeout: 20_000 }).toBe(true);
    expect(await player.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160);
    // Seeking asks for a Range: 206 with exactly those bytes.
    const ranged = await player.evaluate(async (v: HTMLVideoElement) => {
      const r = await fetch(v.currentSrc, { headers: { range: 'bytes=0-99' } });
      return { status: r.status, contentRange: r.headers.get('content-range'), type: r.headers.get('content-type'), first: [...new Uint8Array(await r.arrayBuffer())] };
    });
    expect(ranged.status).toBe(206);
    expect(ranged.contentRange).toBe(`bytes 0-99/${video.length}`);
    expect(ranged.type).toBe('video/webm');
    expect(Buffer.from(ranged.first).equals(video.subarray(0, 100))).toBe(true);
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'company page with media on a phone');
    await screenshot(attendee, 'company-media-attendee-phone');

    // The organiser's Videos report counts the view (once, however often it is played).
    await organiser.reload();
    await organiser.getByRole('button', { name: `Actions: ${COMPANY}` }).click({ timeout: 30_000 });
    await organiser.getByRole('menuitem', { name: 'Videos' }).click();
    await expect.poll(() => organiser.getByRole('table', { name: 'Videos' }).getByTestId('video-views').innerText(), { timeout: 15_000 }).toBe('1');
    // The organiser plays it back in the browser (without counting a view).
    await organiser.getByRole('table', { name: 'Videos' }).getByRole('button', { name: 'Play Stand tour 2026' }).click();
    const orgPlayer = organiser.getByRole('dialog', { name: 'Stand tour 2026' }).locator('video');
    await orgPlayer.waitFor({ timeout: 15_000 });
    await expect.poll(() => orgPlayer.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await orgPlayer.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160);
    await screenshot(organiser, 'company-media-organiser-playback');
    await organiser.getByRole('dialog', { name: 'Stand tour 2026' }).getByRole('button', { name: 'Close' }).click();
    await organiser.getByRole('dialog', { name: 'Stand tour 2026' }).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await organiser.getByRole('table', { name: 'Videos' }).getByTestId('video-views').innerText()).toBe('1');
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 240_000);
});
