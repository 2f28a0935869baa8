import type { FastifyInstance } from 'fastify';
import { badgesRoutes as routes } from '@pavilion/domain/badges/badges.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { BadgesService } from './badges.service.ts';

/** The badges contracts (packages/domain/src/badges/badges.routes.ts), served. */
export function registerBadgesRoutes(app: FastifyInstance, service: BadgesService): void {
  // ---------------------------------------------------------------- templates (AP-224..230)
  route(app, routes.listTemplates, async (req) => service.listTemplates(...organiser(req), req.params.eventId));
  route(app, routes.createTemplate, async (req) => service.createTemplate(...organiser(req), req.params.eventId, req.body));
  route(app, routes.getTemplate, async (req) => service.getTemplate(...organiser(req), req.params.eventId, req.params.templateId));
  route(app, routes.updateTemplate, async (req) => service.updateTemplate(...organiser(req), req.params.eventId, req.params.templateId, req.body));
  route(app, routes.deleteTemplate, async (req) => service.deleteTemplate(...organiser(req), req.params.eventId, req.params.templateId));
  route(app, routes.exportTemplate, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const file = await service.exportTemplate(user, organisationId, req.params.eventId, req.params.templateId);
    return reply.type('application/json').header('content-disposition', `attachment; filename="${file.filename}"`).serializer((p) => p as string).send(file.body);
  });
  route(app, routes.duplicateTemplate, async (req) => service.duplicateTemplate(...organiser(req), req.params.eventId, req.params.templateId));
  route(app, routes.previewTemplate, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const pdf = await service.previewTemplate(user, organisationId, req.params.eventId, req.params.templateId, req.query.registrationId);
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="badge-preview.pdf"').serializer((p) => p as string).send(Buffer.from(pdf));
  });

  // ---------------------------------------------------------------- fields (AP-231/232)
  route(app, routes.fields, async (req) => service.fields(...organiser(req), req.params.eventId));
  route(app, routes.updateFields, async (req) => service.updateFields(...organiser(req), req.params.eventId, req.body));

  // ---------------------------------------------------------------- print queue (AP-235..238)
  route(app, routes.listAttendees, async (req) => service.listAttendees(...organiser(req), req.params.eventId, req.query));
  route(app, routes.attendee, async (req) => service.attendee(...organiser(req), req.params.eventId, req.params.registrationId));
  route(app, routes.print, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const { pdf, filename } = await service.print(user, organisationId, req.params.eventId, req.body);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).serializer((p) => p as string).send(Buffer.from(pdf));
  });
  route(app, routes.createJob, async (req) => service.createJob(...organiser(req), req.params.eventId, req.body));
  route(app, routes.listJobs, async (req) => service.listJobs(...organiser(req), req.params.eventId));
  route(app, routes.getJob, async (req) => service.getJob(...organiser(req), req.params.eventId, req.params.jobId));
  route(app, routes.jobPdf, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const { pdf, filename } = await service.jobPdf(user, organisationId, req.params.eventId, req.params.jobId, req.query.part);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).serializer((p) => p as string).send(pdf);
  });

  // ---------------------------------------------------------------- history (AP-239/240) and report (AP-732/733)
  route(app, routes.history, async (req) => service.history(...organiser(req), req.params.eventId, req.query));
  route(app, routes.historyCsv, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const body = await service.historyCsv(user, organisationId, req.params.eventId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="badge-print-history.csv"').serializer((p) => p as string).send(body);
  });
  route(app, routes.report, async (req) => service.report(...organiser(req), req.params.eventId));
  route(app, routes.printActivity, async (req) => service.printActivity(...organiser(req), req.params.eventId, req.query.range));
  route(app, routes.reportCsv, async (req, reply) => {
    const [user, organisationId] = organiser(req);
    const body = await service.reportCsv(user, organisationId, req.params.eventId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="badge-print-report.csv"').serializer((p) => p as string).send(body);
  });

  // ---------------------------------------------------------------- walk-in desk (All Attendees: Create, AP-95)
  route(app, routes.walkIn, async (req) => service.walkIn(...organiser(req), req.params.eventId, req.body));
}
