import type { TCardPhotoUpload, TBoothDocumentUpload, TLeadQuestionsInput, TLeadScanInput, TLeadUpdate, TOnsiteLeadsQuery } from '@pavilion/domain/leads/leads.schemas';
import { downloadFile as downloadAs, fetchWithAuth } from '../../../app/download.ts';
import { api } from '../../../app/api-client.ts';

const EV = '/api/eventservices/events/:eventId';
const BOOTH = `${EV}/booth/leads`;

/**
 * A protected file (a card photo) as a Blob for an object URL: an `<img src>` cannot send the bearer and event access
 * headers, and such a file must not get a public URL.
 */
async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetchWithAuth(url);
  if (!res.ok) throw { status: 'ERROR', code: res.status, message: res.statusText || `HTTP ${res.status}` };
  return res.blob();
}

/** A file behind the bearer and the event access token: the app's one download (a refreshed token, the file's own name). */
const downloadFile = (url: string, fileName: string): Promise<void> => downloadAs(url, {}, fileName).then(() => undefined);

/** Exhibitor staff (the Leads tab): the server checks the caller staffs a company of the event. */
export const leadsApi = {
  me: (eventId: string, signal?: AbortSignal) => api.call(`GET ${BOOTH}/me`, { params: { eventId }, signal, isSilent: true }),
  scan: (eventId: string, body: TLeadScanInput) => api.call(`POST ${BOOTH}/scans`, { params: { eventId }, body, isSilent: true }),
  sync: (eventId: string, scans: TLeadScanInput[]) => api.call(`POST ${BOOTH}/sync`, { params: { eventId }, body: { scans }, isSilent: true }),
  list: (eventId: string, search: string, signal?: AbortSignal) =>
    api.call(`GET ${BOOTH}`, { params: { eventId }, query: { page: 1, pageSize: 50, ...(search ? { search } : {}) }, signal, isSilent: true }),
  update: (eventId: string, leadId: string, body: TLeadUpdate) => api.call(`PUT ${BOOTH}/:leadId`, { params: { eventId, leadId }, body }),
  saveQuestions: (eventId: string, body: TLeadQuestionsInput) => api.call(`PUT ${BOOTH}/questions`, { params: { eventId }, body }),
  cardPhoto: (eventId: string, leadId: string, body: TCardPhotoUpload) => api.call(`PUT ${BOOTH}/:leadId/card/photo`, { params: { eventId, leadId }, body }),
  takeCard: (eventId: string, leadId: string) => api.call(`POST ${BOOTH}/:leadId/card`, { params: { eventId, leadId } }),
  companyCards: (eventId: string, signal?: AbortSignal) => api.call(`GET ${BOOTH}/cards`, { params: { eventId }, signal, isSilent: true }),
  /** A card's photo of the paper card, fetched with the company staff's authorisation (never a public URL). */
  cardPhotoFile: (eventId: string, cardId: string) => fetchBlob(api.url(`GET ${BOOTH}/cards/:cardId/photo`, { params: { eventId, cardId } })),
  documents: (eventId: string, signal?: AbortSignal) => api.call(`GET ${BOOTH}/documents`, { params: { eventId }, signal, isSilent: true }),
  uploadDocument: (eventId: string, body: TBoothDocumentUpload) => api.call(`POST ${BOOTH}/documents`, { params: { eventId }, body }),
  deleteDocument: (eventId: string, documentId: string) => api.call(`DELETE ${BOOTH}/documents/:documentId`, { params: { eventId, documentId } }),
  webhook: (eventId: string, signal?: AbortSignal) => api.call(`GET ${BOOTH}/webhook`, { params: { eventId }, signal, isSilent: true }),
  saveWebhook: (eventId: string, url: string) => api.call(`PUT ${BOOTH}/webhook`, { params: { eventId }, body: { url } }),
  webhookDeliveries: (eventId: string, signal?: AbortSignal) => api.call(`GET ${BOOTH}/webhook/deliveries`, { params: { eventId }, signal, isSilent: true }),
  exportCsv: (eventId: string) => downloadFile(api.url(`GET ${BOOTH}/export.csv`, { params: { eventId } }), 'leads.csv'),
  exportXlsx: (eventId: string) => downloadFile(api.url(`GET ${BOOTH}/export.xlsx`, { params: { eventId } }), 'leads.xlsx'),
};

/** Attendee: visiting cards. */
export const cardsApi = {
  drop: (eventId: string, companyId: string) => api.call(`POST ${EV}/visiting-cards`, { params: { eventId }, body: { companyId } }),
  mine: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/visiting-cards/mine`, { params: { eventId }, signal, isSilent: true }),
};

/** Attendee: the brief bag. */
export const bagApi = {
  companyDocuments: (eventId: string, companyId: string, signal?: AbortSignal) =>
    api.call(`GET ${EV}/brief-bag/companies/:companyId/documents`, { params: { eventId, companyId }, signal, isSilent: true }),
  bag: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/brief-bag`, { params: { eventId }, signal, isSilent: true }),
  add: (eventId: string, documentId: string) => api.call(`POST ${EV}/brief-bag`, { params: { eventId }, body: { documentId } }),
  remove: (eventId: string, documentId: string) => api.call(`DELETE ${EV}/brief-bag/:documentId`, { params: { eventId, documentId } }),
  zip: (eventId: string) => downloadFile(api.url(`GET ${EV}/brief-bag.zip`, { params: { eventId } }), 'brief-bag.zip'),
  /** "Mail my bag to me after the event". */
  mail: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/brief-bag/mail`, { params: { eventId }, signal, isSilent: true }),
  setMail: (eventId: string, isOptedIn: boolean) => api.call(`PUT ${EV}/brief-bag/mail`, { params: { eventId }, body: { isOptedIn }, isSilent: true }),
};

/** Inquiries: attendees ask, staff answer. */
export const inquiriesApi = {
  ask: (eventId: string, body: { companyId: string; productId: string | null; message: string }) => api.call(`POST ${EV}/inquiries`, { params: { eventId }, body }),
  mine: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/inquiries/mine`, { params: { eventId }, signal, isSilent: true }),
  company: (eventId: string, signal?: AbortSignal) => api.call(`GET ${BOOTH}/inquiries`, { params: { eventId }, signal, isSilent: true }),
  answer: (eventId: string, inquiryId: string, answer: string) => api.call(`PUT ${BOOTH}/inquiries/:inquiryId/answer`, { params: { eventId, inquiryId }, body: { answer } }),
  close: (eventId: string, inquiryId: string) => api.call(`PUT ${BOOTH}/inquiries/:inquiryId/status`, { params: { eventId, inquiryId }, body: { status: 'closed' } }),
};

/** Organiser: SPEC §2.6 Onsite Leads (AP-585). */
export const onsiteLeadsApi = {
  onsite: (eventId: string, range: TOnsiteLeadsQuery, signal?: AbortSignal) => api.call(`GET ${EV}/onsite-leads`, { params: { eventId }, query: range, signal }),
  /** The table as a workbook (the same range), handed to the browser as a download. */
  exportXlsx: (eventId: string, range: TOnsiteLeadsQuery) => downloadAs(api.url(`GET ${EV}/onsite-leads.xlsx`, { params: { eventId }, query: range }), {}, 'onsite-leads.xlsx'),
  /** "Send brief bags now" (AP-580): 409 LEADS_EVENT_NOT_ENDED before the event's end. */
  sendBags: (eventId: string) => api.call(`POST ${EV}/brief-bags/send`, { params: { eventId }, isSilent: true }),
};
