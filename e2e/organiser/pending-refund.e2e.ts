import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { publicCaller } from '../support/api.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, orderOnTestGateway } from '../support/organiser.ts';

// Issue 15: a refund the provider settles later. The buyer pays on the test gateway with "refunds settle later"; the
// organiser refunds the order, which waits as pending; the test gateway's "Pending refunds" page settles it through
// its signed webhook; the order is then refunded and cancelled.

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

const publicCall = publicCaller(() => server.url);

describe('a refund that settles later (desktop)', () => {
  it('an organiser refunds an order paid on the test gateway, settles it on the gateway page and sees the order refunded', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);

    // Setup by API: the test gateway on, a paid ticket, and an order by a buyer who pays on the gateway's page.
    const order = await orderOnTestGateway(page, publicCall, server.eventId, { name: 'Masterclass pass', price: 12000 }, { firstName: 'Jonas', lastName: 'Brandt', email: 'jonas.brandt@example.com' });
    const no = order.registrationNo;
    const buyerPage = await context.newPage();
    await buyerPage.goto(order.redirectUrl);
    await buyerPage.getByRole('button', { name: 'Pay (refunds settle later)' }).click();
    await buyerPage.waitForURL(/\/success\//);
    await buyerPage.close();

    // The organiser refunds it in full from the Orders tab: the provider answers pending.
    await page.goto(`/app/registration?eventId=${server.eventId}`);
    const nav = page.getByRole('navigation', { name: 'Registration sections' });
    await nav.getByRole('link', { name: 'Orders' }).click();
    const row = page.getByRole('row', { name: new RegExp(no) });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: `Actions for ${no}` }).click();
    await page.getByRole('menuitem', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refunds of order ${no}` });
    await dialog.getByLabel('Reason (optional)').fill('Masterclass moved');
    await dialog.getByRole('button', { name: 'Refund €120.00' }).click();
    await expect.poll(() => page.getByText('Refund of €120.00 asked: the payment provider confirms it later').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const refunds = dialog.getByRole('table', { name: 'Refunds' });
    await expect.poll(() => refunds.getByRole('row', { name: /€120\.00.*Pending.*Masterclass moved/ }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => dialog.getByText(/A refund is pending with the payment provider/).count()).toBe(1);
    // Nothing more is offered while the whole amount is with the provider.
    await expect.poll(() => dialog.getByRole('button', { name: /^Refund/ }).count()).toBe(0);
    await page.waitForTimeout(450); // the modal has opened and the toast settled
    await expectAccessible(page, 'pending refund dialog');
    await screenshot(page, 'registration-org-refund-pending');

    // The test gateway's "Pending refunds" page (opened from the refund), where the provider's side is played.
    const [gateway] = await Promise.all([context.waitForEvent('page'), refunds.getByRole('link', { name: 'Settle on the test gateway' }).click()]);
    await gateway.waitForLoadState();
    await gateway.getByRole('heading', { name: 'Pending refunds' }).waitFor();
    const item = gateway.getByRole('listitem').filter({ hasText: no });
    await expect.poll(() => item.getByText('EUR 120.00').count()).toBe(1);
    await expectAccessible(gateway, 'test gateway pending refunds');
    await screenshot(gateway, 'test-gateway-pending-refunds');
    await item.getByRole('button', { name: 'Settle as succeeded' }).click();
    await gateway.waitForLoadState();
    await expect.poll(() => gateway.getByRole('listitem').filter({ hasText: no }).count(), { timeout: 10_000 }).toBe(0);
    await gateway.close();

    // Back in the dashboard: the order is refunded and cancelled, its refund succeeded.
    await page.reload();
    const after = page.getByRole('row', { name: new RegExp(no) });
    await expect.poll(() => after.getByText('Refunded €120.00').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => after.getByText('Cancelled', { exact: true }).count()).toBe(1);
    await after.getByRole('button', { name: `Actions for ${no}` }).click();
    await page.getByRole('menuitem', { name: 'Refunds', exact: true }).click();
    const done = page.getByRole('dialog', { name: `Refunds of order ${no}` }).getByRole('table', { name: 'Refunds' });
    await expect.poll(() => done.getByRole('row', { name: /€120\.00.*Succeeded.*Masterclass moved/ }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => done.getByRole('link', { name: 'Settle on the test gateway' }).count()).toBe(0);
    await page.waitForTimeout(450);
    await screenshot(page, 'registration-org-refund-settled');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
