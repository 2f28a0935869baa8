import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { BASE, eventWithAttendees, pairedDevice, scan } from './checkin.fixtures.ts';

// The fixtures' events are in Europe/Berlin (UTC+1 in March). The clock stands at 00:30 Berlin on 2 March
// (23:30 UTC on 1 March): "today" at the door began at 23:00 UTC, not at UTC midnight.
const clock = { now: new Date('2027-03-01T23:30:00Z') };
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock.now });
  token = (await signupOrganiser(t.app, { organisationName: 'Footfall Org' })).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('footfall day', () => {
  it("counts today and its hours in the event's time zone", async () => {
    const ev = await eventWithAttendees(t.app, token, 2);
    const device = await pairedDevice(t.app, token, ev.eventId, [ev.areaId]);
    // 23:10 Berlin on 1 March: yesterday at the venue, though the same UTC day.
    clock.now = new Date('2027-03-01T22:10:00Z');
    expect((await scan(t.app, device.token, { credential: ev.creds[0], areaId: ev.areaId, direction: 'in' })).json().data.result).toBe('admitted');
    // 00:20 Berlin on 2 March.
    clock.now = new Date('2027-03-01T23:20:00Z');
    expect((await scan(t.app, device.token, { credential: ev.creds[1], areaId: ev.areaId, direction: 'in' })).json().data.result).toBe('admitted');
    clock.now = new Date('2027-03-01T23:30:00Z');

    const res = await t.app.inject({ method: 'GET', url: `${BASE}/events/${ev.eventId}/areas/${ev.areaId}/footfall`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const f = res.json().data;
    expect(f.inside).toBe(2);
    expect(f.entriesToday).toBe(1);
    expect(f.hours).toEqual([{ hour: '2027-03-01T23:00:00.000Z', entries: 1, exits: 0 }]);
  });
});
