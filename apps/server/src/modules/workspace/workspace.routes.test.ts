import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let H: Record<string, string>;

const api = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const eventBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  startDate: '2027-05-01',
  endDate: '2027-05-02',
  timeZone: 'Europe/Paris',
  eventMode: 2,
  eventType: 2,
  ...extra,
});

/** Invites, reads the emailed link, accepts it and returns the new member's auth record. */
async function inviteAndJoin(payload: Record<string, unknown>) {
  const before = smtp.messages.length;
  const inv = await api('POST', '/api/auth/team/invitations', H, payload);
  expect(inv.statusCode).toBe(201);
  await smtp.waitFor(before + 1);
  const raw = smtp.messages[before]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /\/er\/([A-Za-z0-9_-]{40,})\?invite=1/.exec(raw)?.[1];
  expect(token).toBeTruthy();
  const preview = await t.app.inject(`/api/auth/invitations/${token}`);
  expect(preview.json().data).toMatchObject({ email: payload.email, organisationName: 'Acme Events' });
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/auth/invitations/accept',
    payload: { token, password: 'Member#Pass2026', confirmPassword: 'Member#Pass2026' },
    remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.1`,
  });
  expect(accepted.statusCode).toBe(200);
  return { token: token!, rec: accepted.json().data as { accessToken: string; userData: { id: string } } };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  owner = await signupOrganiser(t.app, { organisationName: 'Acme Events' });
  other = await signupOrganiser(t.app, { organisationName: 'Other Org' });
  H = bearer(owner.accessToken);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('roles', () => {
  it('creates a role with its codes completed up the hierarchy, and refuses unknown codes and duplicates', async () => {
    const res = await api('POST', '/api/auth/roles', H, { name: 'Check-in desk', codes: ['AP-94'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.codes).toEqual(expect.arrayContaining(['AP-94', 'T-32', 'SM-7', 'M-3']));
    const bad = await api('POST', '/api/auth/roles', H, { name: 'Bad', codes: ['AP-99999', 'X-1'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].key).toBe('pattern');
    const dup = await api('POST', '/api/auth/roles', H, { name: 'check-in DESK', codes: ['AP-94'] });
    expect(dup.statusCode).toBe(409);
    const empty = await api('POST', '/api/auth/roles', H, { name: 'Empty', codes: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps roles to their organisation', async () => {
    const mine = (await api('POST', '/api/auth/roles', H, { name: 'Mine', codes: ['AP-94'] })).json().data;
    const theirs = bearer(other.accessToken);
    expect((await api('PATCH', `/api/auth/roles/${mine.id}`, theirs, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await api('DELETE', `/api/auth/roles/${mine.id}`, theirs)).statusCode).toBe(404);
    expect((await api('GET', '/api/auth/roles', theirs)).json().data.map((r: { id: string }) => r.id)).not.toContain(mine.id);
  });
});

describe('team members', () => {
  it('invites by email; the member sees only its codes, gets 403 elsewhere, and changes apply on the next request', async () => {
    const role = (await api('POST', '/api/auth/roles', H, { name: 'Registration only', codes: ['AP-94', 'AP-6'] })).json().data;
    const { token, rec } = await inviteAndJoin({ email: 'reg@acme.example', firstName: 'Reg', accessLevel: 2, roleId: role.id });
    const M = bearer(rec.accessToken);

    const access = (await api('GET', '/api/auth/my-access', M)).json().data;
    expect(access).toMatchObject({ isAdmin: false, accessLevel: 2 });
    expect(access.codes).toEqual(expect.arrayContaining(['AP-94', 'AP-6', 'M-2', 'M-3']));
    expect(access.codes).not.toContain('AP-840');

    expect((await api('GET', '/api/eventservices/events', M)).statusCode).toBe(200);
    const denied = await api('POST', '/api/eventservices/events', M, eventBody('Nope'));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('ACCESS_DENIED');
    expect((await api('GET', '/api/auth/audit-log', M)).statusCode).toBe(403);

    // Grant event creation: the very next call succeeds, with the same token.
    expect((await api('PATCH', `/api/auth/roles/${role.id}`, H, { codes: ['AP-94', 'AP-6', 'AP-840'] })).statusCode).toBe(200);
    expect((await api('POST', '/api/eventservices/events', M, eventBody('Now allowed'))).statusCode).toBe(201);
    // And take it away again.
    await api('PATCH', `/api/auth/roles/${role.id}`, H, { codes: ['AP-94'] });
    expect((await api('GET', '/api/eventservices/events', M)).statusCode).toBe(403);

    // The invitation works once.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Member#Pass2026', confirmPassword: 'Member#Pass2026' } });
    expect(again.statusCode).toBe(410);

    // A role in use cannot be deleted.
    const del = await api('DELETE', `/api/auth/roles/${role.id}`, H);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('ROLE_IN_USE');
  });

  it('limits a member to some events (item-level access)', async () => {
    const role = (await api('POST', '/api/auth/roles', H, { name: 'Event viewer', codes: ['AP-6', 'AP-7'] })).json().data;
    const e1 = (await api('POST', '/api/eventservices/events', H, eventBody('Visible'))).json().data;
    const e2 = (await api('POST', '/api/eventservices/events', H, eventBody('Hidden'))).json().data;
    const { rec } = await inviteAndJoin({ email: 'scoped@acme.example', firstName: 'Scoped', accessLevel: 2, roleId: role.id, itemAccess: [{ itemType: 'event', itemId: e1.id }] });
    const M = bearer(rec.accessToken);
    const list = (await api('GET', '/api/eventservices/events?pageSize=100', M)).json().data;
    expect(list.items.map((e: { id: string }) => e.id)).toEqual([e1.id]);
    expect((await api('GET', `/api/eventservices/events/${e2.id}`, M)).statusCode).toBe(404);
    expect((await api('PATCH', `/api/eventservices/events/${e2.id}`, M, { name: 'x' })).statusCode).toBe(404);
    expect((await api('PATCH', `/api/eventservices/events/${e1.id}`, M, { name: 'Visible 2' })).statusCode).toBe(200);
  });

  it('refuses an invitation naming another organisation’s role or event', async () => {
    const foreignRole = (await api('POST', '/api/auth/roles', bearer(other.accessToken), { name: 'Foreign', codes: ['AP-6'] })).json().data;
    const res = await api('POST', '/api/auth/team/invitations', H, { email: 'x@acme.example', firstName: 'X', accessLevel: 2, roleId: foreignRole.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'roleId', key: 'unknownRole' }]);
    const foreignEvent = (await api('POST', '/api/eventservices/events', bearer(other.accessToken), eventBody('Theirs'))).json().data;
    const res2 = await api('POST', '/api/auth/team/invitations', H, { email: 'y@acme.example', firstName: 'Y', accessLevel: 1, itemAccess: [{ itemType: 'event', itemId: foreignEvent.id }] });
    expect(res2.statusCode).toBe(400);
    const noRole = await api('POST', '/api/auth/team/invitations', H, { email: 'z@acme.example', firstName: 'Z', accessLevel: 2 });
    expect(noRole.json().errors).toEqual([{ field: 'roleId', key: 'required' }]);
  });

  it('suspends (refused at once), reactivates, and removes a member after handing over its events', async () => {
    const { rec } = await inviteAndJoin({ email: 'temp@acme.example', firstName: 'Temp', accessLevel: 1 });
    const M = bearer(rec.accessToken);
    const made = (await api('POST', '/api/eventservices/events', M, eventBody('Temp made this'))).json().data;
    expect((await api('POST', `/api/auth/team/${rec.userData.id}/suspend`, H)).json().data.status).toBe('suspended');
    expect((await api('GET', '/api/eventservices/events', M)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'temp@acme.example', password: 'Member#Pass2026' }, remoteAddress: '10.6.0.1' });
    expect(login.statusCode).toBe(401);
    await api('POST', `/api/auth/team/${rec.userData.id}/reactivate`, H);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'temp@acme.example', password: 'Member#Pass2026' }, remoteAddress: '10.6.0.2' });
    expect(relogin.statusCode).toBe(200);

    const badHeir = await api('POST', `/api/auth/team/${rec.userData.id}/remove`, H, { handOverTo: rec.userData.id });
    expect(badHeir.statusCode).toBe(400);
    const removed = await api('POST', `/api/auth/team/${rec.userData.id}/remove`, H, { handOverTo: owner.userData.id });
    expect(removed.json().data.handedOver).toBe(1);
    expect((await api('GET', `/api/eventservices/events/${made.id}`, H)).statusCode).toBe(200);
    const team = (await api('GET', '/api/auth/team?pageSize=100', H)).json().data;
    expect(team.items.map((m: { email: string }) => m.email)).not.toContain('temp@acme.example');
  });

  it('protects the owner and the caller from themselves, and members from other organisations', async () => {
    expect((await api('POST', `/api/auth/team/${owner.userData.id}/suspend`, H)).json().code).toBe('OWNER_PROTECTED');
    const theirs = bearer(other.accessToken);
    expect((await api('POST', `/api/auth/team/${owner.userData.id}/suspend`, theirs)).statusCode).toBe(404);
    expect((await api('PATCH', `/api/auth/team/${owner.userData.id}`, theirs, { accessLevel: 2 })).statusCode).toBe(404);
    const mass = await api('PATCH', `/api/auth/team/${owner.userData.id}`, H, { organisationId: 'x', status: 'active' });
    expect(mass.statusCode).toBe(400);
    expect(mass.json().errors).toEqual(expect.arrayContaining([{ field: 'organisationId', key: 'unknownField' }]));
  });
});

describe('regions', () => {
  it('a region manager sees only its region’s events and companies', async () => {
    const north = (await api('POST', '/api/auth/regions', H, { name: 'North' })).json().data;
    const south = (await api('POST', '/api/auth/regions', H, { name: 'South' })).json().data;
    await api('POST', '/api/eventservices/events', H, eventBody('North Fair', { regionId: north.id }));
    await api('POST', '/api/eventservices/events', H, eventBody('South Fair', { regionId: south.id }));
    await api('POST', '/api/auth/companies', H, { name: 'Northwind', regionId: north.id });
    await api('POST', '/api/auth/companies', H, { name: 'Southwind', regionId: south.id });
    const { rec } = await inviteAndJoin({ email: 'north@acme.example', firstName: 'Nora', accessLevel: 1, regionId: north.id });
    const M = bearer(rec.accessToken);
    expect(rec.userData).toMatchObject({ isRegionTeam: true });
    const events = (await api('GET', '/api/eventservices/events?pageSize=100', M)).json().data.items.map((e: { name: string }) => e.name);
    expect(events).toEqual(['North Fair']);
    const companies = (await api('GET', `/api/auth/companies?regionId=${south.id}`, M)).json().data.items.map((c: { name: string }) => c.name);
    expect(companies).toEqual(['Northwind']);
    expect((await api('POST', '/api/eventservices/events', M, eventBody('South sneak', { regionId: south.id }))).statusCode).toBe(403);
    const own = await api('POST', '/api/eventservices/events', M, eventBody('North new'));
    expect(own.json().data.regionId).toBe(north.id);
    expect((await api('POST', '/api/eventservices/events', H, eventBody('Bad region', { regionId: 'nope' }))).json().errors).toEqual([
      { field: 'regionId', key: 'unknownRegion' },
    ]);
  });
});

describe('company users', () => {
  it('invites a company team member: no organiser access, company white-label session data', async () => {
    const company = (await api('POST', '/api/auth/companies', H, { name: 'Globex', isInternational: true })).json().data;
    const { rec } = await inviteAndJoin({ email: 'team@globex.example', firstName: 'Gia', accessLevel: 2, companyId: company.id, companyRole: 'companyTeam' });
    expect(rec.userData).toMatchObject({ whiteLabelType: 'companyTeam', sessionUserType: 3, isInternational: true, role: 'Exhibitor' });
    const M = bearer(rec.accessToken);
    expect((await api('GET', '/api/eventservices/events', M)).statusCode).toBe(403);
    expect((await api('GET', '/api/auth/my-access', M)).json().data).toMatchObject({ organisationId: null, codes: [] });
    const foreign = (await api('POST', '/api/auth/companies', bearer(other.accessToken), { name: 'Theirs' })).json().data;
    const bad = await api('POST', '/api/auth/team/invitations', H, { email: 'x2@globex.example', firstName: 'X', accessLevel: 2, companyId: foreign.id });
    expect(bad.json().errors).toEqual([{ field: 'companyId', key: 'unknownCompany' }]);
  });
});

describe('preset roles and portals', () => {
  it('gives a new organisation a read-only management role whose members see everything and change nothing', async () => {
    const roles = (await api('GET', '/api/auth/roles', H)).json().data;
    const mgmt = roles.find((r: { name: string }) => r.name === 'Management team (read-only)');
    expect(mgmt.codes).toEqual(expect.arrayContaining(['AP-6', 'AP-35', 'AP-814']));
    expect(mgmt.codes).not.toContain('AP-840');
    const { rec } = await inviteAndJoin({ email: 'boss@acme.example', firstName: 'Bo', accessLevel: 2, roleId: mgmt.id });
    const M = bearer(rec.accessToken);
    expect((await api('GET', '/api/eventservices/events', M)).statusCode).toBe(200);
    expect((await api('GET', '/api/auth/audit-log', M)).statusCode).toBe(200);
    expect((await api('POST', '/api/eventservices/events', M, eventBody('No'))).statusCode).toBe(403);
    expect((await api('POST', '/api/auth/roles', M, { name: 'x', codes: ['AP-6'] })).statusCode).toBe(403);
  });

  it('lets a service provider see its portal and invite its service persons', async () => {
    const sp = (await api('POST', '/api/auth/companies', H, { name: 'PowerGrid Electricals', kind: 'serviceProvider' })).json().data;
    expect(sp.kind).toBe('serviceProvider');
    const wrongRole = await api('POST', '/api/auth/team/invitations', H, { email: 'x@power.example', firstName: 'X', accessLevel: 2, companyId: sp.id, companyRole: 'companyTeam' });
    expect(wrongRole.json().errors).toEqual([{ field: 'companyRole', key: 'roleNotForCompanyKind' }]);
    const { rec } = await inviteAndJoin({ email: 'boss@power.example', firstName: 'Pia', accessLevel: 2, companyId: sp.id, companyRole: 'serviceProvider' });
    expect(rec.userData).toMatchObject({ userType: 1, role: 'Service Provider' });
    const P = bearer(rec.accessToken);
    const portal = (await api('GET', '/api/auth/portal', P)).json().data;
    expect(portal).toMatchObject({ role: 'serviceProvider', isMainAccount: true, company: { name: 'PowerGrid Electricals', kind: 'serviceProvider' }, organisationName: 'Acme Events' });
    expect(portal.events.length).toBeGreaterThan(0);
    const before = smtp.messages.length;
    const inv = await api('POST', '/api/auth/portal/invitations', P, { email: 'wire@power.example', firstName: 'Wes' });
    expect(inv.statusCode).toBe(201);
    await smtp.waitFor(before + 1);
    const raw = smtp.messages[before]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /\/er\/([A-Za-z0-9_-]{40,})\?invite=1/.exec(raw)![1];
    const joined = await t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Member#Pass2026', confirmPassword: 'Member#Pass2026' }, remoteAddress: '10.4.0.1' });
    const person = joined.json().data;
    expect(person.userData).toMatchObject({ userType: 6, role: 'Service Persons' });
    const personPortal = (await api('GET', '/api/auth/portal', bearer(person.accessToken))).json().data;
    expect(personPortal).toMatchObject({ role: 'servicePerson', isMainAccount: false, pendingInvitations: [] });
    expect(personPortal.members.map((m: { email: string }) => m.email).sort()).toEqual(['boss@power.example', 'wire@power.example']);
    expect((await api('POST', '/api/auth/portal/invitations', bearer(person.accessToken), { email: 'no@power.example', firstName: 'N' })).statusCode).toBe(403);
    // An organiser (no company) has no portal.
    expect((await api('GET', '/api/auth/portal', H)).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('records logins, failures, permission changes and exports; filters and exports CSV', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: owner.userData.email, password: 'Wrong#Pass123' }, remoteAddress: '10.5.0.1' });
    const page = (await api('GET', '/api/auth/audit-log?pageSize=100', H)).json().data;
    const actions = page.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.signup', 'auth.login.failed', 'role.created', 'role.permissions_changed', 'team.invited', 'team.suspended', 'team.removed']));
    const filtered = (await api('GET', '/api/auth/audit-log?action=team.', H)).json().data;
    expect(filtered.items.every((e: { action: string }) => e.action.startsWith('team.'))).toBe(true);
    expect(filtered.total).toBeGreaterThan(2);

    const csv = await api('GET', '/api/auth/audit-log/export?action=role.', H);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"time","action","actor","actorUserId","target","ip","details"');
    expect(lines.slice(1).every((l) => l.includes('"role.'))).toBe(true);
    const after = (await api('GET', '/api/auth/audit-log?action=audit.exported', H)).json().data;
    expect(after.total).toBe(1);

    const theirs = (await api('GET', '/api/auth/audit-log?pageSize=100', bearer(other.accessToken))).json().data;
    expect(theirs.items.some((e: { target: string | null }) => e.target === 'reg@acme.example')).toBe(false);
  });
});

describe('white labels', () => {
  it('saves branding per type and serves it publicly by custom domain', async () => {
    const saved = await api('PUT', '/api/auth/white-labels/company', H, {
      displayName: 'Acme Exhibitors',
      primaryColor: '#aa3300',
      faviconUrl: 'https://cdn.acme.example/favicon.ico',
      customDomain: 'Exhibitors.Acme.example',
      loginTitle: 'Exhibitor portal',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.customDomain).toBe('exhibitors.acme.example');
    const pub = await t.app.inject('/api/auth/public/branding?type=company&domain=exhibitors.acme.example');
    expect(pub.json().data).toEqual({ displayName: 'Acme Exhibitors', logoUrl: '', primaryColor: '#aa3300', dashboardFavicon: 'https://cdn.acme.example/favicon.ico', loginTitle: 'Exhibitor portal' });
    const fallback = await t.app.inject('/api/auth/public/branding?type=company&domain=unknown.example');
    expect(fallback.json().data.displayName).toBe('Pavilion');
    const clash = await api('PUT', '/api/auth/white-labels/company', bearer(other.accessToken), { displayName: 'Other', customDomain: 'exhibitors.acme.example' });
    expect(clash.statusCode).toBe(409);
    const bad = await api('PUT', '/api/auth/white-labels/company', H, { displayName: 'X', primaryColor: 'red', logoUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
  });
});
