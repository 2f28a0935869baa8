import type { FastifyInstance } from 'fastify';
import { certificatesRoutes as routes } from '@pavilion/domain/certificates/certificates.routes';
import { requireUser } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { CertificatesService } from './certificates.service.ts';
import { loadQrCode } from '../../platform/libraries.ts';

/** Public verification answers for any id: a per-IP limit stops enumeration. */
const PUBLIC_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The certificates contracts (packages/domain/src/certificates/certificates.routes.ts), served. */
export function registerCertificatesRoutes(app: FastifyInstance, service: CertificatesService): void {
  route(app, routes.mine, async (req) => service.mine(requireUser(req)));

  // Templates
  route(app, routes.defaultTemplate, async () => service.defaultTemplate());
  route(app, routes.listTemplates, async (req) => service.listTemplates(...organiser(req), req.params.eventId));
  route(app, routes.createTemplate, async (req) => service.createTemplate(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateTemplate, async (req) => service.updateTemplate(...organiser(req), req.params.eventId, req.params.templateId, req.body));
  route(app, routes.deleteTemplate, async (req) => {
    const [user, organisationId] = organiser(req);
    await service.deleteTemplate(user, organisationId, req.params.eventId, req.params.templateId);
    return null;
  });
  route(app, routes.preview, async (req) => service.preview(...organiser(req), req.params.eventId, req.body));

  // Issue
  route(app, routes.issue, async (req) => service.issue(...organiser(req), req.params.eventId, req.body));
  // Accepted (202): the batch is recorded; the certificate mail job sends it (poll the batch for progress).
  route(app, routes.email, async (req) => service.email(...organiser(req), req.params.eventId, req.body));
  route(app, routes.mailBatch, async (req) => service.mailBatch(...organiser(req), req.params.eventId, req.params.batchId));
  route(app, routes.revoke, async (req) => service.revoke(...organiser(req), req.params.eventId, req.params.certificateId, req.body.reason));

  // Certificate Printing (report tab)
  route(app, routes.list, async (req) => service.list(...organiser(req), req.params.eventId, req.query));
  route(app, routes.printActivity, async (req) => service.printActivity(...organiser(req), req.params.eventId, req.query.range));
  route(app, routes.exportCsv, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const csv = await service.exportCsv(user, organisationId, req.params.eventId, req.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="certificates.csv"').serializer((p) => p as string).send(csv);
  });
  route(app, routes.pdf, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const { pdf, fileName } = await service.pdf(user, organisationId, req.params.eventId, req.params.certificateId);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).serializer((p) => p as string).send(pdf);
  });

  // Attendance rules
  route(app, routes.listRules, async (req) => service.listRules(...organiser(req), req.params.eventId));
  route(app, routes.createRule, async (req) => service.createRule(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateRule, async (req) => service.updateRule(...organiser(req), req.params.eventId, req.params.ruleId, req.body));
  route(app, routes.deleteRule, async (req) => {
    const [user, organisationId] = organiser(req);
    await service.deleteRule(user, organisationId, req.params.eventId, req.params.ruleId);
    return null;
  });
  route(app, routes.runRule, async (req) => service.runRuleNow(...organiser(req), req.params.eventId, req.params.ruleId));

  // Public verification of one certificate by its unguessable id (the QR on the certificate points here).
  route(app, routes.verify, async (req) => service.verify(req.params.certificateId), PUBLIC_RATE_LIMIT);
  route(
    app,
    routes.publicPdf,
    async (req, reply) => {
      const { pdf, fileName } = await service.publicPdf(req.params.certificateId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).serializer((p) => p as string).send(pdf);
    },
    PUBLIC_RATE_LIMIT,
  );
  route(
    app,
    routes.qr,
    async (req, reply) => {
      await service.verify(req.params.certificateId);
      const svg = await (await loadQrCode()).toString(service.verifyUrl(req.params.certificateId), { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      return reply.type('image/svg+xml').serializer((p) => p as string).send(svg);
    },
    PUBLIC_RATE_LIMIT,
  );
}
