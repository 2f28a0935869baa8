import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_ACCOUNTS, seedDemoIfWanted } from './index.ts';

const silent = pino({ level: 'silent' });
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function login(app: TestApp['app'], account: { email: string; password: string }) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: account.email, password: account.password } });
}

describe('seedDemoIfWanted', () => {
  it('creates the demo organiser, attendee and exhibitor once, with PAVILION_DEMO=1', async () => {
    t = await createTestApp({ PAVILION_DEMO: '1' });
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(true);
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(false);
    for (const account of Object.values(DEMO_ACCOUNTS)) expect((await login(t.app, account)).statusCode).toBe(200);
    const host = (await login(t.app, DEMO_ACCOUNTS.organiser)).json().data;
    const events = await t.app.inject({ url: '/api/eventservices/events', headers: { authorization: `Bearer ${host.accessToken}` } });
    expect(events.json().data.total).toBe(1);
    // The attendee is registered for the demo event and can log in to it.
    const eventId = events.json().data.items[0].id;
    const att = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: DEMO_ACCOUNTS.attendee.email, password: DEMO_ACCOUNTS.attendee.password, eventId } });
    expect(att.json().data.eventData.eventId).toBe(eventId);
  });

  it('creates nothing in production without PAVILION_DEMO=1, and nothing with PAVILION_DEMO=0', async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(false);
    expect((await login(t.app, DEMO_ACCOUNTS.organiser)).statusCode).toBe(401);
    await t.close();
    t = await createTestApp({ PAVILION_DEMO: '0' });
    expect(await seedDemoIfWanted(t.ctx, silent)).toBe(false);
  });
});
