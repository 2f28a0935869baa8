import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_ACCOUNTS, DEMO_CERTIFICATE_MINUTES, DEMO_COUPON, DEMO_EVENT, DEMO_EVENT_NAME, demoAccess, seedDemoIfWanted } from './index.ts';

const silent = pino({ level: 'silent' });

async function login(app: TestApp['app'], account: { email: string; password: string }, eventId?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: account.email, password: account.password, ...(eventId ? { eventId } : {}) } });
}

describe('the demo story (PAVILION_DEMO=1)', () => {
  let t: TestApp;
  let token = '';
  let eventId = '';
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  const ev = (path: string) => `/api/eventservices/events/${eventId}${path}`;
  const hosp = (path: string) => `/api/hospitalityservices/api/events/${eventId}${path}`;

  beforeAll(async () => {
    t = await createTestApp({ PAVILION_DEMO: '1' });
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(true);
    token = (await login(t.app, DEMO_ACCOUNTS.organiser)).json().data.accessToken;
    const events = await get('/api/eventservices/events');
    expect(events.total).toBe(1);
    eventId = events.items[0].id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates nothing twice: a second start finds the demo and only announces it', async () => {
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(false);
    expect((await get('/api/eventservices/events')).total).toBe(1);
    expect((await get(ev('/registrations?pageSize=100'))).total).toBe(32);
    expect(await get(ev('/tickets'))).toHaveLength(2);
  });

  it('keeps the printed logins working, the attendee registered for the event', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) expect((await login(t.app, account)).statusCode).toBe(200);
    const att = await login(t.app, DEMO_ACCOUNTS.attendee, eventId);
    expect(att.json().data.eventData.eventId).toBe(eventId);
    const own = await get(ev(`/registrations?search=${encodeURIComponent(DEMO_ACCOUNTS.attendee.email)}`));
    expect(own.items).toEqual([expect.objectContaining({ firstName: 'Arjun', approvalStatus: 'approved' })]);
  });

  it('is dated in 2027 in New Delhi, on India time, with tickets in rupees', async () => {
    const event = await get(`/api/eventservices/events/${eventId}`);
    expect(event).toMatchObject({ name: DEMO_EVENT_NAME, startDate: DEMO_EVENT.startDate, endDate: DEMO_EVENT.endDate, timeZone: 'Asia/Kolkata' });
    expect(event.startDate.startsWith('2027-')).toBe(true);
    const tickets = (await get(ev('/tickets'))) as { name: string; isFree: boolean; currency: string; price: number; capacity: number | null; sold: number }[];
    const free = tickets.find((x) => x.isFree)!;
    const paid = tickets.find((x) => !x.isFree)!;
    expect(free).toMatchObject({ currency: 'INR', price: 0, capacity: null });
    expect(paid).toMatchObject({ currency: 'INR', price: 499_900, capacity: 60 });
    const coupons = await get(ev('/coupons'));
    // Used by three paid delegates and one still paying.
    expect(coupons.items).toEqual([expect.objectContaining({ code: DEMO_COUPON, kind: 'percent', value: 10, usedCount: 4 })]);
  });

  it('has registrations in every state, and the counts add up', async () => {
    const count = async (q: string) => (await get(ev(`/registrations?pageSize=1&${q}`))).total as number;
    expect(await count('')).toBe(32);
    expect(await count('approvalStatus=pending')).toBe(1);
    expect(await count('approvalStatus=disapproved')).toBe(1);
    expect(await count('paymentStatus=failed')).toBe(2);
    expect(await count('paymentStatus=paid')).toBe(8);
    expect(await count('paymentStatus=not_required')).toBe(19);
    expect(await count('orderStatus=pending')).toBe(5);
    expect(await count('orderStatus=paid')).toBe(27);
    const orders = await get(ev('/orders?pageSize=100'));
    expect(orders.total).toBe(29);
    // Every admitted registration has its credential (e-badge QR): the gate's offline data lists them all.
    const overview = await get(`/api/analytics/api/events/${eventId}/overview?range=1`);
    expect(overview.registrations).toBe(27);
    expect(overview.revenue).toEqual([{ currency: 'INR', amountMinor: expect.any(Number) }]);
    // 8 delegates at ₹4,999 + 18 % GST, three of them with 10 % off.
    expect(overview.revenue[0].amountMinor).toBe(5 * 589_882 + 3 * 530_894);
    expect(overview.checkIns).toBe(14);
    expect(overview.pageViews.total).toBeGreaterThan(400);
    expect(overview.pageViews.uniqueVisitors).toBeGreaterThan(100);
    // The views spread over the last two weeks, not one instant.
    const days = new Set((overview.pageViews.series as { at: string; count: number }[]).filter((p) => p.count > 0).map((p) => p.at.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(13);
    const today = await get(`/api/analytics/api/events/${eventId}/overview?range=2`);
    expect(today.pageViews.total).toBeLessThan(overview.pageViews.total);
    // The attendee and the exhibitor joined when the campaign started, two weeks ago, not today.
    expect(overview.participants.total).toBe(2);
    expect(today.participants.total).toBe(0);
  });

  it('has a default badge template, printed badges, a gate and a session room with scans, and certificates', async () => {
    const templates = await get(ev('/badge-templates'));
    expect(templates).toEqual([expect.objectContaining({ isDefault: true, pageSize: 'A6' })]);
    const history = await get(ev('/badge-print-history?pageSize=50'));
    expect(history.total).toBe(10);
    const areas = (await get(hosp('/areas'))) as { name: string; kind: string; inside: number }[];
    expect(areas.map((a) => [a.name, a.kind]).sort()).toEqual([
      ['Entrance gate', 'gate'],
      ['Seminar hall', 'session'],
    ]);
    const scans = await get(hosp('/checkins?pageSize=100'));
    const results = (scans.items as { result: string }[]).map((s) => s.result);
    expect(results.filter((r) => r === 'admitted')).toHaveLength(14 + 5);
    expect(results.filter((r) => r === 'exited')).toHaveLength(4);
    expect(results.filter((r) => r !== 'admitted' && r !== 'exited')).toHaveLength(2);
    const attendance = await get(hosp('/attendance?pageSize=100'));
    expect(attendance.total).toBeGreaterThanOrEqual(14);
    const certs = await get(ev('/certificates?pageSize=50'));
    // Three delegates stayed at least the rule's minutes in the Seminar hall and one is still in it (two hours so
    // far); Aisha left after 20 minutes and has none.
    expect(DEMO_CERTIFICATE_MINUTES).toBe(30);
    expect((certs.items as { firstName: string }[]).map((c) => c.firstName).sort()).toEqual(['Chen', 'Harpreet', 'Nikhil', 'Sanjay']);
    expect(await get(ev('/certificate-rules'))).toEqual([expect.objectContaining({ isActive: true })]);
  });

  it('has a programme: rooms, tracks, speakers and sessions over the three days, one workshop to book', async () => {
    const programme = await get(`/api/scheduleservices/api/events/${eventId}/programme`);
    expect(programme.rooms.map((r: { name: string }) => r.name).sort()).toEqual(['Innovation Studio', 'Plenary Hall A']);
    expect(programme.speakers).toHaveLength(3);
    expect(programme.sessions).toHaveLength(6);
    expect(new Set(programme.sessions.map((s: { start: string }) => s.start.slice(0, 10)))).toEqual(new Set(['2027-02-16', '2027-02-17', '2027-02-18']));
    expect(programme.sessions.filter((s: { bookingRequired: boolean }) => s.bookingRequired)).toEqual([expect.objectContaining({ title: 'Workshop: planning a charging depot', capacity: 40, bookedCount: 0 })]);
    // What a visitor's Schedule tab reads, in the event's own time.
    const schedule = await t.app.inject({ url: `/api/scheduleservices/api/events/${eventId}/schedule` });
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(schedule.json().data.sessions[0]).toMatchObject({ title: 'Opening keynote: the next decade of clean power', start: '2027-02-16T10:00' });
  });

  it('has sponsors: Platinum and Gold with three sponsors and their logos, on the portal’s Sponsors', async () => {
    const showcase = await get(`/api/eventservices/public/events/${eventId}/sponsors?from=portal`);
    expect(showcase.tiers.map((x: { name: string; sponsors: { name: string }[] }) => [x.name, x.sponsors.map((s) => s.name)])).toEqual([
      ['Platinum', ['SolarGrid India']],
      ['Gold', ['Metro Motion', 'Rhein Ventures']],
    ]);
    const logo = await t.app.inject({ url: showcase.tiers[0].sponsors[0].logoUrl });
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('prints a gate code that pairs a scanner through the real route', async () => {
    const access = await demoAccess(t.ctx);
    expect(access?.eventId).toBe(eventId);
    expect(access?.gateCode).toMatch(/^[A-Z0-9-]{6,}$/);
    const paired = await t.app.inject({ method: 'POST', url: '/api/hospitalityservices/api/devices/pair', payload: { code: access!.gateCode }, remoteAddress: '10.44.0.1' });
    expect(paired.statusCode, paired.body).toBe(200);
    expect(paired.json().data.device.areas.map((a: { name: string }) => a.name)).toEqual(['Entrance gate']);
    // A code is good once: the next start prints a new one.
    const again = await t.app.inject({ method: 'POST', url: '/api/hospitalityservices/api/devices/pair', payload: { code: access!.gateCode }, remoteAddress: '10.44.0.2' });
    expect(again.statusCode).toBe(400);
  });
});

describe('seedDemoIfWanted without the demo', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('creates nothing in production (which refuses PAVILION_DEMO=1: config.test.ts), and nothing with PAVILION_DEMO=0', async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(false);
    expect((await login(t.app, DEMO_ACCOUNTS.organiser)).statusCode).toBe(401);
    await t.close();
    t = await createTestApp({ PAVILION_DEMO: '0' });
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(false);
    expect((await login(t.app, DEMO_ACCOUNTS.organiser)).statusCode).toBe(401);
  }, 120_000); // two fresh databases
});
