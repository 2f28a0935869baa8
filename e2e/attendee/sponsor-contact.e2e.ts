import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 15, the sponsor's own account (SPEC §3.1 user type 3). The organiser opens the demo sponsor Metro Motion,
 * gives it a contact email and sends the invitation (a second contact is invited and revoked again: several contacts a
 * sponsor); the contact opens the mail's one-time link on a 390 px phone,
 * accepts with a new password on My sponsorship and edits the description. The demo attendee, on another phone,
 * sees the new description in the portal's Sponsors and follows the website link; the contact's figures count the
 * view and the visit, in the contact's download and in the organiser's (the sponsor row's menu).
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };
const PHONE = { width: 390, height: 844 };
const SPONSOR = 'Metro Motion';
const NEW_WORDS = 'Electric buses, depots and now night charging for the whole fleet.';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const contactEmail = `lena.${Date.now()}@metromotion.example`;

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

describe('sponsor contact', () => {
  it('the organiser invites a sponsor contact, who accepts on a phone and edits the description; an attendee sees it and clicks through, counted', async () => {
    // The organiser: the sponsor's form, its contact and "Send invitation".
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    onTestFailed(async () => {
      await organiser.screenshot({ path: '/tmp/sponsor-contact-failed-organiser.png' }).catch(() => undefined);
    });
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/sponsors?eventId=${server.eventId}`);
    await organiser.getByRole('button', { name: `Edit ${SPONSOR}` }).click({ timeout: 30_000 });
    const form = organiser.getByRole('form', { name: 'Edit sponsor' });
    const contact = form.getByRole('group', { name: /Sponsor contact/ });
    await contact.getByText('Not invited').waitFor();
    await contact.getByRole('textbox', { name: 'Contact email' }).fill(contactEmail);
    await contact.getByRole('textbox', { name: 'Contact first name' }).fill('Lena');
    await contact.getByRole('button', { name: 'Send invitation' }).click();
    await organiser.getByText(`Invitation sent to ${contactEmail}`).waitFor({ timeout: 15_000 });
    await contact.getByText('Invited', { exact: true }).waitFor();
    // A second contact joins the list, then is revoked (confirmed); Lena stays.
    const second = `omar.${Date.now()}@metromotion.example`;
    await contact.getByRole('textbox', { name: 'Contact email' }).fill(second);
    await contact.getByRole('textbox', { name: 'Contact first name' }).fill('Omar');
    await contact.getByRole('button', { name: 'Send invitation' }).click();
    const contacts = contact.getByRole('list', { name: `Contacts of ${SPONSOR}` });
    await contacts.getByRole('listitem', { name: `${second}: Invited` }).waitFor({ timeout: 15_000 });
    expect(await contacts.getByRole('listitem').count()).toBe(2);
    await expectAccessible(organiser, 'sponsor form with its contacts');
    await screenshot(organiser, 'sponsor-contacts-organiser-form');
    await contacts.getByRole('button', { name: `Revoke ${second}` }).click();
    await organiser.getByRole('dialog', { name: `Revoke ${second}?` }).getByRole('button', { name: 'Revoke' }).click();
    await organiser.getByText(`${second} was revoked`).waitFor({ timeout: 15_000 });
    await contacts.getByRole('listitem', { name: `${contactEmail}: Invited` }).waitFor();
    expect(await contacts.getByRole('listitem').count()).toBe(1);
    await screenshot(organiser, 'sponsor-contact-organiser-form');
    await form.getByRole('button', { name: 'Cancel' }).click();
    const row = organiser.getByTestId('org-sponsor-row').filter({ hasText: SPONSOR });
    await row.getByText(contactEmail).waitFor({ timeout: 15_000 });
    expect(orgWatch.errors).toEqual([]);

    // The contact: the link from the mail, on a phone, lands on My sponsorship.
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(contactEmail)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.find((m) => m.to.includes(contactEmail))!.raw);
    expect(mail.subject).toContain(SPONSOR);
    const link = /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    const phone = await (await newContext(browser, server.url, PHONE)).newPage();
    const phoneWatch = watchPage(phone);
    onTestFailed(async () => {
      await phone.screenshot({ path: '/tmp/sponsor-contact-failed-contact.png' }).catch(() => undefined);
    });
    await phone.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
    await phone.waitForURL('**/attendium/sponsorship*', { timeout: 30_000 });
    const accept = phone.getByRole('region', { name: 'Accept the invitation' });
    await accept.waitFor({ timeout: 30_000 });
    await accept.getByText(`contact of ${SPONSOR} in the Gold tier`, { exact: false }).waitFor();
    const password = accept.getByLabel(/^Password/);
    await password.fill('short');
    await accept.getByRole('button', { name: 'Accept' }).click();
    // The SPEC §5 password rule, from the server, on the field.
    await accept.getByText('Password must be between 8 and 16 characters long.').waitFor({ timeout: 15_000 });
    await screenshot(phone, 'sponsor-contact-accept-phone');
    await password.fill('Metro#Motion2027');
    await accept.getByRole('button', { name: 'Accept' }).click();
    await phone.getByText('Invitation accepted').waitFor({ timeout: 15_000 });

    // The description, edited; the name and tier are shown, not editable.
    const profile = phone.getByRole('region', { name: 'What attendees see' });
    await profile.getByText('To change the name or tier, ask the organiser.').waitFor();
    expect(await profile.getByRole('textbox', { name: 'Name' }).count()).toBe(0);
    await phone.getByRole('region', { name: 'Figures' }).getByText('No views or visits yet').waitFor();
    await profile.getByRole('textbox', { name: 'Short description' }).fill(NEW_WORDS);
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await phone.getByText('Your sponsorship is saved').waitFor({ timeout: 15_000 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, 'my sponsorship on a phone');
    await screenshot(phone, 'sponsor-contact-my-sponsorship-phone');

    // The contact's home has the card too.
    await phone.goto(`/attendium?eventId=${server.eventId}`);
    await phone.getByRole('link', { name: `Open My sponsorship of ${SPONSOR}` }).waitFor({ timeout: 30_000 });

    // The organiser's list now says Accepted.
    await organiser.reload();
    await organiser.getByTestId('org-sponsor-row').filter({ hasText: SPONSOR }).getByText('Accepted', { exact: true }).waitFor({ timeout: 30_000 });

    // An attendee on a phone: the portal's Sponsors shows the new words; the website link goes through the counted visit.
    const attendeeContext = await newContext(browser, server.url, PHONE);
    // The sponsor's website is not on this network: the browser is answered for it, after the server's redirect.
    await attendeeContext.route('https://metromotion.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Metro Motion</title><h1>Metro Motion</h1>' }));
    const attendee = await attendeeContext.newPage();
    const attWatch = watchPage(attendee);
    await signInAtEvent(attendee, server.eventId, ATTENDEE);
    await attendee.goto('/attendium-v2/sponsors');
    const card = attendee.getByTestId('sponsor-card').filter({ hasText: SPONSOR });
    await card.getByText(NEW_WORDS).waitFor({ timeout: 30_000 });
    const visit = card.getByRole('link', { name: `Visit the ${SPONSOR} website (opens in a new tab)` });
    expect(await visit.getAttribute('href')).toMatch(new RegExp(`^/api/eventservices/public/events/${server.eventId}/sponsors/[^/]+/visit$`));
    const [site] = await Promise.all([attendee.waitForEvent('popup'), visit.click()]);
    await site.waitForURL('https://metromotion.example.com/**', { timeout: 15_000 });
    await site.close();
    await expectAccessible(attendee, 'portal sponsors with the new description on a phone');
    await screenshot(attendee, 'sponsor-contact-attendee-phone');
    expect(attWatch.errors).toEqual([]);
    // Leaving the page sends the cards it showed (one request): Metro Motion's card was on screen.
    await attendee.goto('/attendium-v2');

    // The contact's figures: the attendee's view of the card and their visit.
    const figures = phone.getByRole('region', { name: 'Figures' });
    const views = async () => {
      await phone.goto(`/attendium/sponsorship?eventId=${server.eventId}`);
      return Number((await figures.getByTestId('sponsor-views').innerText({ timeout: 30_000 })).match(/\d+/)?.[0]);
    };
    await expect.poll(views, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await figures.getByTestId('sponsor-clicks').innerText()).match(/\d+/)?.[0], { timeout: 15_000 }).toBe('1');
    await figures.getByText('The last 14 days').waitFor();
    await figures.scrollIntoViewIfNeeded();
    await expectAccessible(phone, 'my sponsorship figures on a phone');
    await screenshot(phone, 'sponsor-contact-figures-phone');
    // Every day since the sponsor was added, as a file: today holds the one visit.
    await figures.getByRole('button', { name: 'Download figures' }).click();
    const [file] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('menuitem', { name: 'Every day as CSV' }).click()]);
    expect(file.suggestedFilename()).toBe('sponsor-figures-Metro-Motion.csv');
    const lines = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Day (UTC),Card views,Click-throughs');
    expect(lines.at(-1)).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 10)},[1-9]\\d*,1$`));
    expect(phoneWatch.errors).toEqual([]);

    // The organiser downloads the same figures from the sponsor row's menu (AP-482): the same days, the one visit today.
    await organiser.goto(`/app/sponsors?eventId=${server.eventId}`);
    const sponsorRow = organiser.getByTestId('org-sponsor-row').filter({ hasText: SPONSOR });
    await sponsorRow.getByRole('button', { name: `Download the figures of ${SPONSOR}` }).click({ timeout: 30_000 });
    const [orgFile] = await Promise.all([organiser.waitForEvent('download'), organiser.getByRole('menuitem', { name: 'Every day as CSV' }).click()]);
    expect(orgFile.suggestedFilename()).toBe('sponsor-figures-Metro-Motion.csv');
    const orgLines = readFileSync((await orgFile.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(orgLines[0]).toBe('Day (UTC),Card views,Click-throughs');
    expect(orgLines.length).toBe(lines.length);
    expect(orgLines.at(-1)).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 10)},[1-9]\\d*,1$`));
    expect(orgWatch.errors).toEqual([]);
  }, 240_000);
});

