import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { apiCaller } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, openLink, returnTo, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 19: a newcomer meets no dead ends. The printed demo attendee and exhibitor sign in and land on a page that
 * says what works for them today, and every link on it leads somewhere real; an ebf/lgn link with made-up ids is
 * refused with the server's message and a way on; the organiser makes a registration's login link from its row menu,
 * copies it, mails it, and the mailed link signs the registrant in from a fresh browser.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const DEAD_END = /no permissions|not available/i;

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let browser: Browser;
let token = '';

const call = apiCaller(() => server.url, () => token);

/** A confirmed registration on a free ticket, placed through the public checkout as a visitor would. */
async function register(firstName: string, lastName: string, email: string) {
  const ticket = await call<{ id: string; currency: string }>('POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: `Pass ${firstName}`, currency: 'INR', isFree: true, price: 0 });
  const items = [{ ticketId: ticket.id, quantity: 1 }];
  const base = `/api/eventservices/public/events/${server.eventId}`;
  const quote = await call<{ total: number; currency: string }>('POST', `${base}/quote`, { items }, {});
  const buyer = { firstName, lastName, email };
  await call('POST', `${base}/orders`, { items, expectedTotal: quote.total, currency: quote.currency, buyer, attendees: [{ ...buyer, ticketId: ticket.id }] }, {});
}

async function signIn(page: Page, path: string, who: { identifier: string; password: string }) {
  await page.goto(path);
  // The first visit of a page loads its lazy chunks on a busy two-core machine: give the form time to appear.
  await page.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
  await page.getByLabel(/email or mobile/i).fill(who.identifier);
  await page.getByLabel(/^password/i).fill(who.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
}

/** The page shows no "no permissions" / "not available" text (waiting for it to render first). */
async function expectNoDeadEnd(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await page.locator('main, [role="main"], body').first().waitFor();
  const text = await page.locator('body').innerText();
  expect(text, `${label} says no permissions / not available`).not.toMatch(DEAD_END);
}

/** Every link of the landing, clicked as a user would: each same-site page opens without a dead end; each file answers 200. */
async function followEveryLink(page: Page, landing: string, label: string) {
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!))]);
  expect(hrefs.length, `${label} has links`).toBeGreaterThan(0);
  for (const href of hrefs) {
    if (href.startsWith('/api/')) {
      const res = await page.request.get(href);
      expect(res.status(), `${label}: ${href}`).toBe(200);
      continue;
    }
    await openLink(page, href);
    await expectNoDeadEnd(page, `${label} → ${href}`);
    expect(new URL(page.url()).pathname, `${label} → ${href} stays on its page`).toBe(href.split('?')[0]);
    await returnTo(page, landing);
    await page.getByRole('heading', { name: 'Your e-badge' }).waitFor();
  }
  return hrefs;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  token = (await call<{ accessToken: string }>('POST', '/api/auth/login', ORGANISER, {})).accessToken;
  // The demo attendee registers for the demo event (as they would on its public page), so their e-badge exists.
  await register('Arjun', 'Attendee', ATTENDEE.identifier);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('no dead ends for the printed demo logins', () => {
  for (const [size, viewport] of [
    ['1366', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`the demo attendee lands on a home whose every link works (${size} px)`, async () => {
      const context = await newContext(browser, server.url, viewport);
      const page = await context.newPage();
      const watch = watchPage(page);
      await signIn(page, `/ei/${server.eventId}`, ATTENDEE);
      await page.waitForURL('**/attendium');
      await page.getByRole('link', { name: 'Open e-badge' }).waitFor({ timeout: 15_000 });
      await expectNoDeadEnd(page, 'attendee home');
      for (const heading of ['Your e-badge', 'Your certificates', 'The event', 'Your profile']) await page.getByRole('heading', { name: heading }).waitFor();
      await expectAccessible(page, `attendee home ${size}`);
      await screenshot(page, `deadends-attendee-home-${size}`);
      const hrefs = await followEveryLink(page, '/attendium', 'attendee home');
      expect(hrefs.some((h) => /^\/eb\/[^/]+$/.test(h)), 'links the e-badge').toBe(true);
      expect(watch.errors).toEqual([]);
      await context.close();
    });

    it(`the demo exhibitor lands on an honest home, from the event link and from the main login (${size} px)`, async () => {
      const context = await newContext(browser, server.url, viewport);
      const page = await context.newPage();
      const watch = watchPage(page);
      await signIn(page, `/ei/${server.eventId}`, EXHIBITOR);
      await page.waitForURL('**/attendium');
      await page.getByText('More tools for your role (Exhibitor) come in a later release').waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Open lead retrieval' }).waitFor();
      await page.getByRole('heading', { name: 'Your e-badge' }).waitFor();
      await page.getByText('exhibitor@demo.pavilion').waitFor();
      await expectNoDeadEnd(page, 'exhibitor home');
      await expectAccessible(page, `exhibitor home ${size}`);
      await screenshot(page, `deadends-exhibitor-home-${size}`);
      await followEveryLink(page, '/attendium', 'exhibitor home');
      // A dashboard address typed by hand brings a participant home too.
      await page.goto('/list/events');
      await page.waitForURL('**/attendium');
      await expectNoDeadEnd(page, 'exhibitor at /list/events');
      // Signing out and in again at the main login (no event) lands on the same home, never on "no permissions".
      await page.getByRole('button', { name: /log ?out|sign out/i }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await signIn(page, '/', EXHIBITOR);
      await page.waitForURL('**/attendium');
      await page.getByRole('heading', { name: 'Your profile' }).waitFor();
      await expectNoDeadEnd(page, 'exhibitor home after the main login');
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  }

  it('an ebf/lgn link with made-up ids is refused with the server’s message and a way to sign in (390 px)', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto(`/ebf/lgn/made-up-key-0123456789abcdef/form-made-up/booth-made-up/${server.eventId}`);
    await page.getByRole('heading', { name: 'This link cannot sign you in' }).waitFor({ timeout: 15_000 });
    await page.getByText(/names a booth or form that does not exist at this event/).waitFor();
    await expectNoDeadEnd(page, 'ebf refusal');
    await expectAccessible(page, 'ebf refusal');
    await screenshot(page, 'deadends-ebf-refused-390');
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel(/email or mobile/i).waitFor();
    await context.close();
  });
});

describe('the organiser’s login link for a registration (1366 px)', () => {
  it('creates it from the row menu, copies it, mails it, and the mailed link signs the registrant in', async () => {
    const email = `lina.${Date.now()}@example.com`;
    await register('Lina', 'Okafor', email);
    const context = await newContext(browser, server.url, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const watch = watchPage(page);
    await signIn(page, '/', ORGANISER);
    await page.waitForURL('**/list/events');
    await page.goto(`/app/registration?eventId=${server.eventId}`);
    await page.getByRole('button', { name: 'Actions for Lina Okafor' }).click();
    await page.getByRole('menuitem', { name: 'Login link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login link for Lina Okafor' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByLabel('Login link');
    // The link, or the server's refusal in the dialog's alert: a refusal fails with its own words (one CI run timed
    // out here once without saying why).
    await expect.poll(async () => (await field.count()) + (await dialog.getByRole('alert').count()), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await dialog.getByRole('alert').allInnerTexts(), 'the dialog shows no error').toEqual([]);
    await field.waitFor();
    const shown = await field.inputValue();
    expect(shown).toMatch(new RegExp(`/adl/[A-Za-z0-9_-]{20,}/${server.eventId}$`));
    await dialog.getByText(email).waitFor();

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

    const before = smtp.messages.length;
    await dialog.getByRole('button', { name: 'Send by mail' }).click();
    await page.getByText(`Login link sent to ${email}`).waitFor({ timeout: 10_000 });
    await expectAccessible(page, 'login link modal');
    await screenshot(page, 'deadends-login-link-modal-1366');
    await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.slice(before).find((m) => m.to.includes(email))!.raw);
    const mailed = /href="([^"]*\/adl\/[^"]+)"/.exec(mail.html ?? '')?.[1]?.replace(/&amp;/g, '&');
    expect(mailed, 'the mail carries the link').toBe(shown);
    expect(watch.errors).toEqual([]);
    await context.close();

    // The registrant opens the mailed link in a browser that never saw Pavilion (mail links use PUBLIC_URL; the
    // phone opens the same path on this server).
    const phone = await newContext(browser, server.url, PHONE);
    const registrant = await phone.newPage();
    await registrant.goto(new URL(mailed!).pathname);
    await registrant.waitForURL('**/attendium', { timeout: 15_000 });
    await registrant.getByText('Welcome, Lina').waitFor();
    await registrant.getByRole('link', { name: 'Open e-badge' }).waitFor({ timeout: 15_000 });
    await expectNoDeadEnd(registrant, 'registrant home');
    await screenshot(registrant, 'deadends-registrant-home-390');
    // The link worked once: opened again, it says so and offers the way home.
    await registrant.goto(new URL(mailed!).pathname);
    await registrant.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor({ timeout: 15_000 });
    await registrant.getByRole('link', { name: 'Go to my home page' }).click();
    await registrant.waitForURL('**/attendium');
    await phone.close();
  });
});
