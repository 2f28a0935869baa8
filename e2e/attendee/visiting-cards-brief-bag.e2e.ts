import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 18, visiting cards and the brief bag: the demo attendee, on a phone and a fresh browser, signs in through
 * ei/{eventId}, opens a company in the Exhibitors tab, drops their visiting card there and collects the company's two
 * documents into the brief bag; the Leads tab then lists the card (Card Dropped) and the bag, and downloads it as
 * one ZIP holding both files. The attendee also ticks "Mail my bag to me after the event", and it stays ticked after a
 * reload.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const TXT = Buffer.from('Harbour Textiles price list\nLinen: 12 EUR/m\n');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
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
});

describe('visiting cards and the brief bag', () => {
  it('an attendee on a phone drops a card at a company, collects two documents, downloads the brief bag as one ZIP and asks for it by mail', async () => {
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
    await expectAccessible(page, 'company page after dropping a card');

    await page.goto('/tabs/lead');
    await page.getByRole('heading', { name: 'Your visiting cards' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('card-list').getByText('Dropped at Harbour Textiles').waitFor();
    await page.getByText('Card Dropped: 1').waitFor();
    const bag = page.getByTestId('brief-bag');
    await bag.getByText('Fabric catalogue').waitFor();
    await bag.getByText('Price list').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
    expect(download.suggestedFilename()).toBe('brief-bag.zip');
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(files).sort()).toEqual(['Harbour Textiles - catalogue.pdf', 'Harbour Textiles - prices.txt']);
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
});
