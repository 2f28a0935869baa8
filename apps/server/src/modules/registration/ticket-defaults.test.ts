import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from './registration.fixtures.ts';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  token = (await signupOrganiser(t.app, { organisationName: 'Defaults Org' })).accessToken;
});
afterAll(async () => t?.close());

const newTicket = async (eventId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/eventservices/events/${eventId}/tickets`, headers: bearer(token), payload: { name: 'Pass', isFree: true, ...body } });

describe('a new ticket follows its event', () => {
  it.each([
    ['Asia/Kolkata', 'INR'],
    ['Asia/Calcutta', 'INR'],
    ['Europe/London', 'GBP'],
    ['America/New_York', 'USD'],
    ['Europe/Berlin', 'EUR'],
    ['UTC', 'EUR'],
  ])('an event in %s gets %s when the currency is left out', async (timeZone, currency) => {
    const eventId = await createEvent(t.app, token, `Fair in ${timeZone}`, { timeZone });
    const res = await newTicket(eventId, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.currency).toBe(currency);
  });

  it('keeps the currency the organiser chose, and still checks it', async () => {
    const eventId = await createEvent(t.app, token, 'Delhi Fair', { timeZone: 'Asia/Kolkata' });
    expect((await newTicket(eventId, { currency: 'USD' })).json().data.currency).toBe('USD');
    const bad = await newTicket(eventId, { currency: 'rupees' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ field: 'currency' })] });
  });
});
