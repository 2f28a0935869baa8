import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { solidPng } from '../support/images.ts';
import { PLAYABLE_WEBM } from '../support/videos.ts';

/*
 * Issue 15, My stand for the company's people. The organiser has a company with a product and lists the demo
 * exhibitor as its staff; the demo attendee has ordered the product. The company's admin opens the invitation link
 * from the mail, goes from the home's "My stand" card to the product and adds its photo and a data sheet, deletes a
 * product without orders (confirmed) and is told why the ordered one cannot go, then edits
 * the company's category and uploads a document, and finds the company's video in one list (play, rename, delete), then
 * uploads a real WebM that plays back (its length read by the browser). A
 * staff member (not the admin) signs in on a phone at ei/{eventId}, finds "My stand" on the home, sees only what staff
 * may use (no products, no forms), opens Product orders (one title), approves the order and downloads the company's
 * orders as CSV (its one order, in the event's currency). The attendee, on a phone,
 * opens the company's page and downloads the product's data sheet: the bytes the admin uploaded. The organiser sees
 * its download on the product and renames it.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
const PHONE = { width: 390, height: 844 };
const COMPANY = 'Prism Lenses';
const DATA_SHEET = Buffer.from('%PDF-1.4\n% Zoom lens data sheet\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A WebM-shaped file (the EBML header, then filler): enough for the list, not for playing. */
const CLIP = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2044, 7)]);

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const adminEmail = `mira.${Date.now()}@prism.example`;
let companyId: string;

async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  // Set-up through the APIs (their own journeys are elsewhere): a company with a product and a booth, its staff, an order.
  const org = await call<{ accessToken: string }>('POST', '/api/auth/login', {}, ORGANISER);
  const H = { authorization: `Bearer ${org.accessToken}` };
  const ex = `/api/eventservices/events/${server.eventId}/exhibition`;
  companyId = (await call<{ id: string }>('POST', `${ex}/companies`, H, { name: COMPANY, category: 'Optics', contactEmail: adminEmail })).id;
  const product = await call<{ id: string }>('POST', `${ex}/companies/${companyId}/products`, H, { name: 'Zoom lens', category: 'Lenses', price: 80 });
  await call('POST', `${ex}/companies/${companyId}/products`, H, { name: 'Lens cap', price: 5 });
  const booth = await call<{ id: string }>('POST', `${ex}/booths`, H, { hall: 'Hall P', number: 'P1', sizeSqm: 12, stallType: 'shell', price: 500, x: 0, y: 0, w: 3, h: 3 });
  await call('PUT', `${ex}/booths/${booth.id}/holder`, H, { companyId });
  await call('PUT', `${ex}/companies/${companyId}/staff`, H, { emails: [EXHIBITOR.identifier] });
  await call('POST', `${ex}/companies/${companyId}/videos`, H, { title: 'Lens tour', fileName: 'tour.webm', dataBase64: CLIP.toString('base64') });
  const attendee = await call<{ accessToken: string; eventData: { accessCodeToken: string } }>('POST', '/api/auth/login', {}, { ...ATTENDEE, eventId: server.eventId });
  await call('POST', `/api/eventservices/public/events/${server.eventId}/exhibitors/${companyId}/orders`, { authorization: `Bearer ${attendee.accessToken}`, 'x-user-access-token': attendee.eventData.accessCodeToken }, { productId: product.id, quantity: 3, note: 'For the demo table.' });
  await call('POST', `${ex}/companies/${companyId}/admin-invitation`, H, { email: adminEmail, firstName: 'Mira' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('my stand', () => {
  it('the admin adds a product photo and a product document, edits the category and uploads a document on My stand; a staff member on a phone approves an order; an attendee downloads the product document', async () => {
    // The admin: the invitation link from the mail (nothing stored), then the home's My stand card.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(adminEmail)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.find((m) => m.to.includes(adminEmail))!.raw);
    const link = /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    const admin = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const adminWatch = watchPage(admin);
    onTestFailed(async () => {
      await admin.screenshot({ path: '/tmp/my-stand-failed-admin.png' }).catch(() => undefined);
    });
    await admin.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
    await admin.getByRole('link', { name: `Open My stand of ${COMPANY}` }).click({ timeout: 30_000 });
    await admin.getByRole('heading', { name: `My stand · ${COMPANY}` }).waitFor({ timeout: 30_000 });
    const products = admin.getByRole('region', { name: 'Products' });
    await products.getByRole('button', { name: 'Photos of Zoom lens' }).click({ timeout: 15_000 });
    await products.getByText('No images yet', { exact: false }).waitFor({ timeout: 15_000 });
    await products.locator('input[type=file]').setInputFiles({ name: 'zoom.png', mimeType: 'image/png', buffer: solidPng(48, [200, 120, 30]) });
    const photo = products.getByRole('img', { name: 'zoom.png' });
    await photo.waitFor({ timeout: 15_000 });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(48);
    await expectAccessible(admin, 'my stand products of the admin');
    await screenshot(admin, 'my-stand-admin-products');

    // The product's data sheet: a display name and a PDF, listed with its downloads.
    await products.getByRole('button', { name: 'Documents of Zoom lens' }).click();
    const productDocs = products.getByRole('region', { name: 'Documents of Zoom lens' });
    await productDocs.getByText('No documents for this product yet').waitFor({ timeout: 15_000 });
    await productDocs.getByRole('textbox', { name: /^Display name/ }).fill('Zoom lens data sheet');
    await productDocs.locator('input[type=file]').setInputFiles({ name: 'zoom-lens.pdf', mimeType: 'application/pdf', buffer: DATA_SHEET });
    await productDocs.getByRole('button', { name: 'Upload document' }).click();
    const sheetRow = productDocs.getByRole('table', { name: 'Product documents' }).getByRole('row').filter({ hasText: 'Zoom lens data sheet' });
    await sheetRow.waitFor({ timeout: 15_000 });
    expect(await sheetRow.getByTestId('product-document-downloads').innerText()).toBe('0');
    await expectAccessible(admin, 'my stand product documents of the admin');
    await screenshot(admin, 'my-stand-admin-product-documents');
    await admin.setViewportSize({ width: 390, height: 844 });
    await productDocs.scrollIntoViewIfNeeded();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(admin, 'my-stand-admin-product-documents-phone');
    await admin.setViewportSize({ width: 1366, height: 900 });

    // Deleting products: one without orders goes once confirmed; the one with a pending order stays, with the reason.
    await products.getByRole('button', { name: 'Delete Lens cap' }).click();
    const confirmCap = admin.getByRole('dialog', { name: 'Delete Lens cap?' });
    await confirmCap.getByText('Its photos and documents are deleted with it', { exact: false }).waitFor({ timeout: 15_000 });
    await expectAccessible(admin, 'my stand delete product confirmation');
    await screenshot(admin, 'my-stand-admin-delete-product');
    await confirmCap.getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.getByText('Product deleted').waitFor({ timeout: 15_000 });
    await products.getByRole('button', { name: 'Delete Lens cap' }).waitFor({ state: 'detached', timeout: 15_000 });
    await products.getByRole('button', { name: 'Delete Zoom lens', exact: true }).click();
    await admin.getByRole('dialog', { name: 'Delete Zoom lens?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.getByText('This product has 1 open order', { exact: false }).waitFor({ timeout: 15_000 });
    await products.getByRole('button', { name: 'Delete Zoom lens', exact: true }).waitFor();

    // The admin runs the company: the profile's category, then a document that shows in the list.
    const profile = admin.getByRole('region', { name: 'Company profile', exact: true });
    await profile.getByRole('button', { name: 'Edit profile and staff' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit company' });
    await dialog.getByRole('textbox', { name: 'Category', exact: true }).fill('Optics and lenses');
    await dialog.getByRole('button', { name: 'Save company' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await profile.getByText('Optics and lenses', { exact: false }).waitFor({ timeout: 15_000 });
    const documents = admin.getByRole('region', { name: 'Documents', exact: true });
    await documents.getByRole('textbox', { name: /^Title/ }).fill('Lens catalogue');
    await documents.locator('input[type=file]').setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await documents.getByRole('button', { name: 'Upload document' }).click();
    await documents.getByRole('table', { name: 'Documents' }).getByText('Lens catalogue').waitFor({ timeout: 15_000 });
    await expectAccessible(admin, 'my stand company and documents of the admin');
    await screenshot(admin, 'my-stand-admin-company');

    // The company's videos: one list for the admin (play, views, rename, delete), not a second playback list.
    const videos = admin.getByRole('region', { name: 'Videos', exact: true });
    expect(await admin.getByRole('region', { name: 'Videos', exact: true }).count()).toBe(1);
    await videos.getByRole('table', { name: 'Videos' }).getByText('Lens tour').waitFor({ timeout: 15_000 });
    await videos.getByRole('button', { name: 'Play Lens tour' }).waitFor();
    expect(await admin.getByText('Lens tour', { exact: true }).count()).toBe(1);
    // The admin uploads a real (tiny, 1 s VP8) WebM and plays it back: the browser reads its length and frames.
    await videos.getByRole('textbox', { name: /^Title/ }).fill('Lens close-up');
    await videos.locator('input[type=file]').setInputFiles({ name: 'close-up.webm', mimeType: 'video/webm', buffer: PLAYABLE_WEBM });
    await videos.getByRole('button', { name: 'Upload video' }).click();
    await admin.getByText('Video uploaded').waitFor({ timeout: 15_000 });
    await videos.getByRole('button', { name: 'Play Lens close-up' }).click({ timeout: 15_000 });
    const player = admin.getByRole('dialog', { name: 'Lens close-up' }).locator('video');
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => ({ ready: v.readyState >= 2, duration: Math.round(v.duration * 10) / 10, width: v.videoWidth, error: v.error?.code ?? null })), { timeout: 15_000 })
      .toEqual({ ready: true, duration: 1, width: 64, error: null });
    await screenshot(admin, 'my-stand-admin-video-playing');
    await admin.keyboard.press('Escape');
    await player.waitFor({ state: 'detached', timeout: 10_000 });
    await videos.scrollIntoViewIfNeeded();
    await screenshot(admin, 'my-stand-admin-videos');
    await admin.setViewportSize({ width: 390, height: 844 });
    await videos.scrollIntoViewIfNeeded();
    await screenshot(admin, 'my-stand-admin-videos-phone');
    expect(adminWatch.errors).toEqual([]);

    // The staff member: signs in at the event on a phone, and finds My stand on the home.
    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    const phoneWatch = watchPage(phone);
    onTestFailed(async () => {
      await phone.screenshot({ path: '/tmp/my-stand-failed-staff.png' }).catch(() => undefined);
    });
    await signInAtEvent(phone, server.eventId, EXHIBITOR);
    const open = phone.getByRole('link', { name: `Open My stand of ${COMPANY}` });
    await open.waitFor({ timeout: 30_000 });
    await screenshot(phone, 'my-stand-home-card-staff-phone');
    await open.click();
    await phone.getByRole('heading', { name: `My stand · ${COMPANY}` }).waitFor({ timeout: 30_000 });
    await phone.getByText('Service forms, invoices and products are managed by the company’s admin', { exact: false }).waitFor();
    expect(await phone.getByRole('region', { name: 'Products' }).count()).toBe(0);
    const nav = phone.getByRole('navigation', { name: 'What you can use' });
    await nav.getByRole('link', { name: 'Leads' }).waitFor();
    await expectAccessible(phone, 'my stand of a staff member on a phone');
    await screenshot(phone, 'my-stand-staff-phone');
    await nav.getByRole('link', { name: 'Product orders' }).click();
    await phone.getByRole('heading', { name: 'Product orders', level: 1 }).waitFor({ timeout: 15_000 });
    // One title on the page: the page's own (the orders under it have no second "Product orders" heading).
    expect(await phone.getByRole('heading', { name: 'Product orders' }).count()).toBe(1);
    const order = phone.getByTestId('company-order').filter({ hasText: '3 × Zoom lens' });
    await order.getByText('For the demo table.', { exact: false }).waitFor({ timeout: 15_000 });
    await order.getByRole('button', { name: /^Approve the order of Zoom lens by / }).click();
    await phone.getByText('Order approved: the visitor is told').waitFor({ timeout: 15_000 });
    await order.getByText('Approved').waitFor({ timeout: 15_000 });
    // The company's orders as a file: its own orders only, in the event's currency.
    await phone.getByRole('button', { name: 'Download orders' }).click();
    const [ordersFile] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('menuitem', { name: 'All orders as CSV' }).click()]);
    expect(ordersFile.suggestedFilename()).toBe('product-orders-Prism-Lenses.csv');
    const orderLines = readFileSync((await ordersFile.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(orderLines[0]).toBe('Ordered at (UTC),Company,Product,Quantity,Unit price,Total,Currency,Status,Orderer,Orderer email,Decided at (UTC),Rejection reason,Note');
    expect(orderLines).toHaveLength(2);
    expect(orderLines[1]).toMatch(/^\d{4}-[^,]+Z,Prism Lenses,Zoom lens,3,80,240,INR,approved,[^,]+,[^,]+@[^,]+,\d{4}-[^,]+Z,,For the demo table\.$/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, 'product orders of a staff member on a phone');
    await screenshot(phone, 'my-stand-staff-orders-phone');
    expect(phoneWatch.errors).toEqual([]);

    // The attendee, on a phone: the company's page lists the product's data sheet; Open downloads the uploaded bytes.
    const visitor = await (await newContext(browser, server.url, PHONE)).newPage();
    const visitorWatch = watchPage(visitor);
    onTestFailed(async () => {
      await visitor.screenshot({ path: '/tmp/my-stand-failed-attendee.png' }).catch(() => undefined);
    });
    await signInAtEvent(visitor, server.eventId, ATTENDEE);
    await visitor.goto('/tabs/exhibitors');
    await visitor.getByRole('searchbox').fill('Prism', { timeout: 30_000 });
    await visitor.getByTestId('exhibitor-row').filter({ hasText: COMPANY }).click({ timeout: 30_000 });
    const product = visitor.getByTestId('exhibitor-page').getByTestId('product').filter({ hasText: 'Zoom lens' });
    const sheet = product.getByRole('list', { name: 'Documents of Zoom lens' });
    await sheet.getByText('Zoom lens data sheet').waitFor({ timeout: 15_000 });
    await sheet.scrollIntoViewIfNeeded();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(visitor, 'product documents on the company page on a phone');
    await screenshot(visitor, 'product-documents-attendee-phone');
    const [download] = await Promise.all([visitor.waitForEvent('download'), sheet.getByRole('button', { name: 'Open Zoom lens data sheet' }).click()]);
    expect(download.suggestedFilename()).toBe('zoom-lens.pdf');
    expect(readFileSync((await download.path())!).equals(DATA_SHEET)).toBe(true);
    await visitor.setViewportSize({ width: 1366, height: 900 });
    await sheet.scrollIntoViewIfNeeded();
    await screenshot(visitor, 'product-documents-attendee');
    expect(visitorWatch.errors).toEqual([]);

    // The admin's list counts the download.
    await admin.setViewportSize({ width: 1366, height: 900 });
    await admin.reload();
    await admin.getByRole('region', { name: 'Products' }).getByRole('button', { name: 'Documents of Zoom lens' }).click({ timeout: 30_000 });
    await expect
      .poll(() => admin.getByRole('table', { name: 'Product documents' }).getByTestId('product-document-downloads').innerText(), { timeout: 15_000 })
      .toBe('1');

    // The organiser sees the same document on the product (Companies → Products), with its download, and renames it.
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/exhibitors/companies?eventId=${server.eventId}`);
    await organiser.getByRole('button', { name: `Actions: ${COMPANY}` }).click({ timeout: 30_000 });
    await organiser.getByRole('menuitem', { name: 'Products' }).click();
    const modal = organiser.getByRole('dialog', { name: `Products of ${COMPANY}` });
    await modal.getByRole('button', { name: 'Documents of Zoom lens' }).click({ timeout: 15_000 });
    const orgDocs = modal.getByRole('region', { name: 'Documents of Zoom lens' });
    const orgRow = orgDocs.getByRole('table', { name: 'Product documents' }).getByRole('row').filter({ hasText: 'Zoom lens data sheet' });
    await expect.poll(() => orgRow.getByTestId('product-document-downloads').innerText(), { timeout: 15_000 }).toBe('1');
    await orgRow.getByRole('button', { name: 'Rename Zoom lens data sheet' }).click();
    await orgDocs.getByRole('textbox', { name: 'Rename Zoom lens data sheet' }).fill('Zoom lens specifications');
    await orgDocs.getByRole('button', { name: 'Save', exact: true }).click();
    await orgDocs.getByText('Zoom lens specifications').waitFor({ timeout: 15_000 });
    await expectAccessible(organiser, 'product documents of the organiser');
    await screenshot(organiser, 'product-documents-organiser');
    expect(orgWatch.errors).toEqual([]);
    // Four people's journeys in one story on a shared 2-core machine.
  }, 300_000);
});
