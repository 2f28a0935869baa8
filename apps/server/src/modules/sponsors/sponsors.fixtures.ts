import { expect } from 'vitest';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';

/** Test helpers shared by the sponsors route tests. */
export const SPONSOR_TEST_PASSWORD = 'Guest#Secure26';
export const sponsorsBase = (ev: string) => `/api/eventservices/events/${ev}/sponsors`;
export const showcaseUrl = (ev: string, from?: 'app' | 'portal') => `/api/eventservices/public/events/${ev}/sponsors${from ? `?from=${from}` : ''}`;
export const uniqueEmail = (prefix: string, domain = 'example.com') => `${prefix}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@${domain}`;

export function sponsorCaller(t: TestApp) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', headers: Record<string, string>, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** A participant of `ev` with the bearer and event access token the app sends after ei/{eventId}. */
export async function eventParticipant(t: TestApp, organisationId: string, ev: string, email = uniqueEmail('p')): Promise<Record<string, string>> {
  const user = await t.ctx.auth.createUser({ email, password: SPONSOR_TEST_PASSWORD, firstName: 'Pat', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(organisationId, ev, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId: ev, eventUserId: eu!.id });
  return { ...bearer(access), 'x-user-access-token': eventAccess };
}

/** A tier and a sponsor in it, made by the organiser. */
export async function tierWithSponsor(t: TestApp, host: Record<string, string>, ev: string, tierName: string, sponsor: Record<string, unknown>): Promise<{ tierId: string; sponsorId: string }> {
  const call = sponsorCaller(t);
  const tier = await call('POST', host, `${sponsorsBase(ev)}/tiers`, { name: tierName, colour: null });
  expect(tier.statusCode, tier.body).toBe(201);
  const tierId = tier.json().data.id as string;
  const made = await call('POST', host, `${sponsorsBase(ev)}/items`, { tierId, description: '', website: '', logoId: null, companyId: null, ...sponsor });
  expect(made.statusCode, made.body).toBe(201);
  return { tierId, sponsorId: made.json().data.id as string };
}
