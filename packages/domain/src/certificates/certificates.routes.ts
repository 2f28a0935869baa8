import { z } from 'zod';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { zPage } from '../common/pagination.ts';
import { ZReportRangeQuery } from '../analytics/overview.schemas.ts';
import {
  ZCertEventParams,
  ZCertificate,
  ZCertificateEmailRequest,
  ZCertificateExportQuery,
  ZCertificateIssueRequest,
  ZCertificateIssueResult,
  ZCertificateListQuery,
  ZCertificateMailBatch,
  ZCertificateMailBatchParams,
  ZCertificateParams,
  ZCertificatePreview,
  ZCertificatePreviewRequest,
  ZCertificatePrintActivity,
  ZCertificateRevokeRequest,
  ZCertificateRule,
  ZCertificateRuleRequest,
  ZCertificateRuleRun,
  ZCertificateTemplate,
  ZCertificateTemplateRequest,
  ZCertificateVerification,
  ZCertRuleParams,
  ZCertTemplateParams,
  ZPublicCertificateParams,
} from './certificates.schemas.ts';
import { ZMyCertificate } from './my-certificates.schemas.ts';

const tags = ['certificates'];
const ev = '/api/eventservices/events/:eventId';
const pub = '/api/eventservices/public/certificates/:certificateId';

/**
 * Certificates (issue #5). Organiser routes: Certificate Templates (AP-248..253), Issue (AP-254..257), Printing
 * (AP-258..260) and attendance rules (AP-294..296). Public: verification of one certificate by its unguessable id
 * (the QR on the certificate points at the SPA page verify/certificate/{certificateId}, an addition to SPEC §2.1),
 * limited to 60 requests a minute per IP.
 *
 * A rule's attendance comes from check-in's attendance summaries; the evaluation is the domain's pure
 * `meetsAttendanceRule` / `qualifyingRegistrations`, run for one attendee after an accepted check-in exit.
 */
export const certificatesRoutes = defineRoutes({
  /** Any signed-in participant: the certificates of their own registrations. */
  mine: { method: 'GET', path: '/api/eventservices/certificates/mine', auth: 'user', tags, response: z.array(ZMyCertificate) },

  // ---------------------------------------------------------------- templates
  /** The SPEC §3.8 default template's HTML. */
  defaultTemplate: { method: 'GET', path: '/api/eventservices/certificate-templates/default', auth: 'organiser', access: 'AP-248', tags, response: z.object({ html: z.string() }) },
  /** The event's templates, each with its `issuedCount`. */
  listTemplates: { method: 'GET', path: `${ev}/certificate-templates`, auth: 'organiser', access: 'AP-248', tags, params: ZCertEventParams, response: z.array(ZCertificateTemplate) },
  /** {name, title, conductedBy, html}; SPEC §5 keys `htmlClassNotAllowed`, `doubleCurlyVariableNotAllowed` on bad HTML. */
  createTemplate: {
    method: 'POST',
    path: `${ev}/certificate-templates`,
    auth: 'organiser',
    access: 'AP-249',
    tags,
    params: ZCertEventParams,
    body: ZCertificateTemplateRequest,
    status: 201,
    response: ZCertificateTemplate,
  },
  updateTemplate: {
    method: 'PUT',
    path: `${ev}/certificate-templates/:templateId`,
    auth: 'organiser',
    access: 'AP-250',
    tags,
    params: ZCertTemplateParams,
    body: ZCertificateTemplateRequest,
    response: ZCertificateTemplate,
  },
  /** A soft delete: certificates issued from the template stay verifiable. */
  deleteTemplate: { method: 'DELETE', path: `${ev}/certificate-templates/:templateId`, auth: 'organiser', access: 'AP-251', tags, params: ZCertTemplateParams, response: z.null() },
  /** {html, title?, conductedBy?} → the HTML filled with sample values, sanitised. */
  preview: {
    method: 'POST',
    path: `${ev}/certificate-templates/preview`,
    auth: 'organiser',
    access: 'AP-253',
    tags,
    params: ZCertEventParams,
    body: ZCertificatePreviewRequest,
    response: ZCertificatePreview,
  },

  // ---------------------------------------------------------------- issue
  /**
   * templateId with exactly one of registrationIds (manual) | categoryId | ticketId | isAllAdmissible (bulk) →
   * {issued, alreadyHad, skipped}. Only admissible registrations (approved and paid or free, not refunded) get one;
   * one certificate per (template, registration).
   */
  issue: { method: 'POST', path: `${ev}/certificates/issue`, auth: 'organiser', access: 'AP-256', tags, params: ZCertEventParams, body: ZCertificateIssueRequest, response: ZCertificateIssueResult },
  /**
   * {certificateIds | templateId, isOnlyUnsent = true} → 202 with the batch {id, status sending | done, total, sent,
   * failed, failures}: the batch and its recipients are recorded and the certificate mail job sends a mail per holder
   * with the verify link and the PDF link. With isOnlyUnsent a certificate still owed by an earlier batch is left out.
   */
  email: {
    method: 'POST',
    path: `${ev}/certificates/email`,
    auth: 'organiser',
    access: 'AP-257',
    tags,
    params: ZCertEventParams,
    body: ZCertificateEmailRequest,
    status: 202,
    response: ZCertificateMailBatch,
  },
  /** A mail batch's progress; `failures` lists each recipient not sent. 404 CERTIFICATE_MAIL_BATCH_NOT_FOUND outside the event. */
  mailBatch: { method: 'GET', path: `${ev}/certificates/email/:batchId`, auth: 'organiser', access: 'AP-257', tags, params: ZCertificateMailBatchParams, response: ZCertificateMailBatch },
  revoke: {
    method: 'POST',
    path: `${ev}/certificates/:certificateId/revoke`,
    auth: 'organiser',
    access: 'AP-256',
    tags,
    params: ZCertificateParams,
    body: ZCertificateRevokeRequest,
    response: ZCertificate,
  },

  // ---------------------------------------------------------------- Certificate Printing (report tab)
  /** A page of the event's certificates (page, pageSize, templateId, issuedVia, q). */
  list: { method: 'GET', path: `${ev}/certificates`, auth: 'organiser', access: 'AP-258', tags, params: ZCertEventParams, query: ZCertificateListQuery, response: zPage(ZCertificate) },
  /**
   * The Certificate Printing report tab (SPEC §2.6, analytics type 45) for a SPEC §9 range (default All Dates) in
   * the event's time zone: issued, mailed and revoked in the range, issues per bucket, by template and by channel.
   */
  printActivity: {
    method: 'GET',
    path: `${ev}/certificate-report`,
    auth: 'organiser',
    access: 'AP-258',
    tags,
    params: ZCertEventParams,
    query: ZReportRangeQuery,
    response: ZCertificatePrintActivity,
  },
  /** certificates.csv (attachment; BOM, formula-injection guard). */
  exportCsv: {
    method: 'GET',
    path: `${ev}/certificates/export`,
    auth: 'organiser',
    access: 'AP-259',
    tags,
    params: ZCertEventParams,
    query: ZCertificateExportQuery,
    response: fileResponse('text/csv; charset=utf-8'),
  },
  /** The A4 landscape PDF with the verification QR (attachment). */
  pdf: { method: 'GET', path: `${ev}/certificates/:certificateId/certificate.pdf`, auth: 'organiser', access: 'AP-260', tags, params: ZCertificateParams, response: fileResponse('application/pdf') },

  // ---------------------------------------------------------------- attendance rules
  listRules: { method: 'GET', path: `${ev}/certificate-rules`, auth: 'organiser', access: 'AP-294', tags, params: ZCertEventParams, response: z.array(ZCertificateRule) },
  /** {templateId, rule: {kind: 'sessionAreas', minAreas} | {kind: 'minutesInArea', areaId | null, minMinutes}, isActive}. */
  createRule: {
    method: 'POST',
    path: `${ev}/certificate-rules`,
    auth: 'organiser',
    access: 'AP-296',
    tags,
    params: ZCertEventParams,
    body: ZCertificateRuleRequest,
    status: 201,
    response: ZCertificateRule,
  },
  updateRule: { method: 'PUT', path: `${ev}/certificate-rules/:ruleId`, auth: 'organiser', access: 'AP-296', tags, params: ZCertRuleParams, body: ZCertificateRuleRequest, response: ZCertificateRule },
  deleteRule: { method: 'DELETE', path: `${ev}/certificate-rules/:ruleId`, auth: 'organiser', access: 'AP-296', tags, params: ZCertRuleParams, response: z.null() },
  /** "Run rule now" → {evaluated, qualified, issued, isAttendanceAvailable}; 409 ATTENDANCE_UNAVAILABLE without check-in. */
  runRule: { method: 'POST', path: `${ev}/certificate-rules/:ruleId/run`, auth: 'organiser', access: 'AP-296', tags, params: ZCertRuleParams, response: ZCertificateRuleRun },

  // ---------------------------------------------------------------- public (60 a minute per IP)
  /** Valid or revoked, the holder's name, title, event and the filled HTML. */
  verify: { method: 'GET', path: pub, auth: 'public', tags, params: ZPublicCertificateParams, response: ZCertificateVerification },
  /** The certificate's PDF (attachment); 404 once revoked. */
  publicPdf: { method: 'GET', path: `${pub}/certificate.pdf`, auth: 'public', tags, params: ZPublicCertificateParams, response: fileResponse('application/pdf') },
  /** The verification link as a QR code. */
  qr: { method: 'GET', path: `${pub}/qr.svg`, auth: 'public', tags, params: ZPublicCertificateParams, response: fileResponse('image/svg+xml') },
});
