import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';

// The organiser keeps the Tickets page open while buyers, in their own browsers, buy and fail to pay. The counts move
// on the organiser's page without a reload (the organiser socket's countsChanged), a failed payment gives its seat
// back at once, and the registration list says "Payment failed".

const TICKET = 'Masterclass seat';

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

/** A buyer on their phone, in a browser of their own, up to the hosted test-payment page. */
async function checkoutToGateway(buyer: { first: string; last: string; email: string }) {
  const context = await newContext(browser, server.url, { width: 390, height: 844 });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`/cart-registration/${server.eventId}`);
  await page.getByRole('button', { name: `Add one ${TICKET}` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Your details' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  await page.locator('#buyer-firstName').fill(buyer.first);
  await page.locator('#buyer-lastName').fill(buyer.last);
  await page.locator('#buyer-email').fill(buyer.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const pay = page.getByRole('button', { name: 'Pay €45.00' });
  await expect.poll(() => pay.count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
  await page.waitForURL(/test-gateway/);
  return { context, page, watch };
}

describe('live seat counts (organiser desktop, buyers on phones)', () => {
  it('shows a sale without a reload, a failed payment frees its seat at once, and the list says Payment failed', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await organiserCallInPage(page, 'POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: TICKET, currency: 'EUR', price: 4500, capacity: 3, maxPerOrder: 1 });

    await page.goto(`/app/registration/tickets?eventId=${server.eventId}`);
    const row = page.getByRole('row').filter({ hasText: TICKET });
    const seats = () => row.getByRole('cell').nth(2).textContent();
    await expect.poll(seats, { timeout: 20_000 }).toBe('0 sold · 0 held / 3');
    // Proof that nothing below reloads the organiser's page: a mark on the window survives only without one.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const isSameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    // A buyer pays: while on the payment page the seat is held, then it is sold, on the organiser's open page.
    const first = await checkoutToGateway({ first: 'Lina', last: 'Okafor', email: 'lina.okafor@example.com' });
    await expect.poll(seats, { timeout: 20_000 }).toBe('0 sold · 1 held / 3');
    await first.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await first.page.waitForURL(/\/success\//);
    await expect.poll(seats, { timeout: 20_000 }).toBe('1 sold · 0 held / 3');
    expect(await isSameDocument()).toBe(true);
    await screenshot(page, 'live-counts-tickets-sold');

    // Another buyer's card is declined on the hosted test-payment page: the held seat goes back at once.
    const second = await checkoutToGateway({ first: 'Tomas', last: 'Berg', email: 'tomas.berg@example.com' });
    await expect.poll(seats, { timeout: 20_000 }).toBe('1 sold · 1 held / 3');
    await screenshot(page, 'live-counts-tickets-held');
    await second.page.getByRole('button', { name: 'Fail', exact: true }).click();
    await second.page.waitForURL(/\/failure/);
    await expect.poll(() => second.page.getByRole('heading', { name: 'Payment not completed' }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(seats, { timeout: 20_000 }).toBe('1 sold · 0 held / 3');
    expect(await isSameDocument()).toBe(true);
    await expectAccessible(page, 'tickets with sold and held');
    await screenshot(second.page, 'live-counts-failure-390');

    // The registration list shows the failed buyer as a failed payment, not as approved; the paid one as approved.
    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Registrations' }).click();
    await page.waitForURL(/\/app\/registration(\?|$)/);
    const tomas = page.getByRole('row').filter({ hasText: 'Tomas Berg' });
    const lina = page.getByRole('row').filter({ hasText: 'Lina Okafor' });
    await expect.poll(() => tomas.count(), { timeout: 10_000 }).toBe(1);
    expect(await tomas.getByText('Payment failed', { exact: true }).count()).toBe(1);
    expect(await tomas.getByText('Approved', { exact: true }).count()).toBe(0);
    expect(await lina.getByText('Approved', { exact: true }).count()).toBe(1);
    await expectAccessible(page, 'registrations with a failed payment');
    await screenshot(page, 'live-counts-registrations');

    // The orders list says the same of the order.
    await page.getByRole('navigation', { name: 'Registration sections' }).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(/\/app\/registration\/orders/);
    const order = page.getByRole('row').filter({ hasText: 'Tomas Berg' });
    await expect.poll(() => order.getByText('Payment failed', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => order.getByText('Payment failed', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'orders with a failed payment');
    await screenshot(page, 'live-counts-orders');

    // The overview's registrations card tells sold apart from held.
    await page.goto(`/app?eventId=${server.eventId}`);
    await expect.poll(() => page.getByText(/Seats now: \d+ sold · \d+ held/).count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'live-counts-overview');

    expect(watch.errors).toEqual([]);
    expect(first.watch.errors).toEqual([]);
    await Promise.all([first.context.close(), second.context.close(), context.close()]);
  });
});
