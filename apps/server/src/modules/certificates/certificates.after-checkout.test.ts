import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { eventWithAttendees, pairedDevice, scan } from '../checkin/checkin.fixtures.ts';

// The whole chain through the app: a device checks an attendee out of a session room, check-in tells certificates,
// and the attendance rule issues the certificate without anyone pressing "Run rule now".
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signupOrganiser(t.app, { organisationName: 'Rule Org' })).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('certificates after a check-out', () => {
  it('issues an attendance-rule certificate when a device checks the attendee out', async () => {
    const { eventId, creds, regIds, areaId } = await eventWithAttendees(t.app, token, 2, { name: 'Room A', kind: 'session', tracksExit: true });
    const api = (path: string) => `/api/eventservices/events/${eventId}${path}`;
    const template = await t.app.inject({
      method: 'POST',
      url: api('/certificate-templates'),
      headers: bearer(token),
      payload: { name: 'Session attendance', title: 'Room A talk', conductedBy: 'Rule Org', html: '<p>[firstName] [lastName] attended [title]</p>' },
    });
    expect(template.statusCode).toBe(201);
    const rule = await t.app.inject({
      method: 'POST',
      url: api('/certificate-rules'),
      headers: bearer(token),
      payload: { templateId: template.json().data.id, rule: { kind: 'sessionAreas', minAreas: 1 }, isActive: true },
    });
    expect(rule.statusCode).toBe(201);
    const device = await pairedDevice(t.app, token, eventId, [areaId]);

    expect((await scan(t.app, device.token, { credential: creds[0], areaId, direction: 'in' })).json().data.result).toBe('admitted');
    const listed = async () => (await t.app.inject({ url: api('/certificates'), headers: bearer(token) })).json().data.items as { registrationId: string; issuedVia: string }[];
    // Entering alone earns nothing yet: the rule runs on check-out.
    expect(await listed()).toEqual([]);
    expect((await scan(t.app, device.token, { credential: creds[0], areaId, direction: 'out' })).json().data.result).toBe('exited');
    await expect.poll(listed, { timeout: 5000 }).toEqual([expect.objectContaining({ registrationId: regIds[0], issuedVia: 'rule' })]);
    // The attendee who never came gets nothing.
    expect((await listed()).some((c) => c.registrationId === regIds[1])).toBe(false);
  });
});
