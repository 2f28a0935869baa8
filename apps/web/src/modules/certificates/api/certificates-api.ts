import type {
  TCertificateEmailRequest,
  TCertificateIssueRequest,
  TCertificateIssuedVia,
  TCertificateListQuery,
  TCertificateRuleRequest,
  TCertificateTemplateRequest,
} from '@pavilion/domain/certificates/certificates.schemas';
import { USER_ACCESS_TOKEN_HEADER } from '@pavilion/domain/auth/auth.headers';
import { api, tokenRefresher } from '../../../app/api-client.ts';
import { sessionStore } from '../../../app/session-storage.ts';

const EV = '/api/eventservices/events/:eventId';

export const certificatesApi = {
  defaultTemplate: (signal?: AbortSignal) => api.call('GET /api/eventservices/certificate-templates/default', { signal }),
  templates: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/certificate-templates`, { params: { eventId }, signal }),
  createTemplate: (eventId: string, body: TCertificateTemplateRequest) => api.call(`POST ${EV}/certificate-templates`, { params: { eventId }, body }),
  updateTemplate: (eventId: string, templateId: string, body: TCertificateTemplateRequest) =>
    api.call(`PUT ${EV}/certificate-templates/:templateId`, { params: { eventId, templateId }, body }),
  deleteTemplate: (eventId: string, templateId: string) => api.call(`DELETE ${EV}/certificate-templates/:templateId`, { params: { eventId, templateId } }),
  issue: (eventId: string, body: TCertificateIssueRequest) => api.call(`POST ${EV}/certificates/issue`, { params: { eventId }, body }),
  /** 202: the batch is recorded and the server's mail job sends it; poll `mailBatch` for progress. */
  email: (eventId: string, body: TCertificateEmailRequest) => api.call(`POST ${EV}/certificates/email`, { params: { eventId }, body }),
  mailBatch: (eventId: string, batchId: string, signal?: AbortSignal) => api.call(`GET ${EV}/certificates/email/:batchId`, { params: { eventId, batchId }, signal }),
  list: (eventId: string, q: Partial<TCertificateListQuery>, signal?: AbortSignal) => api.call(`GET ${EV}/certificates`, { params: { eventId }, query: q, signal }),
  revoke: (eventId: string, certificateId: string) => api.call(`POST ${EV}/certificates/:certificateId/revoke`, { params: { eventId, certificateId }, body: {} }),
  rules: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/certificate-rules`, { params: { eventId }, signal }),
  createRule: (eventId: string, body: TCertificateRuleRequest) => api.call(`POST ${EV}/certificate-rules`, { params: { eventId }, body }),
  /** The programme's sessions (AP-300), to pick those a sessions-attended rule counts. */
  programmeSessions: (eventId: string, signal?: AbortSignal) => api.call('GET /api/scheduleservices/api/events/:eventId/programme', { params: { eventId }, signal }),
  updateRule: (eventId: string, ruleId: string, body: TCertificateRuleRequest) => api.call(`PUT ${EV}/certificate-rules/:ruleId`, { params: { eventId, ruleId }, body }),
  deleteRule: (eventId: string, ruleId: string) => api.call(`DELETE ${EV}/certificate-rules/:ruleId`, { params: { eventId, ruleId } }),
  runRule: (eventId: string, ruleId: string) => api.call(`POST ${EV}/certificate-rules/:ruleId/run`, { params: { eventId, ruleId } }),
  // Registration's organiser routes, for choosing recipients.
  searchRegistrations: async (eventId: string, search: string, signal?: AbortSignal) =>
    (await api.call(`GET ${EV}/registrations`, { params: { eventId }, query: { search: search || undefined, approvalStatus: 'approved', pageSize: 20 }, signal, isSilent: true })).items,
  tickets: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/tickets`, { params: { eventId }, signal }),
  categories: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/visitor-categories`, { params: { eventId }, signal }),
};

export const publicCertificatesApi = {
  verify: (certificateId: string, signal?: AbortSignal) => api.call('GET /api/eventservices/public/certificates/:certificateId', { params: { certificateId }, signal }),
  pdfUrl: (certificateId: string) => api.url('GET /api/eventservices/public/certificates/:certificateId/certificate.pdf', { params: { certificateId } }),
};

async function fetchWithAuth(url: string, isRetry: boolean): Promise<Response> {
  const auth = sessionStore.getAuth();
  const headers: Record<string, string> = {};
  if (auth?.accessToken) headers.Authorization = `Bearer ${auth.accessToken}`;
  const access = sessionStore.getEventData()?.accessCodeToken;
  if (access) headers[USER_ACCESS_TOKEN_HEADER] = access;
  const res = await fetch(url, { headers, credentials: 'same-origin' });
  if (res.status === 401 && !isRetry && (await tokenRefresher.refresh())) return fetchWithAuth(url, true);
  return res;
}

/** Organiser files (PDF, CSV) need the bearer header, so they are fetched (from a route's api.url) and handed to the browser as a download. */
export async function downloadOrganiserFile(url: string, fileName: string): Promise<void> {
  const res = await fetchWithAuth(url, false);
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const certificateFiles = {
  pdf: (eventId: string, certificateId: string, fileName: string) =>
    downloadOrganiserFile(api.url(`GET ${EV}/certificates/:certificateId/certificate.pdf`, { params: { eventId, certificateId } }), fileName),
  csv: (eventId: string, q: { templateId?: string; issuedVia?: TCertificateIssuedVia; q?: string }) =>
    downloadOrganiserFile(api.url(`GET ${EV}/certificates/export`, { params: { eventId }, query: q }), 'certificates.csv'),
};
