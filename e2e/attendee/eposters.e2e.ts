import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { solidPng } from '../support/images.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { indiaDate } from '../support/api.ts';

/*
 * Issue 16, e-posters: the organiser uploads a PNG poster and a PDF poster under Sessions & agenda → E-posters; the
 * demo attendee of the hybrid expo, during the event and on a phone, opens E-Poster in the web portal, searches,
 * opens the PNG poster's page and sees the image; the PDF poster's page draws the PDF (pdf.js) with a download link.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };

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

/** A one-page A4 poster made here, so the journey needs no fixture files. */
async function posterPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 0, y: 700, width: 595, height: 142, color: rgb(0.1, 0.3, 0.6) });
  page.drawText('Dark matter maps of the local group', { x: 40, y: 760, size: 22, font, color: rgb(1, 1, 1) });
  return Buffer.from(await doc.save());
}

/** Fills the open "New e-poster" form and saves it with `file` chosen through the file picker. */
async function uploadPoster(page: Page, p: { title: string; topic: string; author: string; affiliation: string; abstract: string; file: { name: string; mimeType: string; buffer: Buffer } }) {
  await page.getByRole('button', { name: 'New e-poster' }).click();
  const form = page.getByRole('form', { name: 'New e-poster' });
  await form.waitFor();
  await form.getByRole('textbox', { name: 'Title' }).fill(p.title);
  await form.getByRole('textbox', { name: /^Topic/ }).fill(p.topic);
  await form.getByRole('textbox', { name: 'Author 1 name' }).fill(p.author);
  await form.getByRole('textbox', { name: 'Author 1 affiliation' }).fill(p.affiliation);
  await form.getByRole('textbox', { name: /^Abstract/ }).fill(p.abstract);
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(p.file);
  await form.getByTestId('eposter-picked-file').getByText(p.file.name, { exact: false }).waitFor();
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByTestId('org-eposter-row').filter({ hasText: p.title }).waitFor({ timeout: 15_000 });
}

describe('e-posters', () => {
  it('the organiser uploads a PNG and a PDF poster; an attendee on a phone finds, opens and sees them in the web portal', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    // The demo expo is hybrid and in February 2027: move it to "now" so that its E-Poster entry is open (SPEC §2.5).
    await organiserCallInPage(organiser, 'PATCH', `/api/eventservices/events/${server.eventId}`, { startDate: indiaDate(-1), endDate: indiaDate(1) });

    await organiser.goto(`/app/sessions?eventId=${server.eventId}`);
    await organiser.getByRole('link', { name: 'E-posters' }).click();
    await organiser.waitForURL('**/app/sessions/eposters*');
    await organiser.getByRole('heading', { name: 'No e-posters yet' }).waitFor({ timeout: 30_000 });

    // A renamed file is refused on the field, as the server would (a text file called .png).
    await organiser.getByRole('button', { name: 'New e-poster' }).click();
    const form = organiser.getByRole('form', { name: 'New e-poster' });
    await form.getByRole('textbox', { name: 'Title' }).fill('Renamed');
    await form.getByRole('textbox', { name: /^Topic/ }).fill('Biology');
    await form.getByRole('textbox', { name: 'Author 1 name' }).fill('Someone');
    const chooser = organiser.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles({ name: 'poster.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all, just text') });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The file content does not match its extension.').waitFor({ timeout: 15_000 });
    await expectAccessible(organiser, 'e-poster form with a refused file');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await uploadPoster(organiser, {
      title: 'Protein folding at the edge',
      topic: 'Biology',
      author: 'Ada Lovelace',
      affiliation: 'Analytical Engines Ltd',
      abstract: 'We fold proteins on phones.',
      file: { name: 'folding.png', mimeType: 'image/png', buffer: solidPng(240, [46, 125, 50]) },
    });
    await uploadPoster(organiser, {
      title: 'Dark matter maps',
      topic: 'Physics',
      author: 'Vera Rubin',
      affiliation: 'Carnegie Institution',
      abstract: 'Rotation curves, mapped.',
      file: { name: 'dark-matter.pdf', mimeType: 'application/pdf', buffer: await posterPdf() },
    });
    expect(await organiser.getByTestId('org-eposter-row').count()).toBe(2);
    await expectAccessible(organiser, 'organiser e-posters');
    await screenshot(organiser, 'eposters-organiser');

    // The attendee, from a fresh browser on a phone, during the event.
    const attendee = await (await newContext(browser, server.url, { width: 390, height: 844 })).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/attendium-v2');
    const menu = attendee.getByTestId('portal-menu');
    await menu.waitFor({ timeout: 30_000 });
    await menu.getByRole('link', { name: 'E-Poster', exact: true }).click();
    await attendee.waitForURL('**/attendium-v2/e-poster*');
    await attendee.getByRole('heading', { name: 'E-Poster', level: 1 }).waitFor({ timeout: 15_000 });
    await expect.poll(() => attendee.getByTestId('eposter-card').count(), { timeout: 15_000 }).toBe(2);

    // Search by an author; then by topic.
    await attendee.getByRole('textbox', { name: 'Search posters' }).fill('lovelace');
    await expect.poll(() => attendee.getByTestId('eposter-card').count(), { timeout: 10_000 }).toBe(1);
    expect(await attendee.getByTestId('eposter-card').innerText()).toContain('Protein folding at the edge');
    await attendee.getByRole('textbox', { name: 'Search posters' }).fill('');
    await attendee.getByRole('combobox', { name: 'Topic' }).selectOption('Physics');
    await expect.poll(() => attendee.getByTestId('eposter-card').allInnerTexts(), { timeout: 10_000 }).toEqual([expect.stringContaining('Dark matter maps')]);
    await attendee.getByRole('textbox', { name: 'Search posters' }).fill('folding');
    await attendee.getByRole('heading', { name: 'No posters match' }).waitFor({ timeout: 10_000 });
    await attendee.getByRole('button', { name: 'Clear the search' }).last().click();
    await expect.poll(() => attendee.getByTestId('eposter-card').count(), { timeout: 10_000 }).toBe(2);
    await attendee.getByRole('textbox', { name: 'Search posters' }).fill('folding');
    await expect.poll(() => attendee.getByTestId('eposter-card').count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(attendee, 'portal e-poster list');
    await screenshot(attendee, 'eposters-portal-list-phone');

    // The poster's page shows the image itself, loaded from its signed address.
    await attendee.getByRole('link', { name: 'Open Protein folding at the edge' }).click();
    await attendee.waitForURL('**/attendium-v2/e-poster/*');
    await attendee.getByRole('heading', { name: 'Protein folding at the edge', level: 1 }).waitFor({ timeout: 15_000 });
    const image = attendee.getByRole('img', { name: 'Poster: Protein folding at the edge' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(240);
    await attendee.getByText('Ada Lovelace (Analytical Engines Ltd)').waitFor();
    await attendee.getByText('We fold proteins on phones.').waitFor();
    await expectAccessible(attendee, 'portal e-poster page (image)');
    await screenshot(attendee, 'eposters-portal-poster-phone');

    // The PDF poster's page draws the served file with pdf.js (as a phone without a PDF viewer shows it), reads its
    // text out to screen readers, and offers it as a download.
    await attendee.getByRole('link', { name: /All e-posters/ }).click();
    await attendee.waitForURL(/\/attendium-v2\/e-poster(\?|$)/);
    await attendee.getByRole('link', { name: 'Open Dark matter maps' }).click();
    const pageImage = attendee.getByRole('img', { name: 'Dark matter maps, page 1 of 1' });
    await pageImage.waitFor({ timeout: 30_000 });
    // The poster's blue band at the top and white below it, drawn into the canvas: the page itself, not a blank box.
    const pixels = await pageImage.evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement;
      const ctx = c.getContext('2d')!;
      const at = (fx: number, fy: number) => [...ctx.getImageData(Math.floor(c.width * fx), Math.floor(c.height * fy), 1, 1).data.slice(0, 3)];
      return { band: at(0.02, 0.02), body: at(0.5, 0.6), shownWidth: c.getBoundingClientRect().width };
    });
    expect(pixels.band).toEqual([26, 77, 153].map((v) => expect.closeTo(v, -1.2)));
    expect(pixels.body).toEqual([255, 255, 255]);
    expect(pixels.shownWidth).toBeGreaterThan(250);
    await expect.poll(() => attendee.getByText(/Text of page 1: Dark matter maps of the local group/).count()).toBe(1);
    await expect.poll(() => attendee.getByRole('status').count()).toBe(0);
    const download = attendee.getByRole('link', { name: /Download the poster/ });
    const src = (await download.getAttribute('href'))!;
    // What the page draws and the link downloads: the PDF itself, same origin, served inline.
    const served = await attendee.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-disposition']).toMatch(/^inline;/);
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Nothing on the phone's page is wider than the phone.
    expect(await attendee.evaluate(() => document.querySelector('main')!.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(attendee, 'portal e-poster page (pdf)');
    await screenshot(attendee, 'eposters-portal-pdf-phone');
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 150_000);
});
