import { z } from 'zod';
import { ZPageQuery } from '../common/pagination.ts';
import { ZReportWindow } from '../analytics/overview.schemas.ts';
import { zRichText } from '../validation/rich-text.ts';
import { ZAttendanceRule } from './attendance-rule.ts';

const zId = z.string().min(1).max(64);

export const ZCertEventParams = z.object({ eventId: zId });
export const ZCertTemplateParams = z.object({ eventId: zId, templateId: zId });
export const ZCertificateParams = z.object({ eventId: zId, certificateId: zId });
export const ZCertRuleParams = z.object({ eventId: zId, ruleId: zId });
export const ZPublicCertificateParams = z.object({ certificateId: zId });

/** A certificate template (SPEC §3.8): HTML with [firstName] [lastName] [title] [conductedBy]. */
export const ZCertificateTemplateRequest = z.strictObject({
  name: z.string().trim().min(1).max(120),
  /** Fills [title]: what the certificate is for (the event or a course). */
  title: z.string().trim().min(1).max(200),
  /** Fills [conductedBy]. */
  conductedBy: z.string().trim().max(200),
  html: zRichText(50_000).refine((v) => v.trim().length > 0, { message: 'required' }),
});
export type TCertificateTemplateRequest = z.infer<typeof ZCertificateTemplateRequest>;

export const ZCertificateTemplate = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  title: z.string(),
  conductedBy: z.string(),
  html: z.string(),
  issuedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCertificateTemplate = z.infer<typeof ZCertificateTemplate>;

export const ZCertificatePreviewRequest = z.strictObject({
  html: zRichText(50_000),
  title: z.string().trim().max(200).optional(),
  conductedBy: z.string().trim().max(200).optional(),
});
export type TCertificatePreviewRequest = z.infer<typeof ZCertificatePreviewRequest>;
export const ZCertificatePreview = z.object({ html: z.string() });

/**
 * Who gets a certificate: chosen registrations (manual), or everyone admissible of a category / ticket (bulk).
 * Exactly one selector.
 */
export const ZCertificateIssueRequest = z
  .strictObject({
    templateId: zId,
    registrationIds: z.array(zId).min(1).max(5000).optional(),
    categoryId: zId.optional(),
    ticketId: zId.optional(),
    isAllAdmissible: z.boolean().optional(),
  })
  .refine((v) => [v.registrationIds, v.categoryId, v.ticketId, v.isAllAdmissible ? true : undefined].filter((x) => x !== undefined).length === 1, {
    message: 'oneSelector',
    path: ['registrationIds'],
  });
export type TCertificateIssueRequest = z.infer<typeof ZCertificateIssueRequest>;

export const ZCertificateIssueResult = z.object({ issued: z.number().int(), alreadyHad: z.number().int(), skipped: z.number().int() });
export type TCertificateIssueResult = z.infer<typeof ZCertificateIssueResult>;

export const CERTIFICATE_ISSUED_VIA = ['manual', 'bulk', 'rule'] as const;
export type TCertificateIssuedVia = (typeof CERTIFICATE_ISSUED_VIA)[number];

export const ZCertificate = z.object({
  id: z.string(),
  eventId: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  registrationId: z.string(),
  registrationNo: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  issuedVia: z.enum(CERTIFICATE_ISSUED_VIA),
  issuedAt: z.string(),
  emailedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

export const ZCertificateListQuery = ZPageQuery.extend({
  templateId: zId.optional(),
  issuedVia: z.enum(CERTIFICATE_ISSUED_VIA).optional(),
  q: z.string().trim().max(100).optional(),
});
export type TCertificateListQuery = z.infer<typeof ZCertificateListQuery>;
export const ZCertificateExportQuery = ZCertificateListQuery.omit({ page: true, pageSize: true });

export const ZCertificateEmailRequest = z
  .strictObject({ certificateIds: z.array(zId).min(1).max(5000).optional(), templateId: zId.optional(), isOnlyUnsent: z.boolean().default(true) })
  .refine((v) => (v.certificateIds ? 1 : 0) + (v.templateId ? 1 : 0) === 1, { message: 'oneSelector', path: ['certificateIds'] });
export type TCertificateEmailRequest = z.infer<typeof ZCertificateEmailRequest>;
/**
 * A bulk certificate mail (AP-257) and its progress: the POST answers 202 with it at once, and the job sends.
 * `status` is sending until every recipient is sent or failed; `failures` names each failed recipient and why.
 */
export const ZCertificateMailBatch = z.object({
  id: z.string(),
  eventId: z.string(),
  status: z.enum(['sending', 'done']),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  failures: z.array(z.object({ certificateId: z.string(), name: z.string(), email: z.string(), error: z.string() })),
});
export type TCertificateMailBatch = z.infer<typeof ZCertificateMailBatch>;
export const ZCertificateMailBatchParams = z.object({ eventId: zId, batchId: zId });

export const ZCertificateRevokeRequest = z.strictObject({ reason: z.string().trim().max(500).optional() });

export const ZCertificateRuleRequest = z.strictObject({
  templateId: zId,
  rule: ZAttendanceRule,
  isActive: z.boolean(),
});
export type TCertificateRuleRequest = z.infer<typeof ZCertificateRuleRequest>;

export const ZCertificateRule = z.object({
  id: z.string(),
  eventId: z.string(),
  templateId: z.string(),
  rule: ZAttendanceRule,
  description: z.string(),
  isActive: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastRunIssued: z.number().int(),
  createdAt: z.string(),
});
export type TCertificateRule = z.infer<typeof ZCertificateRule>;

export const ZCertificateRuleRun = z.object({ evaluated: z.number().int(), qualified: z.number().int(), issued: z.number().int(), isAttendanceAvailable: z.boolean() });
export type TCertificateRuleRun = z.infer<typeof ZCertificateRuleRun>;

/** Public verification of a certificate (verify/certificate/{certificateId}): the certificate names its holder. */
export const ZCertificateVerification = z.object({
  id: z.string(),
  status: z.enum(['valid', 'revoked']),
  holderName: z.string(),
  title: z.string(),
  conductedBy: z.string(),
  eventName: z.string(),
  eventStartDate: z.string(),
  eventEndDate: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The filled, sanitised template for the web view and print. */
  html: z.string(),
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;

/**
 * The Certificate Printing report tab (SPEC §2.6, analytics type 45) for a SPEC §9 time range: certificates issued in
 * the range (revoked ones included: they were issued), mailed and revoked in the range, issues per bucket, per
 * template and per channel (manual, bulk, attendance rule).
 */
export const ZCertificatePrintActivity = ZReportWindow.extend({
  totals: z.object({ issued: z.number().int(), emailed: z.number().int(), revoked: z.number().int() }),
  series: z.array(z.object({ at: z.string(), issued: z.number().int() })),
  byTemplate: z.array(z.object({ templateId: z.string(), templateName: z.string(), issued: z.number().int() })),
  byChannel: z.array(z.object({ issuedVia: z.enum(CERTIFICATE_ISSUED_VIA), issued: z.number().int() })),
});
export type TCertificatePrintActivity = z.infer<typeof ZCertificatePrintActivity>;
