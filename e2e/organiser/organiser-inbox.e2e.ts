import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { publicCaller } from '../support/api.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, orderOnTestGateway, organiserCallInPage } from '../support/organiser.ts';

// Issue 15: the organiser inbox. A buyer pays on the test gateway with "refunds settle later"; the organiser refunds
// the order; the gateway reports the refund failed. The organiser (an admin, so holding AP-183) sees the failed-refund
// notice in the dashboard header's bell, opens it and lands on the order, already searched; the notice is then read.

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

describe('the organiser inbox (desktop)', () => {
  it('an organiser sees a failed refund in the dashboard bell and opens the order', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);

    // Nothing yet: the bell is there, with no unread count.
    const bell = page.getByTestId('organiser-bell');
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // Setup by API: the test gateway on, a paid ticket, an order paid on the gateway's page ("refunds settle later").
    const order = await orderOnTestGateway(page, publicCall, server.eventId, { name: 'Inbox pass', price: 9000 }, { firstName: 'Mira', lastName: 'Okafor', email: 'mira.okafor@example.com' });
    const no = order.registrationNo;
    const buyerPage = await context.newPage();
    await buyerPage.goto(order.redirectUrl);
    await buyerPage.getByRole('button', { name: 'Pay (refunds settle later)' }).click();
    await buyerPage.waitForURL(/\/success\//);
    await buyerPage.close();

    // The organiser's refund waits at the provider, which then reports it failed (the gateway's page).
    const refund = await organiserCallInPage<{ settleUrl: string | null }>(page, 'POST', `/api/productservices/api/events/${server.eventId}/orders/${order.orderId}/refunds`, { reason: 'Duplicate order' });
    expect(refund.settleUrl).toBeTruthy();
    const gateway = await context.newPage();
    await gateway.goto(refund.settleUrl!);
    await gateway.getByRole('listitem').filter({ hasText: no }).getByRole('button', { name: 'Settle as failed' }).click();
    await gateway.waitForLoadState();
    await gateway.close();

    // The bell counts it (refetched when the page is shown again; the alert is delivered by the outbox worker).
    await expect
      .poll(
        async () => {
          await page.reload();
          await bell.waitFor();
          return bell.getAttribute('aria-label');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('Notifications, 1 unread');
    expect(await page.getByTestId('organiser-bell-badge').textContent()).toBe('1');

    await bell.click();
    const inbox = page.getByRole('dialog', { name: 'Notifications' });
    const title = `Refund failed: order ${no}`;
    const notice = inbox.getByRole('listitem', { name: title });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('EUR 90.00');
    expect(await notice.textContent()).toContain('Reason given: Duplicate order.');
    await page.waitForTimeout(300);
    await expectAccessible(page, 'organiser inbox');
    await screenshot(page, 'organiser-inbox-refund-failed');

    // Open: the event's orders, searched for the order; the notice is read and the count gone.
    await notice.getByRole('link', { name: `Open: ${title}` }).click();
    await page.waitForURL(/\/app\/registration\/orders\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('search')).toBe(no);
    expect(url.searchParams.get('eventId')).toBe(server.eventId);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(no) }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications');
    await screenshot(page, 'organiser-inbox-opened-order');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
