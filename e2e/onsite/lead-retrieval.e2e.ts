import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';
import { writeQrY4m } from './fake-camera.ts';
import { signInAtEvent } from '../support/attendee.ts';

/*
 * Issue 18, lead retrieval: the organiser lists the demo exhibitor's email as staff of a new exhibiting company in
 * the dashboard's company form; the exhibitor, on a phone and a fresh browser, signs in through ei/{eventId}, opens
 * the Leads tab, scans a visitor's badge with the (fake) camera, rates and notes the lead, and exports the CSV.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const EXHIBITOR = { identifier: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let token = '';
let tmp = '';

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { accept: 'application/json', ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { status: string; data: T };
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  // A visitor registers (a free ticket: approved and paid at once); the camera will film their badge QR.
  const ticket = await call<{ id: string }>('POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: 'Trade pass', currency: 'EUR', isFree: true, price: 0 });
  const order = await call<{ order: { attendees: { id: string }[] } }>(
    'POST',
    `/api/eventservices/public/events/${server.eventId}/orders`,
    {
      items: [{ ticketId: ticket.id, quantity: 1 }],
      expectedTotal: 0,
      currency: 'EUR',
      buyer: { firstName: 'Vera', lastName: 'Visitor', email: 'vera.visitor@example.com' },
      attendees: [{ ticketId: ticket.id, firstName: 'Vera', lastName: 'Visitor', email: 'vera.visitor@example.com' }],
    },
    { 'idempotency-key': `leads-${Date.now()}` },
  );
  const credential = await call<{ token: string }>('GET', `/api/eventservices/events/${server.eventId}/registrations/${order.order.attendees[0]!.id}/credential`);
  tmp = mkdtempSync(join(tmpdir(), 'pavilion-leads-'));
  const video = join(tmp, 'visitor-badge.y4m');
  writeQrY4m(video, credential.token);
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('lead retrieval', () => {
  it('exhibitor staff scan a visitor badge on a phone, rate and note the lead, and export the CSV', async () => {
    // The organiser adds the company with its staff email in the company form.
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/exhibitors/companies?eventId=${server.eventId}`);
    await organiser.getByRole('button', { name: 'New company' }).first().click({ timeout: 30_000 });
    const dialog = organiser.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lumen Optics');
    const staff = dialog.getByRole('textbox', { name: 'Staff emails' });
    await staff.fill(EXHIBITOR.identifier);
    await staff.press('Enter');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await organiser.getByText('Lumen Optics').first().waitFor();

    // The exhibitor, on a phone, from a fresh browser.
    const context = await newContext(browser, server.url, PHONE);
    await context.grantPermissions(['camera'], { origin: server.url });
    const phone = await context.newPage();
    const watch = watchPage(phone);
    await signInAtEvent(phone, server.eventId, EXHIBITOR);
    await phone.goto('/tabs/lead');
    await phone.getByRole('heading', { name: 'Leads for Lumen Optics' }).waitFor({ timeout: 30_000 });

    // The company's system receives each new lead: the staff member saves its address and keeps the secret shown once.
    const received: { body: string; timestamp: string; signature: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ body, timestamp: String(req.headers['x-pavilion-timestamp'] ?? ''), signature: String(req.headers['x-pavilion-signature'] ?? '') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const webhook = phone.getByRole('region', { name: 'Webhook' });
    await webhook.getByRole('textbox', { name: 'Address that receives new leads' }).fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`);
    await webhook.getByRole('button', { name: 'Save and make a new secret' }).click();
    const secret = (await webhook.getByTestId('webhook-secret').innerText({ timeout: 15_000 })).trim();
    expect(secret.length).toBeGreaterThan(20);
    await expectAccessible(phone, 'lead webhook');

    await phone.getByRole('button', { name: 'Scan a badge' }).click();

    const editor = phone.getByTestId('lead-editor');
    await editor.getByRole('heading', { name: 'Vera Visitor' }).waitFor({ timeout: 20_000 });
    // The new lead reached the company's system, signed with that secret.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const delivery = received[0]!;
    expect(delivery.signature).toBe(`sha256=${createHmac('sha256', secret).update(`${delivery.timestamp}.${delivery.body}`).digest('hex')}`);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'lead.created', lead: expect.objectContaining({ firstName: 'Vera' }) });
    await new Promise((r) => receiver.close(() => r(null)));
    await phone.getByRole('button', { name: 'Stop camera' }).click();
    await editor.getByText('Hot', { exact: true }).click();
    await editor.getByRole('textbox', { name: 'Notes' }).fill('Wants 40 units in spring');
    await editor.getByRole('button', { name: 'Save lead' }).click();
    await phone.getByText('Lead saved').waitFor({ timeout: 15_000 });
    const list = phone.getByTestId('lead-list');
    await list.getByText('Vera Visitor').waitFor();
    await list.getByText('Hot').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The webhook's delivery log shows the attempt: the receiver answered HTTP 200 and the delivery is done.
    await webhook.getByRole('button', { name: 'Refresh' }).click();
    await webhook.getByRole('cell', { name: 'HTTP 200 · Delivered' }).waitFor({ timeout: 15_000 });
    await webhook.getByText('1 delivered', { exact: true }).waitFor({ timeout: 15_000 });
    await expectAccessible(phone, 'leads tab on a phone');
    await screenshot(phone, 'leads-phone');

    const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('button', { name: 'CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    // The file carries the server's own name: the company's, so two stands' exports do not overwrite each other.
    expect(download.suggestedFilename()).toBe('leads-Lumen-Optics.csv');
    const [header, row] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toContain('Rating');
    expect(row).toContain('Vera');
    expect(row).toContain('vera.visitor@example.com');
    expect(row).toContain('hot');
    expect(row).toContain('Wants 40 units in spring');

    // The host's Onsite Leads counts it.
    await organiser.goto(`/app/exhibitors/onsite-leads?eventId=${server.eventId}`);
    const table = organiser.getByRole('table', { name: 'Onsite Leads' });
    await table.getByRole('row', { name: /Lumen Optics 1 1 0 0/ }).waitFor({ timeout: 15_000 });
    // Beside the leads and cards, every other SPEC §9 action at the company: brief bags (5), inquiries (6), general calls, meetings and networking (7, 8, 9).
    expect(await table.locator('thead').getByRole('columnheader').allInnerTexts()).toEqual(['Company', 'Leads', 'Hot', 'Warm', 'Cold', 'Card Taken', 'Card Dropped', 'Brief bag', 'Inquiries', 'General calls', 'Meetings', 'Networking']);
    // The demo event has not ended: the brief bags cannot be mailed yet, and the host is told why.
    await organiser.getByRole('button', { name: 'Send brief bags now' }).click();
    await organiser.getByText(/Brief bags are mailed after the event has ended/).waitFor({ timeout: 15_000 });
    await screenshot(organiser, 'leads-onsite-host');
    expect([...orgWatch.errors, ...watch.errors]).toEqual([]);
  }, 90_000);
});
