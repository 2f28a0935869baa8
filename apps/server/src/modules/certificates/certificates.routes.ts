import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  ZMyCertificate,
  ZCertRuleParams,
  ZCertTemplateParams,
  ZPublicCertificateParams,
  ZReportRangeQuery,
  zOk,
  zPage,
} from '@pavilion/domain';
import { z } from 'zod';
import QRCode from 'qrcode';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import type { CertificatesService } from './certificates.service.ts';

const tags = ['certificates'];
const ok = <T>(data: T) => ({ status: 'OK' as const, data });

/** Organiser routes: Certificate Templates (AP-248..253), Issue (AP-254..257), Printing (AP-258..260), rules (AP-294..296). */
export const certificatesRoutes: FastifyPluginAsyncZod<{ service: CertificatesService }> = async (app, { service }) => {
  const ev = '/events/:eventId';
  const org = (req: Parameters<typeof requireOrganisation>[0]) => requireOrganisation(req);
  // Any signed-in participant: the certificates of their own registrations.
  app.get('/certificates/mine', { config: { auth: 'user' }, schema: { tags, response: { 200: zOk(z.array(ZMyCertificate)) } } }, async (req) => ok(await service.mine(requireUser(req))));

  // Templates
  app.get('/certificate-templates/default', { config: { auth: 'organiser', access: 'AP-248' }, schema: { tags, response: { 200: zOk(z.object({ html: z.string() })) } } }, async () =>
    ok(service.defaultTemplate()),
  );
  app.get(`${ev}/certificate-templates`, { config: { auth: 'organiser', access: 'AP-248' }, schema: { tags, params: ZCertEventParams, response: { 200: zOk(z.array(ZCertificateTemplate)) } } }, async (req) => {
    const { user, organisationId } = org(req);
    return ok(await service.listTemplates(user, organisationId, req.params.eventId));
  });
  app.post(
    `${ev}/certificate-templates`,
    { config: { auth: 'organiser', access: 'AP-249' }, schema: { tags, params: ZCertEventParams, body: ZCertificateTemplateRequest, response: { 201: zOk(ZCertificateTemplate) } } },
    async (req, reply) => {
      const { user, organisationId } = org(req);
      return reply.status(201).send(ok(await service.createTemplate(user, organisationId, req.params.eventId, req.body)));
    },
  );
  app.put(
    `${ev}/certificate-templates/:templateId`,
    { config: { auth: 'organiser', access: 'AP-250' }, schema: { tags, params: ZCertTemplateParams, body: ZCertificateTemplateRequest, response: { 200: zOk(ZCertificateTemplate) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.updateTemplate(user, organisationId, req.params.eventId, req.params.templateId, req.body));
    },
  );
  app.delete(`${ev}/certificate-templates/:templateId`, { config: { auth: 'organiser', access: 'AP-251' }, schema: { tags, params: ZCertTemplateParams, response: { 200: zOk(z.null()) } } }, async (req) => {
    const { user, organisationId } = org(req);
    await service.deleteTemplate(user, organisationId, req.params.eventId, req.params.templateId);
    return ok(null);
  });
  app.post(
    `${ev}/certificate-templates/preview`,
    { config: { auth: 'organiser', access: 'AP-253' }, schema: { tags, params: ZCertEventParams, body: ZCertificatePreviewRequest, response: { 200: zOk(ZCertificatePreview) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.preview(user, organisationId, req.params.eventId, req.body));
    },
  );

  // Issue
  app.post(
    `${ev}/certificates/issue`,
    { config: { auth: 'organiser', access: 'AP-256' }, schema: { tags, params: ZCertEventParams, body: ZCertificateIssueRequest, response: { 200: zOk(ZCertificateIssueResult) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.issue(user, organisationId, req.params.eventId, req.body));
    },
  );
  app.post(
    `${ev}/certificates/email`,
    { config: { auth: 'organiser', access: 'AP-257' }, schema: { tags, params: ZCertEventParams, body: ZCertificateEmailRequest, response: { 202: zOk(ZCertificateMailBatch) } } },
    async (req, reply) => {
      const { user, organisationId } = org(req);
      // Accepted: the batch is recorded; the certificate mail job sends it (poll the batch for progress).
      return reply.status(202).send(ok(await service.email(user, organisationId, req.params.eventId, req.body)));
    },
  );
  app.get(
    `${ev}/certificates/email/:batchId`,
    { config: { auth: 'organiser', access: 'AP-257' }, schema: { tags, params: ZCertificateMailBatchParams, response: { 200: zOk(ZCertificateMailBatch) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.mailBatch(user, organisationId, req.params.eventId, req.params.batchId));
    },
  );
  app.post(
    `${ev}/certificates/:certificateId/revoke`,
    { config: { auth: 'organiser', access: 'AP-256' }, schema: { tags, params: ZCertificateParams, body: ZCertificateRevokeRequest, response: { 200: zOk(ZCertificate) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.revoke(user, organisationId, req.params.eventId, req.params.certificateId, req.body.reason));
    },
  );

  // Certificate Printing (report tab)
  app.get(
    `${ev}/certificates`,
    { config: { auth: 'organiser', access: 'AP-258' }, schema: { tags, params: ZCertEventParams, querystring: ZCertificateListQuery, response: { 200: zOk(zPage(ZCertificate)) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.list(user, organisationId, req.params.eventId, req.query));
    },
  );
  // The Certificate Printing report tab (SPEC §2.6, analytics type 45) for a SPEC §9 time range.
  app.get(
    `${ev}/certificate-report`,
    { config: { auth: 'organiser', access: 'AP-258' }, schema: { tags, params: ZCertEventParams, querystring: ZReportRangeQuery, response: { 200: zOk(ZCertificatePrintActivity) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.printActivity(user, organisationId, req.params.eventId, req.query.range));
    },
  );
  app.get(`${ev}/certificates/export`, { config: { auth: 'organiser', access: 'AP-259' }, schema: { tags, params: ZCertEventParams, querystring: ZCertificateExportQuery } }, async (req, reply) => {
    const { user, organisationId } = org(req);
    const csv = await service.exportCsv(user, organisationId, req.params.eventId, req.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="certificates.csv"').serializer((p) => p as string).send(csv);
  });
  app.get(`${ev}/certificates/:certificateId/certificate.pdf`, { config: { auth: 'organiser', access: 'AP-260' }, schema: { tags, params: ZCertificateParams } }, async (req, reply) => {
    const { user, organisationId } = org(req);
    const { pdf, fileName } = await service.pdf(user, organisationId, req.params.eventId, req.params.certificateId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).serializer((p) => p as string).send(pdf);
  });

  // Attendance rules
  app.get(`${ev}/certificate-rules`, { config: { auth: 'organiser', access: 'AP-294' }, schema: { tags, params: ZCertEventParams, response: { 200: zOk(z.array(ZCertificateRule)) } } }, async (req) => {
    const { user, organisationId } = org(req);
    return ok(await service.listRules(user, organisationId, req.params.eventId));
  });
  app.post(
    `${ev}/certificate-rules`,
    { config: { auth: 'organiser', access: 'AP-296' }, schema: { tags, params: ZCertEventParams, body: ZCertificateRuleRequest, response: { 201: zOk(ZCertificateRule) } } },
    async (req, reply) => {
      const { user, organisationId } = org(req);
      return reply.status(201).send(ok(await service.createRule(user, organisationId, req.params.eventId, req.body)));
    },
  );
  app.put(
    `${ev}/certificate-rules/:ruleId`,
    { config: { auth: 'organiser', access: 'AP-296' }, schema: { tags, params: ZCertRuleParams, body: ZCertificateRuleRequest, response: { 200: zOk(ZCertificateRule) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.updateRule(user, organisationId, req.params.eventId, req.params.ruleId, req.body));
    },
  );
  app.delete(`${ev}/certificate-rules/:ruleId`, { config: { auth: 'organiser', access: 'AP-296' }, schema: { tags, params: ZCertRuleParams, response: { 200: zOk(z.null()) } } }, async (req) => {
    const { user, organisationId } = org(req);
    await service.deleteRule(user, organisationId, req.params.eventId, req.params.ruleId);
    return ok(null);
  });
  app.post(`${ev}/certificate-rules/:ruleId/run`, { config: { auth: 'organiser', access: 'AP-296' }, schema: { tags, params: ZCertRuleParams, response: { 200: zOk(ZCertificateRuleRun) } } }, async (req) => {
    const { user, organisationId } = org(req);
    return ok(await service.runRuleNow(user, organisationId, req.params.eventId, req.params.ruleId));
  });
};

/** Public verification of one certificate by its unguessable id (the QR on the certificate points here). */
export const certificatesPublicRoutes: FastifyPluginAsyncZod<{ service: CertificatesService }> = async (app, { service }) => {
  const limit = { max: 60, timeWindow: '1 minute' };
  app.get(
    '/certificates/:certificateId',
    { config: { auth: 'public', rateLimit: limit }, schema: { tags, params: ZPublicCertificateParams, response: { 200: zOk(ZCertificateVerification) } } },
    async (req) => ok(await service.verify(req.params.certificateId)),
  );
  app.get('/certificates/:certificateId/certificate.pdf', { config: { auth: 'public', rateLimit: limit }, schema: { tags, params: ZPublicCertificateParams } }, async (req, reply) => {
    const { pdf, fileName } = await service.publicPdf(req.params.certificateId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).serializer((p) => p as string).send(pdf);
  });
  app.get('/certificates/:certificateId/qr.svg', { config: { auth: 'public', rateLimit: limit }, schema: { tags, params: ZPublicCertificateParams } }, async (req, reply) => {
    await service.verify(req.params.certificateId);
    const svg = await QRCode.toString(service.verifyUrl(req.params.certificateId), { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return reply.type('image/svg+xml').serializer((p) => p as string).send(svg);
  });
};
