import { z } from 'zod';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZReportRangeQuery } from '../analytics/overview.schemas.ts';
import { ZDeleted } from '../registration/registration.schemas.ts';
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
  ZBadgePrintActivity,
  ZBadgePrintHistoryPage,
  ZBadgePrintHistoryQuery,
  ZBadgePrintReport,
  ZBadgePrintRequest,
  ZBadgeTemplate,
  ZBadgeTemplateList,
  ZBadgeTemplateParams,
  ZBadgeTemplateRequest,
  ZBadgeWalkInRequest,
  ZBadgeWalkInResponse,
} from './badges.schemas.ts';

const tags = ['badges'];
const ev = '/api/eventservices/events/:eventId';
const tpl = `${ev}/badge-templates`;
const pdf = fileResponse('application/pdf');
const csv = fileResponse('text/csv; charset=utf-8');

/** A template preview filled with one attendee's data (else sample data). */
export const ZBadgePreviewQuery = z.object({ registrationId: z.string().min(1).max(64).optional() });

/** Organiser: badge templates, fields, printing (single and bulk jobs), history, report and the walk-in desk. */
export const badgesRoutes = defineRoutes({
  // ---------------------------------------------------------------- templates (AP-224..230)
  listTemplates: { method: 'GET', path: tpl, auth: 'organiser', access: 'AP-224', tags, params: ZBadgeEventParams, response: ZBadgeTemplateList },
  createTemplate: { method: 'POST', path: tpl, auth: 'organiser', access: 'AP-225', tags, params: ZBadgeEventParams, body: ZBadgeTemplateRequest, status: 201, response: ZBadgeTemplate },
  getTemplate: { method: 'GET', path: `${tpl}/:templateId`, auth: 'organiser', access: 'AP-224', tags, params: ZBadgeTemplateParams, response: ZBadgeTemplate },
  updateTemplate: { method: 'PUT', path: `${tpl}/:templateId`, auth: 'organiser', access: 'AP-226', tags, params: ZBadgeTemplateParams, body: ZBadgeTemplateRequest, response: ZBadgeTemplate },
  deleteTemplate: { method: 'DELETE', path: `${tpl}/:templateId`, auth: 'organiser', access: 'AP-227', tags, params: ZBadgeTemplateParams, response: ZDeleted },
  /** The template as a JSON file to import elsewhere (`Content-Disposition: attachment`). */
  exportTemplate: { method: 'GET', path: `${tpl}/:templateId/export`, auth: 'organiser', access: 'AP-228', tags, params: ZBadgeTemplateParams, response: fileResponse('application/json') },
  duplicateTemplate: { method: 'POST', path: `${tpl}/:templateId/duplicate`, auth: 'organiser', access: 'AP-229', tags, params: ZBadgeTemplateParams, status: 201, response: ZBadgeTemplate },
  /** One badge of the template as a PDF, shown inline (badge-preview.pdf). */
  previewTemplate: { method: 'GET', path: `${tpl}/:templateId/preview.pdf`, auth: 'organiser', access: 'AP-230', tags, params: ZBadgeTemplateParams, query: ZBadgePreviewQuery, response: pdf },

  // ---------------------------------------------------------------- fields (AP-231/232)
  fields: { method: 'GET', path: `${ev}/badge-fields`, auth: 'organiser', access: 'AP-231', tags, params: ZBadgeEventParams, response: ZBadgeFields },
  updateFields: { method: 'PUT', path: `${ev}/badge-fields`, auth: 'organiser', access: 'AP-232', tags, params: ZBadgeEventParams, body: ZBadgeFieldsRequest, response: ZBadgeFields },

  // ---------------------------------------------------------------- print queue (AP-235..238)
  listAttendees: { method: 'GET', path: `${ev}/badge-attendees`, auth: 'organiser', access: 'AP-235', tags, params: ZBadgeEventParams, query: ZBadgeAttendeeQuery, response: ZBadgeAttendeePage },
  attendee: { method: 'GET', path: `${ev}/badge-attendees/:registrationId`, auth: 'organiser', access: 'AP-235', tags, params: ZBadgeAttendeeParams, response: ZBadgeAttendeeDetail },
  /** Prints a few badges at once: the PDF comes back as the answer (attachment). */
  print: { method: 'POST', path: `${ev}/badge-prints`, auth: 'organiser', access: 'AP-237', tags, params: ZBadgeEventParams, body: ZBadgePrintRequest, response: pdf },
  /** A bulk print job: accepted (202) and built in the background; poll it, then download its parts. */
  createJob: { method: 'POST', path: `${ev}/badge-print-jobs`, auth: 'organiser', access: 'AP-237', tags, params: ZBadgeEventParams, body: ZBadgeJobRequest, status: 202, response: ZBadgeJob },
  listJobs: { method: 'GET', path: `${ev}/badge-print-jobs`, auth: 'organiser', access: 'AP-235', tags, params: ZBadgeEventParams, response: ZBadgeJobList },
  getJob: { method: 'GET', path: `${ev}/badge-print-jobs/:jobId`, auth: 'organiser', access: 'AP-235', tags, params: ZBadgeJobParams, response: ZBadgeJob },
  /** One part of a finished job's PDF (attachment). */
  jobPdf: { method: 'GET', path: `${ev}/badge-print-jobs/:jobId/download`, auth: 'organiser', access: 'AP-236', tags, params: ZBadgeJobParams, query: ZBadgeJobDownloadQuery, response: pdf },

  // ---------------------------------------------------------------- history (AP-239/240) and report (AP-732/733)
  history: { method: 'GET', path: `${ev}/badge-print-history`, auth: 'organiser', access: 'AP-239', tags, params: ZBadgeEventParams, query: ZBadgePrintHistoryQuery, response: ZBadgePrintHistoryPage },
  /** badge-print-history.csv (attachment). */
  historyCsv: { method: 'GET', path: `${ev}/badge-print-history/export`, auth: 'organiser', access: 'AP-240', tags, params: ZBadgeEventParams, response: csv },
  report: { method: 'GET', path: `${ev}/badge-print-report`, auth: 'organiser', access: 'AP-732', tags, params: ZBadgeEventParams, response: ZBadgePrintReport },
  /** The Badge Print report tab (SPEC §2.6, analytics type 28) for a SPEC §9 time range. */
  printActivity: { method: 'GET', path: `${ev}/badge-print-report/activity`, auth: 'organiser', access: 'AP-732', tags, params: ZBadgeEventParams, query: ZReportRangeQuery, response: ZBadgePrintActivity },
  /** badge-print-report.csv (attachment). */
  reportCsv: { method: 'GET', path: `${ev}/badge-print-report/export`, auth: 'organiser', access: 'AP-733', tags, params: ZBadgeEventParams, response: csv },

  // ---------------------------------------------------------------- walk-in desk (All Attendees: Create, AP-95)
  walkIn: { method: 'POST', path: `${ev}/badge-walk-ins`, auth: 'organiser', access: 'AP-95', tags, params: ZBadgeEventParams, body: ZBadgeWalkInRequest, status: 201, response: ZBadgeWalkInResponse },
});
