import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { unzipSync } from 'fflate';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { indiaDate } from '../support/api.ts';

/*
 * Issue 18, visiting cards and the brief bag: the demo attendee, on a phone and a fresh browser, signs in through
 * ei/{eventId}, opens a company in the Exhibitors tab, drops their visiting card there and collects the company's two
 * documents and a product's care guide into the brief bag; the Leads tab then lists the card (Card Dropped) and the
 * bag, and downloads it as one ZIP holding the three files. The attendee also ticks "Mail my bag to me after the event", and it stays ticked after a
 * reload. Then the event ends (the organiser moves its dates into the past in Event settings: the server's clock is
 * real), the organiser sends the brief bags from Onsite Leads, the mail arrives over SMTP, and its link, opened in a
 * browser that never signed in, downloads the same ZIP.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const TXT = Buffer.from('Harbour Textiles price list\nLinen: 12 EUR/m\n');
const GUIDE = Buffer.from('%PDF-1.4\n% Linen care guide\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const res = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/exhibition/companies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Harbour Textiles', category: 'Fabrics' }),
  });
  if (res.status !== 201) throw new Error(`company: ${res.status} ${await res.text()}`);
  const companyId = ((await res.json()) as { data: { id: string } }).data.id;
  // The company's staff member (the demo exhibitor) puts two documents on the booth, through the API the Leads tab uses.
  const staff = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/exhibition/companies/${companyId}/staff`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ emails: [EXHIBITOR.identifier] }),
  });
  if (staff.status !== 200) throw new Error(`staff: ${staff.status}`);
  // A product with its care guide (a product document, collected into the bag like the booth's documents).
  const org = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const exhibition = `${server.url}/api/eventservices/events/${server.eventId}/exhibition/companies/${companyId}`;
  const product = await fetch(`${exhibition}/products`, { method: 'POST', headers: org, body: JSON.stringify({ name: 'Linen roll', price: 12 }) });
  const productId = ((await product.json()) as { data: { id: string } }).data.id;
  const guide = await fetch(`${exhibition}/products/${productId}/documents`, { method: 'POST', headers: org, body: JSON.stringify({ title: 'Linen care guide', fileName: 'care.pdf', dataBase64: GUIDE.toString('base64') }) });
  if (guide.status !== 201) throw new Error(`product document: ${guide.status} ${await guide.text()}`);
  const exLogin = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...EXHIBITOR, eventId: server.eventId }) });
  const ex = ((await exLogin.json()) as { data: { accessToken: string; eventData: { accessCodeToken: string } } }).data;
  for (const [title, fileName, bytes] of [['Fabric catalogue', 'catalogue.pdf', PDF], ['Price list', 'prices.txt', TXT]] as const) {
    const up = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/booth/leads/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ex.accessToken}`, 'x-user-access-token': ex.eventData.accessCodeToken, 'content-type': 'application/json' },
      body: JSON.stringify({ title, fileName, dataBase64: bytes.toString('base64') }),
    });
    if (up.status !== 201) throw new Error(`document: ${up.status} ${await up.text()}`);
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('visiting cards and the brief bag', () => {
  it('an attendee on a phone drops a card at a company, collects two documents and a product document, downloads the brief bag as one ZIP and asks for it by mail', async () => {
    const page = await (await newContext(browser, server.url, PHONE)).newPage();
    const watch = watchPage(page);
    await signInAtEvent(page, server.eventId, ATTENDEE);

    await page.goto('/tabs/exhibitors');
    await page.getByRole('searchbox').fill('Harbour', { timeout: 30_000 });
    await page.getByTestId('exhibitor-row').filter({ hasText: 'Harbour Textiles' }).click({ timeout: 30_000 });
    const company = page.getByTestId('exhibitor-page');
    await company.getByRole('button', { name: 'Drop my visiting card' }).click({ timeout: 15_000 });
    await page.getByText('Your visiting card was dropped at Harbour Textiles').waitFor({ timeout: 15_000 });
    await company.getByRole('button', { name: 'Card dropped' }).waitFor();
    const docs = company.getByTestId('company-documents');
    await docs.getByRole('button', { name: 'Add to brief bag: Fabric catalogue' }).click({ timeout: 15_000 });
    await docs.getByRole('button', { name: 'In your bag: Fabric catalogue' }).waitFor({ timeout: 15_000 });
    await docs.getByRole('button', { name: 'Add to brief bag: Price list' }).click();
    await docs.getByRole('button', { name: 'In your bag: Price list' }).waitFor({ timeout: 15_000 });
    const guide = company.getByRole('list', { name: 'Documents of Linen roll' });
    await guide.getByRole('button', { name: 'Add to brief bag: Linen care guide' }).click({ timeout: 15_000 });
    await guide.getByRole('button', { name: 'In your bag: Linen care guide' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'company page after dropping a card');

    await page.goto('/tabs/lead');
    await page.getByRole('heading', { name: 'Your visiting cards' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('card-list').getByText('Dropped at Harbour Textiles').waitFor();
    await page.getByText('Card Dropped: 1').waitFor();
    const bag = page.getByTestId('brief-bag');
    await bag.getByText('Fabric catalogue').waitFor();
    await bag.getByText('Price list').waitFor();
    await bag.getByText('Linen roll · care.pdf', { exact: false }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
    expect(download.suggestedFilename()).toBe('brief-bag.zip');
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(files).sort()).toEqual(['Harbour Textiles - Linen roll - care.pdf', 'Harbour Textiles - catalogue.pdf', 'Harbour Textiles - prices.txt']);
    expect(Buffer.from(files['Harbour Textiles - Linen roll - care.pdf']!).equals(GUIDE)).toBe(true);
    expect(Buffer.from(files['Harbour Textiles - catalogue.pdf']!).equals(PDF)).toBe(true);
    expect(Buffer.from(files['Harbour Textiles - prices.txt']!).equals(TXT)).toBe(true);

    // Or by mail after the event: the choice is kept on the server, so a reload finds it ticked.
    const mailOption = page.getByRole('checkbox', { name: 'Mail my bag to me after the event' });
    expect(await mailOption.isChecked()).toBe(false);
    const saved = page.waitForResponse((r) => r.url().endsWith('/brief-bag/mail') && r.request().method() === 'PUT');
    await mailOption.check();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByTestId('brief-bag').getByText('Price list').waitFor({ timeout: 30_000 });
    const afterReload = page.getByRole('checkbox', { name: 'Mail my bag to me after the event' });
    await afterReload.waitFor();
    expect(await afterReload.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'visiting cards on a phone');
    await screenshot(page, 'leads-visiting-cards-phone');
    expect(watch.errors).toEqual([]);
  }, 60_000);

  it('mails the bag once the event has ended, and the link in the mail downloads the ZIP without signing in', async () => {
    const desk = await (await newContext(browser, server.url)).newPage();
    const watch = watchPage(desk);
    await logInAsOrganiser(desk);
    await desk.getByRole('link', { name: /Pavilion Demo Expo 2027/ }).first().click();
    await desk.waitForURL(/\/app/);
    // The event ends: its days move into the past (yesterday was its last day in its time zone).
    await desk.getByRole('link', { name: /event settings/i }).first().click();
    await desk.waitForURL(/\/app\/settings/);
    await desk.getByLabel('Start date').fill(indiaDate(-3));
    await desk.getByLabel('End date').fill(indiaDate(-1));
    await desk.getByRole('button', { name: /save/i }).click();
    await desk.getByText('Event saved').first().waitFor({ timeout: 15_000 });

    const before = smtp.messages.length;
    await desk.goto(`/app/exhibitors/onsite-leads?eventId=${server.eventId}`);
    const table = desk.getByRole('table', { name: 'Onsite Leads' });
    // The company counts the card dropped (4) and the three documents collected into the bag (5).
    await table.getByRole('row', { name: /^Harbour Textiles 0 0 0 0 0 1 3 0 0 0 0$/ }).waitFor({ timeout: 20_000 });
    await desk.getByRole('button', { name: 'Send brief bags now' }).click();
    // The one opted-in attendee with a full bag. (The 5-minute job may have sent it a moment before: then 0 here.)
    await desk.getByText(/Brief bags mailed: [01] sent, 0 empty, 0 failed/).waitFor({ timeout: 20_000 });
    const sent = await smtp.waitForMail((m) => m.to.includes(ATTENDEE.identifier) && /Your brief bag/.test(m.raw), 20_000);
    const mail = await PostalMime.parse(sent.raw);
    expect(mail.subject).toBe('Your brief bag: Pavilion Demo Expo 2027');
    expect(mail.text).toContain('Harbour Textiles');
    expect(mail.text).toContain('Fabric catalogue (catalogue.pdf)');
    expect(mail.text).toContain('Price list (prices.txt)');
    expect(mail.text).toContain('Linen care guide (Linen roll, care.pdf)');
    const link = /href="([^"]*\/brief-bag\/mailed\.zip\?ticket=[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail links the ZIP').toBeTruthy();
    // Sent once: a second press finds nobody left.
    await desk.getByRole('button', { name: 'Send brief bags now' }).click();
    await desk.getByText('Brief bags mailed: 0 sent, 0 empty, 0 failed').waitFor({ timeout: 20_000 });
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(ATTENDEE.identifier) && /Your brief bag/.test(m.raw))).toHaveLength(1);
    await expectAccessible(desk, 'onsite leads after sending the brief bags');
    await screenshot(desk, 'leads-onsite-bags-sent');

    // A SPEC time range, as the other report tabs: the card and the bag were recorded within the last hour.
    const timeRange = desk.getByRole('textbox', { name: 'Time range' });
    await timeRange.click();
    await desk.getByRole('option', { name: 'last 1 hour' }).click();
    await table.getByRole('row', { name: /^Harbour Textiles 0 0 0 0 0 1 3 0 0 0 0$/ }).waitFor({ timeout: 20_000 });
    // A range of days in the event's time zone: from tomorrow on, nothing happened yet; the export follows the range.
    await timeRange.click();
    await desk.getByRole('option', { name: 'Custom dates' }).click();
    const tomorrow = indiaDate(1);
    await desk.getByRole('textbox', { name: 'From', exact: true }).fill(tomorrow);
    await table.getByRole('row', { name: /^Harbour Textiles 0 0 0 0 0 0 0 0 0 0 0$/ }).waitFor({ timeout: 20_000 });
    await desk.getByText('No cards, brief bags, inquiries, calls or meetings recorded for these dates.').waitFor();
    const [sheet] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('button', { name: 'Export XLSX' }).click()]);
    expect(sheet.suggestedFilename()).toBe(`onsite-leads-${tomorrow}-to-now.xlsx`);
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(XLSX.read(readFileSync((await sheet.path())!), { type: 'buffer' }).Sheets['Onsite Leads']!, { header: 1 });
    expect(rows[0]).toEqual(['Company', 'Leads', 'Hot', 'Warm', 'Cold', 'Card Taken', 'Card Dropped', 'Brief bag', 'Inquiries', 'General calls', 'Meetings', 'Networking']);
    expect(rows.find((r) => r[0] === 'Harbour Textiles')).toEqual(['Harbour Textiles', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // An end before the start is refused in the form (the server would answer 400 notEquivalent); the table stays.
    await desk.getByRole('textbox', { name: 'To', exact: true }).fill(indiaDate(-1));
    await desk.getByText('The end date must not be before the start date.').waitFor();
    expect(await desk.getByRole('button', { name: 'Export XLSX' }).isDisabled()).toBe(true);
    await screenshot(desk, 'leads-onsite-range-refused');
    await desk.getByRole('textbox', { name: 'To', exact: true }).fill('');
    await desk.getByRole('textbox', { name: 'From', exact: true }).fill('');
    await table.getByRole('row', { name: /^Harbour Textiles 0 0 0 0 0 1 3 0 0 0 0$/ }).waitFor({ timeout: 20_000 });
    await expectAccessible(desk, 'onsite leads with a range');
    expect(watch.errors).toEqual([]);

    // Mail links are built on PUBLIC_URL; a phone that never signed in (a fresh context: no session, no cookies)
    // opens the same path here.
    const url = new URL(link!.replace(/&amp;/g, '&'));
    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    const [download] = await Promise.all([phone.waitForEvent('download'), phone.goto(`${url.pathname}${url.search}`).catch(() => null)]);
    expect(download.suggestedFilename()).toBe('brief-bag.zip');
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(files).sort()).toEqual(['Harbour Textiles - Linen roll - care.pdf', 'Harbour Textiles - catalogue.pdf', 'Harbour Textiles - prices.txt']);
    expect(Buffer.from(files['Harbour Textiles - Linen roll - care.pdf']!).equals(GUIDE)).toBe(true);
    expect(Buffer.from(files['Harbour Textiles - catalogue.pdf']!).equals(PDF)).toBe(true);
    expect(Buffer.from(files['Harbour Textiles - prices.txt']!).equals(TXT)).toBe(true);
  }, 90_000);
});
