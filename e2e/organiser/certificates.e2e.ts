import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let token = '';
/** The journey's own event: the demo event already tells its story with certificates of its own. */
let eventId = '';
const attendees: { id: string; firstName: string; lastName: string }[] = [];

async function call<T>(method: string, path: string, body?: unknown, auth: string | null = `Bearer ${token}`): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { status: string; data: T };
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
const ev = () => `eventservices/events/${eventId}`;
const hs = () => `hospitalityservices/api/events/${eventId}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await call<{ accessToken: string }>('POST', 'auth/login', ORGANISER, null)).accessToken;
  eventId = (
    await call<{ id: string }>('POST', 'eventservices/events', {
      name: 'Pavilion Academy Workshops',
      startDate: '2027-03-10',
      endDate: '2027-03-11',
      timeZone: 'Europe/Berlin',
      eventMode: 2,
      eventType: 2,
    })
  ).id;
  const ticket = await call<{ id: string }>('POST', `${ev()}/tickets`, { name: 'Workshop pass', currency: 'EUR', isFree: true, price: 0 });
  const people = [
    { firstName: 'Lena', lastName: 'Fischer' },
    { firstName: 'Ravi', lastName: 'Menon' },
  ];
  const order = await call<{ order: { attendees: { id: string }[] } }>(
    'POST',
    `eventservices/public/events/${eventId}/orders`,
    {
      items: [{ ticketId: ticket.id, quantity: 2 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Lena', lastName: 'Fischer', email: 'lena.fischer@example.com' },
      attendees: people.map((p, i) => ({ ticketId: ticket.id, ...p, email: `cert${i}@example.com` })),
    },
    null,
  );
  order.order.attendees.forEach((a, i) => attendees.push({ id: a.id, ...people[i]! }));

  // Check-in: two session rooms, a scanner paired with a one-time code, and scans of the attendees' QR credentials.
  const s1 = await call<{ id: string }>('POST', `${hs()}/areas`, { name: 'Room A', kind: 'session' });
  const s2 = await call<{ id: string }>('POST', `${hs()}/areas`, { name: 'Room B', kind: 'session' });
  const { code } = await call<{ code: string }>('POST', `${hs()}/devices`, { name: 'Door scanner', kind: 'scanner', areaIds: [s1.id, s2.id] });
  const { deviceToken } = await call<{ deviceToken: string }>('POST', 'hospitalityservices/api/devices/pair', { code }, null);
  const scan = async (registrationId: string, areaId: string, direction: 'in' | 'out') => {
    const credential = (await call<{ credential: { token: string } }>('GET', `eventservices/public/ebadges/${registrationId}`, undefined, null)).credential.token;
    const r = await call<{ accepted: boolean; result: string }>('POST', 'hospitalityservices/api/device/scans', { credential, areaId, direction }, `Bearer ${deviceToken}`);
    expect(r.accepted, `${direction} ${r.result}`).toBe(true);
  };
  // Lena attends both rooms; Ravi only one.
  for (const area of [s1.id, s2.id]) {
    await scan(attendees[0]!.id, area, 'in');
    await scan(attendees[0]!.id, area, 'out');
  }
  await scan(attendees[1]!.id, s1.id, 'in');
  await scan(attendees[1]!.id, s1.id, 'out');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page) {
  await page.goto('/');
  await page.getByLabel(/email or mobile/i).fill(ORGANISER.identifier);
  await page.getByLabel(/^password/i).fill(ORGANISER.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await expect.poll(() => page.url()).toContain('/list/events');
}

describe('certificates: template, attendance rule, verification', () => {
  let verifyHref = '';

  it('creates a template from the default, issues by an attendance rule and lists it in Certificate Printing', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page);
    await page.goto(`/app/certificates?eventId=${eventId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'No certificate templates yet' }).count()).toBe(1);
    await expectAccessible(page, 'certificates: empty templates');

    await page.getByRole('button', { name: 'Start from the default template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Template name').fill('Workshop attendance');
    await dialog.getByLabel('Title ([title])').fill('Pavilion Demo Workshops');
    await dialog.getByLabel('Conducted by ([conductedBy])').fill('Pavilion Academy');
    await expect.poll(() => dialog.getByRole('img', { name: 'Certificate preview' }).textContent()).toContain('Ada Lovelace');
    expect(await dialog.getByRole('img', { name: 'Certificate preview' }).textContent()).toContain('Pavilion Academy');
    await screenshot(page, 'certificates-template-editor');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Workshop attendance' }).count()).toBe(1);
    await screenshot(page, 'certificates-templates');

    await page.getByRole('link', { name: 'Issue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Attendance rules' }).count()).toBe(1);
    await page.getByLabel('Session areas (N)').fill('2');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => page.getByTestId('certificate-rule').count()).toBe(1);
    expect(await page.getByTestId('certificate-rule').textContent()).toContain('Checked in to at least 2 session areas');
    await page.getByRole('button', { name: 'Run rule now' }).click();
    await expect.poll(() => page.getByTestId('certificate-rule').textContent()).toContain('Evaluated 2 · qualified 1 · issued 1');
    // Running again issues nothing new.
    await page.getByRole('button', { name: 'Run rule now' }).click();
    await expect.poll(() => page.getByTestId('certificate-rule').textContent()).toContain('qualified 1 · issued 0');
    await expectAccessible(page, 'certificates: issue');
    await screenshot(page, 'certificates-issue-rule');

    await page.getByRole('link', { name: 'Certificate Printing' }).click();
    await expect.poll(() => page.getByTestId('certificate-row').count()).toBe(1);
    const row = page.getByTestId('certificate-row');
    expect(await row.textContent()).toContain('Lena Fischer');
    expect(await row.textContent()).toContain('Rule');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF of Lena Fischer' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certificate-.*\.pdf$/);
    verifyHref = (await row.getByRole('link', { name: 'Verify page' }).getAttribute('href'))!;
    expect(verifyHref).toMatch(/^\/verify\/certificate\/[A-Za-z0-9_-]{16}$/);
    await expectAccessible(page, 'certificates: printing');
    await screenshot(page, 'certificates-printing');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('verifies the certificate on the page its QR opens, on a phone', async () => {
    const id = verifyHref.split('/').pop()!;
    // The certificate's QR encodes this page's address.
    const qr = await fetch(`${server.url}/api/eventservices/public/certificates/${id}/qr.svg`);
    expect(qr.status).toBe(200);
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    await page.goto(verifyHref);
    await expect.poll(() => page.getByTestId('certificate-status').textContent()).toBe('Valid certificate');
    expect(await page.getByTestId('certificate-holder').textContent()).toBe('Lena Fischer');
    expect(await page.getByTestId('certificate-html').textContent()).toContain('Pavilion Demo Workshops');
    await expectAccessible(page, 'certificate verification');
    await screenshot(page, 'certificates-verify-390');
    const pdf = await page.request.get(`/api/eventservices/public/certificates/${id}/certificate.pdf`);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.goto('/verify/certificate/not-a-real-certificate');
    await expect.poll(() => page.getByText('No certificate has this link').count()).toBe(1);
    await context.close();
  });

  it('sets what e-badge verification reveals, and the verify page follows it', async () => {
    const context = await newContext(browser, server.url, { width: 1280, height: 900 });
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`/app/certificates/ebadge?eventId=${eventId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'E-badge settings' }).count()).toBe(1);
    await page.getByRole('textbox', { name: 'Verification pages show' }).click();
    await page.getByRole('option', { name: 'Full name', exact: true }).click();
    await page.getByRole('checkbox', { name: 'WhatsApp — Active' }).uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByText('E-badge settings saved').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'e-badge settings');
    await screenshot(page, 'ebadge-settings');
    await context.close();

    const badge = await call<{ credential: { token: string }; shareOptions: { platform: string }[] }>('GET', `eventservices/public/ebadges/${attendees[1]!.id}`, undefined, null);
    expect(badge.shareOptions.map((o) => o.platform)).not.toContain('whatsApp');
    const result = await call<{ status: string; holder: { firstName: string; lastName?: string } }>('POST', `eventservices/public/events/${eventId}/ebadge-verification`, { token: badge.credential.token }, null);
    expect(result).toMatchObject({ status: 'valid', holder: { firstName: 'Ravi', lastName: 'Menon' } });
  });
});
