import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/*
 * Issue 15, a company's documents and the exhibitor report: the organiser, under Exhibitors & booths → Companies,
 * opens a company's Documents, is refused an executable renamed .pdf (its first bytes), and uploads a real PDF. The demo
 * attendee on a phone (390×844, fresh browser) opens the company in the Exhibitors tab — the booth view is counted —
 * and "Open"s the document: the download carries exactly the uploaded bytes. The company's admin, signed in from the
 * invitation mail on a phone, opens My stand → Reports: Booth counts the visit and Documents counts 1 download.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const COMPANY = 'Quill Papers';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

async function catalogPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Quill Papers: the 2026 catalogue', { x: 60, y: 760, size: 20, font });
  return Buffer.from(await doc.save());
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('company documents', () => {
  it('the organiser uploads a document; an attendee on a phone downloads it; the company admin sees 1 download in the report', async () => {
    const ev = server.eventId;
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    const email = `quill.${Date.now()}@quill.example`;
    const company = await organiserCallInPage<{ id: string }>(organiser, 'POST', `/api/eventservices/events/${ev}/exhibition/companies`, { name: COMPANY, category: 'Stationery', contactEmail: email });

    // Companies → the company's menu → Documents.
    await organiser.goto(`/app/exhibitors/companies?eventId=${ev}`);
    await organiser.getByRole('button', { name: `Actions: ${COMPANY}` }).click({ timeout: 30_000 });
    await organiser.getByRole('menuitem', { name: 'Documents' }).click();
    const modal = organiser.getByRole('dialog', { name: `Documents of ${COMPANY}` });
    await modal.getByText('No documents yet').waitFor({ timeout: 15_000 });
    const form = modal.getByRole('form', { name: 'Upload document' });
    const file = form.locator('input[type=file]');
    await form.getByRole('textbox', { name: 'Title' }).fill('Catalogue 2026');
    // An executable renamed .pdf: refused by its first bytes.
    await file.setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]) });
    await form.getByRole('button', { name: 'Upload document' }).click();
    await form.getByText('The file content does not match its extension.').waitFor({ timeout: 15_000 });
    const pdf = await catalogPdf();
    await file.setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form.getByRole('button', { name: 'Upload document' }).click();
    const table = modal.getByRole('table', { name: 'Documents' });
    await table.getByText('Catalogue 2026').waitFor({ timeout: 15_000 });
    expect(await table.getByTestId('document-downloads').innerText()).toBe('0');
    await expectAccessible(organiser, 'company documents');
    await screenshot(organiser, 'company-documents-organiser');
    await organiser.keyboard.press('Escape');

    // The attendee, from a fresh browser on a phone.
    const attendee = await (await newContext(browser, server.url, PHONE)).newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, ev, ATTENDEE);
    await attendee.goto('/tabs/exhibitors');
    await attendee.getByRole('searchbox').fill('Quill', { timeout: 30_000 });
    await attendee.getByTestId('exhibitor-row').filter({ hasText: COMPANY }).click({ timeout: 30_000 });
    const page = attendee.getByTestId('exhibitor-page');
    const docs = page.getByTestId('company-documents');
    await docs.getByText('Catalogue 2026').waitFor({ timeout: 15_000 });
    expect(await attendee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(attendee, 'company page with documents on a phone');
    await screenshot(attendee, 'company-documents-attendee-phone');
    const [download] = await Promise.all([attendee.waitForEvent('download'), docs.getByRole('button', { name: 'Open Catalogue 2026' }).click()]);
    expect(download.suggestedFilename()).toBe('catalogue.pdf');
    expect(readFileSync((await download.path())!).equals(pdf)).toBe(true);

    // The organiser's list counts the download.
    await organiser.reload();
    await organiser.getByRole('button', { name: `Actions: ${COMPANY}` }).click({ timeout: 30_000 });
    await organiser.getByRole('menuitem', { name: 'Documents' }).click();
    await expect.poll(() => organiser.getByRole('table', { name: 'Documents' }).getByTestId('document-downloads').innerText(), { timeout: 15_000 }).toBe('1');

    // The company's admin: invited, signs in from the mail's link on a phone with nothing stored.
    const before = smtp.messages.length;
    await organiserCallInPage(organiser, 'POST', `/api/eventservices/events/${ev}/exhibition/companies/${company.id}/admin-invitation`, { email, firstName: 'Quinn' });
    await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.slice(before).find((m) => m.to.includes(email))!.raw);
    const link = /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    const admin = await (await newContext(browser, server.url, PHONE)).newPage();
    const adminWatch = watchPage(admin);
    await admin.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
    await admin.getByRole('link', { name: 'My stand: service forms' }).click({ timeout: 30_000 });
    await admin.getByRole('heading', { name: `My stand · ${COMPANY}` }).waitFor();
    await admin.getByRole('link', { name: 'Open the reports of your stand' }).click();
    await admin.getByRole('heading', { name: `Reports · ${COMPANY}` }).waitFor({ timeout: 15_000 });
    // Booth: the attendee's visit; Documents: 1 download, the document's row.
    await expect.poll(() => admin.getByTestId('report-stat-booth-views').innerText()).toMatch(/\s1$/);
    await admin.getByRole('tab', { name: /^Documents/ }).click();
    await expect.poll(() => admin.getByTestId('report-stat-documents-downloads').innerText()).toMatch(/\s1$/);
    await admin.getByRole('table', { name: 'Documents' }).getByRole('row', { name: /Catalogue 2026/ }).waitFor();
    // A tab without data shows its empty state.
    await admin.getByRole('tab', { name: /^Webhooks/ }).click();
    await admin.getByText('Nothing recorded yet').waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await admin.getByRole('tab', { name: /^Documents/ }).click();
    await expectAccessible(admin, 'exhibitor report on a phone');
    await screenshot(admin, 'company-documents-report-phone');
    expect([...orgWatch.errors, ...attWatch.errors, ...adminWatch.errors]).toEqual([]);
  }, 300_000);
});
