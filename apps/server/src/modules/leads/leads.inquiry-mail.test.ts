import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { UserType } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

/*
 * Inquiries (issue 18): when a company's staff answer an attendee's question, the asker gets a mail with the answer
 * and a link back to the company's page. The answer writes `leads.inquiry.answered` to the event outbox in its own
 * transaction; the module's subscriber mails it once per answer (a redelivered event mails nobody twice). Closing and
 * reopening mail nothing. Mail goes over SMTP to a local capture server.
 */
const PASSWORD = 'Guest#Secure26';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let orgId: string;
let eventId: string;
let companyId: string;
let productId: string;
type Person = { headers: Record<string, string>; email: string };
let staff: Person;
let asker: Person;

const base = () => `/api/eventservices/events/${eventId}`;
const call = (method: 'GET' | 'POST' | 'PUT', headers: Record<string, string>, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function participant(firstName: string, email = `${firstName.toLowerCase()}-${newId().toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`): Promise<Person> {
  const user = await t.ctx.auth.createUser({ email, password: PASSWORD, firstName, lastName: 'Person', userType: UserType.Attendee, role: 'Attendee', organisationId: null });
  const eu = await t.ctx.events.addParticipant(orgId, eventId, user.id, UserType.Attendee);
  const access = await t.ctx.tokens.signAccess({ userId: user.id, organisationId: null, sessionId: newId() });
  const eventAccess = await t.ctx.tokens.signEventAccess({ userId: user.id, eventId, eventUserId: eu!.id });
  return { headers: { ...bearer(access), 'x-user-access-token': eventAccess }, email };
}
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test', SMTP_URL: smtp.url });
  const a = await signupOrganiser(t.app, { organisationName: 'Inquiry Mail Org' });
  const host = bearer(a.accessToken);
  orgId = (await t.ctx.tokens.verifyAccess(a.accessToken))!.organisationId!;
  eventId = await createEvent(t.app, a.accessToken, 'Inquiry Expo');
  companyId = (await call('POST', host, `${base()}/exhibition/companies`, { name: 'Acme & Sons' })).json().data.id as string;
  productId = (await call('POST', host, `${base()}/exhibition/companies/${companyId}/products`, { name: 'Arm X1', price: null })).json().data.id as string;
  const staffEmail = `staff-${newId().slice(0, 6).toLowerCase()}@example.com`;
  expect((await call('PUT', host, `${base()}/exhibition/companies/${companyId}/staff`, { emails: [staffEmail] })).statusCode).toBe(200);
  staff = await participant('Sam', staffEmail);
  // Being put on the stand team mails the staff member once (exhibition's stand-team mail): set aside before the counts.
  await smtp.waitForMail((m) => m.to.includes(staffEmail));
  smtp.messages.splice(0);
  asker = await participant('Ada');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the answer mail of an inquiry', () => {
  it('mails the asker each answer once, with the question, the answer and a link to the company page; closing and reopening mail nothing', async () => {
    const asked = await call('POST', asker.headers, `${base()}/inquiries`, { companyId, productId, message: 'Lead time for 40 units?\nAnd colours?' });
    expect(asked.statusCode, asked.body).toBe(201);
    const inquiryId = asked.json().data.id as string;
    expect(mailsTo(asker.email)).toHaveLength(0);

    const answered = await call('PUT', staff.headers, `${base()}/booth/leads/inquiries/${inquiryId}/answer`, { answer: 'Six weeks <in> "blue" & red.' });
    expect(answered.statusCode, answered.body).toBe(200);
    // Delivered in the answer's turn: the mail has gone out when the call answers.
    expect(mailsTo(asker.email)).toHaveLength(1);
    const mail = await PostalMime.parse(mailsTo(asker.email)[0]!.raw);
    expect(mail.subject).toBe('Acme & Sons answered your question');
    expect(mail.text).toContain('Your question to Acme & Sons (Arm X1):\nLead time for 40 units?\nAnd colours?');
    expect(mail.text).toContain('Answer from Sam Person:\nSix weeks <in> "blue" & red.');
    expect(mail.text).toContain('Inquiry Expo');
    const link = `http://pavilion.test/tabs/exhibitors?eventId=${encodeURIComponent(eventId)}&company=${encodeURIComponent(companyId)}`;
    expect(mail.text).toContain(link);
    // The HTML escapes what the staff and the asker typed, and links the company page.
    expect(mail.html).toContain('Six weeks &#60;in&#62; &#34;blue&#34; &#38; red.');
    expect(mail.html).not.toContain('<in>');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&#38;')}"`);

    // The outbox row was written with the answer and is delivered; delivered again (at least once), it mails nobody twice.
    const rows = await t.ctx.database.db.execute(sql`select payload, delivered_at from event_outbox where name = 'leads.inquiry.answered' and payload->>'inquiryId' = ${inquiryId}`);
    expect(rows.rows).toHaveLength(1);
    const notice = (rows.rows[0] as { payload: { eventId: string; inquiryId: string; answerId: string; answer: string; answeredBy: string } }).payload;
    expect(notice).toMatchObject({ eventId, inquiryId, answer: 'Six weeks <in> "blue" & red.', answeredBy: 'Sam Person' });
    expect((rows.rows[0] as { delivered_at: unknown }).delivered_at).not.toBeNull();
    await t.ctx.bus.publish('leads.inquiry.answered', notice);
    expect(mailsTo(asker.email)).toHaveLength(1);

    // Closing and reopening (either side) mail nothing; a second answer mails once more, with that answer.
    expect((await call('PUT', staff.headers, `${base()}/booth/leads/inquiries/${inquiryId}/status`, { status: 'closed' })).statusCode).toBe(200);
    expect((await call('PUT', asker.headers, `${base()}/inquiries/${inquiryId}/status`, { status: 'open' })).statusCode).toBe(200);
    expect((await call('PUT', asker.headers, `${base()}/inquiries/${inquiryId}/status`, { status: 'closed' })).statusCode).toBe(200);
    expect((await call('PUT', staff.headers, `${base()}/booth/leads/inquiries/${inquiryId}/status`, { status: 'open' })).statusCode).toBe(200);
    expect(mailsTo(asker.email)).toHaveLength(1);
    expect((await call('PUT', staff.headers, `${base()}/booth/leads/inquiries/${inquiryId}/answer`, { answer: 'Blue ships first.' })).statusCode).toBe(200);
    expect(mailsTo(asker.email)).toHaveLength(2);
    expect((await PostalMime.parse(mailsTo(asker.email)[1]!.raw)).text).toContain('Answer from Sam Person:\nBlue ships first.');
    // A refused answer (closed) writes no notice and mails nothing.
    expect((await call('PUT', staff.headers, `${base()}/booth/leads/inquiries/${inquiryId}/status`, { status: 'closed' })).statusCode).toBe(200);
    expect((await call('PUT', staff.headers, `${base()}/booth/leads/inquiries/${inquiryId}/answer`, { answer: 'Late.' })).statusCode).toBe(409);
    const all = await t.ctx.database.db.execute(sql`select 1 from event_outbox where name = 'leads.inquiry.answered' and payload->>'inquiryId' = ${inquiryId}`);
    expect(all.rows).toHaveLength(2);
    expect(mailsTo(asker.email)).toHaveLength(2);
    // Staff get no copy.
    expect(mailsTo(staff.email)).toHaveLength(0);
  });

  it('takes the mail back when the send fails, so the next delivery of the event mails it', async () => {
    const asked = await call('POST', asker.headers, `${base()}/inquiries`, { companyId, productId: null, message: 'Do you ship to Oslo?' });
    const inquiryId = asked.json().data.id as string;
    const before = mailsTo(asker.email).length;
    const notice = { eventId, inquiryId, answerId: newId(), answer: 'Yes, weekly.', answeredBy: 'Sam Person' };
    // The SMTP server refuses it: the send fails, the subscriber throws (the outbox keeps the event owed) and gives the mark back.
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => ({ id: newId(), status: 'failed', error: 'connection refused' });
    try {
      await expect(t.ctx.bus.publish('leads.inquiry.answered', notice)).rejects.toThrow(/connection refused/);
    } finally {
      t.ctx.mailer.send = send;
    }
    expect(mailsTo(asker.email)).toHaveLength(before);
    // The next delivery mails it, once.
    await t.ctx.bus.publish('leads.inquiry.answered', notice);
    await t.ctx.bus.publish('leads.inquiry.answered', notice);
    const mine = mailsTo(asker.email).slice(before);
    expect(mine).toHaveLength(1);
    const mail = await PostalMime.parse(mine[0]!.raw);
    expect(mail.subject).toBe('Acme & Sons answered your question');
    expect(mail.text).toContain('Your question to Acme & Sons:\nDo you ship to Oslo?');
    expect(mail.text).toContain('Yes, weekly.');
  });
});
