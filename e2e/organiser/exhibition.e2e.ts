import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { solidPng } from '../support/images.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 15, first slice: the organiser creates an exhibiting company, a booth on the hall plan, gives the booth to
 * the company and adds a product; an anonymous visitor on a phone opens the app's Exhibitors tab of the demo event,
 * finds the company with its booth and its logo (uploaded in the company form), and opens its page with the product.
 */
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

describe('exhibition', () => {
  it('the organiser lists a company with a booth and a product; a visitor finds them in the Exhibitors tab', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);

    // The side menu's "Exhibitors & booths" is a real section now: it opens on the companies, empty at first.
    await organiser.goto(`/app/exhibitors?eventId=${server.eventId}`);
    await organiser.getByRole('heading', { name: 'No exhibiting companies yet' }).waitFor({ timeout: 30_000 });
    await organiser.getByRole('button', { name: 'New company' }).click();
    const companyForm = organiser.getByRole('form', { name: 'New company' });
    await companyForm.getByLabel('Company name').fill('Orbit Robotics');
    await companyForm.getByLabel('Category').fill('Automation');
    await companyForm.getByLabel('Profile').fill('<p>Collaborative robots for <strong>small factories</strong>.</p>');
    await companyForm.getByRole('button', { name: 'Create company' }).click();
    // The server loads its HTML sanitiser (DOMPurify over jsdom) on the first rich-text save.
    await expect.poll(() => organiser.getByText('Company Orbit Robotics created').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await organiser.getByTestId('companies-table').getByText('Orbit Robotics').waitFor();

    // A booth on the plan of Hall 1: a click on an empty cell places the new booth there.
    await organiser.getByRole('link', { name: 'Booths & hall plan' }).click();
    await organiser.getByRole('heading', { name: 'No booths yet' }).waitFor();
    await organiser.getByRole('button', { name: 'New booth' }).click();
    const boothForm = organiser.getByRole('form', { name: 'New booth' });
    await boothForm.getByRole('textbox', { name: 'Hall' }).fill('Hall 1');
    await boothForm.getByLabel('Booth number').fill('B12');
    await boothForm.getByRole('textbox', { name: 'Size (m²)' }).fill('18');
    await boothForm.getByRole('textbox', { name: 'Price' }).fill('2400');
    await boothForm.getByRole('textbox', { name: 'Column' }).fill('4');
    await boothForm.getByRole('textbox', { name: 'Row' }).fill('2');
    await boothForm.getByRole('textbox', { name: 'Width (cells)' }).fill('6');
    await boothForm.getByRole('textbox', { name: 'Depth (cells)' }).fill('3');
    await boothForm.getByRole('button', { name: 'Create booth' }).click();
    await expect.poll(() => organiser.getByText('Booth B12 created').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // A second booth placed over B12 is refused with the booth it would cover named.
    await organiser.getByRole('button', { name: 'New booth' }).click();
    const second = organiser.getByRole('form', { name: 'New booth' });
    await second.getByLabel('Booth number').fill('B13');
    await second.getByRole('textbox', { name: 'Column' }).fill('8');
    await second.getByRole('textbox', { name: 'Row' }).fill('3');
    await second.getByRole('button', { name: 'Create booth' }).click();
    await second.getByText('This place overlaps booth B12 in Hall 1').waitFor();
    await second.getByRole('button', { name: 'Cancel' }).click();

    // Click the booth on the plan and give it to the company.
    const plan = organiser.getByRole('group', { name: 'Hall plan of Hall 1' });
    await plan.getByRole('button', { name: /^Booth B12: free, 18 m²/ }).click();
    await organiser.getByRole('heading', { name: 'Booth B12' }).waitFor();
    await organiser.getByRole('textbox', { name: 'Company holding this booth' }).click();
    await organiser.getByRole('option', { name: 'Orbit Robotics' }).click();
    await organiser.getByRole('button', { name: 'Save holder' }).click();
    await expect.poll(() => organiser.getByText('Booth B12 given to Orbit Robotics').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await plan.getByRole('button', { name: /^Booth B12: Orbit Robotics, 18 m²/ }).waitFor();
    await expectAccessible(organiser, 'hall plan');
    await screenshot(organiser, 'exhibition-hall-plan');

    // A product of the company, priced on request.
    await organiser.getByRole('link', { name: 'Companies', exact: true }).click();
    await organiser.getByRole('button', { name: 'Actions: Orbit Robotics' }).click();
    await organiser.getByRole('menuitem', { name: 'Products' }).click();
    await organiser.getByRole('button', { name: 'Add product' }).click();
    const productForm = organiser.getByRole('form', { name: 'Add product' });
    await productForm.getByLabel('Product name').fill('Cobot Arm C3');
    await productForm.getByLabel('Description').fill('Six axes, 3 kg payload.');
    await productForm.getByLabel('Price on request').check();
    await productForm.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => organiser.getByText('Product added').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await organiser.getByRole('list', { name: 'Products' }).getByText('Cobot Arm C3').waitFor();
    await organiser.keyboard.press('Escape');
    await organiser.getByTestId('companies-table').getByText('Hall 1 · B12').waitFor();

    // Its logo, from the company form: an SVG is refused, a PNG is saved at once and shows in the Companies table.
    await organiser.getByRole('button', { name: 'Actions: Orbit Robotics' }).click();
    await organiser.getByRole('menuitem', { name: 'Edit' }).click();
    const editForm = organiser.getByRole('dialog');
    const logoFile = editForm.locator('input[type=file]');
    await logoFile.setInputFiles({ name: 'orbit.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await editForm.getByRole('alert').filter({ hasText: 'This file type is not allowed.' }).waitFor({ timeout: 15_000 });
    await logoFile.setInputFiles({ name: 'orbit.png', mimeType: 'image/png', buffer: solidPng(96, [0x0c, 0x85, 0x99]) });
    await expect.poll(() => organiser.getByText('Logo saved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await editForm.getByRole('button', { name: 'Replace logo' }).waitFor();
    await screenshot(organiser, 'exhibition-company-logo-form');
    await editForm.getByRole('button', { name: 'Cancel' }).click();
    const tableLogo = organiser.getByTestId('companies-table').locator('img[src*="/company-logos/"]');
    await expect.poll(() => tableLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);

    // An anonymous visitor on a phone: the app's Exhibitors tab of the demo event.
    const visitor = await (await newContext(browser, server.url, { width: 390, height: 844 })).newPage();
    const visitorWatch = watchPage(visitor);
    await visitor.goto(`/tabs/exhibitors?eventId=${server.eventId}`);
    const row = visitor.getByTestId('exhibitor-row').filter({ hasText: 'Orbit Robotics' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByText('Booth B12 · Hall 1').count()).toBe(1);
    // The company's logo beside its name (initials for companies without one).
    await expect.poll(() => row.locator('img[src*="/company-logos/"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 96), { timeout: 15_000 }).toBe(true);
    await visitor.getByRole('searchbox', { name: 'Search exhibitors' }).fill('b12');
    await expect.poll(() => visitor.getByText('1 exhibitor', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(visitor, 'exhibitors tab');
    await screenshot(visitor, 'exhibition-exhibitors-phone');
    await row.click();
    const companyPage = visitor.getByTestId('exhibitor-page');
    await companyPage.getByRole('heading', { name: 'Orbit Robotics' }).waitFor();
    await expect.poll(() => companyPage.locator('img[src*="/company-logos/"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    expect(await companyPage.getByText('small factories').count()).toBe(1);
    expect(await companyPage.getByText('Cobot Arm C3').count()).toBe(1);
    expect(await companyPage.getByText('Price on request').count()).toBe(1);
    await expectAccessible(visitor, 'exhibitor page');
    await screenshot(visitor, 'exhibition-company-phone');

    // What the database holds, through the public API the tab reads.
    const listed = await visitor.evaluate(async (eventId) => {
      const res = await fetch(`/api/eventservices/public/events/${eventId}/exhibitors?search=orbit`);
      return ((await res.json()) as { data: { items: { name: string; booths: { hall: string; number: string }[] }[] } }).data.items;
    }, server.eventId);
    expect(listed).toEqual([expect.objectContaining({ name: 'Orbit Robotics', booths: [expect.objectContaining({ hall: 'Hall 1', number: 'B12' })] })]);
    expect([...orgWatch.errors, ...visitorWatch.errors]).toEqual([]);
  }, 120_000);

  it('the organiser imports companies from an Excel workbook: a row-by-row report first, then the fixed file', async () => {
    const page = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/exhibitors?eventId=${server.eventId}`);
    await page.getByTestId('companies-table').getByText('Orbit Robotics').waitFor({ timeout: 30_000 });
    const workbook = (rows: string[][]) => {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Companies');
      return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    };
    const mimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await page.getByRole('button', { name: 'Import companies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import companies from a CSV or Excel file' });
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'exhibitors.xlsx', mimeType, buffer: workbook([['Company', 'Country', 'Category'], ['Nova Foods', 'IN', 'Food'], ['orbit robotics', '', ''], ['Pulse Med', 'QQ', 'Health']]) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const report = dialog.getByRole('table', { name: 'Problems by row' });
    await report.waitFor({ timeout: 15_000 });
    const reportRows = await report.locator('tbody tr').allInnerTexts();
    expect(reportRows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['3 Name The event already has a company of this name.', '4 Country Choose a country from the list.']);
    await expectAccessible(page, 'import report');
    await screenshot(page, 'exhibition-import-report');
    // Nothing was imported from the file with problems.
    expect(await page.getByTestId('companies-table').getByText('Nova Foods').count()).toBe(0);

    await input.setInputFiles({ name: 'exhibitors-fixed.xlsx', mimeType, buffer: workbook([['Company', 'Country', 'Category'], ['Nova Foods', 'IN', 'Food'], ['Pulse Med', 'DE', 'Health']]) });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.getByText('2 companies imported').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('companies-table').getByText('Nova Foods').waitFor();
    await page.getByTestId('companies-table').getByText('Pulse Med').waitFor();
    expect(watch.errors).toEqual([]);
  });

  it('the organiser issues a staff badge on the staff ticket; it prints at the badge desk under the name given', async () => {
    // Orbit Robotics and its booth come from the first journey of this file.
    const page = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);
    await page.goto(`/app/exhibitors/booths?eventId=${server.eventId}`);
    await page.getByRole('button', { name: 'Staff badges' }).click({ timeout: 30_000 });
    const settings = page.getByRole('dialog', { name: 'Staff badges' });
    await settings.getByRole('textbox', { name: 'Ticket for staff badges' }).click();
    // A paid ticket cannot carry staff badges: it is offered but disabled.
    expect(await page.getByRole('option', { name: 'Conference delegate (paid: not possible)' }).getAttribute('data-combobox-disabled')).toBe('true');
    await page.getByRole('option', { name: 'Trade visitor entry' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Staff badge settings saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // The staff member is on the company's staff list (the company form), then gets a badge with the name to print.
    await page.getByRole('link', { name: 'Companies', exact: true }).click();
    await page.getByRole('button', { name: 'Actions: Orbit Robotics' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByRole('dialog');
    const staff = form.getByRole('textbox', { name: 'Staff emails' });
    await staff.fill('lena@orbit.example');
    await staff.press('Enter');
    await form.getByRole('button', { name: /^Save/ }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Actions: Orbit Robotics' }).click();
    await page.getByRole('menuitem', { name: 'Staff & badges' }).click();
    const badges = page.getByRole('dialog', { name: 'Staff badges: Orbit Robotics' });
    await badges.getByText(/^0 (of \d+ )?staff badges issued/).waitFor({ timeout: 10_000 });
    await badges.getByRole('button', { name: 'Issue badge for lena@orbit.example' }).click();
    const issue = badges.getByRole('form', { name: 'Issue a badge for lena@orbit.example' });
    await issue.getByRole('textbox', { name: 'First name' }).fill('Lena');
    await issue.getByRole('textbox', { name: 'Last name' }).fill('Ortiz');
    await issue.getByRole('button', { name: 'Issue' }).click();
    const active = badges.getByText(/^Active · /);
    await active.waitFor({ timeout: 15_000 });
    const registrationNo = ((await active.textContent()) ?? '').replace(/^Active · /, '').trim();
    await expectAccessible(page, 'staff badges');
    await screenshot(page, 'exhibition-staff-badges');

    // The badge is a registration like any other: the badge desk finds it by its number and prints the name.
    await badges.getByRole('link', { name: 'Print the badge of lena@orbit.example' }).click();
    await page.waitForURL(`**/badge-printing/${server.eventId}/${encodeURIComponent(registrationNo)}`);
    await page.getByRole('button', { name: 'Print badge for Lena Ortiz' }).waitFor({ timeout: 15_000 });
    expect(watch.errors).toEqual([]);
  });
});
