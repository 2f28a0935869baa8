import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { logInAsOrganiser, organiserCallInPage } from '../support/organiser.ts';
import { signInAtEvent } from '../support/attendee.ts';
import { indiaDate } from '../support/api.ts';

/*
 * Issue 14, the virtual venue: the organiser places a hotspot on the demo lobby's banner by clicking it, names it
 * and points it at the info page, writes and shows that info page; the demo attendee of the hybrid event, during the
 * event, opens the lobby and follows the hotspot; once the event is in person, the venue refuses them.
 */
const ATTENDEE = { identifier: 'attendee@demo.pavilion', password: 'Attendee@2026' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function attendeeSignsIn(page: Page) {
  await signInAtEvent(page, server.eventId, ATTENDEE);
}

describe('virtual venue', () => {
  it('the organiser sets a hotspot and an info page; an attendee of the hybrid event follows it; in person it is closed', async () => {
    const organiser = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const orgWatch = watchPage(organiser);
    await logInAsOrganiser(organiser);
    const events = `/api/eventservices/events/${server.eventId}`;
    // The demo expo is hybrid and in February 2027: move it to "now" so that its venue is open (SPEC §2.5).
    await organiserCallInPage(organiser, 'PATCH', events, { startDate: indiaDate(-1), endDate: indiaDate(1) });

    await organiser.goto(`/app/portal/venue?eventId=${server.eventId}`);
    const lobby = organiser.getByRole('form', { name: 'Lobby' });
    const banner = lobby.getByTestId('hotspot-banner');
    await banner.waitFor({ timeout: 30_000 });
    // The demo lobby has three hotspots; a click on the banner's right edge adds the fourth there.
    const box = (await banner.boundingBox())!;
    await banner.click({ position: { x: box.width * 0.9, y: box.height * 0.3 } });
    const label = lobby.getByRole('textbox', { name: 'Label' }).nth(3);
    await label.fill('Visitor info');
    await lobby.getByRole('combobox', { name: 'Leads to' }).nth(3).selectOption({ label: 'Info' });
    const across = Number(await lobby.getByRole('textbox', { name: 'Across (%)' }).nth(3).inputValue());
    expect(across).toBeGreaterThan(85);
    expect(across).toBeLessThan(95);
    // Typed positions are the other way to place one (the field keeps them on the banner: 0–100).
    await lobby.getByRole('textbox', { name: 'Down (%)' }).nth(3).fill('30');
    await lobby.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => organiser.getByText('Lobby saved').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(organiser, 'venue editor: lobby');
    await screenshot(organiser, 'venue-editor-lobby');

    await organiser.getByRole('tab', { name: 'Info' }).click();
    const info = organiser.getByRole('form', { name: 'Info' });
    await info.getByRole('textbox', { name: 'Title' }).fill('Visitor information');
    await info.getByRole('textbox', { name: /Content/ }).fill('<h2>Getting around</h2><p>Sessions stream in the <strong>Auditorium</strong>.</p>');
    await expect.poll(() => organiser.getByRole('heading', { name: 'Getting around' }).count()).toBe(1);
    await info.getByRole('button', { name: 'Save' }).click();
    // The server loads its HTML sanitiser (DOMPurify over jsdom) on the first rich-text save.
    await expect.poll(() => organiser.getByText('Info saved').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // The switch works on a saved page: wait for the settings read again after the save (its "Last saved" line), or a
    // click can land while the form re-renders with the page still unsaved.
    await info.getByText(/^Last saved /).waitFor({ timeout: 15_000 });
    await info.getByRole('switch', { name: 'Shown to attendees' }).check();
    await expect.poll(() => organiser.getByText('Info is shown to attendees').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAccessible(organiser, 'venue editor: info');
    await screenshot(organiser, 'venue-editor-info');

    // The attendee, from a fresh browser, during the event.
    const attendee = await (await newContext(browser, server.url, { width: 1366, height: 900 })).newPage();
    const attWatch = watchPage(attendee);
    await attendeeSignsIn(attendee);
    await attendee.goto('/attendium-v2/lobby');
    const hotspots = attendee.getByRole('navigation', { name: 'Where to go from the lobby' });
    await hotspots.waitFor({ timeout: 30_000 });
    expect(await hotspots.getByRole('link').allInnerTexts()).toEqual(['Exhibition Hall', 'Auditorium', 'Help Desk', 'Visitor info']);
    expect(await attendee.getByRole('img', { name: /The lobby of Pavilion Demo Expo/ }).count()).toBe(1);
    await expectAccessible(attendee, 'lobby');
    await screenshot(attendee, 'venue-lobby');
    await hotspots.getByRole('link', { name: 'Visitor info' }).click();
    await attendee.waitForURL('**/attendium-v2/info');
    await attendee.getByRole('heading', { name: 'Visitor information', level: 1 }).waitFor();
    expect(await attendee.getByRole('heading', { name: 'Getting around' }).count()).toBe(1);
    await expectAccessible(attendee, 'venue info');

    // The hall is not set up yet: it says so rather than inventing any booths.
    await attendee.goto('/attendium-v2/exhibition-hall');
    await attendee.getByText('The organiser has not set up the exhibition hall yet.').waitFor();
    // Once the organiser has an exhibitor with a booth and publishes the hall, the hall lists the exhibitors and their
    // booths (the exhibition module's list, with its search).
    const ex = `${events}/exhibition`;
    const company = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${ex}/companies`, { name: 'Nimbus Textiles', category: 'Textiles' });
    const stall = await organiserCallInPage<{ id: string }>(organiser, 'POST', `${ex}/booths`, { hall: 'Hall 2', number: 'C7', sizeSqm: 9, stallType: 'shell', price: 0, x: 0, y: 0, w: 3, h: 3 });
    await organiserCallInPage(organiser, 'PUT', `${ex}/booths/${stall.id}/holder`, { companyId: company.id });
    await organiserCallInPage(organiser, 'PUT', `${events}/venue/exhibition-hall`, { heading: 'The Exhibition Hall', intro: 'Meet the exhibitors of the expo.' });
    await organiserCallInPage(organiser, 'PUT', `${events}/venue/exhibition-hall/publication`, { isPublished: true });
    await attendee.reload();
    await attendee.getByRole('heading', { name: 'The Exhibition Hall' }).waitFor({ timeout: 15_000 });
    await attendee.getByTestId('exhibitor-row').filter({ hasText: 'Nimbus Textiles' }).getByText('Booth C7 · Hall 2').waitFor({ timeout: 15_000 });
    await expectAccessible(attendee, 'exhibition hall');
    await screenshot(attendee, 'venue-exhibition-hall');
    // The hall's List | Plan: the plan draws the booth as a button named by number and company; it opens the company.
    await attendee.getByText('Hall plan', { exact: true }).click();
    await attendee.getByTestId('attendee-hall-plan').waitFor({ timeout: 15_000 });
    await attendee.getByRole('button', { name: 'Booth C7, Nimbus Textiles' }).click({ timeout: 15_000 });
    const hallCompany = attendee.getByTestId('exhibitor-page');
    await hallCompany.getByRole('heading', { name: 'Nimbus Textiles' }).waitFor({ timeout: 15_000 });
    await hallCompany.getByText('Booth C7 · Hall 2').waitFor();
    expect(new URL(attendee.url()).pathname).toBe('/attendium-v2/exhibition-hall');
    await expectAccessible(attendee, 'exhibition hall company page from the plan');
    await screenshot(attendee, 'venue-exhibition-hall-plan-company');
    await attendee.getByRole('button', { name: 'All exhibitors' }).click();
    await attendee.getByTestId('attendee-hall-plan').waitFor({ timeout: 10_000 });
    await attendee.getByText('List', { exact: true }).click();
    await attendee.getByTestId('exhibitor-row').filter({ hasText: 'Nimbus Textiles' }).waitFor({ timeout: 10_000 });
    // The portal's Exhibitors entry is the app's Exhibitors tab, in the portal's frame.
    await attendee.getByRole('link', { name: 'Exhibitors', exact: true }).click();
    await attendee.waitForURL('**/attendium-v2/exhibitors*');
    await attendee.getByTestId('exhibitor-row').filter({ hasText: 'Nimbus Textiles' }).waitFor({ timeout: 15_000 });
    // My Schedule opens the schedule on the attendee's own sessions and meetings.
    await attendee.getByRole('link', { name: 'My Schedule', exact: true }).click();
    await attendee.waitForURL('**/attendium-v2/my-schedule*');
    await attendee.getByRole('heading', { name: 'My Schedule', level: 1 }).waitFor({ timeout: 15_000 });
    await expect.poll(() => attendee.getByRole('radio', { name: 'My schedule' }).isChecked(), { timeout: 15_000 }).toBe(true);
    // Agenda: the whole programme at a glance, day by day, parallel sessions in one time slot (read-only).
    await attendee.getByRole('link', { name: 'Agenda', exact: true }).click();
    await attendee.waitForURL('**/attendium-v2/agenda*');
    await attendee.getByRole('heading', { name: 'Agenda', level: 1 }).waitFor({ timeout: 15_000 });
    await expect.poll(() => attendee.getByTestId('agenda-session').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await attendee.getByRole('button', { name: /book/i }).count()).toBe(0);
    await expectAccessible(attendee, 'portal agenda');
    await screenshot(attendee, 'venue-agenda');
    // The auditorium shows the programme's live or next session, or says there is none.
    await organiserCallInPage(organiser, 'PUT', `${events}/venue/auditorium`, { heading: 'The Auditorium', intro: 'Keynotes and panels.', liveStreamUrl: null });
    await organiserCallInPage(organiser, 'PUT', `${events}/venue/auditorium/publication`, { isPublished: true });
    await attendee.goto('/attendium-v2/auditorium');
    await attendee.getByRole('heading', { name: 'The Auditorium' }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await attendee.getByTestId('auditorium-session').count()) + (await attendee.getByText('No live or upcoming session').count()), { timeout: 15_000 }).toBeGreaterThan(0);

    // On a phone the lobby's hotspots stay links on the banner.
    await attendee.setViewportSize({ width: 390, height: 844 });
    await attendee.goto('/attendium-v2/lobby');
    await hotspots.getByRole('link', { name: 'Auditorium' }).waitFor();
    await screenshot(attendee, 'venue-lobby-phone');

    // The organiser makes the event in person: the venue refuses, on the page and in the API.
    await organiserCallInPage(organiser, 'PATCH', events, { eventMode: 2 });
    await attendee.setViewportSize({ width: 1366, height: 900 });
    await attendee.goto('/attendium-v2/lobby');
    await attendee.getByRole('heading', { name: 'This event is held in person' }).waitFor();
    const refused = await attendee.evaluate(async (eventId) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string };
      const eventData = JSON.parse(localStorage.getItem('eventData') ?? 'null') as { accessCodeToken: string };
      const res = await fetch(`/api/eventservices/portal/events/${eventId}/venue/lobby`, { headers: { authorization: `Bearer ${auth.accessToken}`, 'x-user-access-token': eventData.accessCodeToken } });
      return { status: res.status, code: ((await res.json()) as { code: string }).code };
    }, server.eventId);
    expect(refused).toEqual({ status: 403, code: 'VENUE_NOT_IN_EVENT_MODE' });
    await expectAccessible(attendee, 'venue refused in person');
    await screenshot(attendee, 'venue-in-person');
    expect([...orgWatch.errors, ...attWatch.errors]).toEqual([]);
  }, 120_000);
});
