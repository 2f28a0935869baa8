import type { TBadgeFieldsRequest, TBadgeJobRequest, TBadgePrintRequest, TBadgeTemplateRequest, TBadgeWalkInRequest } from '@pavilion/domain/badges/badges.schemas';
import { api, tokenRefresher } from '../../../app/api-client.ts';
import { sessionStore } from '../../../app/session-storage.ts';

export type TAttendeeQuery = { page: number; pageSize: number; categoryId?: string; ticketId?: string; search?: string; registrationNo?: string };

const EV = '/api/eventservices/events/:eventId';

/** Organiser calls of the badges module (packages/domain/src/badges/badges.routes.ts). */
export const badgesApi = {
  templates: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/badge-templates`, { params: { eventId }, signal }),
  template: (eventId: string, templateId: string, signal?: AbortSignal) => api.call(`GET ${EV}/badge-templates/:templateId`, { params: { eventId, templateId }, signal }),
  createTemplate: (eventId: string, body: TBadgeTemplateRequest) => api.call(`POST ${EV}/badge-templates`, { params: { eventId }, body }),
  updateTemplate: (eventId: string, templateId: string, body: TBadgeTemplateRequest) => api.call(`PUT ${EV}/badge-templates/:templateId`, { params: { eventId, templateId }, body }),
  deleteTemplate: (eventId: string, templateId: string) => api.call(`DELETE ${EV}/badge-templates/:templateId`, { params: { eventId, templateId } }),
  duplicateTemplate: (eventId: string, templateId: string) => api.call(`POST ${EV}/badge-templates/:templateId/duplicate`, { params: { eventId, templateId } }),
  fields: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/badge-fields`, { params: { eventId }, signal }),
  updateFields: (eventId: string, body: TBadgeFieldsRequest) => api.call(`PUT ${EV}/badge-fields`, { params: { eventId }, body }),
  attendees: (eventId: string, q: TAttendeeQuery, signal?: AbortSignal) => api.call(`GET ${EV}/badge-attendees`, { params: { eventId }, query: q, signal }),
  attendee: (eventId: string, registrationId: string, signal?: AbortSignal) => api.call(`GET ${EV}/badge-attendees/:registrationId`, { params: { eventId, registrationId }, signal }),
  createJob: (eventId: string, body: TBadgeJobRequest) => api.call(`POST ${EV}/badge-print-jobs`, { params: { eventId }, body }),
  jobs: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/badge-print-jobs`, { params: { eventId }, signal }),
  job: (eventId: string, jobId: string, signal?: AbortSignal) => api.call(`GET ${EV}/badge-print-jobs/:jobId`, { params: { eventId, jobId }, signal, isSilent: true }),
  history: (eventId: string, q: { page: number; pageSize: number }, signal?: AbortSignal) => api.call(`GET ${EV}/badge-print-history`, { params: { eventId }, query: q, signal }),
  walkIn: (eventId: string, body: TBadgeWalkInRequest) => api.call(`POST ${EV}/badge-walk-ins`, { params: { eventId }, body }),
  print: (eventId: string, body: TBadgePrintRequest) => fetchFile('POST', api.url(`POST ${EV}/badge-prints`, { params: { eventId } }), body),
  jobPdf: (eventId: string, jobId: string, part = 1) => fetchFile('GET', api.url(`GET ${EV}/badge-print-jobs/:jobId/download`, { params: { eventId, jobId }, query: { part } })),
  exportTemplate: (eventId: string, templateId: string) => fetchFile('GET', api.url(`GET ${EV}/badge-templates/:templateId/export`, { params: { eventId, templateId } })),
  previewPdf: (eventId: string, templateId: string, registrationId?: string) =>
    fetchFile('GET', api.url(`GET ${EV}/badge-templates/:templateId/preview.pdf`, { params: { eventId, templateId }, query: { registrationId } })),
  /** badge-print-history.csv (AP-240), fetched with the bearer. */
  historyCsv: (eventId: string) => fetchFile('GET', api.url(`GET ${EV}/badge-print-history/export`, { params: { eventId } })),
};

export type TPdfFile = { blob: Blob; name: string };

/** Files (PDFs, the template export): fetched with the same bearer as the JSON client (one retry after a token refresh). */
async function fetchFile(method: 'GET' | 'POST', url: string, body?: unknown, isRetry = false): Promise<TPdfFile> {
  const auth = sessionStore.getAuth();
  const headers: Record<string, string> = {};
  if (auth?.accessToken) headers.Authorization = `Bearer ${auth.accessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  if (res.status === 401 && !isRetry && (await tokenRefresher.refresh())) return fetchFile(method, url, body, true);
  if (!res.ok) {
    let err: { status: 'ERROR'; code: string | number; message: string } = { status: 'ERROR', code: res.status, message: res.statusText || `HTTP ${res.status}` };
    try {
      err = { ...err, ...((await res.json()) as object) };
    } catch {
      /* not JSON */
    }
    throw err;
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'badge.pdf';
  return { blob: await res.blob(), name };
}

/** Hands a PDF to the browser as a download (the station's printer dialog opens from the PDF viewer). */
export function saveFile(file: TPdfFile): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
