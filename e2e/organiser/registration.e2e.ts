import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { publicCaller } from '../support/api.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { solidPng } from '../support/images.ts';

const ORGANISER = { email: 'organiser@demo.pavilion', password: 'Organiser@2026' };

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

/** A desktop context, as a first-time organiser's browser: nothing pre-set. */
async function desktopContext() {
  const context = await newContext(browser, server.url, { width: 1280, height: 900 });
  return context;
}

async function logIn(page: Page) {
  await page.goto('/');
  await page.getByLabel(/email or mobile/i).fill(ORGANISER.email);
  await page.getByLabel(/^password/i).fill(ORGANISER.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForURL('**/list/events');
}

/** Modals and toasts fade; axe must see the settled page, not a half-transparent dialog. */
async function settle(page: Page) {
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
  await page.waitForTimeout(450);
}

const publicCall = publicCaller(() => server.url);

/** An attendee buys a ticket and pays on the test gateway (the attendee UI is covered by e2e/attendee). */
async function buyAndPay(ticketId: string, buyer: { firstName: string; lastName: string; email: string }) {
  const base = `/api/eventservices/public/events/${server.eventId}`;
  const items = [{ ticketId, quantity: 1 }];
  const quote = await publicCall<{ total: number; currency: string }>('POST', `${base}/quote`, { items });
  const created = await publicCall<{ order: { id: string; registrationNo: string }; payment: { redirectUrl: string } | null }>(
    'POST',
    `${base}/orders`,
    { items, expectedTotal: quote.total, currency: quote.currency, buyer, attendees: [{ ...buyer, ticketId, answers: {} }], paymentProvider: 'test' },
    { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  );
  if (created.payment?.redirectUrl) {
    const session = await publicCall<{ completeUrl: string }>('GET', created.payment.redirectUrl);
    await publicCall('POST', session.completeUrl, { outcome: 'pay' });
  }
  return created.order;
}

/** A 48×48 PNG of one colour (the attendee's photo). */
const OMAR_PNG = solidPng(48, [0x7a, 0x7a, 0x7a]).toString('base64');

describe('organiser registration journey (desktop)', () => {
  it('creates a paid ticket and a coupon, sees the paid order, exports it, approves a visitor and reads the journey', async () => {
    const context = await desktopContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page);

    // The Registration entry of the side menu opens the section for the selected event.
    await page.goto(`/app?eventId=${server.eventId}`);
    await page.getByRole('link', { name: 'Registration & tickets' }).click();
    await page.waitForURL(/\/app\/registration/);
    await expect.poll(() => page.getByRole('heading', { name: 'Registration & tickets' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Tickets' }).click();
    await page.waitForURL(/\/app\/registration\/tickets/);

    // The demo event sells two tickets already (a free trade visitor entry and a paid delegate pass); add a third.
    await expect.poll(() => page.getByRole('cell', { name: 'Conference delegate', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: 'Trade visitor entry', exact: true }).count()).toBe(1);
    await expectAccessible(page, 'tickets (demo)');
    await page.getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New ticket' });
    await dialog.getByLabel('Ticket name').fill('VIP pass');
    // The demo event is in New Delhi on India time: a new ticket starts in its country's currency (SPEC §3.2).
    expect(await dialog.getByRole('textbox', { name: 'Currency' }).inputValue()).toBe('INR');
    await expect.poll(() => dialog.getByText('Times in Asia/Kolkata.', { exact: false }).count()).toBe(1);
    await dialog.getByRole('textbox', { name: 'Price' }).fill('250');
    await dialog.getByRole('textbox', { name: 'Tax rate (%)' }).fill('10');
    await dialog.getByLabel('Max per order').fill('4');
    await screenshot(page, 'registration-org-ticket-form');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'VIP pass', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText('₹250.00').count()).toBeGreaterThan(0);
    await settle(page);
    await expectAccessible(page, 'tickets');
    await screenshot(page, 'registration-org-tickets');

    // A coupon.
    await page.getByRole('link', { name: 'Coupons', exact: true }).click();
    await page.getByRole('button', { name: 'New coupon' }).first().click();
    const couponDialog = page.getByRole('dialog', { name: 'New coupon' });
    await couponDialog.getByLabel('Code').fill('EARLY20');
    await couponDialog.getByRole('textbox', { name: 'Percent off' }).fill('20');
    await couponDialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'EARLY20', exact: true }).count()).toBe(1);
    await settle(page);
    await expectAccessible(page, 'coupons');
    await screenshot(page, 'registration-org-coupons');

    // An attendee buys the ticket; the organiser sees the paid order.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string }).accessToken);
    const tickets = await page.evaluate(
      async ([eventId, t]) => (await (await fetch(`/api/eventservices/events/${eventId}/tickets?v=0.3`, { headers: { authorization: `Bearer ${t}` } })).json()).data,
      [server.eventId, token] as const,
    );
    const vip = (tickets as { id: string; name: string }[]).find((x) => x.name === 'VIP pass')!;
    const order = await buyAndPay(vip.id, { firstName: 'Priya', lastName: 'Nair', email: 'priya.nair@example.com' });

    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Registrations' }).click();
    await page.waitForURL(/\/app\/registration(\?|$)/);
    await page.getByLabel('Search').fill('priya');
    const row = page.getByRole('row', { name: /Priya Nair/ });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => row.getByText('Paid', { exact: true }).count()).toBe(1);
    await expect.poll(() => row.getByText(order.registrationNo).count()).toBe(1);
    await expectAccessible(page, 'registrations');
    await screenshot(page, 'registration-org-registrations');

    // Export CSV and XLSX (the current filter applies).
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csvText = readFileSync((await csv.path())!, 'utf8');
    expect(csvText).toContain('priya.nair@example.com');
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');

    // The Orders view: the paid order with its total (250.00 + 10 % tax).
    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Orders' }).click();
    const orderRow = page.getByRole('row', { name: new RegExp(order.registrationNo) });
    await expect.poll(() => orderRow.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => orderRow.getByText('₹275.00').count()).toBe(1);
    await expect.poll(() => orderRow.getByText('Confirmed', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'orders');
    await screenshot(page, 'registration-org-orders');

    // Manual approval: a visitor registers and waits; the organiser approves from the table.
    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: /Manual/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved').count()).toBeGreaterThan(0);
    await buyAndPay(vip.id, { firstName: 'Omar', lastName: 'Haddad', email: 'omar@example.com' });

    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Registrations' }).click();
    await page.getByRole('combobox', { name: 'Approval', exact: true }).selectOption('pending');
    const omar = page.getByRole('row', { name: /Omar Haddad/ });
    await expect.poll(() => omar.count(), { timeout: 15_000 }).toBe(1);
    await omar.getByRole('button', { name: 'Actions for Omar Haddad' }).click();
    await page.getByRole('menuitem', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'Approve', exact: true });
    await approve.getByLabel('Reason (optional)').fill('Verified buyer');
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => page.getByText('1 registration updated').count()).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Approval', exact: true }).selectOption('');
    await expect.poll(() => omar.getByText('Approved', { exact: true }).count(), { timeout: 10_000 }).toBe(1);

    // The journey timeline.
    await omar.getByRole('button', { name: 'Actions for Omar Haddad' }).click();
    await page.getByRole('menuitem', { name: 'Journey' }).click();
    const drawer = page.getByRole('dialog', { name: 'Journey of Omar Haddad' });
    await expect.poll(() => drawer.getByText('(REG)', { exact: false }).count()).toBe(1);
    await expect.poll(() => drawer.getByText('(APPRV)', { exact: false }).count()).toBe(1);
    await page.waitForTimeout(450); // the row menu closes and the drawer slides in
    await expectAccessible(page, 'journey');
    await screenshot(page, 'registration-org-journey');
    await page.keyboard.press('Escape');

    // The attendee's photo, for the gate: chosen from a file, shrunk in the browser, shown back from its signed URL.
    await omar.getByRole('button', { name: 'Actions for Omar Haddad' }).click();
    await page.getByRole('menuitem', { name: 'Photo' }).click();
    const photo = page.getByRole('dialog', { name: 'Photo of Omar Haddad' });
    await expect.poll(() => photo.getByText('No photo yet').count()).toBe(1);
    await photo.locator('input[type=file]').setInputFiles({ name: 'omar.png', mimeType: 'image/png', buffer: Buffer.from(OMAR_PNG, 'base64') });
    await expect.poll(() => page.getByText('Photo saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const img = photo.getByRole('img', { name: 'Photo of Omar Haddad' });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(48);
    await expectAccessible(page, 'photo');
    await screenshot(page, 'registration-org-photo');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('builds a multi-page form with a conditional question, a shared quota, a visitor category and a cart link', async () => {
    const context = await desktopContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page);
    const nav = () => page.getByRole('navigation', { name: 'Registration sections' });

    // Form builder: two questions, the second shown only for one answer of the first, on page 2.
    await page.goto(`/app/registration/forms?eventId=${server.eventId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'No registration forms' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'New form' }).click();
    await page.getByLabel('Form name').fill('Delegate details');
    const q1 = page.getByRole('group', { name: 'Question 1' });
    await q1.getByRole('textbox', { name: /^Question/ }).fill('Dietary needs');
    await q1.getByLabel('Type', { exact: true }).selectOption('radio');
    await q1.getByRole('textbox', { name: 'Options' }).fill('None');
    await q1.getByRole('textbox', { name: 'Options' }).press('Enter');
    await q1.getByRole('textbox', { name: 'Options' }).fill('Other');
    await q1.getByRole('textbox', { name: 'Options' }).press('Enter');
    await page.getByRole('button', { name: 'Add question' }).click();
    const q2 = page.getByRole('group', { name: 'Question 2' });
    await q2.getByRole('textbox', { name: /^Question/ }).fill('Please describe');
    await q2.getByLabel('Page', { exact: true }).fill('2');
    await q2.getByLabel('Show only if').selectOption('dietaryNeeds');
    await q2.getByRole('textbox', { name: 'Answer is one of' }).fill('Other');
    await q2.getByRole('textbox', { name: 'Answer is one of' }).press('Enter');
    // The live preview follows the condition.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.getByLabel('Please describe').count()).toBe(0);
    await preview.getByRole('radio', { name: 'Other' }).check();
    await expect.poll(() => preview.getByLabel('Please describe').count()).toBe(1);
    await screenshot(page, 'registration-org-form-builder');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Delegate details').count()).toBe(1);
    await expect.poll(() => page.getByText('2 questions').count()).toBe(1);
    await settle(page);
    await expectAccessible(page, 'forms');

    // A shared quota.
    await nav().getByRole('link', { name: 'Quotas' }).click();
    await page.getByRole('button', { name: 'New quota' }).click();
    await page.getByLabel('Quota name').fill('Main hall');
    await page.getByLabel('Capacity').fill('500');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('Main hall').count()).toBe(1);
    await settle(page);
    await expectAccessible(page, 'quotas');
    await screenshot(page, 'registration-org-quotas');

    // A visitor category with its public link.
    await nav().getByRole('link', { name: 'Visitors & dates' }).click();
    await page.getByRole('button', { name: 'New category' }).click();
    await page.getByLabel('Category name').fill('Press');
    await expect.poll(() => page.getByLabel('Link name').inputValue()).toBe('press');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText(`/visitors/press?eventId=${server.eventId}`).count()).toBe(1);
    await settle(page);
    await expectAccessible(page, 'visitor categories');
    await screenshot(page, 'registration-org-visitors');

    // Bulk-generated single-use coupon codes.
    await nav().getByRole('link', { name: 'Coupons', exact: true }).click();
    await page.getByRole('button', { name: 'Generate codes' }).first().click();
    const bulk = page.getByRole('dialog', { name: 'Generate codes' });
    await bulk.getByLabel('Prefix').fill('VIP-');
    await bulk.getByRole('textbox', { name: 'Number of codes' }).fill('5');
    await bulk.getByRole('textbox', { name: 'Percent off' }).fill('15');
    await bulk.getByRole('button', { name: 'Generate codes' }).click();
    await expect.poll(() => bulk.getByText('Generated codes').count()).toBe(1);
    await bulk.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => page.getByRole('cell', { name: /^VIP-/ }).count()).toBe(5);

    // Settings and cart links render for the organiser.
    await nav().getByRole('link', { name: 'Cart links' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'No cart links' }).count()).toBe(1);
    await nav().getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Registration settings' }).count()).toBe(1);
    await expectAccessible(page, 'settings');
    await screenshot(page, 'registration-org-settings');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
