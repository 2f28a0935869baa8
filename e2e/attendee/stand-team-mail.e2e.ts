import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

/*
 * Issue 15, the stand-team mail walked: the company's admin (signed in from the invitation mail) adds a colleague to
 * the staff list on My stand. The save answers at once (the mail goes through the event outbox, after the commit);
 * the colleague, a participant of the event (the demo attendee), receives one mail and signs in from its one-time link
 * on a phone, where the home offers My stand of the company.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const COLLEAGUE = 'attendee@demo.pavilion';
const PHONE = { width: 390, height: 844 };
const COMPANY = 'Harbor Acoustics';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const adminEmail = `ines.${Date.now()}@harbor.example`;

async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}
const linkOf = async (raw: string) => {
  const mail = await PostalMime.parse(raw);
  return { mail, link: /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1]?.replace(/&amp;/g, '&') };
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  // Set-up through the APIs: a company and its admin's invitation (their own journeys are elsewhere).
  const org = await call<{ accessToken: string }>('POST', '/api/auth/login', {}, ORGANISER);
  const H = { authorization: `Bearer ${org.accessToken}` };
  const ex = `/api/eventservices/events/${server.eventId}/exhibition`;
  const company = await call<{ id: string }>('POST', `${ex}/companies`, H, { name: COMPANY, category: 'Audio', contactEmail: adminEmail });
  await call('POST', `${ex}/companies/${company.id}/admin-invitation`, H, { email: adminEmail, firstName: 'Ines' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('stand-team mail', () => {
  it('the company admin adds a colleague on My stand; the colleague gets one mail and signs in from its link on a phone', async () => {
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(adminEmail)).length, { timeout: 20_000 }).toBe(1);
    const invitation = await linkOf(smtp.messages.find((m) => m.to.includes(adminEmail))!.raw);
    expect(invitation.link, 'the invitation carries the sign-in link').toBeTruthy();

    const admin = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const adminWatch = watchPage(admin);
    onTestFailed(async () => {
      await admin.screenshot({ path: '/tmp/stand-team-failed-admin.png' }).catch(() => undefined);
    });
    await admin.goto(new URL(invitation.link!).pathname);
    await admin.getByRole('link', { name: `Open My stand of ${COMPANY}` }).click({ timeout: 30_000 });
    await admin.getByRole('heading', { name: `My stand · ${COMPANY}` }).waitFor({ timeout: 30_000 });
    await admin.getByRole('region', { name: 'Company profile', exact: true }).getByRole('button', { name: 'Edit profile and staff' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit company' });
    const staff = dialog.getByRole('textbox', { name: 'Staff emails' });
    await staff.fill(COLLEAGUE);
    await staff.press('Enter');
    await expectAccessible(admin, 'my stand staff list of the admin');
    await screenshot(admin, 'stand-team-admin-adds-colleague');
    await dialog.getByRole('button', { name: 'Save company' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    expect(adminWatch.errors).toEqual([]);

    // One mail to the colleague, sent after the save by the outbox job, with a one-time sign-in link.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(COLLEAGUE)).length, { timeout: 30_000 }).toBe(1);
    const mail = await linkOf(smtp.messages.find((m) => m.to.includes(COLLEAGUE))!.raw);
    expect(mail.mail.subject).toMatch(new RegExp(`^You are on the stand team of ${COMPANY} at .+`));
    expect(mail.mail.text).toContain(`You are on the stand team of ${COMPANY}`);
    expect(mail.link, 'the stand-team mail carries the sign-in link').toBeTruthy();

    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    const phoneWatch = watchPage(phone);
    onTestFailed(async () => {
      await phone.screenshot({ path: '/tmp/stand-team-failed-colleague.png' }).catch(() => undefined);
    });
    await phone.goto(new URL(mail.link!).pathname);
    const open = phone.getByRole('link', { name: `Open My stand of ${COMPANY}` });
    await open.waitFor({ timeout: 30_000 });
    await expectAccessible(phone, 'home of the stand-team colleague on a phone');
    await screenshot(phone, 'stand-team-colleague-home-phone');
    await open.click();
    await phone.getByRole('heading', { name: `My stand · ${COMPANY}` }).waitFor({ timeout: 30_000 });
    await screenshot(phone, 'stand-team-colleague-my-stand-phone');
    expect(phoneWatch.errors).toEqual([]);

  });
});
