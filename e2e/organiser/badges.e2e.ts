import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

const ORGANISER = { email: 'organiser@demo.pavilion', password: 'Organiser@2026' };

let server: RunningServer;
let browser: Browser;
let token = '';
let vipId = '';
let ticketId = '';
const regNos: Record<string, string> = {};

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function pdfOf(download: Download): Promise<{ pages: number; text: string }> {
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { pages, text: text as string };
}

async function desktop() {
  const context = await newContext(browser, server.url, { width: 1280, height: 900 });
  const page = await context.newPage();
  return { context, page, watch: watchPage(page) };
}

async function logIn(page: Page) {
  await page.goto('/');
  await page.getByLabel(/email or mobile/i).fill(ORGANISER.email);
  await page.getByLabel(/^password/i).fill(ORGANISER.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForURL('**/list/events');
}

async function settle(page: Page) {
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
  await page.waitForTimeout(450);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: ORGANISER.email, password: ORGANISER.password }) });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  // Attendees to print: a free ticket, two categories, four registrations (the attendee UI is covered elsewhere).
  const ev = `/api/eventservices/events/${server.eventId}`;
  ticketId = (await call<{ id: string }>('POST', `${ev}/tickets`, { name: 'Visitor pass', currency: 'EUR', isFree: true })).id;
  vipId = (await call<{ id: string }>('POST', `${ev}/visitor-categories`, { name: 'VIP', slug: 'vip' })).id;
  const pressId = (await call<{ id: string }>('POST', `${ev}/visitor-categories`, { name: 'Press', slug: 'press' })).id;
  const people: [string, string][] = [
    ['Vera', vipId],
    ['Viktor', vipId],
    ['Valentina', vipId],
    ['Petra', pressId],
  ];
  for (const [firstName, categoryId] of people) {
    const person = { firstName, lastName: 'Tester', email: `${firstName.toLowerCase()}@example.com` };
    const created = await call<{ order: { registrationNo: string } }>('POST', `/api/eventservices/public/events/${server.eventId}/orders`, {
      items: [{ ticketId, quantity: 1 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: person,
      attendees: [{ ...person, ticketId, answers: {} }],
      visitorCategoryId: categoryId,
    });
    regNos[firstName] = created.order.registrationNo;
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('badge design and printing (organiser, desktop)', () => {
  it('designs a badge with the name, a QR and a category band, previews it with a real attendee, and bulk-prints a category', async () => {
    expect(token).not.toBe('');
    const { context, page, watch } = await desktop();
    await logIn(page);
    await page.goto(`/app?eventId=${server.eventId}`);
    await page.getByRole('link', { name: 'Badges & printing' }).click();
    await page.waitForURL(/\/app\/badges/);
    // The demo event comes with its default design; the organiser adds a second one.
    await expect.poll(() => page.getByRole('link', { name: 'Expo badge (A6)' }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'badge templates (demo)');
    await page.getByRole('button', { name: 'New template' }).click();
    await page.waitForURL(/\/app\/badges\/templates\//);
    await expect.poll(() => page.getByText('Add a text, the QR code or a colour band to start.').count(), { timeout: 10_000 }).toBe(1);

    // Add the band, the name (text bound to Full name), the category and the QR.
    await page.getByRole('button', { name: 'Colour band' }).click();
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await page.getByRole('button', { name: 'QR code', exact: true }).click();
    const canvas = page.getByTestId('badge-canvas');
    await expect.poll(() => canvas.getByRole('button').count()).toBe(3);

    // Keyboard: the name moves down 5 mm (Shift+ArrowDown) and 1 mm (ArrowDown).
    const name = canvas.getByRole('button', { name: 'Text: Full name' });
    await name.focus();
    const top = page.getByRole('textbox', { name: 'Top (mm)' });
    const before = Number(await top.inputValue());
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => Number(await top.inputValue())).toBeCloseTo(before + 6, 1);

    // Mouse: drag the QR 40 px to the right.
    const qr = canvas.getByRole('button', { name: /^QR code/ });
    await qr.click();
    const left = page.getByRole('textbox', { name: 'Left (mm)' });
    const leftBefore = Number(await left.inputValue());
    const box = (await qr.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Number(await left.inputValue())).toBeGreaterThan(leftBefore + 3);

    // A second text: the category name, via the property panel.
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await page.getByRole('textbox', { name: 'Top (mm)' }).fill('58');
    await page.getByRole('textbox', { name: 'Shows' }).click();
    await page.getByRole('option', { name: 'Category', exact: true }).click();
    await page.getByRole('textbox', { name: 'Band colour for VIP' }).fill('#c92a2a');

    // Live preview with a real attendee.
    await page.getByRole('textbox', { name: 'Preview with attendee' }).click();
    await page.getByRole('option', { name: /Vera Tester/ }).click();
    await expect.poll(() => canvas.getByText('Vera Tester').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => canvas.getByText('VIP', { exact: true }).count()).toBe(1);
    await page.getByRole('textbox', { name: 'Template name' }).fill('Expo visitor badge');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Template saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.mouse.click(5, 5);
    await settle(page);
    await expectAccessible(page, 'badge editor');
    await screenshot(page, 'badges-editor');

    // The template is listed.
    await page.getByRole('link', { name: 'Back to templates' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Expo visitor badge' }).count()).toBe(1);
    await screenshot(page, 'badges-templates');

    // Category colours for the event: VIP gets purple (badge bands and the gate scanner use it).
    await page.getByRole('navigation', { name: 'Badge sections' }).getByRole('link', { name: 'Category colours' }).click();
    const vipColour = page.getByRole('textbox', { name: 'Colour of VIP' });
    await vipColour.fill('#5f3dc4');
    await vipColour.press('Enter');
    await expect.poll(() => page.getByText('Category colours saved.').count()).toBe(1);
    const fields = await call<{ categories: { id: string; color: string | null }[] }>('GET', `/api/eventservices/events/${server.eventId}/badge-fields`);
    expect(fields.categories.find((c) => c.id === vipId)?.color).toBe('#5f3dc4');
    await settle(page);
    await expectAccessible(page, 'badge category colours');
    await screenshot(page, 'badges-category-colours');

    // Printing: the whole VIP category as a job, progress bar, then the PDF.
    await page.getByRole('navigation', { name: 'Badge sections' }).getByRole('link', { name: 'Printing' }).click();
    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'VIP' }).click();
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
    await page.getByRole('button', { name: /Print all in category \(3\)/ }).click();
    await expect.poll(() => page.getByText('3 badges ready (3 pages)').count(), { timeout: 30_000 }).toBe(1);
    await expectAccessible(page, 'badge printing');
    await screenshot(page, 'badges-printing-job');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdf = await pdfOf(download);
    expect(pdf.pages).toBe(3);
    for (const n of ['Vera Tester', 'Viktor Tester', 'Valentina Tester']) expect(pdf.text).toContain(n);
    expect(pdf.text).toContain('VIP');
    expect(pdf.text).not.toContain('Petra');

    // Every print is in the history and the attendee's journey (PBADGE_PRINT), and nobody was checked in.
    await page.getByRole('navigation', { name: 'Badge sections' }).getByRole('link', { name: 'Print history' }).click();
    // Newest first, above the demo's desk prints of this morning.
    for (const n of ['Vera Tester', 'Viktor Tester', 'Valentina Tester']) await expect.poll(() => page.getByRole('row', { name: new RegExp(n) }).count(), { timeout: 10_000 }).toBe(1);
    await settle(page);
    await expectAccessible(page, 'badge history');
    await screenshot(page, 'badges-history');
    const list = await call<{ items: { registrationId: string; firstName: string; printCount: number }[] }>('GET', `/api/eventservices/events/${server.eventId}/badge-attendees?categoryId=${vipId}`);
    expect(list.items.every((a) => a.printCount === 1)).toBe(true);
    const journey = await call<{ type: string }[]>('GET', `/api/eventservices/events/${server.eventId}/registrations/${list.items[0]!.registrationId}/journey`);
    expect(journey.map((j) => j.type)).toEqual(['REG', 'PBADGE_PRINT']);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('registers a walk-in at the desk and prints the badge at once', async () => {
    const { context, page, watch } = await desktop();
    await logIn(page);
    await page.goto(`/register-badge-print/${server.eventId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Walk-in registration' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Register and print' }).click();
    await expect.poll(() => page.getByText('inVaildEmail').count()).toBe(0);
    await page.getByLabel('First name').fill('Walter');
    await page.getByLabel('Last name').fill('Walkin');
    await page.getByLabel('Email').fill('walter@example.com');
    await page.getByLabel('Phone').fill('+49 151 2345678');
    await page.getByRole('textbox', { name: 'Ticket' }).click();
    await page.getByRole('option', { name: 'Visitor pass' }).click();
    await page.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'VIP' }).click();
    await expectAccessible(page, 'walk-in desk');
    await screenshot(page, 'badges-walk-in');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Register and print' }).click()]);
    const pdf = await pdfOf(download);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Walter Walkin');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Walter Walkin registered as' }).count()).toBe(1);
    const found = await call<{ items: { firstName: string; isAdmissible: boolean; printCount: number }[] }>('GET', `/api/eventservices/events/${server.eventId}/badge-attendees?search=walter`);
    expect(found.items).toEqual([expect.objectContaining({ firstName: 'Walter', isAdmissible: true, printCount: 1 })]);
    await screenshot(page, 'badges-walk-in-done');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('searches someone by registration number, edits the badge text for this print only, and prints', async () => {
    const { context, page, watch } = await desktop();
    await logIn(page);
    await page.goto(`/search-print-badge-user/${server.eventId}`);
    await page.getByLabel('Name, email, phone or registration number').fill(regNos.Petra!);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: /Petra Tester/ }).click();
    const category = page.getByRole('textbox', { name: 'Category', exact: true });
    await expect.poll(() => category.inputValue(), { timeout: 10_000 }).toBe('Press');
    await category.fill('Keynote speaker');
    await expect.poll(() => page.getByTestId('badge-canvas').getByText('Keynote speaker').count()).toBe(1);
    await expectAccessible(page, 'search and print');
    await screenshot(page, 'badges-search-print');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print badge' }).click()]);
    const pdf = await pdfOf(download);
    expect(pdf.text).toContain('Petra Tester');
    expect(pdf.text).toContain('Keynote speaker');
    // The registration itself is unchanged.
    const petra = await call<{ items: { categoryName: string; printCount: number }[] }>('GET', `/api/eventservices/events/${server.eventId}/badge-attendees?search=petra`);
    expect(petra.items[0]).toMatchObject({ categoryName: 'Press', printCount: 1 });

    // The print station for one registration number.
    const countOf = async () => (await call<{ items: { printCount: number }[] }>('GET', `/api/eventservices/events/${server.eventId}/badge-attendees?search=viktor`)).items[0]!.printCount;
    const label = (n: number) => (n === 0 ? 'Not printed' : n === 1 ? 'Printed once' : `Printed ${n} times`);
    const printedBefore = await countOf();
    await page.goto(`/badge-printing/${server.eventId}/${encodeURIComponent(regNos.Viktor!)}`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => page.getByText(label(printedBefore), { exact: true }).count()).toBe(1);
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print badge for Viktor Tester' }).click()]);
    expect((await pdfOf(again)).text).toContain('Viktor Tester');
    await expect.poll(() => page.getByText(label(printedBefore + 1), { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, 'print station');
    await screenshot(page, 'badges-station');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
