import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { TAttendanceSummary } from '@pavilion/domain';
import { bearer, createTestApp, signupOrganiser, type TestApp } from '../../test/test-app.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { createEvent, createTicket, orderBody, placeOrder } from '../registration/registration.fixtures.ts';
import { createRegistrationPort } from '../registration/index.ts';
import { createCertificatesModule } from './index.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let H: Record<string, string>;
let other: Record<string, string>;
let eventId: string;
let otherEventId: string;
let ticketId: string;
let regIds: string[];
let unpaidRegId: string;
let templateId: string;

const api = (path: string) => `/api/eventservices/events/${eventId}${path}`;
const pub = (path: string) => `/api/eventservices/public${path}`;
const TEMPLATE = { name: 'Participation', title: 'Checkout Expo 2027', conductedBy: 'Badge Org', html: '<h1>Certificate</h1><p>[firstName] [lastName]</p><p>[title] by [conductedBy]</p>' };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ PUBLIC_URL: 'http://pavilion.test', SMTP_URL: smtp.url });
  H = bearer((await signupOrganiser(t.app, { organisationName: 'Cert Org' })).accessToken);
  other = bearer((await signupOrganiser(t.app, { organisationName: 'Other Org' })).accessToken);
  const token = H.authorization!.slice(7);
  eventId = await createEvent(t.app, token);
  otherEventId = await createEvent(t.app, token, 'Second Expo');
  ticketId = (await createTicket(t.app, token, eventId, { name: 'Visitor', isFree: true, price: 0 })).id;
  const body = orderBody(ticketId, { quantity: 3 });
  body.attendees[2] = { ...body.attendees[2]!, firstName: '=HYPERLINK("x")', lastName: 'Formula' };
  const res = await placeOrder(t.app, eventId, body);
  regIds = (res.json().data.order.attendees as { id: string }[]).map((a) => a.id);
  const paid = await createTicket(t.app, token, eventId, { name: 'Conference', price: 5000 });
  unpaidRegId = (await placeOrder(t.app, eventId, orderBody(paid.id, { expectedTotal: 5000, paymentProvider: 'test' }))).json().data.order.attendees[0].id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('certificate templates', () => {
  it('offers the default template and refuses class attributes, {{ }} variables and missing fields', async () => {
    const def = await t.app.inject({ url: '/api/eventservices/certificate-templates/default', headers: H });
    expect(def.json().data.html).toContain('[firstName] [lastName]');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...TEMPLATE, html: '<p class="x">[firstName]</p>' }, 'html', 'htmlClassNotAllowed'],
      [{ ...TEMPLATE, html: '<p>{{firstName}}</p>' }, 'html', 'doubleCurlyVariableNotAllowed'],
      [{ ...TEMPLATE, name: '' }, 'name', 'too_small'],
      [{ ...TEMPLATE, html: '   ' }, 'html', 'required'],
      [{ ...TEMPLATE, isDefault: true }, '', 'unknownField'],
    ];
    for (const [payload, field, key] of cases) {
      const res = await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining(field ? { field, key } : { key })]));
    }
  });

  it('creates, lists, updates and previews templates; another organisation gets 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: TEMPLATE });
    expect(res.statusCode).toBe(201);
    templateId = res.json().data.id;
    expect(templateId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const put = await t.app.inject({ method: 'PUT', url: api(`/certificate-templates/${templateId}`), headers: H, payload: { ...TEMPLATE, name: 'Participation 2027' } });
    expect(put.json().data.name).toBe('Participation 2027');
    const list = await t.app.inject({ url: api('/certificate-templates'), headers: H });
    expect(list.json().data).toEqual([expect.objectContaining({ id: templateId, issuedCount: 0 })]);
    const preview = await t.app.inject({ method: 'POST', url: api('/certificate-templates/preview'), headers: H, payload: { html: '<p style="color:red">[firstName] [title]</p><iframe src="https://x.example"></iframe>', title: 'T' } });
    expect(preview.json().data.html).toBe('<p style="color:red">Ada T</p>');
    // Script-like content never reaches the sanitiser: the request guard refuses it (SPEC §5, code 1001).
    const hostile = await t.app.inject({ method: 'POST', url: api('/certificate-templates/preview'), headers: H, payload: { html: '<p onclick="x()">[firstName]</p><script>alert(1)</script>' } });
    expect(hostile.json().code).toBe(1001);
    for (const [method, url, payload] of [
      ['GET', api('/certificate-templates'), undefined],
      ['PUT', api(`/certificate-templates/${templateId}`), TEMPLATE],
      ['DELETE', api(`/certificate-templates/${templateId}`), undefined],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: other, payload })).statusCode).toBe(404);
    }
    // The template does not exist in another event of the same organiser.
    expect((await t.app.inject({ method: 'PUT', url: `/api/eventservices/events/${otherEventId}/certificate-templates/${templateId}`, headers: H, payload: TEMPLATE })).statusCode).toBe(404);
  });
});

describe('issuing', () => {
  it('issues manually to admissible registrations only, once per template', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/certificates/issue'), headers: H, payload: { templateId, registrationIds: [regIds[0], unpaidRegId, 'no-such-registration'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ issued: 1, alreadyHad: 0, skipped: 2 });
    const again = await t.app.inject({ method: 'POST', url: api('/certificates/issue'), headers: H, payload: { templateId, registrationIds: [regIds[0]] } });
    expect(again.json().data).toEqual({ issued: 0, alreadyHad: 1, skipped: 0 });
  });

  it('issues in bulk by ticket, keeping existing ones', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/certificates/issue'), headers: H, payload: { templateId, ticketId } });
    expect(res.json().data).toEqual({ issued: 2, alreadyHad: 1, skipped: 0 });
  });

  it('refuses no selector, two selectors, an unknown template and another tenant', async () => {
    for (const payload of [{ templateId }, { templateId, ticketId, categoryId: 'c1' }, { templateId, registrationIds: [] }]) {
      const res = await t.app.inject({ method: 'POST', url: api('/certificates/issue'), headers: H, payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: api('/certificates/issue'), headers: H, payload: { templateId: 'nope-nope-nope', ticketId } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: api('/certificates/issue'), headers: other, payload: { templateId, ticketId } })).statusCode).toBe(404);
  });
});

describe('certificate printing report, PDF, CSV, email and public verification', () => {
  it('lists with filters and pages', async () => {
    const all = (await t.app.inject({ url: api('/certificates'), headers: H })).json().data;
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject({ templateName: 'Participation 2027', registrationNo: 'REG-000001' });
    expect((await t.app.inject({ url: api('/certificates?issuedVia=bulk'), headers: H })).json().data.total).toBe(2);
    expect((await t.app.inject({ url: api('/certificates?q=Formula'), headers: H })).json().data.total).toBe(1);
    expect((await t.app.inject({ url: api('/certificates?pageSize=1&page=2'), headers: H })).json().data.items).toHaveLength(1);
    expect((await t.app.inject({ url: api('/certificates?issuedVia=magic'), headers: H })).statusCode).toBe(400);
    expect((await t.app.inject({ url: api('/certificates'), headers: other })).statusCode).toBe(404);
  });

  it('exports CSV with formula-looking cells neutralised', async () => {
    const res = await t.app.inject({ url: api('/certificates/export'), headers: H });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Certificate ID,Reg. No,First name,Last name,Email,Template,Issued via,Issued at,Emailed at,Revoked at,Verification URL');
    expect(lines).toHaveLength(4);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).toContain('http://pavilion.test/verify/certificate/');
  });

  it('renders an A4 landscape PDF, and the public page verifies it until it is revoked', async () => {
    const list = (await t.app.inject({ url: api('/certificates?q=Formula'), headers: H })).json().data;
    const id = list.items[0].id as string;
    const pdf = await t.app.inject({ url: api(`/certificates/${id}/certificate.pdf`), headers: H });
    expect(pdf.statusCode).toBe(200);
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect((await t.app.inject({ url: `/api/eventservices/events/${eventId}/certificates/${id}/certificate.pdf`, headers: other })).statusCode).toBe(404);

    const v = await t.app.inject(pub(`/certificates/${id}`));
    expect(v.statusCode).toBe(200);
    expect(v.json().data).toMatchObject({ id, status: 'valid', holderName: '=HYPERLINK("x") Formula', title: 'Checkout Expo 2027', conductedBy: 'Badge Org', eventName: 'Checkout Expo' });
    expect(v.json().data.html).toContain('=HYPERLINK("x") Formula');
    expect((await t.app.inject(pub(`/certificates/${id}/certificate.pdf`))).statusCode).toBe(200);
    const qr = await t.app.inject(pub(`/certificates/${id}/qr.svg`));
    expect(qr.body).toContain('<svg');
    expect((await t.app.inject(pub('/certificates/no-such-certificate'))).statusCode).toBe(404);
    expect((await t.app.inject(pub('/certificates/no-such-certificate/qr.svg'))).statusCode).toBe(404);

    const rev = await t.app.inject({ method: 'POST', url: api(`/certificates/${id}/revoke`), headers: H, payload: { reason: 'issued by mistake' } });
    expect(rev.json().data.revokedAt).not.toBeNull();
    expect((await t.app.inject(pub(`/certificates/${id}`))).json().data.status).toBe('revoked');
    expect((await t.app.inject(pub(`/certificates/${id}/certificate.pdf`))).statusCode).toBe(404);
  });

  it('emails each holder a link once (AP-257), skipping revoked ones', async () => {
    const before = smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: { templateId } });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ total: 2, failed: 0 });
    await smtp.waitFor(before + 2);
    await t.ctx.certificateMail.idle();
    const batch = await t.app.inject({ url: api(`/certificates/email/${res.json().data.id}`), headers: H });
    expect(batch.json().data).toMatchObject({ status: 'done', total: 2, sent: 2, failed: 0, failures: [] });
    const mail = smtp.messages.at(-1)!;
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('http://pavilion.test/verify/certificate/');
    const again = await t.app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: { templateId } });
    expect(again.statusCode).toBe(202);
    expect(again.json().data).toMatchObject({ status: 'done', total: 0, sent: 0, failed: 0 });
    expect((await t.app.inject({ method: 'POST', url: api('/certificates/email'), headers: H, payload: {} })).statusCode).toBe(400);
  });

  it('rate-limits the public verification (60 a minute per address)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await t.app.inject({ url: pub(`/certificates/guess-${i}`), remoteAddress: '10.66.6.6' })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 404)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

describe('attendance rules', () => {
  let ruleTemplateId: string;
  let ruleId: string;

  it('creates and validates rules', async () => {
    ruleTemplateId = (await t.app.inject({ method: 'POST', url: api('/certificate-templates'), headers: H, payload: { ...TEMPLATE, name: 'Attendance' } })).json().data.id;
    const bad = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId: ruleTemplateId, rule: { kind: 'sessionAreas', minAreas: 0 }, isActive: true } });
    expect(bad.statusCode).toBe(400);
    const unknownTemplate = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId: 'nope-nope-nope', rule: { kind: 'sessionAreas', minAreas: 2 }, isActive: true } });
    expect(unknownTemplate.statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: api('/certificate-rules'), headers: H, payload: { templateId: ruleTemplateId, rule: { kind: 'sessionAreas', minAreas: 2 }, isActive: true } });
    expect(res.statusCode).toBe(201);
    ruleId = res.json().data.id;
    expect(res.json().data.description).toBe('Checked in to at least 2 session areas');
    expect((await t.app.inject({ url: api('/certificate-rules'), headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: api(`/certificate-rules/${ruleId}/run`), headers: other })).statusCode).toBe(404);
  });

  it('runs a rule over attendance: issues to admissible attendees who qualify, idempotently, and after a check-out', async () => {
    // Attendance as check-in reports it. r0: two sessions; r1: one; the unpaid one: three (not admissible).
    const attendance: TAttendanceSummary[] = [
      { registrationId: regIds[0]!, areas: [{ areaId: 's1', areaKind: 'session', minutes: 30, entries: 1 }, { areaId: 's2', areaKind: 'session', minutes: 45, entries: 1 }] },
      { registrationId: regIds[1]!, areas: [{ areaId: 's1', areaKind: 'session', minutes: 60, entries: 2 }] },
      { registrationId: unpaidRegId, areas: ['s1', 's2', 's3'].map((areaId) => ({ areaId, areaKind: 'session' as const, minutes: 10, entries: 1 })) },
    ];
    const mod = createCertificatesModule(t.ctx.database.db, {
      audit: { record: async () => {} } as never,
      mailer: t.ctx.mailer,
      assertEvent: async () => {},
      findEvent: (id) => t.ctx.events.findOwner(id),
      attendance: () => async (ev) => (ev === eventId ? attendance : []),
      registrations: createRegistrationPort(t.ctx.database.db),
      publicUrl: 'http://pavilion.test',
      userEmail: async () => '',
      mailLeaseMs: t.config.MAIL_CLAIM_LEASE_SECONDS * 1000,
    });
    const owner = (await t.ctx.events.findOwner(eventId))!;
    const caller = { userId: 'u' } as AuthUser;
    expect(await mod.service.runRuleNow(caller, owner.organisationId, eventId, ruleId)).toEqual({ evaluated: 3, qualified: 2, issued: 1, isAttendanceAvailable: true });
    expect(await mod.service.runRuleNow(caller, owner.organisationId, eventId, ruleId)).toMatchObject({ issued: 0 });
    const issued = (await t.app.inject({ url: api(`/certificates?templateId=${ruleTemplateId}`), headers: H })).json().data;
    expect(issued.items.map((c: { registrationId: string; issuedVia: string }) => [c.registrationId, c.issuedVia])).toEqual([[regIds[0], 'rule']]);
    // r1 attends a second session and checks out: the rule issues for them.
    attendance[1]!.areas.push({ areaId: 's3', areaKind: 'session', minutes: 20, entries: 1 });
    expect(await mod.service.afterCheckout(eventId, regIds[1]!)).toBe(1);
    expect(await mod.service.afterCheckout(eventId, regIds[1]!)).toBe(0);
    const rules = (await t.app.inject({ url: api('/certificate-rules'), headers: H })).json().data;
    expect(rules[0]).toMatchObject({ id: ruleId, lastRunIssued: 1 });
    expect(rules[0].lastRunAt).not.toBeNull();
  });

  it('updates and deletes rules', async () => {
    const put = await t.app.inject({ method: 'PUT', url: api(`/certificate-rules/${ruleId}`), headers: H, payload: { templateId: ruleTemplateId, rule: { kind: 'minutesInArea', areaId: null, minMinutes: 90 }, isActive: false } });
    expect(put.json().data).toMatchObject({ isActive: false, description: 'At least 90 minutes inside any area' });
    expect((await t.app.inject({ method: 'DELETE', url: api(`/certificate-rules/${ruleId}`), headers: H })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: api(`/certificate-rules/${ruleId}`), headers: H })).statusCode).toBe(404);
  });
});
