import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

/*
 * Issue 15: the organiser inbox. Notices are keyed by organisation member (account), made through the module's port
 * (`notifyMembers`, what the failed-refund alert calls), and read by that member only: another member's notice and
 * another organisation's answer 404 and never show; a notice gated by a code (AP-183) shows only while the member
 * holds it, one for an event only while the member's item scope reaches the event. A replayed notice is made once.
 */
const PASSWORD = 'Team#Secure2026';
const BASE = '/api/notifyservices/api/organiser/notifications';
let t: TestApp;
let owner: Awaited<ReturnType<typeof signupOrganiser>>;
let other: Awaited<ReturnType<typeof signupOrganiser>>;
let orgId: string;
let otherOrgId: string;
let eventId: string;
let secondEventId: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function member(name: string, codes: string[]) {
  const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: bearer(owner.accessToken), payload: { name: `Role ${name}`, codes } });
  expect(role.statusCode, role.body).toBe(201);
  const email = `${name}@org-inbox.example`;
  const u = await t.ctx.auth.createUser({ organisationId: orgId, email, password: PASSWORD, firstName: name, userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
  ids[name] = (u as { id: string }).id;
}
async function login(name: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: `${name}@org-inbox.example`, password: PASSWORD }, remoteAddress: '10.92.0.1' });
  expect(res.statusCode, res.body).toBe(200);
  tokens[name] = res.json().data.accessToken;
}
type Notice = { id: string; kind: string; title: string; link: string | null; eventId: string | null; readAt: string | null };
async function list(token: string, query = '') {
  const res = await t.app.inject({ url: `${BASE}${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Notice[]; total: number; unread: number; page: number; pageSize: number };
}
const refundNotice = (refundId: string, ev = eventId) => ({ kind: 'REFUND_FAILED', title: `Refund failed ${refundId}`, body: 'The refund failed.', link: `/app/registration/orders?eventId=${ev}&search=R-1`, eventId: ev, accessCode: 'AP-183', dedupeKey: `refund-failed:${refundId}` });

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: 'organiser-inbox-test-secret-at-least-32-chars' });
  owner = await signupOrganiser(t.app, { organisationName: 'Inbox Org' });
  other = await signupOrganiser(t.app, { organisationName: 'Other Org' });
  orgId = (await t.ctx.tokens.verifyAccess(owner.accessToken))!.organisationId!;
  otherOrgId = (await t.ctx.tokens.verifyAccess(other.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, owner.accessToken, 'Inbox Expo');
  secondEventId = await createEvent(t.app, owner.accessToken, 'Second Expo');
  await member('approver', ['AP-183']);
  await member('viewer', ['AP-181']);
  await member('scoped', ['AP-183']);
  // The scoped approver reaches only the second event.
  const scope = await t.app.inject({ method: 'PATCH', url: `/api/auth/team/${ids.scoped}`, headers: bearer(owner.accessToken), payload: { itemAccess: [{ itemType: 'event', itemId: secondEventId }] } });
  expect(scope.statusCode, scope.body).toBe(200);
  for (const n of ['approver', 'viewer', 'scoped']) await login(n);
});
afterAll(async () => {
  await t?.close();
});

describe('the organiser inbox', () => {
  it('shows each member their own notices, gated by the code and the event; another organisation sees nothing', async () => {
    const made = await t.ctx.organiserInbox.notifyMembers(orgId, [owner.userData.id, ids.approver!, ids.viewer!, ids.scoped!], refundNotice('rf-1'));
    expect(made).toHaveLength(4);
    // A notice of no code reaches the viewer too.
    await t.ctx.organiserInbox.notifyMembers(orgId, [ids.viewer!], { kind: 'INFO', title: 'For everyone', body: 'Hello', dedupeKey: 'info:1' });

    const approver = await list(tokens.approver!);
    expect(approver).toMatchObject({ total: 1, unread: 1, page: 1, pageSize: 10 });
    expect(approver.items[0]).toMatchObject({ kind: 'REFUND_FAILED', title: 'Refund failed rf-1', eventId, readAt: null, link: `/app/registration/orders?eventId=${eventId}&search=R-1` });
    expect((await list(owner.accessToken)).items.map((n) => n.title)).toEqual(['Refund failed rf-1']);
    // AP gating: the viewer (no AP-183) does not see the refund notice stored for them, only the ungated one.
    expect((await list(tokens.viewer!)).items.map((n) => n.title)).toEqual(['For everyone']);
    // Item scope: the scoped approver does not reach the first event.
    expect((await list(tokens.scoped!)).total).toBe(0);
    // Another organisation's owner sees nothing, and cannot mark the notice read.
    expect(await list(other.accessToken)).toMatchObject({ total: 0, unread: 0, items: [] });
    const foreign = await t.app.inject({ method: 'POST', url: `${BASE}/${approver.items[0]!.id}/read`, headers: bearer(other.accessToken) });
    expect(foreign.statusCode).toBe(404);
    // Another member of the same organisation cannot either.
    const notMine = await t.app.inject({ method: 'POST', url: `${BASE}/${approver.items[0]!.id}/read`, headers: bearer(tokens.viewer!) });
    expect(notMine.statusCode).toBe(404);
    expect((await list(tokens.approver!)).unread).toBe(1);

    // A notice of another organisation made for the same account id stays in that organisation.
    await t.ctx.organiserInbox.notifyMembers(otherOrgId, [other.userData.id], { kind: 'INFO', title: 'Other org', body: 'x', dedupeKey: 'info:other' });
    expect((await list(owner.accessToken)).items.map((n) => n.title)).not.toContain('Other org');
    expect((await list(other.accessToken)).items.map((n) => n.title)).toEqual(['Other org']);
  });

  it('marks one read (the first read time stays) and all read; a replayed notice is made once', async () => {
    await t.ctx.organiserInbox.notifyMembers(orgId, [ids.approver!], refundNotice('rf-2'));
    expect(await t.ctx.organiserInbox.notifyMembers(orgId, [ids.approver!], refundNotice('rf-2'))).toEqual([]);
    const before = await list(tokens.approver!);
    expect(before).toMatchObject({ total: 2, unread: 2 });
    const first = before.items.find((n) => n.title === 'Refund failed rf-2')!;
    const read = await t.app.inject({ method: 'POST', url: `${BASE}/${first.id}/read`, headers: bearer(tokens.approver!) });
    expect(read.statusCode, read.body).toBe(200);
    const readAt = read.json().data.readAt as string;
    expect(readAt).toEqual(expect.any(String));
    const again = await t.app.inject({ method: 'POST', url: `${BASE}/${first.id}/read`, headers: bearer(tokens.approver!) });
    expect(again.json().data.readAt).toBe(readAt);
    expect(await list(tokens.approver!, '?unreadOnly=true')).toMatchObject({ total: 1, unread: 1 });

    const all = await t.app.inject({ method: 'POST', url: `${BASE}/read-all`, headers: bearer(tokens.approver!) });
    expect(all.json().data).toEqual({ updated: 1, unread: 0 });
    expect(await list(tokens.approver!)).toMatchObject({ total: 2, unread: 0 });
    // The owner's copy of rf-1 is untouched.
    expect((await list(owner.accessToken)).unread).toBe(1);
  });

  it('refuses the signed-out, bad queries and hostile ids', async () => {
    expect((await t.app.inject({ url: BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/read-all` })).statusCode).toBe(401);
    for (const q of ['?pageSize=0', '?page=abc', '?unreadOnly=yes', `?pageSize=${10_000}`]) {
      const res = await t.app.inject({ url: `${BASE}${q}`, headers: bearer(tokens.approver!) });
      expect(res.statusCode, q).toBe(400);
    }
    for (const id of ["x' or 1=1 --", '<script>', 'a'.repeat(65)]) {
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/${encodeURIComponent(id)}/read`, headers: bearer(tokens.approver!) });
      expect([400, 404], id).toContain(res.statusCode);
    }
  });
});
