import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { apiCaller } from '../support/api.ts';
import { DEMO_ORGANISER as ORGANISER, logInAsOrganiser } from '../support/organiser.ts';

let server: RunningServer;
let browser: Browser;
let token = '';

/** Set-up calls on the demo event (paths relative to it). */
const call = apiCaller(() => `${server.url}/api/eventservices/events/${server.eventId}`, () => token);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ORGANISER.email, password: ORGANISER.password }) });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  // What the desk and the issue page need (designing them is covered by the badges and certificates journeys).
  await call('POST', '/tickets', { name: 'Report pass', currency: 'EUR', isFree: true });
  await call('POST', '/badge-templates', {
    name: 'Report badge',
    pageSize: 'A6',
    isDefault: true,
    elements: [{ id: 'name', type: 'text', source: 'fullName', x: 5, y: 30, width: 95, height: 15, fontSize: 22 }],
  });
  await call('POST', '/certificate-templates', { name: 'Report certificate', title: 'Pavilion Demo', conductedBy: 'Pavilion', html: '<h1>Certificate</h1><p>[firstName] [lastName]</p>' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The report's first figure (badges printed / certificates issued) once it has loaded. */
async function total(page: Page): Promise<number> {
  await expect.poll(() => page.getByTestId('report-total').count(), { timeout: 10_000 }).toBe(1);
  return Number((await page.getByTestId('report-total').textContent())!.replace(/\D/g, ''));
}

async function openReport(page: Page, tabName: string) {
  await page.goto(`/app/reports?eventId=${server.eventId}`);
  await page.getByRole('tab', { name: tabName, exact: true }).click();
  await expect.poll(() => page.getByRole('heading', { name: tabName, level: 2 }).count()).toBe(1);
}

describe('reports: Badge Print and Certificate Printing', () => {
  it('a badge printed at the walk-in desk and a certificate issued show in their report tabs, with a chart and a table', async () => {
    const context = await newContext(browser, server.url, { width: 1366, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);

    // Badge Print before: whatever the demo holds (maybe nothing: then the empty state says where prints come from).
    await openReport(page, 'Badge Print');
    const printsBefore = await total(page);
    if (printsBefore === 0) {
      await expect.poll(() => page.getByRole('heading', { name: 'No badges printed · All Dates' }).count()).toBe(1);
      await expectAccessible(page, 'reports: badge print empty');
      await screenshot(page, 'reports-badge-print-empty');
    }

    // A walk-in registered and printed at the desk.
    await page.goto(`/register-badge-print/${server.eventId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Walk-in registration' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('First name').fill('Rita');
    await page.getByLabel('Last name').fill('Report');
    await page.getByLabel('Email').fill('rita.report@example.com');
    await page.getByRole('textbox', { name: 'Ticket' }).click();
    await page.getByRole('option', { name: 'Report pass' }).click();
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Register and print' }).click()]);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Rita Report registered as' }).count()).toBe(1);

    await openReport(page, 'Badge Print');
    await expect.poll(() => total(page)).toBe(printsBefore + 1);
    expect(page.url()).toContain('tab=badge-print');
    await expect.poll(() => page.getByTestId('report-chart').locator('.recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('report-table').getByRole('row').count()).toBeGreaterThan(1);
    await expectAccessible(page, 'reports: badge print');
    await screenshot(page, 'reports-badge-print');

    // The last 15 minutes hold the print too; the range is in the address.
    await page.getByRole('textbox', { name: 'Time range' }).click();
    await page.getByRole('option', { name: 'last 15 min' }).click();
    await expect.poll(() => page.url()).toContain('range=8');
    await expect.poll(() => page.getByText('last 15 min · times in', { exact: false }).count()).toBe(1);
    expect(await total(page)).toBeGreaterThanOrEqual(1);

    // Certificate Printing: issue one to Rita on the issue page, then the report counts it.
    await openReport(page, 'Certificate Printing');
    const issuedBefore = await total(page);
    await page.goto(`/app/certificates/issue?eventId=${server.eventId}`);
    await page.getByRole('textbox', { name: 'Certificate template' }).click();
    await page.getByRole('option', { name: 'Report certificate' }).click();
    await page.getByRole('textbox', { name: 'Search registrations' }).fill('rita');
    await page.getByRole('option', { name: /Rita Report/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Issue certificates \(1 selected\)/ }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Issued 1' }).count()).toBeGreaterThan(0);

    await openReport(page, 'Certificate Printing');
    await expect.poll(() => total(page)).toBe(issuedBefore + 1);
    await expect.poll(() => page.getByTestId('report-chart').locator('.recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('report-table').getByRole('row', { name: /Report certificate/ }).count()).toBe(1);
    await expectAccessible(page, 'reports: certificate printing');
    await screenshot(page, 'reports-certificate-printing');

    // The other tabs are honest frames that say what they will show.
    await page.getByRole('tab', { name: 'Onsite Leads', exact: true }).click();
    await expect.poll(() => page.getByText('It will count the leads exhibitors scan at their booths.').count()).toBe(1);
    expect(await page.getByText('Not available yet').count()).toBeGreaterThan(0);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('reads on a phone', async () => {
    const context = await newContext(browser, server.url, { width: 390, height: 844 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/reports?eventId=${server.eventId}&view=host&tab=badge-print`);
    // The organiser pages' one-time desktop hint, closed as a phone user would.
    await page.getByRole('button', { name: 'Okay' }).click();
    expect(await total(page)).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('report-chart').locator('.recharts-bar-rectangle').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'reports on a phone');
    await screenshot(page, 'reports-badge-print-phone');
    // Another report is picked from the list above the report.
    await page.getByRole('textbox', { name: 'Report' }).click();
    await page.getByRole('option', { name: 'Certificate Printing' }).click();
    await expect.poll(() => page.url()).toContain('tab=certificate-printing');
    expect(await total(page)).toBeGreaterThan(0);
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
