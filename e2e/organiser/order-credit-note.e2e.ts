import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import PostalMime from 'postal-mime';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { publicCaller } from '../support/api.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, orderOnTestGateway } from '../support/organiser.ts';

// Issue 15: a part refund of a paid registration order issues a credit note. The buyer pays on the test gateway; the
// organiser refunds part of the order from its refund dialog, sees the credit note there and downloads its PDF (read
// back with pdf-lib: its number and amount); the buyer gets it by mail and finds it on their order page.

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

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

const publicCall = publicCaller(() => server.url);

describe('credit note of a refunded order (desktop)', () => {
  it('an organiser refunds part of a paid order, downloads its credit note, and the buyer gets it by mail and on their order page', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);

    // Setup by API: the test gateway on, a 100.00 ticket with 19 % tax, and an order the buyer pays on the gateway.
    const buyer = { firstName: 'Lina', lastName: 'Okafor', email: `lina.okafor.${Date.now()}@example.com` };
    const order = await orderOnTestGateway(page, publicCall, server.eventId, { name: 'Workshop pass', price: 10000, taxRateBp: 1900 }, buyer);
    expect(order.total).toBe(11900);
    const no = order.registrationNo;
    const buyerPage = await context.newPage();
    const buyerWatch = watchPage(buyerPage);
    await buyerPage.goto(order.redirectUrl);
    await buyerPage.getByRole('button', { name: 'Pay', exact: true }).click();
    await buyerPage.waitForURL(/\/success\//);
    const orderPage = buyerPage.url();

    // The organiser refunds 40.00 of it from the Orders tab.
    await page.goto(`/app/registration?eventId=${server.eventId}`);
    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Orders' }).click();
    const row = page.getByRole('row', { name: new RegExp(no) });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: `Actions for ${no}` }).click();
    await page.getByRole('menuitem', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refunds of order ${no}` });
    await dialog.getByRole('radio', { name: 'Partial refund' }).check();
    await dialog.getByLabel('Amount (EUR)').fill('40');
    await dialog.getByLabel('Reason (optional)').fill('Missed the first day');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    // The organisation's credit-note prefix is CN- unless its invoice settings say otherwise.
    const toastText = page.getByText(/Refund of €40\.00 recorded, credit note [A-Z0-9-]*\d{6} issued and mailed to the buyer/);
    await expect.poll(() => toastText.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const number = /credit note ([A-Z0-9-]*\d{6})/.exec((await toastText.first().textContent())!)![1]!;
    const refunds = dialog.getByRole('table', { name: 'Refunds' });
    await expect.poll(() => refunds.getByRole('row', { name: new RegExp(`€40\\.00.*Succeeded.*Missed the first day.*${number}`) }).count(), { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(450); // the toast settled
    await expectAccessible(page, 'refund dialog with a credit note');
    await screenshot(page, 'registration-org-refund-credit-note');

    // Its PDF: the credit note's number, and the amount it credits (negative).
    const [download] = await Promise.all([page.waitForEvent('download'), refunds.getByRole('button', { name: `Credit note ${number} PDF` }).click()]);
    expect(download.suggestedFilename()).toBe(`credit-note-${number}.pdf`);
    const pdf = await PDFDocument.load(await readFile((await download.path())!));
    expect(pdf.getTitle()).toBe(`Credit note ${number}`);
    expect(pdf.getSubject()).toBe(`CREDIT NOTE ${number}: total EUR -40.00`);

    // The buyer's mail: the credit note attached, as the same document.
    const mail = await smtp.waitForMail((m) => m.to.includes(buyer.email) && m.text.includes(`Subject: Credit note ${number}`), 30_000);
    const parsed = await PostalMime.parse(mail.raw);
    expect(parsed.subject).toBe(`Credit note ${number} for your registration ${no}`);
    expect(parsed.text).toContain('EUR 40.00 of your registration');
    expect(parsed.attachments.map((a) => a.filename)).toEqual([`credit-note-${number}.pdf`]);
    expect((await PDFDocument.load(parsed.attachments[0]!.content as ArrayBuffer)).getTitle()).toBe(`Credit note ${number}`);

    // The buyer's order page lists it, with its download.
    await buyerPage.goto(orderPage);
    const link = buyerPage.getByRole('link', { name: `Credit note ${number}: €40.00 refunded` });
    await link.waitFor({ timeout: 10_000 });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`/api/eventservices/public/orders/${order.orderId}/credit-notes/[^/]+/credit-note\\.pdf`));
    const fromPage = await buyerPage.request.get(new URL((await link.getAttribute('href'))!, server.url).toString());
    expect(fromPage.status()).toBe(200);
    expect((await PDFDocument.load(await fromPage.body())).getSubject()).toBe(`CREDIT NOTE ${number}: total EUR -40.00`);
    // The invoice the same page offers now lists that credit note and what is left after it (119.00 − 40.00).
    const invoiceLink = buyerPage.getByRole('link', { name: 'Download invoice' });
    const invoice = await buyerPage.request.get(new URL((await invoiceLink.getAttribute('href'))!, server.url).toString());
    expect(invoice.status()).toBe(200);
    const invoiceText = (await extractText(await getDocumentProxy(new Uint8Array(await invoice.body())), { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(invoiceText).toContain('Credit notes');
    expect(invoiceText).toMatch(new RegExp(`${number} \\d{4}-\\d{2}-\\d{2} -EUR 40\\.00`));
    expect(invoiceText).toContain('Balance after refunds: EUR 79.00');
    await expectAccessible(buyerPage, 'order page with a credit note');
    await screenshot(buyerPage, 'registration-order-credit-note');

    expect(watch.errors).toEqual([]);
    expect(buyerWatch.errors).toEqual([]);
    await context.close();
  }, 240_000);
});
