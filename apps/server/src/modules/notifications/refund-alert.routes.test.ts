import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';

/*
 * Issue 15: a refund the provider later reports failed (`payment.refund_failed`, payments' durable fact) alerts the
 * organisation: every member holding Refunds: Approve Refund (AP-183) for the order's event gets an inbox notice
 * (kind REFUND_FAILED) and a mail with the order, the amount, the reason and a link to the order. Members without the
 * code get nothing; a replayed fact notifies and mails nobody twice; a mail refused by SMTP is sent at the next
 * delivery, once. The notice is in the member's organiser inbox (keyed by account): alerting a member who never
 * opened the event makes no participation of theirs in it. The refund goes through the test gateway ("refunds settle later") and its signed webhook; the SMTP
 * server is real (npm smtp-server) and refuses every message while "down".
 */
const JWT = 'refund-alert-test-secret-at-least-32-characters';
const PASSWORD = 'Team#Secure2026';
let t: TestApp;
let owner: Awaited<ReturnType<typeof signupOrganiser>>;
let orgId: string;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const received = () => smtp.messages;
const mailsTo = (email: string) => received().filter((m) => m.to.includes(email) && /Refund failed/.test(m.raw));
const OWNER_EMAIL = () => owner.userData.email;
const APPROVER = 'approver@refund-alert.example';
const VIEWER = 'viewer@refund-alert.example';

async function member(email: string, codes: string[]) {
  const role = await t.app.inject({ method: 'POST', url: '/api/auth/roles', headers: bearer(owner.accessToken), payload: { name: `Role ${codes.join(' ')}`, codes } });
  expect(role.statusCode, role.body).toBe(201);
  await t.ctx.auth.createUser({ organisationId: orgId, email, password: PASSWORD, firstName: email.split('@')[0]!, userType: 0, role: 'Team Member', accessLevel: 2, roleId: role.json().data.id });
}
/** The member's organiser inbox (signed in to the dashboard, no event), this event's REFUND_FAILED notices. */
async function inbox(email: string, password: string, eventId: string) {
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password }, remoteAddress: '10.91.0.1' });
  expect(login.statusCode, login.body).toBe(200);
  const d = login.json().data as { accessToken: string };
  const res = await t.app.inject({ url: '/api/notifyservices/api/organiser/notifications', headers: bearer(d.accessToken) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { kind: string; title: string; body: string; link: string | null; eventId: string | null }[]).filter((n) => n.kind === 'REFUND_FAILED' && n.eventId === eventId);
}
/** The participations of the event held by the account of this email (an alert must make none). */
const participations = async (email: string, eventId: string) =>
  Number(((await t.ctx.database.db.execute(sql`select count(*)::int as n from event_users eu join users u on u.id = eu.user_id where eu.event_id = ${eventId} and lower(u.email) = lower(${email})`)).rows[0] as { n: number }).n);
/** A paid order whose refund the gateway answers pending, then reports failed through its signed webhook. */
async function failedRefund(reason: string) {
  const eventId = await createEvent(t.app, owner.accessToken, 'Refund Alert Expo');
  const ticket = await createTicket(t.app, owner.accessToken, eventId, { price: 2500, capacity: 5 });
  const placed = await placeOrder(t.app, eventId, orderBody(ticket.id, { expectedTotal: 2500, paymentProvider: 'test' }));
  expect(placed.statusCode, placed.body).toBe(201);
  const data = placed.json().data as { order: { id: string; registrationNo: string }; payment: { sessionId: string } };
  const paid = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/${data.payment.sessionId}/complete`, payload: { outcome: 'pay_refund_pending' } });
  expect(paid.json().data.status).toBe('captured');
  const asked = await t.app.inject({ method: 'POST', url: `/api/productservices/api/events/${eventId}/orders/${data.order.id}/refunds`, headers: bearer(owner.accessToken), payload: { reason } });
  expect(asked.statusCode, asked.body).toBe(201);
  const refundId = asked.json().data.id as string;
  const ref = ((await t.ctx.database.db.execute(sql`select provider_ref from refunds where id = ${refundId}`)).rows[0] as { provider_ref: string }).provider_ref;
  const failed = await t.app.inject({ method: 'POST', url: `/api/eventservices/public/payments/test-gateway/refunds/${ref}/complete`, payload: { outcome: 'fail' } });
  expect(failed.statusCode, failed.body).toBeLessThan(400);
  await t.ctx.outbox.worker.drainNow();
  const regNo = ((await t.ctx.database.db.execute(sql`select registration_no from orders where id = ${data.order.id}`)).rows[0] as { registration_no: string }).registration_no;
  return { eventId, orderId: data.order.id, refundId, regNo };
}
const replay = async (refundId: string) => {
  await t.ctx.database.db.execute(sql`update event_outbox set delivered_at = null, claimed_at = null, attempts = 0 where name = 'payment.refund_failed' and payload->>'refundId' = ${refundId}`);
  await t.ctx.outbox.worker.drainNow();
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, JWT_SECRET: JWT, PUBLIC_URL: 'https://pavilion.test' });
  owner = await signupOrganiser(t.app, { organisationName: 'Refund Alert Org' });
  orgId = (await t.ctx.tokens.verifyAccess(owner.accessToken))!.organisationId!;
  const put = await t.app.inject({ method: 'PUT', url: '/api/productservices/api/payment-settings', headers: bearer(owner.accessToken), payload: { enabledProviders: ['test', 'offline'] } });
  expect(put.statusCode, put.body).toBe(200);
  await member(APPROVER, ['AP-183']);
  await member(VIEWER, ['AP-181']);
});
afterAll(async () => {
  await t?.close();
  await smtp.close();
});

describe('the alert of a failed refund', () => {
  it('puts a notice in the inbox of each member who approves refunds and mails them the order, amount, reason and link; nobody else; a replay repeats nothing', async () => {
    const o = await failedRefund('Wrong size <ordered>');
    const link = `https://pavilion.test/app/registration/orders?eventId=${encodeURIComponent(o.eventId)}&search=${encodeURIComponent(o.regNo)}`;

    for (const email of [OWNER_EMAIL(), APPROVER]) {
      expect(mailsTo(email), email).toHaveLength(1);
      const mail = await PostalMime.parse(mailsTo(email)[0]!.raw);
      expect(mail.subject).toBe(`Refund failed: order ${o.regNo}`);
      expect(mail.text).toContain(`The refund of EUR 25.00 on order ${o.regNo}`);
      expect(mail.text).toContain('at Refund Alert Expo failed at the payment provider');
      expect(mail.text).toContain('Reason given: Wrong size <ordered>.');
      expect(mail.text).toContain(link);
      // The HTML escapes the reason and links the order.
      expect(mail.html).toContain('Wrong size &lt;ordered&gt;');
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    }
    expect(mailsTo(VIEWER)).toHaveLength(0);

    // The alert made no participation of the members in the event (the organiser inbox is keyed by account).
    expect(await participations(APPROVER, o.eventId)).toBe(0);
    expect(await participations(VIEWER, o.eventId)).toBe(0);
    const approverInbox = await inbox(APPROVER, PASSWORD, o.eventId);
    // In the dashboard the link is the order's path (the mail's is the whole URL).
    expect(approverInbox).toEqual([expect.objectContaining({ kind: 'REFUND_FAILED', title: `Refund failed: order ${o.regNo}`, link: link.replace('https://pavilion.test', '') })]);
    expect(approverInbox[0]!.body).toContain('EUR 25.00');
    expect(approverInbox[0]!.body).toContain('Reason given: Wrong size <ordered>.');
    expect(await inbox(VIEWER, PASSWORD, o.eventId)).toEqual([]);

    // The fact delivered again (the outbox is at least once): no second notice, no second mail.
    await replay(o.refundId);
    expect(mailsTo(APPROVER)).toHaveLength(1);
    expect(mailsTo(OWNER_EMAIL())).toHaveLength(1);
    expect(await inbox(APPROVER, PASSWORD, o.eventId)).toHaveLength(1);
  });

  it('shows the notice at once while SMTP refuses the mail, and mails each member once SMTP is back', async () => {
    smtp.setDown(true);
    const o = await failedRefund('Card expired');
    expect(mailsTo(APPROVER).filter((m) => m.raw.includes(`refund-failed.${o.refundId}`))).toHaveLength(0);
    expect(await inbox(APPROVER, PASSWORD, o.eventId)).toHaveLength(1);
    const owed = (await t.ctx.database.db.execute(sql`select delivered_at, error from event_outbox where name = 'payment.refund_failed' and payload->>'refundId' = ${o.refundId}`)).rows as { delivered_at: unknown; error: string | null }[];
    expect(owed).toEqual([expect.objectContaining({ delivered_at: null, error: expect.any(String) })]);

    smtp.setDown(false);
    await t.ctx.outbox.worker.drainNow();
    expect(mailsTo(APPROVER).filter((m) => m.raw.includes(`refund-failed.${o.refundId}`))).toHaveLength(1);
    expect(mailsTo(OWNER_EMAIL()).filter((m) => m.raw.includes(`refund-failed.${o.refundId}`))).toHaveLength(1);
    expect(await inbox(APPROVER, PASSWORD, o.eventId)).toHaveLength(1);
    await replay(o.refundId);
    expect(mailsTo(APPROVER).filter((m) => m.raw.includes(`refund-failed.${o.refundId}`))).toHaveLength(1);
  });
});
