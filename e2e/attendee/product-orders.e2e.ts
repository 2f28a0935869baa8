import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { solidPng } from '../support/images.ts';

/*
 * Issue 15, product orders: the organiser has a company with a priced product and its photo, and invites the
 * company's admin by mail. The demo attendee, on a phone and a fresh browser, signs in through ei/{eventId}, opens the
 * company in the Exhibitors tab, sees the photo and orders two (the page shows the total; the server prices it). The
 * admin opens the invitation link from the mail, finds the order on My stand and approves it. The attendee then sees
 * "Approved" on the company page and the "Product approved" notice in the inbox.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let token: string;
const adminEmail = `lena.${Date.now()}@lumen.example`;
let companyId: string;

async function organiserCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const ex = `/api/eventservices/events/${server.eventId}/exhibition`;
  // Set-up through the organiser's API (the product modal has its own journey): a company, a product, its photo.
  const company = await organiserCall<{ id: string }>('POST', `${ex}/companies`, { name: 'Lumen Optics', category: 'Optics', contactEmail: adminEmail });
  companyId = company.id;
  const product = await organiserCall<{ id: string }>('POST', `${ex}/companies/${company.id}/products`, { name: 'Field lens', category: 'Lenses', description: 'A 50 mm lens for stands.', price: 49.5 });
  await organiserCall('POST', `${ex}/companies/${company.id}/products/${product.id}/images`, { fileName: 'lens.png', dataBase64: solidPng(64, [40, 90, 160]).toString('base64') });
  const booth = await organiserCall<{ id: string }>('POST', `${ex}/booths`, { hall: 'Hall L', number: 'L1', sizeSqm: 12, stallType: 'shell', price: 500, x: 0, y: 0, w: 3, h: 3 });
  await organiserCall('PUT', `${ex}/booths/${booth.id}/holder`, { companyId: company.id });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('product orders', () => {
  it('an attendee on a phone orders a product, the company admin approves it, the attendee sees Approved and an inbox notice', async () => {
    const page = await (await newContext(browser, server.url, PHONE)).newPage();
    const watch = watchPage(page);
    // What the phone showed when a step failed (for the person reading the failure).
    onTestFailed(async () => {
      await page.screenshot({ path: '/tmp/product-orders-failed-phone.png' }).catch(() => undefined);
    });
    await signInAtEvent(page, server.eventId, ATTENDEE);

    await page.goto('/tabs/exhibitors');
    await page.getByRole('searchbox').fill('Lumen', { timeout: 30_000 });
    await page.getByTestId('exhibitor-row').filter({ hasText: 'Lumen Optics' }).click({ timeout: 30_000 });
    const company = page.getByTestId('exhibitor-page');
    const product = company.getByTestId('product').filter({ hasText: 'Field lens' });
    const photo = product.getByRole('img', { name: 'Photo 1 of Field lens' });
    await photo.waitFor({ timeout: 15_000 });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(64);
    await product.getByRole('button', { name: 'Order Field lens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Field lens' });
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await dialog.getByRole('textbox', { name: /Note for the company/ }).fill('Please bring them to hall 2.');
    await dialog.getByText('Total: 99.00').waitFor();
    await expectAccessible(page, 'order dialog on a phone');
    await screenshot(page, 'product-order-dialog-phone');
    await dialog.getByRole('button', { name: 'Send order' }).click();
    await page.getByText('Your order was sent to Lumen Optics').waitFor({ timeout: 15_000 });
    const mine = company.getByTestId('my-order').filter({ hasText: '2 × Field lens' });
    await mine.getByText('Pending').waitFor({ timeout: 15_000 });
    await mine.getByText('99.00').waitFor();

    // The organiser invites the company's admin; the admin opens the mail's link (nothing stored) and finds the order.
    const before = smtp.messages.length;
    await organiserCall('POST', `/api/eventservices/events/${server.eventId}/exhibition/companies/${companyId}/admin-invitation`, { email: adminEmail, firstName: 'Lena' });
    await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes(adminEmail)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.slice(before).find((m) => m.to.includes(adminEmail))!.raw);
    const link = /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    const admin = await (await newContext(browser, server.url, PHONE)).newPage();
    const adminWatch = watchPage(admin);
    onTestFailed(async () => {
      await admin.screenshot({ path: '/tmp/product-orders-failed-admin.png' }).catch(() => undefined);
    });
    await admin.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
    await admin.getByRole('link', { name: 'My stand: service forms' }).click({ timeout: 30_000 });
    await admin.getByRole('heading', { name: 'My stand · Lumen Optics' }).waitFor({ timeout: 30_000 });
    const orders = admin.getByRole('region', { name: 'Product orders' });
    const order = orders.getByTestId('company-order').filter({ hasText: '2 × Field lens' });
    await order.getByText('Please bring them to hall 2.', { exact: false }).waitFor({ timeout: 15_000 });
    await order.getByText('Pending').waitFor();
    await expectAccessible(admin, 'my stand with a product order');
    await screenshot(admin, 'product-orders-my-stand');
    const beforeApproval = smtp.messages.length;
    await order.getByRole('button', { name: /^Approve the order of Field lens by / }).click();
    await admin.getByText('Order approved: the visitor is told').waitFor({ timeout: 15_000 });
    await order.getByText('Approved').waitFor({ timeout: 15_000 });
    await order.getByRole('button', { name: /^Mark fulfilled: the order of Field lens by / }).waitFor();
    // The attendee's mail under SPEC §3.10's name.
    await expect.poll(() => smtp.messages.slice(beforeApproval).filter((m) => m.raw.includes('Product approved')).length, { timeout: 20_000 }).toBe(1);

    // The attendee sees Approved on the company page, and the notice in the inbox.
    await page.reload();
    await company.getByTestId('my-order').filter({ hasText: '2 × Field lens' }).getByText('Approved').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'an approved order on a phone');
    await screenshot(page, 'product-order-approved-phone');
    await page.getByTestId('notifications-bell').click();
    const inbox = page.getByRole('dialog', { name: 'Notifications' });
    const notice = inbox.getByTestId('notification-item').filter({ hasText: 'Product approved' });
    await notice.getByText('Lumen Optics approved your order of 2 × Field lens', { exact: false }).waitFor({ timeout: 15_000 });
    // (axe is run on the page above: behind the drawer's dimming overlay the page's colours read as low contrast.)
    await screenshot(page, 'product-approved-inbox-phone');

    // The organiser sees the order (approved) and the product's images in the Products modal, and sets the staff badge
    // rule; the company form then counts the company's badges (one 12 m² booth: 4).
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    onTestFailed(async () => {
      await organiser.screenshot({ path: '/tmp/product-orders-failed-organiser.png' }).catch(() => undefined);
    });
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/exhibitors?eventId=${server.eventId}`);
    await organiser.getByRole('button', { name: 'Actions: Lumen Optics' }).click({ timeout: 30_000 });
    await organiser.getByRole('menuitem', { name: 'Products' }).click();
    const modal = organiser.getByRole('dialog', { name: /Lumen Optics/ });
    await modal.getByRole('button', { name: 'Images of Field lens' }).click();
    await modal.getByRole('img', { name: 'lens.png' }).waitFor({ timeout: 15_000 });
    await modal.getByRole('region', { name: 'Product orders' }).getByTestId('company-order').filter({ hasText: '2 × Field lens' }).getByText('Approved').waitFor({ timeout: 15_000 });
    await expectAccessible(organiser, 'products with images and orders');
    await screenshot(organiser, 'product-orders-organiser-products');
    await organiser.keyboard.press('Escape');
    await organiser.getByRole('link', { name: 'Booths & hall plan' }).click();
    await organiser.getByRole('button', { name: 'Staff badge rule' }).click({ timeout: 30_000 });
    const rule = organiser.getByRole('dialog', { name: 'Staff badges per stall size' });
    await rule.getByRole('textbox', { name: 'Booths up to (m²)' }).first().waitFor({ timeout: 15_000 });
    await expectAccessible(organiser, 'staff badge rule');
    await screenshot(organiser, 'product-orders-staff-quota');
    await rule.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => organiser.getByText('Staff badge rule saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await organiser.getByRole('link', { name: 'Companies', exact: true }).click();
    await organiser.getByRole('button', { name: 'Actions: Lumen Optics' }).click();
    await organiser.getByRole('menuitem', { name: 'Edit' }).click();
    await organiser.getByText('0 of 4 staff badges used', { exact: false }).waitFor({ timeout: 15_000 });
    await screenshot(organiser, 'product-orders-company-staff-quota');

    expect(watch.errors).toEqual([]);
    expect(adminWatch.errors).toEqual([]);
    expect(orgWatch.errors).toEqual([]);
  }, 360_000);
});

