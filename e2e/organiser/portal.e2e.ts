import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot } from '../support/browser.ts';

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
  });
});
