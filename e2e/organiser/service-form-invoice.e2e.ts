import { readFile } from 'node:fs/promises';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';

/*
 * Issue 15's first journey: the organiser has a company holding a shell booth and opens FASCIA_NAME and
 * EXTRA_FURNITURE with a deadline (set up through the API: those screens have their own journey, service-forms.e2e.ts);
 * the company admin signs in from the invitation mail on a phone (nothing stored) and submits both; the organiser
 * approves the furniture and rejects the (also priced) fascia with a reason; the invoice appears (only the approved
 * order on it) for the organiser and the admin; the organiser sets the event's tax (VAT 19 %) and the invoice shows it;
 * the admin pays it on the built-in test gateway's page; both then see it paid. The organiser refunds part of it (an
 * amount above what was paid is refused), then the rest, each with a reason and its own credit note, and the admin
 * sees both in My stand and downloads one.
 */
let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/invoice-${name}.png`, fullPage: true });
const formSettings = (over: Record<string, unknown>) => ({
  deadline: '2099-03-01T18:00',
  instructions: '',
  particulars: [],
  questions: [],
  needsApproval: true,
  emailNotifications: true,
  registerButton: false,
  allowAsService: true,
  isSurveyForm: false,
  showOnlyDocuments: false,
  ...over,
});

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

describe('service-form invoice', () => {
  it('an approved priced order is invoiced to the company with tax, a rejected one is not, the admin pays it on the test gateway, and its part refunds issue a credit note each', async () => {
    const ev = server.eventId;
    const EX = `/api/eventservices/events/${ev}/exhibition`;
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    const email = `ola.${Date.now()}@orbit.example`;
    const company = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${EX}/companies`, { name: 'Orbit Exhibits', contactEmail: email });
    const booth = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${EX}/booths`, { hall: 'Hall 18', number: 'K4', sizeSqm: 9, stallType: 'shell', price: 900, x: 20, y: 14, w: 3, h: 3 });
    await organiserCallInPage(organiser, 'PUT', `${EX}/booths/${booth.id}/holder`, { companyId: company.id });
    await organiserCallInPage(organiser, 'PUT', `${EX}/service-forms/FASCIA_NAME`, formSettings({ particulars: [{ name: 'Extra fascia letters', unit: 'set', rate: 15, currency: 'EUR' }] }));
    await organiserCallInPage(organiser, 'PUT', `${EX}/service-forms/FASCIA_NAME/active`, { isActive: true });
    await organiserCallInPage(
      organiser,
      'PUT',
      `${EX}/service-forms/EXTRA_FURNITURE`,
      formSettings({
        particulars: [
          { name: 'Chair', unit: 'piece', rate: 12.5, currency: 'EUR' },
          { name: 'Table', unit: 'piece', rate: 40, currency: 'EUR' },
        ],
      }),
    );
    await organiserCallInPage(organiser, 'PUT', `${EX}/service-forms/EXTRA_FURNITURE/active`, { isActive: true });
    const before = smtp.messages.length;
    await organiserCallInPage(organiser, 'POST', `${EX}/companies/${company.id}/admin-invitation`, { email, firstName: 'Ola' });

    // The admin signs in from the invitation mail on a phone and submits both forms.
    await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.slice(before).find((m) => m.to.includes(email))!.raw);
    const link = /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    const phone = await (await newContext(browser, server.url, { width: 390, height: 844 })).newPage();
    const phoneWatch = watchPage(phone);
    await phone.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
    await phone.getByRole('link', { name: 'My stand: service forms' }).click({ timeout: 30_000 });
    await phone.getByRole('heading', { name: 'My stand · Orbit Exhibits' }).waitFor();
    // No invoice yet: the section says so.
    await phone.getByText('No invoices yet').waitFor();
    const stand = phone.url();

    await phone.getByRole('link', { name: 'Fill in Fascia Name for booth K4' }).click();
    await phone.getByRole('heading', { name: 'Fascia Name · booth K4' }).waitFor();
    await phone.getByRole('textbox', { name: 'Quantity of Extra fascia letters' }).fill('2');
    await phone.getByText('EUR 30.00').waitFor();
    await phone.getByRole('button', { name: 'Submit', exact: true }).click();
    await phone.getByText('This submission is submitted: it can no longer be changed.').waitFor({ timeout: 10_000 });

    await phone.goto(stand);
    await phone.getByRole('link', { name: 'Fill in Extra Furniture for booth K4' }).click();
    await phone.getByRole('heading', { name: 'Extra Furniture · booth K4' }).waitFor();
    await phone.getByRole('textbox', { name: 'Quantity of Chair' }).fill('3');
    await phone.getByRole('textbox', { name: 'Quantity of Table' }).fill('1');
    await phone.getByText('EUR 77.50').waitFor();
    await phone.getByRole('button', { name: 'Submit', exact: true }).click();
    await phone.getByText('This submission is submitted: it can no longer be changed.').waitFor({ timeout: 10_000 });

    // The organiser approves the furniture and rejects the fascia with a reason.
    await organiser.goto(`/app/exhibitors/submissions?eventId=${ev}`);
    await organiser.getByRole('button', { name: 'Open the Extra Furniture submission of Orbit Exhibits' }).click({ timeout: 30_000 });
    const furniture = organiser.getByRole('dialog', { name: 'Extra Furniture · Orbit Exhibits' });
    await furniture.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => organiser.getByText('Submission approved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await furniture.getByRole('button', { name: 'Mark fulfilled' }).waitFor();
    await organiser.keyboard.press('Escape');
    await furniture.waitFor({ state: 'hidden' });
    await organiser.getByRole('button', { name: 'Open the Fascia Name submission of Orbit Exhibits' }).click();
    const fascia = organiser.getByRole('dialog', { name: 'Fascia Name · Orbit Exhibits' });
    await fascia.getByRole('button', { name: 'Reject' }).click();
    await organiser.getByRole('textbox', { name: 'Reason for rejection' }).fill('Fascia boards are printed by the organiser');
    await organiser.getByRole('button', { name: 'Reject with this reason' }).click();
    await expect.poll(() => organiser.getByText('Submission rejected').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await organiser.keyboard.press('Escape');

    // Exhibitors & booths → Invoices: one invoice for the company, only the approved order on it.
    await organiser.getByRole('link', { name: 'Invoices', exact: true }).click();
    const invoice = organiser.getByRole('article', { name: /^Invoice .+ · Orbit Exhibits$/ });
    await invoice.waitFor({ timeout: 30_000 });
    const heading = (await invoice.getByRole('heading').textContent()) ?? '';
    const number = /^Invoice (\S+) · /.exec(heading)![1]!;
    await invoice.getByText('Unpaid', { exact: true }).waitFor();
    await invoice.getByRole('cell', { name: 'Extra Furniture (booth K4, Hall 18): Chair (piece)' }).waitFor();
    await invoice.getByRole('cell', { name: 'Extra Furniture (booth K4, Hall 18): Table (piece)' }).waitFor();
    expect(await invoice.getByText(/Fascia/).count(), 'the rejected order is not invoiced').toBe(0);
    expect(await invoice.getByRole('row').count()).toBe(1 + 2 + 3);
    await invoice.getByText('EUR 77.50').first().waitFor();

    // The organiser adds VAT 19 %: the open invoice is taxed per line (37.50 → 7.125 → 7.13; 40.00 → 7.60).
    const tax = organiser.getByRole('form', { name: 'Tax on company invoices' });
    await tax.getByRole('textbox', { name: 'Tax rate (%)' }).fill('19');
    await tax.getByRole('textbox', { name: 'Tax name' }).fill('VAT');
    await tax.getByRole('textbox', { name: 'Your tax ID (optional)' }).fill('DE123456789');
    await tax.getByRole('button', { name: 'Save tax' }).click();
    await organiser.getByText('Tax saved: open invoices are updated').first().waitFor({ timeout: 10_000 });
    await invoice.getByText('VAT 19%', { exact: true }).waitFor({ timeout: 10_000 });
    await invoice.getByRole('cell', { name: 'EUR 14.73' }).waitFor();
    await invoice.getByRole('cell', { name: 'EUR 92.23' }).waitFor();
    await invoice.getByText('Tax ID: DE123456789').waitFor();
    await expectAccessible(organiser, 'company invoices');
    await shot(organiser, 'org-unpaid');

    // The admin sees it in My stand and pays online on the test gateway's hosted page.
    await phone.goto(stand);
    const mine = phone.getByRole('article', { name: `Invoice ${number}` });
    await mine.waitFor({ timeout: 30_000 });
    await mine.getByText('Unpaid', { exact: true }).waitFor();
    // The tax, on a phone too (the lines' table scrolls sideways; the totals are said below it).
    await mine.getByText('Net EUR 77.50 · VAT 19% EUR 14.73 · Total EUR 92.23').waitFor();
    await expectAccessible(phone, 'my invoices');
    await shot(phone, 'mine-unpaid');
    await mine.getByRole('button', { name: `Pay online: invoice ${number}` }).click();
    await phone.getByRole('heading', { name: 'Test payment' }).waitFor({ timeout: 30_000 });
    await phone.getByText('EUR 92.23').waitFor();
    await phone.getByText(`Invoice ${number}`).waitFor();
    await shot(phone, 'gateway');
    await phone.getByRole('button', { name: 'Pay', exact: true }).click();
    await phone.getByText('Thank you: your payment was received.').waitFor({ timeout: 30_000 });
    // Told once: the outcome leaves the address, so a reload after a refund does not thank again (checked below).
    await expect.poll(() => new URL(phone.url()).searchParams.get('payment'), { timeout: 10_000 }).toBeNull();
    const paid = phone.getByRole('article', { name: `Invoice ${number}` });
    await paid.getByText('Paid', { exact: true }).waitFor();
    await paid.getByText(/^Paid online \(test\) on /).waitFor();
    expect(await paid.getByRole('button', { name: `Pay online: invoice ${number}` }).count()).toBe(0);
    await shot(phone, 'mine-paid');

    // The organiser sees it paid, and how.
    await organiser.reload();
    const orgPaid = organiser.getByRole('article', { name: `Invoice ${number} · Orbit Exhibits` });
    await orgPaid.getByText(/^Paid online \(test\) on /).waitFor({ timeout: 30_000 });
    expect(await orgPaid.getByRole('button', { name: `Mark paid offline: invoice ${number}` }).count()).toBe(0);
    await shot(organiser, 'org-paid');

    // The organiser refunds part of it (online: back through the test gateway) with a reason: a credit note for that
    // part; then the rest (the amount's default), with a second credit note.
    await orgPaid.getByRole('button', { name: `Refund invoice ${number}` }).click();
    const refund = organiser.getByRole('dialog', { name: `Refund invoice ${number}` });
    await refund.getByText('It was paid online (test): the money goes back through the provider.').waitFor();
    const amount = refund.getByRole('textbox', { name: 'Amount to refund (EUR)' });
    expect(await amount.inputValue()).toBe('92.23');
    await amount.fill('100');
    await refund.getByRole('button', { name: 'Refund and issue the credit note' }).click();
    await refund.getByText('Say why the invoice is refunded').waitFor();
    await refund.getByText('The refund is larger than the amount paid.').waitFor();
    await amount.fill('20');
    await refund.getByRole('textbox', { name: 'Reason' }).fill('Two chairs were not delivered');
    // (axe runs on the page after the refund: with the dialog open it would judge the dimmed page behind the overlay.)
    // The viewport only: a full-page shot resizes the window under the open dialog.
    await organiser.screenshot({ path: '/tmp/invoice-refund-dialog.png' });
    await refund.getByRole('button', { name: 'Refund and issue the credit note' }).click();
    await refund.waitFor({ state: 'hidden', timeout: 15_000 });
    await orgPaid.getByText('Partly refunded', { exact: true }).waitFor({ timeout: 10_000 });
    await orgPaid.getByText('Refunded EUR 20.00 · still refundable EUR 72.23').waitFor();
    const firstText = (await orgPaid.getByText(/^Refunded EUR 20\.00 on /).textContent()) ?? '';
    const firstNote = /credit note (CN-\d{6})/.exec(firstText)![1]!;
    expect(firstText).toContain('Reason: Two chairs were not delivered');
    await orgPaid.getByRole('button', { name: `Refund invoice ${number}` }).click();
    expect(await refund.getByRole('textbox', { name: 'Amount to refund (EUR)' }).inputValue()).toBe('72.23');
    await refund.getByRole('textbox', { name: 'Reason' }).fill('The stand was cancelled');
    await refund.getByRole('button', { name: 'Refund and issue the credit note' }).click();
    await refund.waitFor({ state: 'hidden', timeout: 15_000 });
    await orgPaid.getByText('Refunded', { exact: true }).waitFor({ timeout: 10_000 });
    const refundedText = (await orgPaid.getByText(/^Refunded EUR 72\.23 on /).textContent()) ?? '';
    const creditNote = /credit note (CN-\d{6})/.exec(refundedText)![1]!;
    expect(creditNote).not.toBe(firstNote);
    expect(refundedText).toContain('Reason: The stand was cancelled');
    expect(await orgPaid.getByRole('button', { name: `Refund invoice ${number}` }).count()).toBe(0);
    await orgPaid.getByRole('button', { name: `Credit note ${firstNote} PDF` }).waitFor();
    await expectAccessible(organiser, 'refunded invoice');
    await shot(organiser, 'org-refunded');

    // The admin sees the refund in My stand and downloads the credit note.
    await phone.reload();
    const refunded = phone.getByRole('article', { name: `Invoice ${number}` });
    await refunded.getByText('Refunded', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await phone.getByText('Thank you: your payment was received.').count()).toBe(0);
    await refunded.getByText(new RegExp(`credit note ${firstNote}`)).waitFor();
    await refunded.getByText(new RegExp(`credit note ${creditNote}`)).waitFor();
    await expectAccessible(phone, 'my refunded invoice');
    await shot(phone, 'mine-refunded');
    const [download] = await Promise.all([phone.waitForEvent('download'), refunded.getByRole('button', { name: `Credit note ${creditNote} PDF` }).click()]);
    expect(download.suggestedFilename()).toBe(`credit-note-${creditNote}.pdf`);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(orgWatch.errors).toEqual([]);
    expect(phoneWatch.errors).toEqual([]);
  }, 360_000); // two browsers, two forms, review, the gateway: long on a loaded 2-core machine
});
