import type {
  TCertificate,
  TCertificateEmailRequest,
  TCertificateIssueRequest,
  TCertificateIssueResult,
  TCertificateListQuery,
  TCertificateMailBatch,
  TCertificateRule,
  TCertificateRuleRequest,
  TCertificateRuleRun,
  TCertificateTemplate,
  TCertificateTemplateRequest,
  TCertificateVerification,
} from '@pavilion/domain/certificates/certificates.schemas';
import type { TPage } from '@pavilion/domain/common/pagination';
import { USER_ACCESS_TOKEN_HEADER } from '@pavilion/domain/auth/auth.headers';
import { CACHE_VERSION } from '@pavilion/domain/constants/session';
import { api, tokenRefresher } from '../../../app/api-client.ts';
import { sessionStore } from '../../../app/session-storage.ts';

const enc = encodeURIComponent;
const ev = (eventId: string) => `eventservices/events/${enc(eventId)}`;

type TPick = { id: string; name: string };
type TRegistrationHit = { id: string; firstName: string; lastName: string; email: string; registrationNo: string; approvalStatus: string };

export const certificatesApi = {
  defaultTemplate: (signal?: AbortSignal) => api.get<{ html: string }>('eventservices/certificate-templates/default', { signal }),
  templates: (eventId: string, signal?: AbortSignal) => api.get<TCertificateTemplate[]>(`${ev(eventId)}/certificate-templates`, { signal }),
  createTemplate: (eventId: string, body: TCertificateTemplateRequest) => api.post<TCertificateTemplate>(`${ev(eventId)}/certificate-templates`, body),
  updateTemplate: (eventId: string, id: string, body: TCertificateTemplateRequest) => api.put<TCertificateTemplate>(`${ev(eventId)}/certificate-templates/${enc(id)}`, body),
  deleteTemplate: (eventId: string, id: string) => api.delete<null>(`${ev(eventId)}/certificate-templates/${enc(id)}`),
  issue: (eventId: string, body: TCertificateIssueRequest) => api.post<TCertificateIssueResult>(`${ev(eventId)}/certificates/issue`, body),
  /** 202: the batch is recorded and the server's mail job sends it; poll `mailBatch` for progress. */
  email: (eventId: string, body: TCertificateEmailRequest) => api.post<TCertificateMailBatch>(`${ev(eventId)}/certificates/email`, body),
  mailBatch: (eventId: string, batchId: string, signal?: AbortSignal) => api.get<TCertificateMailBatch>(`${ev(eventId)}/certificates/email/${enc(batchId)}`, { signal }),
  list: (eventId: string, q: Partial<TCertificateListQuery>, signal?: AbortSignal) => api.get<TPage<TCertificate>>(`${ev(eventId)}/certificates`, { query: q, signal }),
  revoke: (eventId: string, id: string) => api.post<TCertificate>(`${ev(eventId)}/certificates/${enc(id)}/revoke`, {}),
  rules: (eventId: string, signal?: AbortSignal) => api.get<TCertificateRule[]>(`${ev(eventId)}/certificate-rules`, { signal }),
  createRule: (eventId: string, body: TCertificateRuleRequest) => api.post<TCertificateRule>(`${ev(eventId)}/certificate-rules`, body),
  updateRule: (eventId: string, id: string, body: TCertificateRuleRequest) => api.put<TCertificateRule>(`${ev(eventId)}/certificate-rules/${enc(id)}`, body),
  deleteRule: (eventId: string, id: string) => api.delete<null>(`${ev(eventId)}/certificate-rules/${enc(id)}`),
  runRule: (eventId: string, id: string) => api.post<TCertificateRuleRun>(`${ev(eventId)}/certificate-rules/${enc(id)}/run`),
  // Registration's organiser API (HTTP contract in modules/registration/API.md), for choosing recipients.
  searchRegistrations: async (eventId: string, search: string, signal?: AbortSignal) =>
    (await api.get<TPage<TRegistrationHit>>(`${ev(eventId)}/registrations`, { query: { search: search || undefined, approvalStatus: 'approved', pageSize: 20 }, signal, isSilent: true })).items,
  tickets: (eventId: string, signal?: AbortSignal) => api.get<TPick[]>(`${ev(eventId)}/tickets`, { signal }),
  categories: (eventId: string, signal?: AbortSignal) => api.get<TPick[]>(`${ev(eventId)}/visitor-categories`, { signal }),
};

export const publicCertificatesApi = {
  verify: (certificateId: string, signal?: AbortSignal) => api.get<TCertificateVerification>(`eventservices/public/certificates/${enc(certificateId)}`, { signal }),
  pdfUrl: (certificateId: string) => `/api/eventservices/public/certificates/${enc(certificateId)}/certificate.pdf`,
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

/** Organiser files (PDF, CSV) need the bearer header, so they are fetched and handed to the browser as a download. */
export async function downloadOrganiserFile(path: string, query: Record<string, string | undefined>, fileName: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  params.set('v', CACHE_VERSION);
  const res = await fetchWithAuth(`/api/${path}?${params.toString()}`, false);
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const certificateFiles = {
  pdf: (eventId: string, id: string, fileName: string) => downloadOrganiserFile(`${ev(eventId)}/certificates/${enc(id)}/certificate.pdf`, {}, fileName),
  csv: (eventId: string, q: { templateId?: string; issuedVia?: string; q?: string }) => downloadOrganiserFile(`${ev(eventId)}/certificates/export`, q, 'certificates.csv'),
};
