import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { solidPng } from '../support/images.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { email: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let token = '';
let regId = '';
let credential = '';

async function api<T>(method: string, path: string, body?: unknown, bearer = true): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { ...(bearer ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { status: string; data: T };
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await api<{ accessToken: string }>('POST', 'auth/login', ORGANISER, false)).accessToken;
  const ticket = await api<{ id: string }>('POST', `eventservices/events/${server.eventId}/tickets`, { name: 'Free visitor pass', currency: 'EUR', isFree: true, price: 0 });
  // The attendee registers (public order API, as the registration page does) with the demo attendee's email.
  const order = await api<{ order: { attendees: { id: string }[] } }>(
    'POST',
    `eventservices/public/events/${server.eventId}/orders`,
    {
      items: [{ ticketId: ticket.id, quantity: 1 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Amara', lastName: 'Okafor', email: ATTENDEE.email },
      attendees: [{ ticketId: ticket.id, firstName: 'Amara', lastName: 'Okafor', email: ATTENDEE.email }],
    },
    false,
  );
  regId = order.order.attendees[0]!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phoneContext() {
  const context = await newContext(browser, server.url, PHONE);
  return context;
}

describe('attendee e-badge (390 px phone)', () => {
  it('opens eb/m/{eventUserId}: a readable QR, the name, calendar and share links', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`/eb/m/${regId}`);
    const qr = page.getByTestId('ebadge-qr');
    await expect.poll(() => qr.count()).toBe(1);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThan(300); // most of a 390 px screen
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByTestId('ebadge-name').textContent()).toBe('Amara Okafor');
    expect(await page.getByText('Turn your screen brightness up').count()).toBe(1);
    const google = await page.locator('a[data-platform="googleCalender"]').getAttribute('href');
    expect(google).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
    expect(await page.locator('a[data-platform="outlookCalender"]').getAttribute('href')).toMatch(/^https:\/\/outlook\.live\.com\//);
    expect(await page.locator('a[data-platform="whatsApp"]').getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(await page.locator('a[data-platform="linkedIn"]').getAttribute('href')).toContain(encodeURIComponent(`/cart-registration/${server.eventId}`));
    // No wallet keys on this server: only PDF and QR, no wallet buttons.
    expect(await page.getByRole('button', { name: /wallet/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /wallet/i }).count()).toBe(0);
    // Nothing overflows the phone screen sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const ics = await page.request.get(`/api/eventservices/public/ebadges/${regId}/event.ics`);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    const pdf = await page.request.get(`/api/eventservices/public/ebadges/${regId}/ebadge.pdf`);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectAccessible(page, 'e-badge phone view');
    await screenshot(page, 'ebadge-mobile-390');
    expect(watch.errors).toEqual([]);

    await page.goto(`/eb/${regId}`);
    await expect.poll(() => page.getByTestId('ebadge-regno').count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Download PDF' }).count()).toBe(1);
    await expectAccessible(page, 'e-badge view');
    await screenshot(page, 'ebadge-view-390');
    await page.getByRole('link', { name: 'Print' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Print e-badge' }).count()).toBe(1);
    await expectAccessible(page, 'e-badge print');
    await screenshot(page, 'ebadge-print-390');
    credential = (await api<{ credential: { token: string } }>('GET', `eventservices/public/ebadges/${regId}`, undefined, false)).credential.token;
    await context.close();
  });

  it('lists the logged-in attendee’s e-badges at eb', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel(/email or mobile/i).fill(ATTENDEE.email);
    await page.getByLabel(/^password/i).fill(ATTENDEE.password);
    await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await expect.poll(() => page.url()).not.toMatch(/\/$/);
    await page.goto('/eb');
    await expect.poll(() => page.getByRole('heading', { name: 'My e-badges' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: /Open e-badge/ }).count()).toBeGreaterThan(0);
    // The attendee adds their own photo to a badge (shown to entrance staff); the gate's scan gets it.
    const card = page.getByRole('listitem').first();
    await expect.poll(() => card.getByRole('button', { name: /^Add your photo/ }).count()).toBe(1);
    await card.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, [0x3b, 0x5b, 0xdb]) });
    await expect.poll(() => page.getByText('Photo saved.').count()).toBe(1);
    await expect.poll(() => card.getByRole('img', { name: /^Your photo for / }).count()).toBe(1);
    await expect.poll(() => card.getByRole('button', { name: /^Change photo/ }).count()).toBe(1);
    // The organiser's registrations table (and so the gate) sees the attendee's photo.
    const regs = await api<{ items: { id: string; photoUrl: string | null }[] }>('GET', `eventservices/events/${server.eventId}/registrations?pageSize=100`);
    expect(regs.items.find((r) => r.id === regId)?.photoUrl).toMatch(/registration-photos/);
    await expectAccessible(page, 'my e-badges');
    await screenshot(page, 'ebadge-mine-390');
    await page.getByRole('link', { name: /Phone view/ }).first().click();
    await expect.poll(() => page.getByTestId('ebadge-qr').count()).toBe(1);
    await context.close();
  });

  it('verify/ebadge/{eventId} says valid for the token, and revoked after the organiser re-issues', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`/verify/ebadge/front-desk/${server.eventId}/Amara%20Okafor`);
    await expect.poll(() => page.getByRole('heading', { name: 'Verify an e-badge' }).count()).toBe(1);
    await page.getByLabel('E-badge code').fill(credential);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-status')).toBe('valid');
    expect(await page.getByTestId('verify-holder').textContent()).toBe('Amara');
    expect(await page.getByText('Matches the expected holder').count()).toBe(1);
    await expectAccessible(page, 'verify valid');
    await screenshot(page, 'ebadge-verify-valid-390');

    await api('POST', `eventservices/events/${server.eventId}/registrations/${regId}/credential/reissue`);
    await page.goto(`/verify/ebadge/${server.eventId}`);
    await page.getByLabel('E-badge code').fill(credential);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-status')).toBe('revoked');
    expect(await page.getByTestId('verify-holder').count()).toBe(0);
    await screenshot(page, 'ebadge-verify-revoked-390');
    await page.getByLabel('E-badge code').fill('not a credential');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-status')).toBe('unknown');
    await context.close();
  });
});
