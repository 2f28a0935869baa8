import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { UserType, isAccessGranted, withAncestors } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from './test-app.ts';

/**
 * Every API route × every kind of caller: allowed (the guard lets the call through to validation or the handler) or
 * denied (401/403). The expectation is derived from each route's declaration, and a route missing from the
 * declarations cannot exist (start-up refuses it), so coverage stays complete as routes are added.
 */
type Caller = 'anonymous' | 'attendee' | 'exhibitor' | 'limitedMember' | 'organiserA' | 'organiserB' | 'device';
const CALLERS: Caller[] = ['anonymous', 'attendee', 'exhibitor', 'limitedMember', 'organiserA', 'organiserB', 'device'];
/** The limited member's role: the attendee codes of the registration menu, and viewing the team. */
const LIMITED_CODES = ['AP-94', 'AP-98', 'AP-35'];

let t: TestApp;
const headers: Partial<Record<Caller, Record<string, string>>> = {};

async function loginAs(identifier: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password }, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1` });
  expect(res.statusCode).toBe(200);
  return res.json().data.accessToken as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupOrganiser(t.app, { organisationName: 'A' });
  const b = await signupOrganiser(t.app, { organisationName: 'B' });
  headers.organiserA = bearer(a.accessToken);
  headers.organiserB = bearer(b.accessToken);
  const orgA = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;

  const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: headers.organiserA, payload: { name: 'Registration desk', codes: LIMITED_CODES } });
  expect(role.statusCode).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgA, email: 'desk@a.example', password: 'Desk#Secure2026', firstName: 'Desk', userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  headers.limitedMember = bearer(await loginAs('desk@a.example', 'Desk#Secure2026'));

  await t.ctx.auth.createUser({ organisationId: null, email: 'att@x.example', password: 'Att#Secure2026', firstName: 'At', userType: UserType.Attendee, role: 'Attendee' });
  headers.attendee = bearer(await loginAs('att@x.example', 'Att#Secure2026'));
  await t.ctx.auth.createUser({ organisationId: null, email: 'exh@x.example', password: 'Exh#Secure2026', firstName: 'Ex', userType: UserType.Exhibitor, role: 'Exhibitor' });
  headers.exhibitor = bearer(await loginAs('exh@x.example', 'Exh#Secure2026'));

  // A device credential: signed with the server's key but for another audience; no API route accepts it yet.
  const deviceToken = await new SignJWT({ dev: 'scanner-1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('pavilion')
    .setAudience('device')
    .setSubject('device-1')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(t.config.JWT_SECRET!));
  headers.device = bearer(deviceToken);
});
afterAll(async () => t?.close());

function expected(route: { auth: string; access: string | null }, caller: Caller): 'allowed' | 'denied' {
  if (route.auth === 'public') return 'allowed';
  // Device routes take a paired device's own token; none of these callers holds one.
  if (route.auth === 'device') return 'denied';
  if (caller === 'anonymous' || caller === 'device') return 'denied';
  if (route.auth === 'user' || route.auth === 'refresh') return 'allowed';
  if (caller === 'attendee' || caller === 'exhibitor') return 'denied';
  if (route.auth === 'member') return 'allowed';
  if (caller === 'limitedMember') return isAccessGranted(withAncestors(LIMITED_CODES), route.access!) ? 'allowed' : 'denied';
  return 'allowed';
}

/**
 * The guard's refusals: any 401, and a 403 for a missing organisation or access code. A 403 with a module's own code
 * (not a participant of this event, say) came from a handler, so the guard had let the call through.
 */
function deniedByGuard(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 403 && (code === 'FORBIDDEN' || code === 'ACCESS_DENIED'));
}

describe('access matrix', () => {
  it('covers every API route with a declared auth (and organiser routes with an access code)', () => {
    const api = t.ctx.routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(25);
    for (const r of api) {
      expect(['public', 'user', 'member', 'organiser', 'refresh', 'device']).toContain(r.auth);
      if (r.auth === 'organiser') expect(r.access, `${r.method} ${r.url}`).toMatch(/^AP-\d+$/);
    }
  });

  it('allows or denies each (route, caller) pair as declared', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of t.ctx.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))) {
      const url = route.url.replace(/:(\w+)/g, 'zzzzzzzzzzzzzzzzzzzz').replace('*', 'x');
      for (const caller of CALLERS) {
        const res = await t.app.inject({ method: route.method as 'GET', url, headers: headers[caller] ?? {}, remoteAddress: `10.8.${checked % 250}.${CALLERS.indexOf(caller)}` });
        const outcome = deniedByGuard(res.statusCode, res.statusCode === 403 ? res.json<{ code?: string }>().code : undefined) ? 'denied' : 'allowed';
        const want = expected(route, caller);
        // A refresh route answers 401 for an access-token caller by design (it wants the refresh token).
        const isRefreshCall = route.url === '/api/auth/generate/accessToken';
        if (outcome !== want && !(isRefreshCall && caller !== 'anonymous' && caller !== 'device' && outcome === 'denied')) {
          mismatches.push(`${route.method} ${route.url} as ${caller}: ${res.statusCode} (${want})`);
        }
        checked++;
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(150);
    // The limited member gets through exactly where its codes reach, and nowhere else.
    const reachable = t.ctx.routes.filter((r) => r.auth === 'organiser' && expected(r, 'limitedMember') === 'allowed').map((r) => `${r.method} ${r.url}`);
    expect(reachable.sort()).toEqual([
      'GET /api/auth/team',
      'GET /api/auth/team/invitations',
      'GET /api/eventservices/events/:eventId/registrations',
      'GET /api/eventservices/events/:eventId/registrations/:registrationId',
      'GET /api/eventservices/events/:eventId/registrations/export',
    ]);
  }, 180_000); // every route × every caller: it grows with the API (20–25 s on an idle 2-core machine)
});
