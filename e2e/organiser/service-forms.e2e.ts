import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';

/*
 * Issue 15, service forms: the organiser switches on Extra Furniture with its line items and invites the admin of an
 * exhibiting company; the admin opens the link from the mail on a phone (empty storage), orders furniture for the
 * company's booth and submits it; the organiser approves it; the admin sees Approved. At the onsite desk the organiser
 * makes the booth's one-time form link (ebf/lgn), which opens that form on the stand's tablet once.
 */
let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/forms-${name}.png` });

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

describe('service forms', () => {
  it('the organiser opens Extra Furniture and invites a company admin, who orders for their booth; the organiser approves it', async () => {
    const ev = server.eventId;
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    // Set-up through the API: a company holding a shell booth (their pages have their own journey, exhibition.e2e.ts).
    const email = `nia.${Date.now()}@nova.example`;
    const company = await organiserCallInPage<{ id: string }>(organiser, 'POST', `/api/eventservices/events/${ev}/exhibition/companies`, { name: 'Nova Displays', contactEmail: email });
    const booth = await organiserCallInPage<{ id: string }>(organiser, 'POST', `/api/eventservices/events/${ev}/exhibition/booths`, { hall: 'Hall 9', number: 'F7', sizeSqm: 12, stallType: 'shell', price: 900, x: 30, y: 20, w: 3, h: 3 });
    await organiserCallInPage(organiser, 'PUT', `/api/eventservices/events/${ev}/exhibition/booths/${booth.id}/holder`, { companyId: company.id });

    // Service forms: the 23 forms, Extra Furniture's settings (deadline, two line items), then switched on.
    await organiser.goto(`/app/exhibitors/service-forms?eventId=${ev}`);
    await organiser.getByTestId('service-forms-table').waitFor({ timeout: 30_000 });
    await organiser.getByRole('button', { name: 'Settings of Extra Furniture', exact: true }).click();
    const settings = organiser.getByRole('form', { name: 'Settings of Extra Furniture', exact: true });
    await settings.getByLabel(/^Deadline/).fill('2099-03-01T18:00');
    await settings.getByRole('button', { name: 'Add line item' }).click();
    await settings.getByRole('textbox', { name: 'Item' }).last().fill('Chair');
    await settings.getByRole('textbox', { name: 'Unit' }).last().fill('piece');
    await settings.getByRole('textbox', { name: 'Rate' }).last().fill('12.5');
    await settings.getByRole('textbox', { name: 'Currency' }).last().fill('EUR');
    await settings.getByRole('button', { name: 'Add line item' }).click();
    await settings.getByRole('textbox', { name: 'Item' }).last().fill('Table');
    await settings.getByRole('textbox', { name: 'Unit' }).last().fill('piece');
    await settings.getByRole('textbox', { name: 'Rate' }).last().fill('40');
    await expectAccessible(organiser, 'form settings');
    await shot(organiser, 'settings');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => organiser.getByText('Extra Furniture saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The switch shows the server's answer: it turns on once the form is saved as on.
    const onSwitch = organiser.getByRole('switch', { name: 'Extra Furniture is on for this event' });
    await onSwitch.click({ force: true });
    await expect.poll(() => organiser.getByText('Extra Furniture is on', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => onSwitch.isChecked(), { timeout: 10_000 }).toBe(true);
    await organiser.getByText('Chair EUR 12.50, Table EUR 40.00').waitFor();
    await shot(organiser, 'forms-list');

    // The company's admin is invited from the company's row menu.
    await organiser.getByRole('link', { name: 'Companies', exact: true }).click();
    await organiser.getByRole('button', { name: 'Actions: Nova Displays' }).click();
    await organiser.getByRole('menuitem', { name: 'Invite company admin' }).click();
    const invite = organiser.getByRole('form', { name: 'Invite the admin of Nova Displays' });
    await expect.poll(() => invite.getByLabel(/Admin email/).inputValue()).toBe(email);
    await invite.getByLabel(/First name/).fill('Nia');
    const before = smtp.messages.length;
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => organiser.getByText(`Invitation sent to ${email}`).count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // The admin opens the mail's link on a phone, with nothing stored.
    await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = await PostalMime.parse(smtp.messages.slice(before).find((m) => m.to.includes(email))!.raw);
    expect(mail.subject).toContain('Nova Displays');
    const link = /href="([^"]*\/adl\/[A-Za-z0-9_-]+\/[^"]+)"/.exec(mail.html ?? '')?.[1];
    expect(link, 'the mail carries the sign-in link').toBeTruthy();
    const phone = await (await newContext(browser, server.url, { width: 390, height: 844 })).newPage();
    const phoneWatch = watchPage(phone);
    await phone.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
    await phone.getByRole('link', { name: 'My stand: service forms' }).click({ timeout: 30_000 });
    await phone.getByRole('heading', { name: 'My stand · Nova Displays' }).waitFor();
    await phone.getByRole('heading', { name: 'Booth F7 · Hall 9' }).waitFor();
    await expectAccessible(phone, 'my stand');
    await shot(phone, 'my-stand');
    await phone.getByRole('link', { name: 'Fill in Extra Furniture for booth F7' }).click();
    await phone.getByRole('heading', { name: 'Extra Furniture · booth F7' }).waitFor();
    await phone.getByRole('textbox', { name: 'Quantity of Chair' }).fill('3');
    await phone.getByRole('textbox', { name: 'Quantity of Table' }).fill('1');
    await phone.getByText('EUR 77.50').waitFor();
    await expectAccessible(phone, 'service form');
    await shot(phone, 'fill');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => phone.getByText('Submitted', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await phone.getByText('This submission is submitted: it can no longer be changed.').waitFor();

    // The organiser finds it in Form submissions and approves it.
    await organiser.getByRole('link', { name: 'Form submissions', exact: true }).click();
    await organiser.getByRole('button', { name: 'Open the Extra Furniture submission of Nova Displays' }).click();
    const drawer = organiser.getByRole('dialog', { name: 'Extra Furniture · Nova Displays' });
    await drawer.getByText('EUR 77.50').waitFor();
    await shot(organiser, 'review');
    const beforeApproval = smtp.messages.length;
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => organiser.getByText('Submission approved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await drawer.getByRole('button', { name: 'Mark fulfilled' }).waitFor();
    await expect.poll(() => smtp.messages.slice(beforeApproval).filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);

    // The admin sees Approved, with who approved it in the history.
    await phone.reload();
    await phone.getByText('This submission is approved: it can no longer be changed.').waitFor({ timeout: 20_000 });
    await phone.getByText(/^Approved by /).waitFor();
    await shot(phone, 'approved');

    // At the onsite desk (SPEC §2.1 ebf/lgn): the booth's panel makes a one-time link to one of its open forms, which
    // opens that form for that booth on the stand's tablet (nothing stored) without a password, once.
    await organiser.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await organiser.getByRole('link', { name: 'Booths & hall plan', exact: true }).click();
    await organiser.getByRole('textbox', { name: 'Hall' }).click();
    await organiser.getByRole('option', { name: 'Hall 9' }).click();
    await organiser.getByRole('button', { name: 'Booth F7: Nova Displays, 12 m²' }).click();
    await organiser.getByRole('textbox', { name: 'Form' }).click();
    await organiser.getByRole('option', { name: 'Extra Furniture', exact: true }).click();
    await organiser.getByRole('button', { name: 'Make link' }).click();
    const linkDialog = organiser.getByRole('dialog', { name: /Nova Displays, Extra Furniture for booth F7/ });
    await linkDialog.getByRole('button', { name: 'Create link' }).click();
    const formLink = await linkDialog.getByRole('textbox').inputValue();
    expect(new URL(formLink).pathname).toMatch(new RegExp(`^/ebf/lgn/[A-Za-z0-9_-]+/EXTRA_FURNITURE/${booth.id}/${ev}$`));
    await expectAccessible(organiser, 'onsite form link');
    await shot(organiser, 'ebf-link');
    const tablet = await (await newContext(browser, server.url, { width: 820, height: 1180 })).newPage();
    const tabletWatch = watchPage(tablet);
    await tablet.goto(new URL(formLink).pathname);
    await tablet.getByRole('heading', { name: 'Extra Furniture · booth F7' }).waitFor({ timeout: 30_000 });
    await tablet.getByText('This submission is approved: it can no longer be changed.').waitFor();
    await shot(tablet, 'ebf-form');
    // The link worked once: opened again in a fresh browser it says so.
    const again = await (await newContext(browser, server.url, { width: 820, height: 1180 })).newPage();
    await again.goto(new URL(formLink).pathname);
    await again.getByText(/expired or was already used/).waitFor({ timeout: 30_000 });
    expect(tabletWatch.errors).toEqual([]);
    expect(orgWatch.errors).toEqual([]);
    expect(phoneWatch.errors).toEqual([]);
  });
});
