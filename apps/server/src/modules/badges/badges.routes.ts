import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBadgeAttendeeDetail,
  ZBadgeAttendeePage,
  ZBadgeAttendeeParams,
  ZBadgeAttendeeQuery,
  ZBadgeEventParams,
  ZBadgeFields,
  ZBadgeFieldsRequest,
  ZBadgeJob,
  ZBadgeJobDownloadQuery,
  ZBadgeJobList,
  ZBadgeJobParams,
  ZBadgeJobRequest,
  ZBadgePrintHistoryPage,
  ZBadgePrintHistoryQuery,
  ZBadgePrintActivity,
  ZBadgePrintReport,
  ZBadgePrintRequest,
  ZBadgeTemplate,
  ZBadgeTemplateList,
  ZBadgeTemplateParams,
  ZBadgeTemplateRequest,
  ZBadgeWalkInRequest,
  ZBadgeWalkInResponse,
  ZDeleted,
  ZReportRangeQuery,
  zOk,
} from '@pavilion/domain';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import type { BadgesService } from './badges.service.ts';

const tags = ['badges'];
const ok = <T>(data: T) => ({ status: 'OK' as const, data });
const ZPreviewQuery = z.object({ registrationId: z.string().min(1).max(64).optional() });

/** Organiser: badge templates, fields, printing (single and bulk jobs), history, report and the walk-in desk. */
export const badgesRoutes: FastifyPluginAsyncZod<{ service: BadgesService }> = async (app, { service }) => {
  const ev = '/events/:eventId';
  const tpl = `${ev}/badge-templates`;

  // ---------------------------------------------------------------- templates (AP-224..230)
  app.get(tpl, { config: { auth: 'organiser', access: 'AP-224' }, schema: { tags, params: ZBadgeEventParams, response: { 200: zOk(ZBadgeTemplateList) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.listTemplates(user, organisationId, req.params.eventId));
  });
  app.post(tpl, { config: { auth: 'organiser', access: 'AP-225' }, schema: { tags, params: ZBadgeEventParams, body: ZBadgeTemplateRequest, response: { 201: zOk(ZBadgeTemplate) } } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return reply.status(201).send(ok(await service.createTemplate(user, organisationId, req.params.eventId, req.body)));
  });
  app.get(`${tpl}/:templateId`, { config: { auth: 'organiser', access: 'AP-224' }, schema: { tags, params: ZBadgeTemplateParams, response: { 200: zOk(ZBadgeTemplate) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.getTemplate(user, organisationId, req.params.eventId, req.params.templateId));
  });
  app.put(`${tpl}/:templateId`, { config: { auth: 'organiser', access: 'AP-226' }, schema: { tags, params: ZBadgeTemplateParams, body: ZBadgeTemplateRequest, response: { 200: zOk(ZBadgeTemplate) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.updateTemplate(user, organisationId, req.params.eventId, req.params.templateId, req.body));
  });
  app.delete(`${tpl}/:templateId`, { config: { auth: 'organiser', access: 'AP-227' }, schema: { tags, params: ZBadgeTemplateParams, response: { 200: zOk(ZDeleted) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.deleteTemplate(user, organisationId, req.params.eventId, req.params.templateId));
  });
  app.get(`${tpl}/:templateId/export`, { config: { auth: 'organiser', access: 'AP-228' }, schema: { tags, params: ZBadgeTemplateParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const file = await service.exportTemplate(user, organisationId, req.params.eventId, req.params.templateId);
    return reply.type('application/json').header('content-disposition', `attachment; filename="${file.filename}"`).serializer((p) => p as string).send(file.body);
  });
  app.post(`${tpl}/:templateId/duplicate`, { config: { auth: 'organiser', access: 'AP-229' }, schema: { tags, params: ZBadgeTemplateParams, response: { 201: zOk(ZBadgeTemplate) } } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return reply.status(201).send(ok(await service.duplicateTemplate(user, organisationId, req.params.eventId, req.params.templateId)));
  });
  app.get(`${tpl}/:templateId/preview.pdf`, { config: { auth: 'organiser', access: 'AP-230' }, schema: { tags, params: ZBadgeTemplateParams, querystring: ZPreviewQuery } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const pdf = await service.previewTemplate(user, organisationId, req.params.eventId, req.params.templateId, req.query.registrationId);
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="badge-preview.pdf"').serializer((p) => p as string).send(Buffer.from(pdf));
  });

  // ---------------------------------------------------------------- fields (AP-231/232)
  app.get(`${ev}/badge-fields`, { config: { auth: 'organiser', access: 'AP-231' }, schema: { tags, params: ZBadgeEventParams, response: { 200: zOk(ZBadgeFields) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.fields(user, organisationId, req.params.eventId));
  });
  app.put(`${ev}/badge-fields`, { config: { auth: 'organiser', access: 'AP-232' }, schema: { tags, params: ZBadgeEventParams, body: ZBadgeFieldsRequest, response: { 200: zOk(ZBadgeFields) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.updateFields(user, organisationId, req.params.eventId, req.body));
  });

  // ---------------------------------------------------------------- print queue (AP-235..238)
  app.get(`${ev}/badge-attendees`, { config: { auth: 'organiser', access: 'AP-235' }, schema: { tags, params: ZBadgeEventParams, querystring: ZBadgeAttendeeQuery, response: { 200: zOk(ZBadgeAttendeePage) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.listAttendees(user, organisationId, req.params.eventId, req.query));
  });
  app.get(`${ev}/badge-attendees/:registrationId`, { config: { auth: 'organiser', access: 'AP-235' }, schema: { tags, params: ZBadgeAttendeeParams, response: { 200: zOk(ZBadgeAttendeeDetail) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.attendee(user, organisationId, req.params.eventId, req.params.registrationId));
  });
  app.post(`${ev}/badge-prints`, { config: { auth: 'organiser', access: 'AP-237' }, schema: { tags, params: ZBadgeEventParams, body: ZBadgePrintRequest } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const { pdf, filename } = await service.print(user, organisationId, req.params.eventId, req.body);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).serializer((p) => p as string).send(Buffer.from(pdf));
  });
  app.post(`${ev}/badge-print-jobs`, { config: { auth: 'organiser', access: 'AP-237' }, schema: { tags, params: ZBadgeEventParams, body: ZBadgeJobRequest, response: { 202: zOk(ZBadgeJob) } } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return reply.status(202).send(ok(await service.createJob(user, organisationId, req.params.eventId, req.body)));
  });
  app.get(`${ev}/badge-print-jobs`, { config: { auth: 'organiser', access: 'AP-235' }, schema: { tags, params: ZBadgeEventParams, response: { 200: zOk(ZBadgeJobList) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.listJobs(user, organisationId, req.params.eventId));
  });
  app.get(`${ev}/badge-print-jobs/:jobId`, { config: { auth: 'organiser', access: 'AP-235' }, schema: { tags, params: ZBadgeJobParams, response: { 200: zOk(ZBadgeJob) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.getJob(user, organisationId, req.params.eventId, req.params.jobId));
  });
  app.get(`${ev}/badge-print-jobs/:jobId/download`, { config: { auth: 'organiser', access: 'AP-236' }, schema: { tags, params: ZBadgeJobParams, querystring: ZBadgeJobDownloadQuery } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const { pdf, filename } = await service.jobPdf(user, organisationId, req.params.eventId, req.params.jobId, req.query.part);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).serializer((p) => p as string).send(pdf);
  });

  // ---------------------------------------------------------------- history (AP-239/240) and report (AP-732/733)
  app.get(`${ev}/badge-print-history`, { config: { auth: 'organiser', access: 'AP-239' }, schema: { tags, params: ZBadgeEventParams, querystring: ZBadgePrintHistoryQuery, response: { 200: zOk(ZBadgePrintHistoryPage) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.history(user, organisationId, req.params.eventId, req.query));
  });
  app.get(`${ev}/badge-print-history/export`, { config: { auth: 'organiser', access: 'AP-240' }, schema: { tags, params: ZBadgeEventParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const body = await service.historyCsv(user, organisationId, req.params.eventId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="badge-print-history.csv"').serializer((p) => p as string).send(body);
  });
  app.get(`${ev}/badge-print-report`, { config: { auth: 'organiser', access: 'AP-732' }, schema: { tags, params: ZBadgeEventParams, response: { 200: zOk(ZBadgePrintReport) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.report(user, organisationId, req.params.eventId));
  });
  // The Badge Print report tab (SPEC §2.6, analytics type 28) for a SPEC §9 time range.
  app.get(`${ev}/badge-print-report/activity`, { config: { auth: 'organiser', access: 'AP-732' }, schema: { tags, params: ZBadgeEventParams, querystring: ZReportRangeQuery, response: { 200: zOk(ZBadgePrintActivity) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.printActivity(user, organisationId, req.params.eventId, req.query.range));
  });
  app.get(`${ev}/badge-print-report/export`, { config: { auth: 'organiser', access: 'AP-733' }, schema: { tags, params: ZBadgeEventParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const body = await service.reportCsv(user, organisationId, req.params.eventId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="badge-print-report.csv"').serializer((p) => p as string).send(body);
  });

  // ---------------------------------------------------------------- walk-in desk (All Attendees: Create, AP-95)
  app.post(`${ev}/badge-walk-ins`, { config: { auth: 'organiser', access: 'AP-95' }, schema: { tags, params: ZBadgeEventParams, body: ZBadgeWalkInRequest, response: { 201: zOk(ZBadgeWalkInResponse) } } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return reply.status(201).send(ok(await service.walkIn(user, organisationId, req.params.eventId, req.body)));
  });
};
