import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 15, the hall plan: the organiser places booth B12 in Hall A on the Booths & hall plan tab, gives it to a
 * company and uploads the hall's floor plan (an image drawn in the browser), which the grid is drawn over; a .exe
 * renamed .png is refused. An anonymous visitor on a phone opens the app's Exhibitors tab, filters by category (and
 * sees "No exhibitor matches" when nothing does), switches to the Plan, taps the booth and reaches the company page.
 */
const ORGANISER = { identifier: 'organiser@demo.pavilion', password: 'Organiser@2026' };
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;

/** A floor plan as a hall's drawing would be: walls, aisles and a stage, drawn on a canvas and saved as a PNG. */
async function drawFloorPlan(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 800;
    c.height = 480;
    const g = c.getContext('2d')!;
    g.fillStyle = '#f4efe3';
    g.fillRect(0, 0, 800, 480);
    g.strokeStyle = '#3b3b3b';
    g.lineWidth = 8;
    g.strokeRect(4, 4, 792, 472);
    g.fillStyle = '#c9d7e8';
    g.fillRect(0, 200, 800, 60);
    g.fillRect(380, 0, 60, 480);
    g.fillStyle = '#e8b4a0';
    g.fillRect(600, 360, 180, 100);
    g.fillStyle = '#222';
    g.font = 'bold 28px sans-serif';
    g.fillText('STAGE', 640, 420);
    g.fillText('ENTRANCE', 20, 470);
    const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

beforeAll(async () => {
  server = await startServer();
  // Set-up through the API: two companies of different categories and a free booth next to the one placed in the UI.
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ORGANISER) });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const org = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ex = `${server.url}/api/eventservices/events/${server.eventId}/exhibition`;
  for (const company of [
    { name: 'Lumen Optics', category: 'Optics', countryCode: 'DE' },
    { name: 'North Rigs', category: 'Machinery', countryCode: 'NO' },
  ]) {
    const res = await fetch(`${ex}/companies`, { method: 'POST', headers: org, body: JSON.stringify(company) });
    if (res.status !== 201) throw new Error(`company: ${res.status} ${await res.text()}`);
  }
  const free = await fetch(`${ex}/booths`, { method: 'POST', headers: org, body: JSON.stringify({ hall: 'Hall A', number: 'B13', sizeSqm: 9, stallType: 'shell', price: 900, x: 12, y: 4, w: 3, h: 3 }) });
  if (free.status !== 201) throw new Error(`booth: ${free.status} ${await free.text()}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('hall plan', () => {
  it('the organiser uploads a floor plan and places a booth; a visitor on a phone filters, opens the plan and taps the booth', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    await organiser.goto(`/app/exhibitors/booths?eventId=${server.eventId}`);
    await organiser.getByRole('group', { name: 'Hall plan of Hall A' }).waitFor({ timeout: 30_000 });

    // Booth B12, placed on the grid and given to Lumen Optics.
    await organiser.getByRole('button', { name: 'New booth' }).click();
    const boothForm = organiser.getByRole('form', { name: 'New booth' });
    await boothForm.getByRole('textbox', { name: 'Hall' }).fill('Hall A');
    await boothForm.getByLabel('Booth number').fill('B12');
    await boothForm.getByRole('textbox', { name: 'Size (m²)' }).fill('18');
    await boothForm.getByRole('textbox', { name: 'Price' }).fill('2400');
    await boothForm.getByRole('textbox', { name: 'Column' }).fill('4');
    await boothForm.getByRole('textbox', { name: 'Row' }).fill('4');
    await boothForm.getByRole('textbox', { name: 'Width (cells)' }).fill('6');
    await boothForm.getByRole('textbox', { name: 'Depth (cells)' }).fill('3');
    await boothForm.getByRole('button', { name: 'Create booth' }).click();
    await expect.poll(() => organiser.getByText('Booth B12 created').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const plan = organiser.getByRole('group', { name: 'Hall plan of Hall A' });
    await plan.getByRole('button', { name: /^Booth B12: free/ }).click();
    await organiser.getByRole('textbox', { name: 'Company holding this booth' }).click();
    await organiser.getByRole('option', { name: 'Lumen Optics' }).click();
    await organiser.getByRole('button', { name: 'Save holder' }).click();
    await plan.getByRole('button', { name: /^Booth B12: Lumen Optics/ }).waitFor({ timeout: 10_000 });

    // The floor plan: a renamed .exe is refused by its first bytes, then a real PNG is drawn under the grid.
    await organiser.getByText('No floor plan: the grid is drawn on white.').waitFor();
    const fileInput = organiser.locator('input[type=file]');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);
    await fileInput.setInputFiles({ name: 'hall-a.png', mimeType: 'image/png', buffer: exe });
    await organiser.getByRole('alert').getByText('The file content does not match its extension.').waitFor({ timeout: 15_000 });
    expect(await plan.getAttribute('data-floor-plan')).toBe('no');
    await fileInput.setInputFiles({ name: 'hall-a.png', mimeType: 'image/png', buffer: await drawFloorPlan(organiser) });
    await expect.poll(() => organiser.getByText('Floor plan of Hall A saved').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await organiser.getByText(/^Current: hall-a\.png/).waitFor();
    await expect.poll(() => plan.getAttribute('data-floor-plan'), { timeout: 10_000 }).toBe('yes');
    await organiser.getByRole('button', { name: 'Replace floor plan' }).waitFor();
    // The image the plan draws is served with its type and cached for good.
    const served = await organiser.evaluate(async (eventId) => {
      const token = (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string }).accessToken;
      const list = (await (await fetch(`/api/eventservices/events/${eventId}/exhibition/hall-plans`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { url: string }[] };
      const res = await fetch(list.data[0]!.url);
      return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control') };
    }, server.eventId);
    expect(served).toEqual({ status: 200, type: 'image/png', cache: 'public, max-age=31536000, immutable' });
    await expectAccessible(organiser, 'hall plan with a floor plan');
    await screenshot(organiser, 'hall-plan-organiser-floor-plan');
    // A second hall made from its floor plan alone: no booth yet, the image drawn under an empty grid.
    await organiser.getByRole('button', { name: 'New hall from a floor plan' }).click();
    const newHall = organiser.getByRole('dialog', { name: 'New hall from a floor plan' });
    await newHall.getByRole('textbox', { name: 'Hall' }).fill('Hall Z');
    await newHall.locator('input[type=file]').setInputFiles({ name: 'hall-z.png', mimeType: 'image/png', buffer: await drawFloorPlan(organiser) });
    await newHall.getByRole('button', { name: 'Create hall' }).click();
    await expect.poll(() => organiser.getByText('Hall Z created from its floor plan').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const hallZ = organiser.getByRole('group', { name: 'Hall plan of Hall Z' });
    await expect.poll(() => hallZ.getAttribute('data-floor-plan'), { timeout: 15_000 }).toBe('yes');
    await organiser.getByText(/^Current: hall-z\.png/).waitFor();
    expect(await hallZ.getByRole('button', { name: /^Booth / }).count()).toBe(0);
    await expectAccessible(organiser, 'a hall made from its floor plan');
    await screenshot(organiser, 'hall-plan-organiser-new-hall');

    // An anonymous visitor on a phone: the Exhibitors tab, filtered by category.
    const visitor = await (await newContext(browser, server.url, PHONE)).newPage();
    const visitorWatch = watchPage(visitor);
    await visitor.goto(`/tabs/exhibitors?eventId=${server.eventId}`);
    await visitor.getByTestId('exhibitor-row').filter({ hasText: 'North Rigs' }).waitFor({ timeout: 30_000 });
    await visitor.getByRole('textbox', { name: 'Category' }).click();
    await visitor.getByRole('option', { name: 'Optics' }).click();
    await expect.poll(() => visitor.getByTestId('exhibitor-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await visitor.getByTestId('exhibitor-row').innerText()).toContain('Lumen Optics');
    expect(new URL(visitor.url()).searchParams.get('category')).toBe('Optics');
    // Combined with the search: nothing matches, said so, and the filters can be cleared.
    await visitor.getByRole('searchbox', { name: 'Search exhibitors' }).fill('rigs');
    await visitor.getByRole('heading', { name: 'No exhibitor matches' }).waitFor({ timeout: 10_000 });
    await expectAccessible(visitor, 'no exhibitor matches');
    await screenshot(visitor, 'hall-plan-no-match-phone');
    await visitor.getByRole('searchbox', { name: 'Search exhibitors' }).fill('');
    await expect.poll(() => visitor.getByTestId('exhibitor-row').count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(visitor, 'exhibitors filtered');
    await screenshot(visitor, 'hall-plan-filtered-phone');

    // The plan: the hall's floor plan under the grid; the held booth is a button named by its number and company.
    await visitor.getByText('Hall plan', { exact: true }).click();
    const publicPlan = visitor.getByTestId('attendee-hall-plan');
    await publicPlan.waitFor({ timeout: 15_000 });
    expect(await publicPlan.getAttribute('data-floor-plan')).toBe('yes');
    // The category filter (Optics) stays on: Lumen Optics' booth is highlighted and named so, the rest dimmed.
    const b12 = visitor.getByRole('button', { name: 'Booth B12, Lumen Optics, matches the filters' });
    await b12.waitFor();
    await visitor.getByTestId('plan-match-summary').getByText('1 booth on this hall matches the filters', { exact: false }).waitFor();
    // The free booth is shown but is not a button.
    expect(await visitor.getByRole('button', { name: /B13/ }).count()).toBe(0);
    expect(await visitor.getByTestId('plan-booth-B13').isVisible()).toBe(true);
    // Zoom works on the phone: the plan gets wider than the screen and scrolls.
    const before = (await publicPlan.boundingBox())!.width;
    await visitor.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await publicPlan.boundingBox())!.width).toBeGreaterThan(before * 1.4);
    await visitor.getByRole('button', { name: 'Zoom out' }).click();
    // The booth is reachable from the keyboard.
    await b12.focus();
    expect(await visitor.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Booth B12, Lumen Optics, matches the filters');
    await expectAccessible(visitor, 'hall plan on a phone');
    await screenshot(visitor, 'hall-plan-phone');
    await b12.click();
    const companyPage = visitor.getByTestId('exhibitor-page');
    await companyPage.getByRole('heading', { name: 'Lumen Optics' }).waitFor({ timeout: 15_000 });
    expect(await companyPage.getByText('Booth B12 · Hall A').count()).toBe(1);
    // Back to the plan, as left.
    await visitor.getByRole('button', { name: 'All exhibitors' }).click();
    await visitor.getByTestId('attendee-hall-plan').waitFor({ timeout: 10_000 });
    expect([...orgWatch.errors, ...visitorWatch.errors]).toEqual([]);
  }, 180_000);
});
