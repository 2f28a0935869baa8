import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { publicCaller } from '../support/api.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

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

async function logIn(page: Page) {
  await page.goto('/');
  await page.getByLabel(/email or mobile/i).fill(ORGANISER.email);
  await page.getByLabel(/^password/i).fill(ORGANISER.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForURL('**/list/events');
}

/** An organiser API call with the page's session (setup only; the journey under test runs in the UI). */
async function organiserCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([m, p, b]) => {
      const token = (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string }).accessToken;
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${token}`, ...(b ? { 'content-type': 'application/json' } : {}) },
        body: b ? JSON.stringify(b) : undefined,
      });
      return { ok: res.ok, status: res.status, json: (await res.json()) as { data: unknown } };
    },
    [method, path, body] as const,
  );
  if (!result.ok) throw new Error(`${method} ${path} -> ${result.status} ${JSON.stringify(result.json)}`);
  return result.json.data as T;
}

const publicCall = publicCaller(() => server.url);

describe('organiser payments (desktop)', () => {
  it('enables offline payments, saves invoice details and refunds part of a paid offline order', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page);
    const nav = () => page.getByRole('navigation', { name: 'Registration sections' });

    // Payment methods: enable offline with instructions.
    await page.goto(`/app/registration?eventId=${server.eventId}`);
    await nav().getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL(/\/app\/registration\/payments/);
    const methods = page.getByRole('region', { name: 'Payment methods' });
    await methods.getByRole('checkbox', { name: /^Offline/ }).check();
    await methods.getByLabel('Offline payment instructions').fill('Transfer to IBAN DE00 1234, reference = registration number.');
    await methods.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // Invoice details.
    const invoice = page.getByRole('region', { name: 'Invoice details' });
    await invoice.getByLabel('Legal name').fill('Harbour Events GmbH');
    await invoice.getByLabel('Tax ID').fill('DE123456789');
    await invoice.getByLabel('Invoice number prefix').fill('hb-');
    await invoice.getByLabel('Credit note prefix').fill('hb cn');
    await invoice.getByRole('button', { name: 'Save' }).click();
    await invoice.getByText('Use 1 to 10 letters, digits or hyphens.').waitFor();
    await invoice.getByLabel('Credit note prefix').fill('hbcn-');
    await invoice.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => invoice.getByLabel('Invoice number prefix').inputValue(), { timeout: 10_000 }).toBe('HB-');
    await expect.poll(() => invoice.getByLabel('Credit note prefix').inputValue(), { timeout: 10_000 }).toBe('HBCN-');
    await expectAccessible(page, 'payments');
    await screenshot(page, 'registration-org-payments');

    // A paid ticket, an offline order by API, marked paid by the organiser.
    const ticket = await organiserCall<{ id: string }>(page, 'POST', `/api/eventservices/events/${server.eventId}/tickets`, {
      name: 'Workshop pass',
      isFree: false,
      currency: 'EUR',
      price: 10000,
    });
    const base = `/api/eventservices/public/events/${server.eventId}`;
    const items = [{ ticketId: ticket.id, quantity: 1 }];
    const buyer = { firstName: 'Lena', lastName: 'Vogel', email: 'lena.vogel@example.com' };
    const quote = await publicCall<{ total: number; currency: string }>('POST', `${base}/quote`, { items });
    const created = await publicCall<{ order: { id: string; registrationNo: string } }>(
      'POST',
      `${base}/orders`,
      { items, expectedTotal: quote.total, currency: quote.currency, buyer, attendees: [{ ...buyer, ticketId: ticket.id, answers: {} }], paymentProvider: 'offline' },
      { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    );
    await organiserCall(page, 'POST', `/api/eventservices/events/${server.eventId}/orders/${created.order.id}/mark-paid`);

    // Refund €40.00 of €100.00 from the Orders tab.
    await nav().getByRole('link', { name: 'Orders' }).click();
    const row = page.getByRole('row', { name: new RegExp(created.order.registrationNo) });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: `Actions for ${created.order.registrationNo}` }).click();
    await page.getByRole('menuitem', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refunds of order ${created.order.registrationNo}` });
    await expect.poll(() => dialog.getByText('No refunds for this order yet.').count()).toBe(1);
    await dialog.getByRole('radio', { name: 'Partial refund' }).check();
    await dialog.getByRole('textbox', { name: 'Amount (EUR)' }).fill('40');
    await dialog.getByLabel('Reason (optional)').fill('Workshop cancelled');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect.poll(() => page.getByText('Refund of €40.00 recorded').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const refunds = dialog.getByRole('table', { name: 'Refunds' });
    await expect.poll(() => refunds.getByRole('row', { name: /€40\.00.*Workshop cancelled/ }).count()).toBe(1);
    await expect.poll(() => dialog.getByText(/refundable €60\.00/).count()).toBe(1);
    await page.waitForTimeout(450); // the modal has finished opening and the toast settled
    await expectAccessible(page, 'refund dialog');
    await screenshot(page, 'registration-org-refund');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.getByText('Refunded €40.00').count()).toBe(1);
    await expect.poll(() => row.getByText('Part refunded', { exact: true }).count()).toBe(1);
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
