import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { organiserCallInPage } from '../support/organiser.ts';

const ORGANISER = { email: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const PASSWORD = 'Service#2026x';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function invitationPath(to: string): Promise<string> {
  await expect.poll(() => smtp.messages.some((m) => m.to.includes(to)), { timeout: 10_000 }).toBe(true);
  const mail = [...smtp.messages].reverse().find((m) => m.to.includes(to))!;
  const token = /\/er\/([A-Za-z0-9_-]{16,128})\?invite=1/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '='))![1];
  return `/er/${token}?invite=1`;
}

async function join(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel(/^password/i).fill(PASSWORD);
  await page.getByLabel(/^confirm password/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await page.waitForURL('**/list/events');
}

describe('service-provider portal', () => {
  it('the organiser adds a service provider; its main account sees its portal and invites a service person', async () => {
    const organiser = await (await newContext(browser, server.url)).newPage();
    await organiser.goto('/');
    await organiser.getByLabel(/email or mobile/i).fill(ORGANISER.email);
    await organiser.getByLabel(/^password/i).fill(ORGANISER.password);
    await organiser.getByRole('button', { name: /^(log in|sign in)$/i }).click();
    await organiser.waitForURL('**/list/events');
    await organiser.goto('/app/regions');
    await organiser.getByRole('button', { name: 'Add company' }).first().click();
    const dialog = organiser.getByRole('dialog', { name: 'Add company' });
    await dialog.getByRole('textbox', { name: 'Company', exact: true }).fill('PowerGrid Electricals');
    await dialog.getByRole('textbox', { name: 'Kind' }).click();
    await organiser.getByRole('option', { name: 'Service provider' }).click();
    await dialog.getByRole('button', { name: 'Add company' }).click();
    await organiser.getByRole('button', { name: 'Invite user of PowerGrid Electricals' }).click();
    const invite = organiser.getByRole('dialog', { name: 'Invite a user of PowerGrid Electricals' });
    await invite.getByLabel('Email').fill('pia@powergrid.example');
    await invite.getByLabel('First name').fill('Pia');
    await invite.getByRole('radio', { name: 'Service provider account' }).check();
    await invite.getByRole('button', { name: 'Send invitation' }).click();

    const provider = await (await newContext(browser, server.url)).newPage();
    await join(provider, await invitationPath('pia@powergrid.example'));
    await expect.poll(() => provider.getByRole('heading', { name: 'PowerGrid Electricals' }).count()).toBe(1);
    await expect.poll(() => provider.getByText('Pavilion Demo Expo 2027').count()).toBeGreaterThan(0);
    await expect.poll(() => provider.getByText('Service provider for Demo Events Co').count()).toBe(1);
    // No organiser menus for a service provider.
    expect(await provider.getByRole('link', { name: 'Team' }).count()).toBe(0);
    await expectAccessible(provider, 'service-provider portal');
    await screenshot(provider, 'portal-service-provider');

    const form = provider.getByRole('form', { name: 'Invite a service person' });
    await form.getByLabel('Email').fill('wes@powergrid.example');
    await form.getByLabel('First name').fill('Wes');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    // The pending invitation is listed in the team table (the toast names the address too).
    await expect.poll(() => provider.getByRole('cell', { name: 'wes@powergrid.example' }).count()).toBe(1);

    const person = await (await newContext(browser, server.url)).newPage();
    await join(person, await invitationPath('wes@powergrid.example'));
    await expect.poll(() => person.getByRole('heading', { name: 'PowerGrid Electricals' }).count()).toBe(1);
    await expect.poll(() => person.getByRole('cell', { name: 'pia@powergrid.example' }).count()).toBe(1);
    // A service person cannot invite.
    expect(await person.getByRole('form', { name: /Invite a service person/ }).count()).toBe(0);

    // Issue 15: the organiser gives Extra Furniture to PowerGrid in the form's settings. Set-up through the API: a
    // company holding a booth, the form on with a line item, the company admin's order submitted and approved.
    const ev = server.eventId;
    const exh = `/api/eventservices/events/${ev}/exhibition`;
    const company = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${exh}/companies`, { name: 'Orbit Audio', contactEmail: 'ops@orbit.example' });
    const booth = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${exh}/booths`, { hall: 'Hall 4', number: 'D9', sizeSqm: 12, stallType: 'shell', price: 900, x: 34, y: 2, w: 3, h: 3 });
    await organiserCallInPage(organiser, 'PUT', `${exh}/booths/${booth.id}/holder`, { companyId: company.id });
    const settings = { deadline: '2099-03-01T18:00', instructions: '', particulars: [{ name: 'Chair', unit: 'piece', rate: 12.5, currency: 'EUR' }], questions: [], needsApproval: true, emailNotifications: false, registerButton: false, allowAsService: true, isSurveyForm: false, showOnlyDocuments: false };
    await organiserCallInPage(organiser, 'PUT', `${exh}/service-forms/EXTRA_FURNITURE`, settings);
    await organiserCallInPage(organiser, 'PUT', `${exh}/service-forms/EXTRA_FURNITURE/active`, { isActive: true });
    const before = smtp.messages.length;
    await organiserCallInPage(organiser, 'POST', `${exh}/companies/${company.id}/admin-invitation`, { email: 'ops@orbit.example', firstName: 'Omar' });
    await expect.poll(() => smtp.messages.slice(before).some((m) => m.to.includes('ops@orbit.example')), { timeout: 10_000 }).toBe(true);
    const adl = /\/adl\/([A-Za-z0-9_-]+)\//.exec(smtp.messages.slice(before).find((m) => m.to.includes('ops@orbit.example'))!.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '='))![1]!;
    const admin = await (await fetch(`${server.url}/api/auth/autologin/consume`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'adl', key: adl, eventId: ev }) })).json() as { data: { accessToken: string; eventData: { accessCodeToken: string } } };
    const order = await fetch(`${server.url}/api/eventservices/events/${ev}/my-stand/booths/${booth.id}/forms/EXTRA_FURNITURE`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.data.accessToken}`, 'x-user-access-token': admin.data.eventData.accessCodeToken },
      body: JSON.stringify({ lines: [{ name: 'Chair', quantity: 6 }], answers: [], version: 0, submit: true }),
    });
    expect(order.status).toBe(200);
    const submissionId = ((await order.json()) as { data: { id: string } }).data.id;
    await organiserCallInPage(organiser, 'POST', `${exh}/form-submissions/${submissionId}/approve`, {});

    await organiser.goto(`/app/exhibitors/service-forms?eventId=${ev}`);
    await organiser.getByRole('button', { name: 'Settings of Extra Furniture', exact: true }).click({ timeout: 30_000 });
    const formSettings = organiser.getByRole('form', { name: 'Settings of Extra Furniture', exact: true });
    await formSettings.getByRole('combobox', { name: 'Service provider' }).selectOption({ label: 'PowerGrid Electricals' });
    await expectAccessible(organiser, 'form settings with a service provider');
    await formSettings.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => organiser.getByText('Extra Furniture saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // The service person, on a phone, opens the event's board from the portal and ticks the chairs off at D9.
    await person.setViewportSize({ width: 390, height: 844 });
    await person.reload();
    // The portal lives on the dashboard's /list/events, which asks a phone once to switch to a desktop (SPEC §2.3).
    const hint = person.getByRole('dialog', { name: 'Maximize Your Experience on Desktop' });
    await hint.getByRole('button', { name: 'Okay' }).click({ timeout: 30_000 });
    await hint.waitFor({ state: 'detached' });
    await person.getByRole('link', { name: 'Work to deliver: Pavilion Demo Expo 2027' }).click({ timeout: 30_000 });
    await person.getByRole('heading', { name: 'Work to deliver: Pavilion Demo Expo 2027' }).waitFor({ timeout: 30_000 });
    const card = person.getByRole('listitem', { name: 'Hall 4 · D9: Extra Furniture' });
    await card.getByText('6 × Chair (piece)').waitFor();
    await person.getByText('1 order to deliver').waitFor();
    await expectAccessible(person, 'service provider board on a phone');
    expect(await person.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(person, 'provider-board-phone');
    await card.getByRole('button', { name: 'Mark delivered: Extra Furniture at booth D9' }).click();
    await person.getByText('Extra Furniture at booth D9 delivered').first().waitFor({ timeout: 15_000 });
    await card.getByText('Fulfilled', { exact: true }).waitFor({ timeout: 15_000 });
    await person.getByText('0 orders to deliver').waitFor();
    // The organiser's board shows it fulfilled.
    const board = await organiserCallInPage<{ items: { id: string; status: string }[] }>(organiser, 'GET', `${exh}/fulfilment`);
    expect(board.items.find((i) => i.id === submissionId)?.status).toBe('fulfilled');
  }, 240_000);
});
