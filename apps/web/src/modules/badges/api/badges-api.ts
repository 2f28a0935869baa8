import type {
  TBadgeAttendee,
  TBadgeAttendeeDetail,
  TBadgeFields,
  TBadgeFieldsRequest,
  TBadgeJob,
  TBadgeJobRequest,
  TBadgePrintHistoryEntry,
  TBadgePrintRequest,
  TBadgeTemplate,
  TBadgeTemplateRequest,
  TBadgeTemplateSummary,
  TBadgeWalkInRequest,
  TBadgeWalkInResponse,
} from '@pavilion/domain/badges/badges.schemas';
import type { TPage } from '@pavilion/domain/common/pagination';
import { api, tokenRefresher } from '../../../app/api-client.ts';
import { sessionStore } from '../../../app/session-storage.ts';

const enc = encodeURIComponent;
const ev = (eventId: string) => `eventservices/events/${enc(eventId)}`;

export type TAttendeeQuery = { page: number; pageSize: number; categoryId?: string; ticketId?: string; search?: string; registrationNo?: string };

/** Organiser calls of the badges module (apps/server/src/modules/badges/badges.routes.ts). */
export const badgesApi = {
  templates: (eventId: string, signal?: AbortSignal) => api.get<TBadgeTemplateSummary[]>(`${ev(eventId)}/badge-templates`, { signal }),
  template: (eventId: string, id: string, signal?: AbortSignal) => api.get<TBadgeTemplate>(`${ev(eventId)}/badge-templates/${enc(id)}`, { signal }),
  createTemplate: (eventId: string, body: TBadgeTemplateRequest) => api.post<TBadgeTemplate>(`${ev(eventId)}/badge-templates`, body),
  updateTemplate: (eventId: string, id: string, body: TBadgeTemplateRequest) => api.put<TBadgeTemplate>(`${ev(eventId)}/badge-templates/${enc(id)}`, body),
  deleteTemplate: (eventId: string, id: string) => api.delete<{ id: string }>(`${ev(eventId)}/badge-templates/${enc(id)}`),
  duplicateTemplate: (eventId: string, id: string) => api.post<TBadgeTemplate>(`${ev(eventId)}/badge-templates/${enc(id)}/duplicate`),
  fields: (eventId: string, signal?: AbortSignal) => api.get<TBadgeFields>(`${ev(eventId)}/badge-fields`, { signal }),
  updateFields: (eventId: string, body: TBadgeFieldsRequest) => api.put<TBadgeFields>(`${ev(eventId)}/badge-fields`, body),
  attendees: (eventId: string, q: TAttendeeQuery, signal?: AbortSignal) => api.get<TPage<TBadgeAttendee>>(`${ev(eventId)}/badge-attendees`, { query: q, signal }),
  attendee: (eventId: string, id: string, signal?: AbortSignal) => api.get<TBadgeAttendeeDetail>(`${ev(eventId)}/badge-attendees/${enc(id)}`, { signal }),
  createJob: (eventId: string, body: TBadgeJobRequest) => api.post<TBadgeJob>(`${ev(eventId)}/badge-print-jobs`, body),
  jobs: (eventId: string, signal?: AbortSignal) => api.get<TBadgeJob[]>(`${ev(eventId)}/badge-print-jobs`, { signal }),
  job: (eventId: string, id: string, signal?: AbortSignal) => api.get<TBadgeJob>(`${ev(eventId)}/badge-print-jobs/${enc(id)}`, { signal, isSilent: true }),
  history: (eventId: string, q: { page: number; pageSize: number }, signal?: AbortSignal) =>
    api.get<TPage<TBadgePrintHistoryEntry>>(`${ev(eventId)}/badge-print-history`, { query: q, signal }),
  walkIn: (eventId: string, body: TBadgeWalkInRequest) => api.post<TBadgeWalkInResponse>(`${ev(eventId)}/badge-walk-ins`, body),
  print: (eventId: string, body: TBadgePrintRequest) => fetchFile('POST', `${ev(eventId)}/badge-prints`, body),
  jobPdf: (eventId: string, jobId: string, part = 1) => fetchFile('GET', `${ev(eventId)}/badge-print-jobs/${enc(jobId)}/download?part=${part}`),
  exportTemplate: (eventId: string, templateId: string) => fetchFile('GET', `${ev(eventId)}/badge-templates/${enc(templateId)}/export`),
  previewPdf: (eventId: string, templateId: string, registrationId?: string) =>
    fetchFile('GET', `${ev(eventId)}/badge-templates/${enc(templateId)}/preview.pdf${registrationId ? `?registrationId=${enc(registrationId)}` : ''}`),
};

export type TPdfFile = { blob: Blob; name: string };

/** Files (PDFs, the template export): fetched with the same bearer as the JSON client (one retry after a token refresh). */
async function fetchFile(method: 'GET' | 'POST', path: string, body?: unknown, isRetry = false): Promise<TPdfFile> {
  const auth = sessionStore.getAuth();
  const headers: Record<string, string> = {};
  if (auth?.accessToken) headers.Authorization = `Bearer ${auth.accessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  if (res.status === 401 && !isRetry && (await tokenRefresher.refresh())) return fetchFile(method, path, body, true);
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
