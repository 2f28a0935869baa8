import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { solidPng } from '../support/images.ts';

/*
 * Issues 15/18, inquiries and the photo of a paper visiting card: the demo attendee, on a phone and a fresh browser,
 * opens a company in the Exhibitors tab and asks about one of its products from the product itself; the company's
 * staff member (the demo exhibitor, on a phone) answers it in the Leads tab, and photographs a visitor's paper card,
 * whose thumbnail then shows in the company's card list and opens the full photo. The attendee gets the answer by
 * mail (SMTP), follows its link back to the company page and reads the answer there.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
const PHONE = { width: 390, height: 844 };
const QUESTION = 'Is the linen roll available in 3 m widths?';
const ANSWER = 'Yes: 3 m widths ship in two weeks.';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let registrationNo = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const org = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ev = `${server.url}/api/eventservices/events/${server.eventId}`;
  const company = await fetch(`${ev}/exhibition/companies`, { method: 'POST', headers: org, body: JSON.stringify({ name: 'Harbour Textiles', category: 'Fabrics' }) });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${await company.text()}`);
  const companyId = ((await company.json()) as { data: { id: string } }).data.id;
  const staff = await fetch(`${ev}/exhibition/companies/${companyId}/staff`, { method: 'PUT', headers: org, body: JSON.stringify({ emails: [EXHIBITOR.identifier] }) });
  if (staff.status !== 200) throw new Error(`staff: ${staff.status}`);
  const product = await fetch(`${ev}/exhibition/companies/${companyId}/products`, { method: 'POST', headers: org, body: JSON.stringify({ name: 'Linen roll', price: 12 }) });
  if (product.status !== 201) throw new Error(`product: ${product.status}`);
  // A visitor registers (a free ticket); the staff member will type their number and photograph their paper card.
  const ticket = await fetch(`${ev}/tickets`, { method: 'POST', headers: org, body: JSON.stringify({ name: 'Trade pass', currency: 'EUR', isFree: true, price: 0 }) });
  const ticketId = ((await ticket.json()) as { data: { id: string } }).data.id;
  const order = await fetch(`${server.url}/api/eventservices/public/events/${server.eventId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `inquiries-${Date.now()}` },
    body: JSON.stringify({
      items: [{ ticketId, quantity: 1 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Vera', lastName: 'Visitor', email: 'vera.visitor@example.com' },
      attendees: [{ ticketId, firstName: 'Vera', lastName: 'Visitor', email: 'vera.visitor@example.com' }],
    }),
  });
  if (order.status !== 201) throw new Error(`order: ${order.status} ${await order.text()}`);
  registrationNo = ((await order.json()) as { data: { order: { registrationNo: string } } }).data.order.registrationNo;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('inquiries and card photos', () => {
  it('an attendee asks about a product on a phone, staff answer in the Leads tab and photograph a paper card, and the attendee gets the answer by mail', async () => {
    // The attendee asks from the product on the company page.
    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    const watch = watchPage(phone);
    await signInAtEvent(phone, server.eventId, ATTENDEE);
    await phone.goto('/tabs/exhibitors');
    await phone.getByRole('searchbox').fill('Harbour', { timeout: 30_000 });
    await phone.getByTestId('exhibitor-row').filter({ hasText: 'Harbour Textiles' }).click({ timeout: 30_000 });
    const linen = phone.getByTestId('product').filter({ hasText: 'Linen roll' });
    await linen.getByRole('button', { name: 'Ask about this product: Linen roll' }).click({ timeout: 30_000 });
    const dialog = phone.getByRole('dialog', { name: 'Ask about Linen roll' });
    await dialog.getByRole('textbox', { name: 'Your question' }).fill(QUESTION);
    await expectAccessible(phone, 'asking about a product');
    await screenshot(phone, 'inquiry-ask-product-phone');
    await dialog.getByRole('button', { name: 'Send inquiry' }).click();
    await phone.getByText('Your inquiry was sent').first().waitFor({ timeout: 15_000 });
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    const mine = phone.getByTestId('my-inquiries-here');
    await mine.getByText('Harbour Textiles, about Linen roll', { exact: false }).waitFor({ timeout: 15_000 });
    await mine.getByText('Not answered yet').waitFor();
    await expectAccessible(phone, 'company page after asking about a product');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The staff member answers in the Leads tab and photographs a visitor's paper card.
    const desk = await (await newContext(browser, server.url, PHONE)).newPage();
    const deskWatch = watchPage(desk);
    await signInAtEvent(desk, server.eventId, EXHIBITOR);
    await desk.goto('/tabs/lead');
    await desk.getByRole('heading', { name: 'Leads for Harbour Textiles' }).waitFor({ timeout: 30_000 });
    const inquiry = desk.locator('li').filter({ hasText: QUESTION });
    await inquiry.getByText('Harbour Textiles, about Linen roll', { exact: false }).waitFor({ timeout: 15_000 });
    await inquiry.getByRole('textbox', { name: 'Your answer' }).fill(ANSWER);
    await inquiry.getByRole('button', { name: 'Send answer' }).click();
    await inquiry.getByText(ANSWER, { exact: false }).waitFor({ timeout: 15_000 });
    await inquiry.getByText('Answered', { exact: true }).waitFor();

    await desk.getByRole('textbox', { name: 'Registration number' }).fill(registrationNo);
    await desk.getByRole('button', { name: 'Add lead' }).click();
    const editor = desk.getByTestId('lead-editor');
    await editor.getByRole('heading', { name: 'Vera Visitor' }).waitFor({ timeout: 20_000 });
    const photoResponse = desk.waitForResponse((r) => /\/booth\/leads\/cards\/[^/]+\/photo/.test(r.url()), { timeout: 30_000 });
    const [chooser] = await Promise.all([desk.waitForEvent('filechooser'), editor.getByRole('button', { name: 'Photo of paper card' }).click()]);
    await chooser.setFiles({ name: 'card.png', mimeType: 'image/png', buffer: solidPng(96, [30, 90, 160]) });
    await desk.getByText('Card photo saved').first().waitFor({ timeout: 15_000 });
    const cards = desk.getByTestId('company-card-list');
    const thumb = cards.getByRole('img', { name: 'Photo of the visiting card of Vera Visitor' });
    await thumb.waitFor({ timeout: 15_000 });
    // The thumbnail is the photo itself, fetched with the staff member's authorisation into an object URL.
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(96);
    await cards.getByRole('button', { name: 'Open the card photo of Vera Visitor' }).click();
    const full = desk.getByRole('dialog', { name: 'Visiting card of Vera Visitor' });
    await expect.poll(() => full.getByTestId('card-photo-full').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(96);
    await expectAccessible(desk, 'card photo opened');
    await screenshot(desk, 'lead-card-photo-full-phone');
    await desk.keyboard.press('Escape');
    await full.waitFor({ state: 'detached' });
    // The photo has no public URL: without the staff member's headers it is refused.
    const photo = await photoResponse;
    expect([photo.status(), photo.headers()['cache-control']]).toEqual([200, 'private, no-store']);
    expect((await fetch(photo.url())).status).toBe(401);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(desk, 'leads tab with an answered inquiry and a card photo');
    await screenshot(desk, 'lead-card-list-phone');

    // The attendee's mail: the question, the answer, and a link back to the company page, where the answer shows.
    const sent = await smtp.waitForMail((m) => m.to.includes(ATTENDEE.identifier) && /answered your question/.test(m.raw), 20_000);
    const mail = await PostalMime.parse(sent.raw);
    expect(mail.subject).toBe('Harbour Textiles answered your question');
    expect(mail.text).toContain(QUESTION);
    expect(mail.text).toContain(ANSWER);
    const link = /href="([^"]*\/tabs\/exhibitors\?[^"]+)"/.exec(mail.html ?? '')?.[1]?.replace(/&amp;|&#38;/g, '&');
    expect(link, 'the mail links the company page').toBeTruthy();
    const target = new URL(link!);
    await phone.goto(`${target.pathname}${target.search}`);
    const answered = phone.getByTestId('my-inquiries-here');
    await answered.getByText(ANSWER, { exact: false }).waitFor({ timeout: 30_000 });
    await answered.getByText('Answered', { exact: true }).waitFor();
    await phone.getByRole('heading', { name: 'Harbour Textiles' }).first().waitFor();
    await expectAccessible(phone, 'the answer on the company page');
    await screenshot(phone, 'inquiry-answered-phone');
    // Sent once.
    expect(smtp.messages.filter((m) => m.to.includes(ATTENDEE.identifier) && /answered your question/.test(m.raw))).toHaveLength(1);
    expect([...watch.errors, ...deskWatch.errors]).toEqual([]);
  }, 120_000);
});
