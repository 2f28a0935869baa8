import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // PUBLIC_URL left at its default (http://localhost:<port>) while the site is opened at 127.0.0.1.
  server = await startServer({ PUBLIC_URL: '' });
  expect(new URL(server.url).hostname).toBe('127.0.0.1');
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const res = await fetch(`${server.url}/api/eventservices/events/${server.eventId}/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Host pass', currency: 'EUR', price: 5000 }),
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the product at any host name', () => {
  it('pays on the test gateway and shows the success page’s QR at 127.0.0.1 with PUBLIC_URL at its default', async () => {
    const context = await newContext(browser, server.url, { width: 390, height: 844 });
    const page = await context.newPage();
    const watch = watchPage(page);
    const cspViolations: string[] = [];
    const otherOrigins: string[] = [];
    page.on('console', (m) => {
      if (/content security policy/i.test(m.text())) cspViolations.push(m.text());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) otherOrigins.push(r.url());
    });

    await page.goto(`/cart-registration/${server.eventId}`);
    await page.getByRole('button', { name: 'Add one Host pass' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your details' }).count()).toBeGreaterThan(0);
    await page.locator('#buyer-firstName').fill('Hana');
    await page.locator('#buyer-lastName').fill('Host');
    await page.locator('#buyer-email').fill('hana.host@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Review your order' }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Pay / }).click();
    // The test gateway and the way back stay on the host name the buyer opened.
    await page.waitForURL(/test-gateway/);
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/success\//);
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    await expect.poll(() => page.getByRole('heading', { name: 'You are registered!' }).count(), { timeout: 20_000 }).toBe(1);

    const qr = page.getByRole('img', { name: /Hana Host/ });
    await expect.poll(() => qr.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await qr.evaluate((img: HTMLImageElement) => new URL(img.src).host)).toBe(new URL(server.url).host);
    await expectAccessible(page, 'success page at 127.0.0.1');
    await screenshot(page, 'qr-any-host-success');
    expect(cspViolations).toEqual([]);
    expect(otherOrigins).toEqual([]);
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
