import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { CHROMIUM_PATH, expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';

const ORGANISER = { email: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const MEMBER_PASSWORD = 'Member#2026x';
// A white-label custom domain must be a real domain name; Chromium maps it to the local server (see the branding test).
const TEAM_DOMAIN = 'team.harbour.test';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  // A local SMTP capture instead of the outbox, so the test can read the invitation link like the invitee would.
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

type TStoredAuth = { accessToken: string; userData: Record<string, unknown> };
const storedAuth = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null') as TStoredAuth | null);

async function logIn(page: Page, who: { email: string; password: string }, path = '/') {
  await page.goto(path);
  await page.getByLabel(/email or mobile/i).fill(who.email);
  await page.getByLabel(/^password/i).fill(who.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForURL('**/list/events');
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
}

/** The `/er/<token>?invite=1` path of the newest mail to `to` (quoted-printable soft breaks and =3D undone). */
async function invitationPath(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = [...smtp.messages].reverse().find((m) => m.to.includes(to));
    if (mail) {
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      const m = /\/er\/([A-Za-z0-9_-]{16,128})\?invite=1/.exec(text);
      if (!m) throw new Error(`no invitation link in mail to ${to}`);
      return `/er/${m[1]}?invite=1`;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);
}

async function pickOption(page: Page, label: string | RegExp, option: string | RegExp, scope: Page | Locator = page) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function inviteMember(page: Page, input: { email: string; firstName: string; role?: string; isAdmin?: boolean; region?: string }) {
  await page.goto('/app/team');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill(input.email);
  await dialog.getByLabel('First name').fill(input.firstName);
  await dialog.getByLabel('Last name').fill('Tester');
  if (input.isAdmin) await dialog.getByRole('radio', { name: 'Admin Access' }).check();
  if (input.role) await pickOption(page, 'Role', input.role, dialog);
  if (input.region) await pickOption(page, /^Region/, input.region, dialog);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, `Invitation sent to ${input.email}`);
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

async function acceptInvitation(context: BrowserContext, path: string, label: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await expect.poll(() => page.getByRole('heading', { name: 'Join Demo Events Co' }).count()).toBe(1);
  await expectAccessible(page, `invitation ${label}`);
  await screenshot(page, `workspace-accept-invitation-${label}`);
  await page.getByLabel(/^password/i).fill(MEMBER_PASSWORD);
  await page.getByLabel(/^confirm password/i).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await page.waitForURL('**/list/events');
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('organiser workspace', () => {
  it('a member whose role holds only registration codes sees only those menus and gets 403 on a hidden call', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const watch = watchPage(page);
    await logIn(page, ORGANISER);
    await expect.poll(() => nav(page).getByRole('link', { name: 'Team' }).count()).toBe(1);

    // A role with two codes; the editor completes their menu → submenu → tab chain.
    await nav(page).getByRole('link', { name: 'Roles & permissions' }).click();
    await page.waitForURL('**/app/roles');
    await expectAccessible(page, '/app/roles');
    await page.getByRole('button', { name: 'New role' }).click();
    const editor = page.getByRole('dialog', { name: 'New role' });
    await editor.getByLabel('Role name').fill('Registration desk');
    await editor.getByLabel('Description').fill('Sees attendees, nothing else');
    await editor.getByLabel('Filter permissions').fill('all attendees: view');
    await editor.getByRole('checkbox', { name: /^All Attendees: View AP-94/ }).check();
    await editor.getByLabel('Filter permissions').fill('basic info: view');
    await editor.getByRole('checkbox', { name: /^Basic Info: View AP-6/ }).check();
    await editor.getByLabel('Filter permissions').fill('');
    await expect.poll(() => editor.getByText(/^8 of \d+ codes selected/).count()).toBe(1);
    await editor.getByRole('button', { name: 'Expand Registration' }).first().click();
    await page.waitForTimeout(300);
    await expectAccessible(page, 'role editor');
    await screenshot(page, 'workspace-role-editor');
    await editor.getByRole('button', { name: 'Create role' }).click();
    await expectToast(page, 'Role Registration desk created');
    await expect.poll(() => page.getByRole('cell', { name: 'Registration desk', exact: true }).count()).toBe(1);
    await screenshot(page, 'workspace-roles');

    await inviteMember(page, { email: 'desk@harbour-expo.com', firstName: 'Dana', role: 'Registration desk' });
    await expect.poll(() => page.getByText(/desk@harbour-expo\.com/).count()).toBeGreaterThan(0);
    await expectAccessible(page, '/app/team');
    await screenshot(page, 'workspace-team');

    const memberContext = await newContext(browser, server.url);
    const member = await acceptInvitation(memberContext, await invitationPath('desk@harbour-expo.com'), 'member');
    await expect.poll(() => member.getByRole('link', { name: /Pavilion Demo Expo 2027/ }).count()).toBeGreaterThan(0);
    await member.getByRole('link', { name: /Pavilion Demo Expo 2027/ }).first().click();
    await member.waitForURL(/\/app\?eventId=/);
    const memberNav = nav(member);
    await expect.poll(() => memberNav.getByRole('link', { name: 'Registration & tickets' }).count()).toBe(1);
    for (const hidden of ['Team', 'Roles & permissions', 'Audit log', 'White label', 'Regions & companies', 'Event settings', 'Reports', 'Marketing']) {
      expect(await memberNav.getByRole('link', { name: hidden, exact: true }).count(), `menu ${hidden}`).toBe(0);
    }
    expect(await member.getByRole('button', { name: 'Edit settings' }).count()).toBe(0);
    await expectAccessible(member, 'member /app');
    await screenshot(member, 'workspace-member-overview');

    // The server refuses what the menu hides: creating an event needs AP-840.
    const auth = await storedAuth(member);
    const status = await member.evaluate(async (token) => {
      const res = await fetch('/api/eventservices/events', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sneaky', startDate: '2027-01-01', endDate: '2027-01-02', timeZone: 'UTC', eventMode: 2, eventType: 2 }),
      });
      return res.status;
    }, auth!.accessToken);
    expect(status).toBe(403);

    // A typed URL of a hidden page answers with a friendly state, not a broken page.
    await member.goto('/app/team');
    await expect.poll(() => member.getByRole('heading', { name: 'This page is not part of your role' }).count()).toBe(1);
    await expectAccessible(member, 'member /app/team');
    await screenshot(member, 'workspace-member-denied');
    await memberContext.close();

    // The organiser sees the join and the permission change in the audit log, and exports it.
    await page.goto('/app/audit');
    await expect.poll(() => page.getByText('team.joined').count()).toBeGreaterThan(0);
    await expectAccessible(page, '/app/audit');
    await screenshot(page, 'workspace-audit');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('"time","action","actor","actorUserId","target","ip","details"');
    expect(csv).toContain('team.invited');

    // The overview and the report frame.
    await page.goto(`/app?eventId=${server.eventId}`);
    // Every figure is live now: check-ins in the range and the people inside right now come from check-in.
    await expect.poll(() => page.getByText('People inside right now').count()).toBe(1);
    expect(await page.getByText('Available when check-in launches').count()).toBe(0);
    expect(await page.getByText('Available when registration launches').count()).toBe(0);
    await pickOption(page, 'Time range', 'Last 90 Days');
    await page.waitForURL(/range=5/);
    await expectAccessible(page, '/app overview');
    await screenshot(page, 'workspace-overview');
    await nav(page).getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('tab', { name: 'Badge Print' }).click();
    // The Badge Print tab is a real report now (issue 19): its heading and its figures, not the frame's type number.
    await expect.poll(() => page.getByRole('heading', { name: 'Badge Print', level: 2 }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('report-total').count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(page, '/app/reports');
    await screenshot(page, 'workspace-reports');
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('a company team gets its branded landing page and lands on it after logout', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await logIn(page, ORGANISER);
    await page.goto('/app/white-label?type=companyTeam');
    const form = page.getByRole('form', { name: 'Company team white label' });
    await form.getByLabel('Display name').fill('Harbour Traders');
    await form.getByLabel('Login page title').fill('Harbour Traders team portal');
    await form.getByRole('textbox', { name: 'Brand colour' }).fill('#0b7285');
    await form.getByLabel('Custom domain').fill(TEAM_DOMAIN);
    await form.getByRole('button', { name: 'Save Company team branding' }).click();
    await expectToast(page, 'White label saved');
    await page.keyboard.press('Escape');
    await expectAccessible(page, '/app/white-label');
    await screenshot(page, 'workspace-white-label');

    // The landing page finds its branding by the domain it is served on. Chromium maps the custom domain to the
    // local server, so the page really runs at http://team.harbour.test:<port>/domestic-team.
    const port = new URL(server.url).port;
    const mapped = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${TEAM_DOMAIN} 127.0.0.1`],
    });
    try {
      const landing = await (await mapped.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await landing.goto(`http://${TEAM_DOMAIN}:${port}/domestic-team`);
      await expect.poll(() => landing.getByRole('heading', { name: 'Harbour Traders team portal' }).count()).toBe(1);
      expect(await landing.getByText('Harbour Traders', { exact: true }).count()).toBeGreaterThan(0);
      expect(await landing.evaluate(() => localStorage.getItem('whitelabel'))).toBe('"companyTeam"');
      expect(await landing.evaluate(() => JSON.parse(localStorage.getItem('dashboardLPSetting') ?? 'null'))).toEqual({ dashboardFavicon: '' });
      await expectAccessible(landing, 'branded /domestic-team');
      await screenshot(landing, 'workspace-landing-domestic-team');
    } finally {
      await mapped.close();
    }

    // A real company-team user: the organiser adds an exhibiting company and invites one of its team.
    await page.goto('/app/regions');
    await page.getByRole('button', { name: 'Add company' }).click();
    const companyDialog = page.getByRole('dialog', { name: 'Add company' });
    await companyDialog.getByRole('textbox', { name: 'Company' }).fill('Harbour Traders Ltd');
    await companyDialog.getByRole('button', { name: 'Add company' }).click();
    await expectToast(page, 'Company Harbour Traders Ltd added');
    await page.getByRole('button', { name: 'Invite user of Harbour Traders Ltd' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite a user of Harbour Traders Ltd' });
    await invite.getByLabel('Email').fill('crew@harbour-traders.com');
    await invite.getByLabel('First name').fill('Casey');
    await invite.getByRole('radio', { name: 'Company team member' }).check();
    await expectAccessible(page, 'company invite');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(page, 'Invitation sent to crew@harbour-traders.com');
    await context.close();

    const teamContext = await newContext(browser, server.url);
    const team = await acceptInvitation(teamContext, await invitationPath('crew@harbour-traders.com'), 'company-team');
    expect((await storedAuth(team))!.userData).toMatchObject({ whiteLabelType: 'companyTeam', sessionUserType: 3, isInternational: false });
    // Company users get their portal: the company, the organiser's events and their team.
    await expect.poll(() => team.getByRole('heading', { name: 'Harbour Traders Ltd' }).count()).toBe(1);
    expect(await nav(team).getByRole('link').count()).toBe(0);
    await expectAccessible(team, 'company team home');
    await screenshot(team, 'workspace-company-team-home');
    // SPEC §2.2: a domestic companyTeam user lands on /domestic-team after logout.
    await logOut(team);
    await team.waitForURL((url) => url.pathname === '/domestic-team');
    expect(await storedAuth(team)).toBeNull();
    await expect.poll(() => team.getByRole('heading', { name: 'Domestic team login' }).count()).toBe(1);
    await teamContext.close();
  });

  it('a region manager signs in at /region-manager and sees only its region', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await logIn(page, ORGANISER);
    await page.goto('/app/regions');
    for (const name of ['North', 'South']) {
      await page.getByRole('button', { name: 'Add region' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add region' });
      await dialog.getByLabel('Region name').fill(name);
      await dialog.getByRole('button', { name: 'Add region' }).click();
      await expectToast(page, `Region ${name} added`);
    }
    await page.getByRole('button', { name: /^North/ }).click();
    await page.getByRole('button', { name: 'Add company' }).click();
    const companyDialog = page.getByRole('dialog', { name: 'Add company' });
    await companyDialog.getByRole('textbox', { name: 'Company' }).fill('Northwind Traders');
    await companyDialog.getByRole('button', { name: 'Add company' }).click();
    await expectToast(page, 'Company Northwind Traders added');
    await expectAccessible(page, '/app/regions');
    await screenshot(page, 'workspace-regions');

    // Two events, one per region: one through the form, one through the API.
    await page.goto('/list/events');
    await page.getByRole('button', { name: 'Create event' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create event' });
    await dialog.getByLabel('Event name').fill('North Expo');
    await dialog.getByLabel('Start date').fill('2027-09-01');
    await dialog.getByLabel('End date').fill('2027-09-02');
    await dialog.getByRole('textbox', { name: /time zone/i }).fill('Europe/Oslo');
    await page.getByRole('option', { name: /Oslo/ }).first().click();
    await dialog.getByRole('combobox', { name: /^Region/ }).selectOption({ label: 'North' });
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await expectToast(page, 'Event created');
    const auth = await storedAuth(page);
    const created = await page.evaluate(async (token) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const regions = (await (await fetch('/api/auth/regions?v=0.3', { headers })).json()).data as { id: string; name: string }[];
      const south = regions.find((r) => r.name === 'South')!;
      const res = await fetch('/api/eventservices/events', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'South Expo', startDate: '2027-10-01', endDate: '2027-10-02', timeZone: 'UTC', eventMode: 2, eventType: 2, regionId: south.id }),
      });
      return res.status;
    }, auth!.accessToken);
    expect(created).toBe(201);

    await inviteMember(page, { email: 'north@harbour-expo.com', firstName: 'Nora', isAdmin: true, region: 'North' });
    await context.close();

    const managerContext = await newContext(browser, server.url);
    const manager = await acceptInvitation(managerContext, await invitationPath('north@harbour-expo.com'), 'region-manager');
    // SPEC §2.2: a region team lands on /region-manager after logout, and signs in there.
    await logOut(manager);
    await manager.waitForURL((url) => url.pathname === '/region-manager');
    await expect.poll(() => manager.getByRole('heading', { name: 'Region manager login' }).count()).toBe(1);
    await expectAccessible(manager, '/region-manager');
    await screenshot(manager, 'workspace-region-manager-login');
    await logIn(manager, { email: 'north@harbour-expo.com', password: MEMBER_PASSWORD }, '/region-manager');
    await expect.poll(() => manager.getByRole('link', { name: 'North Expo' }).count()).toBe(1);
    expect(await manager.getByRole('link', { name: 'South Expo' }).count()).toBe(0);
    expect(await manager.getByRole('link', { name: /Pavilion Demo Expo 2027/ }).count()).toBe(0);
    await expect.poll(() => manager.getByText('Region: North').count()).toBe(1);
    await expectAccessible(manager, 'region manager /list/events');
    await screenshot(manager, 'workspace-region-manager-events');

    await manager.goto('/app/regions');
    await expect.poll(() => manager.getByRole('cell', { name: 'Northwind Traders', exact: true }).count()).toBe(1);
    expect(await manager.getByRole('button', { name: /^South/ }).count()).toBe(0);
    await expectAccessible(manager, 'region manager /app/regions');
    await screenshot(manager, 'workspace-region-manager-regions');
    await managerContext.close();
  });
});
