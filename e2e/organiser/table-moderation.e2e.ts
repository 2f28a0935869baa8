import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCaller, registerWithLoginLinks } from '../support/api.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 17: an attendee sits at a discussion table from her phone; the organiser sees her on the tables page, removes
 * her (confirmed in a dialog); her page tells her she was removed and no longer offers that table; the organiser then
 * allows her back.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let token = '';
const call = apiCaller(() => server.url, () => token);
const api = <T>(method: string, path: string, body?: unknown, bearer = true): Promise<T> => call<T>(method, `/api/${path}`, body, bearer ? undefined : {});

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await api<{ accessToken: string }>('POST', 'auth/login', ORGANISER, false)).accessToken;
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

describe('the organiser removes one person from a table (issue 17)', () => {
  it('Mia sits down; the organiser removes her; her page says so and the table is barred to her until she is allowed back', async () => {
    await api('POST', `eventservices/events/${server.eventId}/networking/tables`, { kind: 'discussion', topic: 'Future of trade fairs', seats: 4, opensAt: '2000-01-01T00:00', closesAt: '2099-01-01T00:00' });
    const [miaPath] = await registerWithLoginLinks(call, server.eventId, [{ firstName: 'Mia', lastName: 'Moderated', email: 'mia.moderated@example.com' }], 'Moderation pass');

    const miaContext = await newContext(browser, server.url, PHONE);
    const mia = await miaContext.newPage();
    const miaWatch = watchPage(mia);
    await mia.goto(miaPath!);
    await mia.waitForURL('**/attendium', { timeout: 30_000 });
    await mia.getByRole('link', { name: 'Open the lounge' }).click({ timeout: 30_000 });
    await mia.getByRole('heading', { name: 'Networking lounge', level: 1 }).waitFor();
    const table = mia.getByTestId('lounge-table').filter({ hasText: 'Future of trade fairs' });
    await table.getByRole('button', { name: 'Join table: Future of trade fairs' }).click({ timeout: 30_000 });
    await table.getByRole('button', { name: 'Leave table' }).waitFor();

    const orgContext = await newContext(browser, server.url, { width: 1366, height: 900 });
    const org = await orgContext.newPage();
    const orgWatch = watchPage(org);
    await logIn(org);
    await org.goto(`/app/networking-tables?eventId=${server.eventId}`);
    const remove = org.getByRole('button', { name: 'Remove Mia Moderated from Future of trade fairs' });
    await remove.waitFor({ timeout: 30_000 });
    await expectAccessible(org, 'tables page with who sits where');
    await screenshot(org, 'table-moderation-organiser');
    await remove.click();
    const dialog = org.getByRole('dialog', { name: 'Remove Mia Moderated from “Future of trade fairs”?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove from table' }).click();
    await org.getByText('Mia Moderated was removed from the table').first().waitFor();
    await org.getByRole('button', { name: 'Allow Mia Moderated back to Future of trade fairs' }).waitFor();

    // Mia's page: told at once, her seat gone, the table no longer offered to her.
    const notice = mia.getByTestId('seat-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain('You were removed from a table');
    expect(await notice.innerText()).toContain('The organiser removed you from the table "Future of trade fairs"');
    await table.getByTestId('barred-notice').waitFor();
    expect(await table.getByRole('button', { name: 'Leave table' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: 'Join table: Future of trade fairs' }).count()).toBe(0);
    await expectAccessible(mia, 'lounge after removal');
    await screenshot(mia, 'table-moderation-attendee');

    // The organiser allows her back: after a reload she can sit down again.
    await org.getByRole('button', { name: 'Allow Mia Moderated back to Future of trade fairs' }).click();
    await org.getByText('Mia Moderated can sit at this table again').first().waitFor();
    await mia.reload();
    await table.getByRole('button', { name: 'Join table: Future of trade fairs' }).click({ timeout: 30_000 });
    await table.getByRole('button', { name: 'Leave table' }).waitFor();
    expect(miaWatch.errors).toEqual([]);
    expect(orgWatch.errors).toEqual([]);
  });
});
