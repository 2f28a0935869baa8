import {
  DEFAULT_CERTIFICATE_TEMPLATE,
  describeAttendanceRule,
  escapeHtml,
  fillBuckets,
  meetsAttendanceRule,
  reportWindow,
  type TAttendanceRule,
  type TAttendanceSummary,
  type TCertificate,
  type TCertificateEmailRequest,
  type TCertificateIssueRequest,
  type TCertificateIssueResult,
  type TCertificateListQuery,
  type TCertificateMailBatch,
  type TCertificatePrintActivity,
  type TCertificatePreviewRequest,
  type TCertificateRule,
  type TCertificateRuleRequest,
  type TCertificateRuleRun,
  type TCertificateTemplate,
  type TCertificateTemplateRequest,
  type TCertificateVerification,
  type TPage,
} from '@pavilion/domain';
import type { TMyCertificate } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail.ts';
import { renderCertificateHtml } from './certificate-html.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { certificateErrors } from './certificates.errors.ts';
import { errors } from '../../platform/errors.ts';
import type { CertificateListRow, CertificatesRepository, ClaimedMail, Recipient, RuleRow, TemplateRow } from './certificates.repository.ts';
import { csvDocument } from '../../platform/csv.ts';

export type AttendanceSource = (eventId: string) => Promise<TAttendanceSummary[]>;

const MAIL_MAX_ATTEMPTS = 3;

export function createCertificatesService(deps: {
  repo: CertificatesRepository;
  audit: Audit;
  mailer: Mailer;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<{ id: string; organisationId: string; name: string; startDate: string; endDate: string; timeZone: string } | null>;
  /** Late-bound: the check-in module's attendance summaries, or null while no check-in module is wired. */
  attendance: () => AttendanceSource | null;
  /** The event's programme track ids (a sessions-attended rule's track is checked against them when given). */
  trackIdsOf?: (eventId: string) => Promise<string[]>;
  publicUrl: string;
  now?: () => Date;
  /** The signed-in user's account email: their own certificates are those of registrations made with it. */
  userEmail: (caller: AuthUser) => Promise<string>;
  /** Wakes the certificate mail job (index.ts); requests never talk to SMTP. */
  wakeMail: () => void;
  /** How long a pass's claim on a recipient lasts (MAIL_CLAIM_LEASE_SECONDS): an older claim is a crashed sender's. */
  mailLeaseMs: number;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const verifyUrl = (id: string) => `${deps.publicUrl}/verify/certificate/${id}`;
  const mailDomain = (() => {
    try {
      return new URL(deps.publicUrl).hostname || 'pavilion.local';
    } catch {
      return 'pavilion.local';
    }
  })();

  const templateOut = (t: TemplateRow & { issuedCount?: number }): TCertificateTemplate => ({
    id: t.id,
    eventId: t.eventId,
    name: t.name,
    title: t.title,
    conductedBy: t.conductedBy,
    html: t.html,
    issuedCount: t.issuedCount ?? 0,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  });
  const certOut = (c: CertificateListRow): TCertificate => ({
    id: c.id,
    eventId: c.eventId,
    templateId: c.templateId,
    templateName: c.templateName,
    registrationId: c.registrationId,
    registrationNo: c.registrationNo,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    issuedVia: c.issuedVia as TCertificate['issuedVia'],
    issuedAt: c.issuedAt.toISOString(),
    emailedAt: c.emailedAt?.toISOString() ?? null,
    revokedAt: c.revokedAt?.toISOString() ?? null,
  });
  const ruleOut = (r: RuleRow): TCertificateRule => ({
    id: r.id,
    eventId: r.eventId,
    templateId: r.templateId,
    rule: r.rule,
    description: describeAttendanceRule(r.rule),
    isActive: r.isActive,
    lastRunAt: r.lastRunAt?.toISOString() ?? null,
    lastRunIssued: r.lastRunIssued,
    createdAt: r.createdAt.toISOString(),
  });

  async function template(eventId: string, id: string): Promise<TemplateRow> {
    const t = await repo.findTemplate(eventId, id);
    if (!t) throw certificateErrors.templateNotFound();
    return t;
  }

  /** Issues one certificate per recipient for the template; pairs that already exist are kept (idempotent). */
  async function issueTo(t: TemplateRow, recipients: Recipient[], via: 'manual' | 'bulk' | 'rule', extra: { ruleId?: string; actorUserId?: string }): Promise<number> {
    const inserted = await repo.insertCertificates(
      recipients.map((r) => ({
        id: newId(),
        organisationId: t.organisationId,
        eventId: t.eventId,
        templateId: t.id,
        registrationId: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        title: t.title,
        conductedBy: t.conductedBy,
        issuedVia: via,
        ruleId: extra.ruleId ?? null,
        issuedBy: extra.actorUserId ?? null,
        issuedAt: now(),
      })),
    );
    return inserted.length;
  }

  async function runRule(rule: RuleRow, source: AttendanceSource, onlyRegistrationId?: string): Promise<TCertificateRuleRun> {
    const summaries = (await source(rule.eventId)).filter((s) => !onlyRegistrationId || s.registrationId === onlyRegistrationId);
    const qualified = [...new Set(summaries.filter((s) => meetsAttendanceRule(rule.rule, s)).map((s) => s.registrationId))];
    const t = await repo.findTemplate(rule.eventId, rule.templateId);
    let issued = 0;
    if (t && qualified.length > 0) {
      // Attendance alone is not enough: only admissible registrations hold certificates.
      const recipients = await repo.admissibleRecipients(rule.eventId, { registrationIds: qualified });
      issued = await issueTo(t, recipients, 'rule', { ruleId: rule.id });
    }
    if (!onlyRegistrationId || issued > 0) await repo.updateRule(rule.eventId, rule.id, { lastRunAt: now(), lastRunIssued: issued });
    return { evaluated: summaries.length, qualified: qualified.length, issued, isAttendanceAvailable: true };
  }

  /** A sessions-attended rule's track is one of the event's (another event's track would never match: say so). */
  async function assertRuleTrack(eventId: string, rule: TAttendanceRule): Promise<void> {
    if (rule.kind !== 'sessionsAttended' || rule.trackId === null || !deps.trackIdsOf) return;
    if (!(await deps.trackIdsOf(eventId)).includes(rule.trackId)) throw errors.validation([{ field: 'rule.trackId', key: 'unknownTrack' }]);
  }

  async function fill(c: { firstName: string; lastName: string; title: string; conductedBy: string }, html: string) {
    return renderCertificateHtml(html, { firstName: c.firstName, lastName: c.lastName, title: c.title, conductedBy: c.conductedBy });
  }

  async function mailBatchOf(eventId: string, batchId: string): Promise<TCertificateMailBatch> {
    const b = await repo.findMailBatch(eventId, batchId);
    if (!b) throw certificateErrors.mailBatchNotFound();
    return {
      id: b.id,
      eventId: b.eventId,
      status: b.sent + b.failed >= b.total ? 'done' : 'sending',
      total: b.total,
      sent: b.sent,
      failed: b.failed,
      createdAt: b.createdAt.toISOString(),
      failures: b.failed > 0 ? await repo.mailFailures(b.id) : [],
    };
  }

  function certificateMail(c: ClaimedMail) {
    const url = verifyUrl(c.certificateId);
    const pdfUrl = `${deps.publicUrl}/api/eventservices/public/certificates/${c.certificateId}/certificate.pdf`;
    const at = c.eventName ? ` (${c.eventName})` : '';
    return {
      organisationId: c.organisationId,
      eventId: c.eventId,
      to: c.email,
      // One Message-ID per recipient row: a copy sent again after a crash (see ARCHITECTURE.md, Mail) reads as the same message.
      messageId: `<certificate-mail-${c.id}@${mailDomain}>`,
      subject: `Your certificate: ${c.title}`,
      text: [`Hello ${c.firstName},`, '', `Your certificate for ${c.title}${at} is ready.`, '', `View and verify: ${url}`, `Download PDF: ${pdfUrl}`].join('\n'),
      html: [
        `<p>Hello ${escapeHtml(c.firstName)},</p>`,
        `<p>Your certificate for <strong>${escapeHtml(c.title)}</strong>${c.eventName ? ` (${escapeHtml(c.eventName)})` : ''} is ready.</p>`,
        `<p><a href="${escapeHtml(url)}">View and verify your certificate</a> · <a href="${escapeHtml(pdfUrl)}">Download the PDF</a></p>`,
      ].join('\n'),
    };
  }

  /**
   * The certificate mail job's body: claims up to 100 owed recipients and sends them 25 at a time over the pooled
   * transport, marking each sent as soon as SMTP accepted it. A failure is retried on a later pass (the worker's
   * poll) up to 3 attempts, then recorded with its reason. Answers how many rows it finished (sent or given up), so
   * the worker passes again while there is progress.
   */
  async function drainMail(): Promise<number> {
    const at = now();
    const rows = await repo.claimMail(at, new Date(at.getTime() - deps.mailLeaseMs), 100);
    let finished = 0;
    let next = 0;
    const sendOne = async (c: ClaimedMail) => {
      let error: string;
      try {
        const res = await deps.mailer.send(certificateMail(c));
        if (res.status !== 'failed') {
          await repo.markMailSent(c.id, now());
          finished++;
          return;
        }
        error = res.error ?? 'The mail server refused the message.';
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      const isFinal = c.attempts >= MAIL_MAX_ATTEMPTS;
      await repo.markMailFailed(c.id, now(), error.slice(0, 500), isFinal);
      if (isFinal) finished++;
    };
    await Promise.all(
      Array.from({ length: Math.min(25, rows.length) }, async () => {
        while (next < rows.length) await sendOne(rows[next++]!);
      }),
    );
    return finished;
  }

  async function pdfOf(c: CertificateListRow & { html: string; event: { name: string } }) {
    const pdf = await renderCertificatePdf({
      html: await fill(c, c.html),
      holderName: `${c.firstName} ${c.lastName}`.trim(),
      eventName: c.event.name,
      issuedOn: c.issuedAt.toISOString().slice(0, 10),
      certificateId: c.id,
      verifyUrl: verifyUrl(c.id),
    });
    return { pdf, fileName: `certificate-${c.registrationNo.replace(/[^A-Za-z0-9_-]/g, '_')}-${c.id.slice(0, 6)}.pdf` };
  }

  return {
    defaultTemplate: () => ({ html: DEFAULT_CERTIFICATE_TEMPLATE }),
    async listTemplates(caller: AuthUser, organisationId: string, eventId: string): Promise<TCertificateTemplate[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return (await repo.listTemplates(eventId)).map(templateOut);
    },
    async createTemplate(caller: AuthUser, organisationId: string, eventId: string, input: TCertificateTemplateRequest): Promise<TCertificateTemplate> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await repo.insertTemplate({ id: newId(), organisationId, eventId, ...input });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'certificate.template.create', target: row.id, meta: { eventId } });
      return templateOut(row);
    },
    async updateTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TCertificateTemplateRequest): Promise<TCertificateTemplate> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await repo.updateTemplate(eventId, id, input);
      if (!row) throw certificateErrors.templateNotFound();
      return templateOut(row);
    },
    /** Soft delete: issued certificates stay verifiable. */
    async deleteTemplate(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<void> {
      await deps.assertEvent(caller, organisationId, eventId);
      const row = await repo.updateTemplate(eventId, id, { isDeleted: true });
      if (!row) throw certificateErrors.templateNotFound();
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'certificate.template.delete', target: id, meta: { eventId } });
    },
    async preview(caller: AuthUser, organisationId: string, eventId: string, input: TCertificatePreviewRequest): Promise<{ html: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      return { html: await fill({ firstName: 'Ada', lastName: 'Lovelace', title: input.title ?? 'Your event', conductedBy: input.conductedBy ?? '' }, input.html) };
    },
    async issue(caller: AuthUser, organisationId: string, eventId: string, input: TCertificateIssueRequest): Promise<TCertificateIssueResult> {
      await deps.assertEvent(caller, organisationId, eventId);
      const t = await template(eventId, input.templateId);
      const recipients = await repo.admissibleRecipients(eventId, input.isAllAdmissible ? {} : { registrationIds: input.registrationIds ? [...new Set(input.registrationIds)] : undefined, categoryId: input.categoryId, ticketId: input.ticketId });
      const issued = await issueTo(t, recipients, input.registrationIds ? 'manual' : 'bulk', { actorUserId: caller.userId });
      const asked = input.registrationIds ? new Set(input.registrationIds).size : recipients.length;
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'certificate.issue', target: t.id, meta: { eventId, issued } });
      return { issued, alreadyHad: recipients.length - issued, skipped: asked - recipients.length };
    },
    async list(caller: AuthUser, organisationId: string, eventId: string, q: TCertificateListQuery): Promise<TPage<TCertificate>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { items, total } = await repo.list(eventId, q);
      return { items: items.map(certOut), total, page: q.page, pageSize: q.pageSize };
    },
    /** The Certificate Printing report tab (AP-258) for a SPEC §9 time range, in the event's time zone. */
    async printActivity(caller: AuthUser, organisationId: string, eventId: string, range: number): Promise<TCertificatePrintActivity> {
      await deps.assertEvent(caller, organisationId, eventId);
      const timeZone = (await deps.findEvent(eventId))?.timeZone ?? 'UTC';
      const { bounds: w, offsetMinutes, window } = reportWindow(range, now(), timeZone);
      const a = await repo.activity(organisationId, eventId, { ...w, offsetMinutes });
      return {
        ...window,
        totals: a.totals,
        series: fillBuckets(a.series, w.from, w.to, w.bucket, { issued: 0 }, offsetMinutes),
        byTemplate: a.byTemplate,
        byChannel: a.byChannel,
      };
    },
    async exportCsv(caller: AuthUser, organisationId: string, eventId: string, q: Partial<TCertificateListQuery>): Promise<string> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rows = await repo.listAll(eventId, q);
      const head = ['Certificate ID', 'Reg. No', 'First name', 'Last name', 'Email', 'Template', 'Issued via', 'Issued at', 'Emailed at', 'Revoked at', 'Verification URL'];
      const lines = rows.map((c) => [c.id, c.registrationNo, c.firstName, c.lastName, c.email, c.templateName, c.issuedVia, c.issuedAt.toISOString(), c.emailedAt?.toISOString() ?? '', c.revokedAt?.toISOString() ?? '', verifyUrl(c.id)]);
      return csvDocument([head, ...lines]);
    },
    async pdf(caller: AuthUser, organisationId: string, eventId: string, id: string) {
      await deps.assertEvent(caller, organisationId, eventId);
      const c = await repo.findPublic(id);
      if (!c || c.eventId !== eventId) throw certificateErrors.certificateNotFound();
      return pdfOf(c);
    },
    async revoke(caller: AuthUser, organisationId: string, eventId: string, id: string, reason?: string): Promise<TCertificate> {
      await deps.assertEvent(caller, organisationId, eventId);
      const c = await repo.findInEvent(eventId, id);
      if (!c) throw certificateErrors.certificateNotFound();
      await repo.revoke(eventId, id, now(), reason ?? null);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'certificate.revoke', target: id, meta: { eventId } });
      return certOut((await repo.findInEvent(eventId, id))!);
    },
    /**
     * AP-257 Bulk Email: records the batch and its recipients (one transaction) and wakes the certificate mail job;
     * the caller polls `mailBatch` for progress. Each mail links the holder's certificate page and PDF.
     */
    async email(caller: AuthUser, organisationId: string, eventId: string, input: TCertificateEmailRequest): Promise<TCertificateMailBatch> {
      await deps.assertEvent(caller, organisationId, eventId);
      const id = newId();
      const total = await repo.createMailBatch({ id, organisationId, eventId, createdBy: caller.userId, certificateIds: input.certificateIds, templateId: input.templateId, isOnlyUnsent: input.isOnlyUnsent, newId });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'certificate.email', target: eventId, meta: { batchId: id, total } });
      if (total > 0) deps.wakeMail();
      return mailBatchOf(eventId, id);
    },
    async mailBatch(caller: AuthUser, organisationId: string, eventId: string, batchId: string): Promise<TCertificateMailBatch> {
      await deps.assertEvent(caller, organisationId, eventId);
      return mailBatchOf(eventId, batchId);
    },
    drainMail,

    // Attendance rules
    async listRules(caller: AuthUser, organisationId: string, eventId: string): Promise<TCertificateRule[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return (await repo.listRules(eventId)).map(ruleOut);
    },
    async createRule(caller: AuthUser, organisationId: string, eventId: string, input: TCertificateRuleRequest): Promise<TCertificateRule> {
      await deps.assertEvent(caller, organisationId, eventId);
      await template(eventId, input.templateId);
      await assertRuleTrack(eventId, input.rule as TAttendanceRule);
      const row = await repo.insertRule({ id: newId(), organisationId, eventId, templateId: input.templateId, rule: input.rule as TAttendanceRule, isActive: input.isActive });
      return ruleOut(row);
    },
    async updateRule(caller: AuthUser, organisationId: string, eventId: string, id: string, input: TCertificateRuleRequest): Promise<TCertificateRule> {
      await deps.assertEvent(caller, organisationId, eventId);
      await template(eventId, input.templateId);
      await assertRuleTrack(eventId, input.rule as TAttendanceRule);
      const row = await repo.updateRule(eventId, id, { templateId: input.templateId, rule: input.rule as TAttendanceRule, isActive: input.isActive });
      if (!row) throw certificateErrors.ruleNotFound();
      return ruleOut(row);
    },
    async deleteRule(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<void> {
      await deps.assertEvent(caller, organisationId, eventId);
      if (!(await repo.deleteRule(eventId, id))) throw certificateErrors.ruleNotFound();
    },
    /** "Run rule now": issues to everyone who qualifies and has none yet; running twice issues nothing new. */
    async runRuleNow(caller: AuthUser, organisationId: string, eventId: string, id: string): Promise<TCertificateRuleRun> {
      await deps.assertEvent(caller, organisationId, eventId);
      const rule = await repo.findRule(eventId, id);
      if (!rule) throw certificateErrors.ruleNotFound();
      const source = deps.attendance();
      if (!source) throw certificateErrors.attendanceUnavailable();
      const result = await runRule(rule, source);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'certificate.rule.run', target: id, meta: { eventId, issued: result.issued } });
      return result;
    },
    /** Called by check-in after a check-out: evaluates the event's active rules for that one attendee. */
    async afterCheckout(eventId: string, registrationId: string): Promise<number> {
      const source = deps.attendance();
      if (!source) return 0;
      let issued = 0;
      for (const rule of await repo.activeRules(eventId)) issued += (await runRule(rule, source, registrationId)).issued;
      return issued;
    },

    // Public verification (verify/certificate/{certificateId})
    /** The signed-in participant's certificates (their event home links each PDF and verification page). */
    async mine(caller: AuthUser): Promise<TMyCertificate[]> {
      const rows = await repo.ofEmail(await deps.userEmail(caller));
      return rows.map((r) => ({ ...r, issuedAt: r.issuedAt.toISOString() }));
    },
    async verify(id: string): Promise<TCertificateVerification> {
      const c = await repo.findPublic(id);
      if (!c) throw certificateErrors.certificateNotFound();
      return {
        id: c.id,
        status: c.revokedAt ? 'revoked' : 'valid',
        holderName: `${c.firstName} ${c.lastName}`.trim(),
        title: c.title,
        conductedBy: c.conductedBy,
        eventName: c.event.name,
        eventStartDate: c.event.startDate,
        eventEndDate: c.event.endDate,
        issuedAt: c.issuedAt.toISOString(),
        revokedAt: c.revokedAt?.toISOString() ?? null,
        html: await fill(c, c.html),
      };
    },
    async publicPdf(id: string) {
      const c = await repo.findPublic(id);
      if (!c || c.revokedAt) throw certificateErrors.certificateNotFound();
      return pdfOf(c);
    },
    verifyUrl,
  };
}
export type CertificatesService = ReturnType<typeof createCertificatesService>;
