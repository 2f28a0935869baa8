import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { apiCaller } from '../support/api.ts';
import { expectAccessible, launchBrowser, newContext, screenshot, watchPage } from '../support/browser.ts';
import { DEMO_ORGANISER, logInAsOrganiser } from '../support/organiser.ts';

/*
 * Issue 16, session attendance: the organiser gives a new room a check-in area from the room form ("Create one for
 * this room") and adds a "sessions attended ≥ 1" certificate rule; a scanner phone paired with the room's door reads
 * an attendee's badge while a session runs there; the host report tab "Schedule Sessions" counts 1 for that session,
 * and the rule has issued the attendee's certificate (the organiser's Certificate Printing list shows it, by rule).
 * Span attribution: another attendee, Omar, was scanned once, into the first of two consecutive sessions earlier today
 * in the annex, by its door's scanner while it was offline; he stayed. When the phone syncs, he counts at both (the
 * second by the time he spent in the room), and a "sessions attended ≥ 2" rule issues him a second certificate.
 */
const ROOM = 'Hall Nova';
const SESSION = 'Grid storage deep dive';
const ANNEX = 'Hall Nova Annex';
const FIRST_PAST = 'Grid storage primer';
const SECOND_PAST = 'Grid storage hands-on';
const STAYER = { firstName: 'Omar', lastName: 'Farouk', email: 'omar.farouk@example.com' };
const ATTENDEE = { firstName: 'Noor', lastName: 'Haddad', email: 'noor.haddad@example.com' };
const PHONE = { width: 390, height: 844 };
const H = '/api/hospitalityservices/api';

let server: RunningServer;
let browser: Browser;
let token = '';
let credential = '';
let stayerCredential = '';
const call = apiCaller(() => server.url, () => token);
const S = () => `/api/scheduleservices/api/events/${server.eventId}`;

/** "YYYY-MM-DDTHH:mm" in the event's zone, `ms` from now (the session form's wall-clock input). */
function localIn(timeZone: string, ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * How far (ms) to move the annex's block of past sessions (100 to 40 minutes ago, a stay from 95 minutes ago) back so
 * that it lies within one local day of `timeZone`: 0 unless the local day began less than 105 minutes ago; then the
 * block ends 45 minutes before that midnight. A presence ends at the local midnight, so a block across it would lose
 * the second session whenever the test runs in the first hours of the event's day (18:30–20:15 UTC in Asia/Kolkata).
 */
function pastBlockShift(timeZone: string): number {
  const [hour, minute] = localIn(timeZone, 0).slice(11).split(':').map(Number) as [number, number];
  const sinceMidnight = hour * 60 + minute;
  return sinceMidnight < 105 ? (sinceMidnight + 5) * 60_000 : 0;
}

beforeAll(async () => {
  server = await startServer();
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password }) });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  // Set-up a test need not click through: one registration (free ticket, public order) and its badge credential, and a certificate template.
  const ticket = await call<{ id: string }>('POST', `/api/eventservices/events/${server.eventId}/tickets`, { name: 'Session pass', currency: 'INR', isFree: true, price: 0 });
  const order = await call<{ order: { attendees: { id: string }[] } }>(
    'POST',
    `/api/eventservices/public/events/${server.eventId}/orders`,
    { items: [{ ticketId: ticket.id, quantity: 2 }], expectedTotal: 0, currency: 'INR', buyer: ATTENDEE, attendees: [{ ticketId: ticket.id, ...ATTENDEE }, { ticketId: ticket.id, ...STAYER }] },
    { 'idempotency-key': `session-attendance-${Date.now()}` },
  );
  credential = (await call<{ token: string }>('GET', `/api/eventservices/events/${server.eventId}/registrations/${order.order.attendees[0]!.id}/credential`)).token;
  stayerCredential = (await call<{ token: string }>('GET', `/api/eventservices/events/${server.eventId}/registrations/${order.order.attendees[1]!.id}/credential`)).token;
  await call('POST', `/api/eventservices/events/${server.eventId}/certificate-templates`, { name: 'Session attendance', title: 'Pavilion Demo sessions', conductedBy: 'Pavilion Academy', html: '<p>[firstName] [lastName] attended [title]</p>' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function result(page: Page): Promise<string | null> {
  const el = page.getByTestId('scan-result');
  return (await el.count()) ? el.getAttribute('data-result') : null;
}

describe('session attendance: a room door scan counts at the session and earns the certificate', () => {
  it('links a room to a new check-in area, scans a badge there during a session, reports 1 and issues by the sessions rule', async () => {
    const context = await newContext(browser, server.url, { width: 1366, height: 900 });
    const page = await context.newPage();
    const watch = watchPage(page);
    await logInAsOrganiser(page);

    // 1. The room form: a new room whose door gets a check-in area made for it.
    await page.goto(`/app/sessions/rooms?eventId=${server.eventId}`);
    await page.getByRole('button', { name: 'New room' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(ROOM);
    await dialog.getByLabel('Capacity').fill('60');
    await dialog.getByRole('radio', { name: 'Create one for this room' }).check();
    await dialog.getByText('A session area named after the room is made when you save').waitFor();
    await expect.poll(() => dialog.getByRole('radio', { name: 'Create one for this room' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: 'None' }).isChecked()).toBe(false);
    await expectAccessible(page, 'room form with check-in area');
    await screenshot(page, 'session-attendance-room-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: new RegExp(ROOM) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Linked');
    await screenshot(page, 'session-attendance-rooms');

    // The room and its area as the API answers them.
    const rooms = await call<{ items: { id: string; name: string; checkinAreaId: string | null }[] }>('GET', `${S()}/rooms`);
    const room = rooms.items.find((r) => r.name === ROOM)!;
    expect(room.checkinAreaId).toEqual(expect.any(String));
    const areas = await call<{ id: string; name: string; kind: string }[]>('GET', `${H}/events/${server.eventId}/areas`);
    expect(areas.find((a) => a.id === room.checkinAreaId)).toMatchObject({ name: ROOM, kind: 'session' });
    const tz = (await call<{ timeZone: string }>('GET', `${S()}/programme`)).timeZone;

    // 2. The certificate rule, before anyone came: "Attended at least 1 programme session".
    await page.goto(`/app/certificates?eventId=${server.eventId}`);
    await page.getByRole('link', { name: 'Issue' }).click();
    await page.getByRole('heading', { name: 'Attendance rules' }).waitFor({ timeout: 15_000 });
    await page.getByText('Attended at least N programme sessions').click();
    await page.getByLabel('Sessions (N)').fill('1');
    const before = await page.getByTestId('certificate-rule').count();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => page.getByTestId('certificate-rule').count()).toBe(before + 1);
    expect(await page.getByTestId('certificate-rule').allTextContents()).toContainEqual(expect.stringContaining('Attended at least 1 session'));
    await screenshot(page, 'session-attendance-certificate-rule');

    // A "sessions attended ≥ 2" rule too, with a template of its own (through the API: the form was shown above).
    const twoSessionsTemplate = (
      await call<{ id: string }>('POST', `/api/eventservices/events/${server.eventId}/certificate-templates`, { name: 'Two sessions', title: 'Pavilion Demo grid track', conductedBy: 'Pavilion Academy', html: '<p>[firstName] [lastName] attended two sessions</p>' })
    ).id;
    await call('POST', `/api/eventservices/events/${server.eventId}/certificate-rules`, { templateId: twoSessionsTemplate, rule: { kind: 'sessionsAttended', minSessions: 2 }, isActive: true });

    // Set-up through the API: a session running in the room now; the annex (its door a check-in area too) and two
    // consecutive half-hour sessions there earlier, 100 to 70 and 70 to 40 minutes ago. A presence ends at the event
    // day's local midnight, so the annex block never crosses it: in the first 105 minutes of the local day it moves
    // back to end 45 minutes before midnight (the previous day), where Omar's stay still runs past both sessions.
    const body = (title: string, roomId: string, start: string, end: string) => ({ title, descriptionHtml: '', sessionType: 'workshop', trackId: null, roomId, start, end, speakerIds: [], capacity: 60, bookingRequired: false });
    const session = await call<{ id: string }>('POST', `${S()}/sessions`, body(SESSION, room.id, localIn(tz, -10 * 60_000), localIn(tz, 50 * 60_000)));
    const annex = await call<{ id: string; checkinAreaId: string }>('POST', `${S()}/rooms`, { name: ANNEX, capacity: 40, checkinArea: { mode: 'create' } });
    const back = pastBlockShift(tz);
    const firstPast = await call<{ id: string }>('POST', `${S()}/sessions`, body(FIRST_PAST, annex.id, localIn(tz, -100 * 60_000 - back), localIn(tz, -70 * 60_000 - back)));
    const secondPast = await call<{ id: string }>('POST', `${S()}/sessions`, body(SECOND_PAST, annex.id, localIn(tz, -70 * 60_000 - back), localIn(tz, -40 * 60_000 - back)));

    // 3. A scanner phone paired with the room's door; a USB wedge types the badge code and Enter.
    const device = await call<{ code: string }>('POST', `${H}/events/${server.eventId}/devices`, { name: 'Hall Nova door', kind: 'scanner', areaIds: [room.checkinAreaId] });
    const phone = await newContext(browser, server.url, PHONE);
    const scanner = await phone.newPage();
    const scannerWatch = watchPage(scanner);
    await scanner.goto(`/scanner?code=${encodeURIComponent(device.code)}`);
    await scanner.getByTestId('scanner-area').waitFor({ timeout: 30_000 });
    expect(await scanner.getByTestId('scanner-area').textContent()).toContain(ROOM);
    const field = scanner.getByRole('textbox', { name: 'Badge code' });
    await field.fill(credential);
    await field.press('Enter');
    await expect.poll(() => result(scanner), { timeout: 15_000 }).toBe('admitted');
    await expect.poll(() => scanner.getByTestId('scan-result-name').textContent()).toBe(`${ATTENDEE.firstName} ${ATTENDEE.lastName}`);
    await screenshot(scanner, 'session-attendance-door-scan-390');
    expect(scannerWatch.errors).toEqual([]);
    await phone.close();

    // 4. The host report tab "Schedule Sessions": the session counts 1, with its chart.
    const report = await call<{ sessions: { sessionId: string; attended: number }[] }>('GET', `${S()}/reports/schedule-sessions?range=1`);
    expect(report.sessions.find((s) => s.sessionId === session.id)?.attended).toBe(1);
    await page.goto(`/app/reports?eventId=${server.eventId}&view=host&tab=schedule-sessions`);
    const table = page.getByTestId('sessions-table');
    try {
      await table.waitFor({ timeout: 30_000 });
    } catch (err) {
      await screenshot(page, 'session-attendance-report-failed');
      throw err;
    }
    const sessionRow = table.getByRole('row', { name: new RegExp(SESSION) });
    await expect.poll(() => sessionRow.getByTestId('session-attended').textContent(), { timeout: 10_000 }).toBe('1');
    expect(await sessionRow.textContent()).toContain(ROOM);
    await page.getByTestId('sessions-chart').locator('.recharts-bar-rectangle').first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'session-attendance-report');
    await expectAccessible(page, 'schedule sessions report');

    // 5. The annex door's scanner was offline earlier: it read Omar's badge once, 95 minutes ago (or as moved back above),
    // as he came in for the first session, and he stayed. It syncs now (the phone's queued scan, as it posts it on reconnecting).
    const annexDevice = await call<{ code: string }>('POST', `${H}/events/${server.eventId}/devices`, { name: 'Annex door', kind: 'scanner', areaIds: [annex.checkinAreaId] });
    const annexToken = (await call<{ deviceToken: string }>('POST', `${H}/devices/pair`, { code: annexDevice.code }, {})).deviceToken;
    const queued = { scans: [{ nonce: randomUUID(), deviceTime: new Date(Date.now() - 95 * 60_000 - back).toISOString(), credential: stayerCredential, areaId: annex.checkinAreaId, direction: 'in', localResult: 'admitted' }] };
    for (let i = 0; i < 2; i++) await call('POST', `${H}/device/sync`, queued, { authorization: `Bearer ${annexToken}` }); // a retried sync changes nothing
    // Scanned once, into the first: he counts at both (the second by the 30 minutes he spent in it).
    const counts = async () => new Map((await call<{ sessions: { sessionId: string; attended: number }[] }>('GET', `${S()}/reports/schedule-sessions?range=1`)).sessions.map((s) => [s.sessionId, s.attended]));
    await expect.poll(async () => [...(await counts())].filter(([id]) => [firstPast.id, secondPast.id, session.id].includes(id)).sort(), { timeout: 15_000 }).toEqual(
      [[firstPast.id, 1], [secondPast.id, 1], [session.id, 1]].sort(),
    );
    await page.reload();
    const secondRow = page.getByTestId('sessions-table').getByRole('row', { name: new RegExp(SECOND_PAST) });
    await expect.poll(() => secondRow.getByTestId('session-attended').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await secondRow.textContent()).toContain(ANNEX);
    await screenshot(page, 'session-attendance-report-span');

    // 6. The rules issued the certificates when the scans counted them: Noor "≥ 1"; Omar "≥ 1" and "≥ 2 sessions".
    await page.goto(`/app/certificates?eventId=${server.eventId}`);
    await page.getByRole('link', { name: 'Certificate Printing' }).click();
    const cert = page.getByTestId('certificate-row').filter({ hasText: `${ATTENDEE.firstName} ${ATTENDEE.lastName}` });
    await expect.poll(() => cert.count(), { timeout: 15_000 }).toBe(1);
    expect(await cert.textContent()).toContain('Rule');
    const stayer = page.getByTestId('certificate-row').filter({ hasText: `${STAYER.firstName} ${STAYER.lastName}` });
    await expect.poll(() => stayer.count(), { timeout: 15_000 }).toBe(2);
    for (const text of await stayer.allTextContents()) expect(text).toContain('Rule');
    expect((await stayer.allTextContents()).some((text) => text.includes('Two sessions'))).toBe(true);
    await screenshot(page, 'session-attendance-certificate-issued');
    expect(watch.errors).toEqual([]);
    await context.close();
  }, 420_000);
});
