import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZBriefBagMail, ZBriefBagMailInput, ZBriefBagSendResult, ZBriefBagTicketQuery } from './brief-bag-mail.ts';
import {
  ZBagAddInput,
  ZBoothDocument,
  ZBoothDocumentList,
  ZBoothDocumentUpload,
  ZBriefBag,
  ZCardDropInput,
  ZInquiry,
  ZInquiryAnswer,
  ZInquiryInput,
  ZInquiryList,
  ZInquiryParams,
  ZInquiryStatusInput,
  ZCardPhotoUpload,
  ZCardParams,
  ZCompanyDocumentsParams,
  ZDocumentParams,
  ZLead,
  ZLeadPage,
  ZLeadParams,
  ZLeadQuery,
  ZLeadQuestions,
  ZLeadQuestionsInput,
  ZLeadScanInput,
  ZLeadScanResult,
  ZLeadsEventParams,
  ZLeadsMe,
  ZLeadSyncRequest,
  ZLeadSyncResult,
  ZLeadUpdate,
  ZLeadWebhook,
  ZLeadWebhookDeliveries,
  ZLeadWebhookInput,
  ZLeadWebhookSaved,
  ZOnsiteLeads,
  ZOnsiteLeadsQuery,
  ZVisitingCard,
  ZVisitingCardList,
} from './leads.schemas.ts';

const tags = ['leads'];
const ev = '/api/eventservices/events/:eventId';
const booth = `${ev}/booth/leads`;

/**
 * Leads (issue 18). Exhibitor staff routes (`booth/leads`) need a signed-in participant of the event (the
 * `ei/{eventId}` event access token) whose account email the organiser listed as staff of an exhibiting company
 * (exhibition's `staffCompanyOf`); anyone else gets 403 LEADS_NOT_STAFF. They apply the app tab `lead`'s rules first
 * (portal.assertTabVisible: hidden 404, login 401, tickets 403). A company sees only its own leads.
 *
 * A scan is checked by the credentials module (the QR the gate scans): malformed or forged 400
 * LEADS_CREDENTIAL_INVALID, another event's 400 LEADS_OTHER_EVENT, a revoked or superseded one 409
 * LEADS_CREDENTIAL_REVOKED; a typed registration number unknown to the event 404 LEADS_REGISTRATION_NOT_FOUND.
 * One lead per company and visitor: a second scan returns the same lead (isNew false). A scan's nonce is kept, so
 * the same scan sent twice (offline queue, retry) is counted once.
 */
export const leadsRoutes = defineRoutes({
  /** Who the caller is on the Leads tab: staff of a company (its questions and counts), or a visitor (company null). */
  me: { method: 'GET', path: `${booth}/me`, auth: 'user', tags, params: ZLeadsEventParams, response: ZLeadsMe },
  /** One live scan (camera or typed number). */
  scan: { method: 'POST', path: `${booth}/scans`, auth: 'user', tags, params: ZLeadsEventParams, body: ZLeadScanInput, status: 201, response: ZLeadScanResult },
  /** The phone's offline queue: each scan saved, duplicate (same nonce) or refused, in order; never fails as a whole for one bad scan. */
  sync: { method: 'POST', path: `${booth}/sync`, auth: 'user', tags, params: ZLeadsEventParams, body: ZLeadSyncRequest, response: ZLeadSyncResult },
  list: { method: 'GET', path: booth, auth: 'user', tags, params: ZLeadsEventParams, query: ZLeadQuery, response: ZLeadPage },
  /** Rating (hot, warm, cold), notes and answers to the company's questions (400 unknownQuestion for another id). */
  update: { method: 'PUT', path: `${booth}/:leadId`, auth: 'user', tags, params: ZLeadParams, body: ZLeadUpdate, response: ZLead },
  /** The company's leads as CSV (UTF-8 BOM, formula-injection guard). */
  exportCsv: { method: 'GET', path: `${booth}/export.csv`, auth: 'user', tags, params: ZLeadsEventParams, response: fileResponse('text/csv; charset=utf-8') },
  /** The same as an Excel workbook. */
  exportXlsx: {
    method: 'GET',
    path: `${booth}/export.xlsx`,
    auth: 'user',
    tags,
    params: ZLeadsEventParams,
    response: fileResponse('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  },
  /** Up to 10 qualifying questions of the company (ids kept for questions that stay, so answers keep their question). */
  saveQuestions: { method: 'PUT', path: `${booth}/questions`, auth: 'user', tags, params: ZLeadsEventParams, body: ZLeadQuestionsInput, response: ZLeadQuestions },
  /** The company's lead webhook and its delivery counts. */
  webhook: { method: 'GET', path: `${booth}/webhook`, auth: 'user', tags, params: ZLeadsEventParams, response: ZLeadWebhook },
  /**
   * Sets the webhook URL (https in production) and makes a new signing secret, answered once. Each new lead is then
   * delivered by a job: retried with growing delays (2 s, 30 s, 2 min, 10 min, 1 h) and given up after 6 attempts.
   */
  saveWebhook: { method: 'PUT', path: `${booth}/webhook`, auth: 'user', tags, params: ZLeadsEventParams, body: ZLeadWebhookInput, response: ZLeadWebhookSaved },
  /** The delivery log: the company's newest 20 deliveries, each with every attempt (HTTP status or error, time, outcome). */
  webhookDeliveries: { method: 'GET', path: `${booth}/webhook/deliveries`, auth: 'user', tags, params: ZLeadsEventParams, response: ZLeadWebhookDeliveries },
  /** Take the visitor's visiting card from a lead (SPEC §9 action 3 take card; once per lead). */
  takeCard: { method: 'POST', path: `${booth}/:leadId/card`, auth: 'user', tags, params: ZLeadParams, status: 201, response: ZVisitingCard },
  /**
   * A photo of the visitor's paper card for a lead (upload media type 3): the card counts as taken (action 3, once);
   * a SPEC §5 image whose bytes match its extension (400 fileTypeNotAllowed / fileContentMismatch / fileTooLarge).
   */
  cardPhoto: { method: 'PUT', path: `${booth}/:leadId/card/photo`, auth: 'user', tags, params: ZLeadParams, body: ZCardPhotoUpload, response: ZVisitingCard },
  /** The photo, for the company's staff. */
  cardPhotoFile: { method: 'GET', path: `${booth}/:leadId/card/photo`, auth: 'user', tags, params: ZLeadParams, response: fileResponse('image/*') },
  /** The company's cards: taken by its staff and dropped at it (SPEC §2.6 Card Taken, Card Dropped). */
  companyCards: { method: 'GET', path: `${booth}/cards`, auth: 'user', tags, params: ZLeadsEventParams, response: ZVisitingCardList },
  /** A card's photo of the paper card (mediaType 3), by the card's id, for the company's staff only (404 for another company's card or a card without one). */
  companyCardPhoto: { method: 'GET', path: `${booth}/cards/:cardId/photo`, auth: 'user', tags, params: ZCardParams, response: fileResponse('image/*') },

  /**
   * An attendee drops their visiting card at a company (SPEC §9 action 4 drop card; once per company), from the
   * Exhibitors tab's company page (that tab's rules apply). The caller must hold a registration of the event made
   * with their account's email (403 LEADS_NO_REGISTRATION otherwise).
   */
  dropCard: { method: 'POST', path: `${ev}/visiting-cards`, auth: 'user', tags, params: ZLeadsEventParams, body: ZCardDropInput, status: 201, response: ZVisitingCard },
  /** The attendee's own cards: taken from them and dropped by them. */
  myCards: { method: 'GET', path: `${ev}/visiting-cards/mine`, auth: 'user', tags, params: ZLeadsEventParams, response: ZVisitingCardList },

  /** The company's booth documents (staff). */
  documents: { method: 'GET', path: `${booth}/documents`, auth: 'user', tags, params: ZLeadsEventParams, response: ZBoothDocumentList },
  /**
   * A document for the booth (≤ 4 MB, ≤ 30 a company): SPEC §5 document types, its first bytes must match the
   * extension (400 fileTypeNotAllowed / fileContentMismatch / fileTooLarge).
   */
  uploadDocument: { method: 'POST', path: `${booth}/documents`, auth: 'user', tags, params: ZLeadsEventParams, body: ZBoothDocumentUpload, status: 201, response: ZBoothDocument },
  deleteDocument: { method: 'DELETE', path: `${booth}/documents/:documentId`, auth: 'user', tags, params: ZDocumentParams, response: ZBoothDocument },
  /** A company's documents as visitors see them (the Exhibitors tab's rules apply). */
  companyDocuments: { method: 'GET', path: `${ev}/brief-bag/companies/:companyId/documents`, auth: 'public', tags, params: ZCompanyDocumentsParams, response: ZBoothDocumentList },
  /** The caller's brief bag (a signed-in participant of the event). */
  bag: { method: 'GET', path: `${ev}/brief-bag`, auth: 'user', tags, params: ZLeadsEventParams, response: ZBriefBag },
  /** Collects a document into the bag (SPEC §9 action 5 brief bag, recorded once per document). */
  addToBag: { method: 'POST', path: `${ev}/brief-bag`, auth: 'user', tags, params: ZLeadsEventParams, body: ZBagAddInput, status: 201, response: ZBriefBag },
  removeFromBag: { method: 'DELETE', path: `${ev}/brief-bag/:documentId`, auth: 'user', tags, params: ZDocumentParams, response: ZBriefBag },
  /** Every document of the bag as one ZIP, streamed. */
  bagZip: { method: 'GET', path: `${ev}/brief-bag.zip`, auth: 'user', tags, params: ZLeadsEventParams, response: fileResponse('application/zip') },
  /** Whether the caller's bag is mailed to them after the event (stored per participation), and when it was. */
  bagMail: { method: 'GET', path: `${ev}/brief-bag/mail`, auth: 'user', tags, params: ZLeadsEventParams, response: ZBriefBagMail },
  setBagMail: { method: 'PUT', path: `${ev}/brief-bag/mail`, auth: 'user', tags, params: ZLeadsEventParams, body: ZBriefBagMailInput, response: ZBriefBagMail },
  /** The mailed link: the whole bag as a ZIP without signing in. A forged ticket or another event's 404, an expired one 410. */
  mailedBagZip: { method: 'GET', path: `${ev}/brief-bag/mailed.zip`, auth: 'public', tags, params: ZLeadsEventParams, query: ZBriefBagTicketQuery, response: fileResponse('application/zip') },
  /** "Send brief bags now" (AP-580 Leads: Bulk Email): the mails owed, once the event has ended (409 LEADS_EVENT_NOT_ENDED before). */
  sendBagMails: { method: 'POST', path: `${ev}/brief-bags/send`, auth: 'organiser', access: 'AP-580', tags, params: ZLeadsEventParams, response: ZBriefBagSendResult },

  /**
   * An attendee's inquiry to a company, optionally about one of its products (400 unknownCompany / unknownProduct);
   * SPEC §9 action 6 inquiry, counted for the company's Inquiries report (analytics type 7).
   */
  ask: { method: 'POST', path: `${ev}/inquiries`, auth: 'user', tags, params: ZLeadsEventParams, body: ZInquiryInput, status: 201, response: ZInquiry },
  myInquiries: { method: 'GET', path: `${ev}/inquiries/mine`, auth: 'user', tags, params: ZLeadsEventParams, response: ZInquiryList },
  /** The asker closes or reopens their inquiry (open → closed, answered → closed, closed/answered → open). */
  setMyInquiryStatus: { method: 'PUT', path: `${ev}/inquiries/:inquiryId/status`, auth: 'user', tags, params: ZInquiryParams, body: ZInquiryStatusInput, response: ZInquiry },
  /** The company's inquiries, newest first (staff). */
  companyInquiries: { method: 'GET', path: `${booth}/inquiries`, auth: 'user', tags, params: ZLeadsEventParams, response: ZInquiryList },
  /** Staff answer (open or answered → answered; a closed inquiry 409 LEADS_INQUIRY_CLOSED). */
  answerInquiry: { method: 'PUT', path: `${booth}/inquiries/:inquiryId/answer`, auth: 'user', tags, params: ZInquiryParams, body: ZInquiryAnswer, response: ZInquiry },
  /** Staff close an inquiry (or reopen it). */
  setInquiryStatus: { method: 'PUT', path: `${booth}/inquiries/:inquiryId/status`, auth: 'user', tags, params: ZInquiryParams, body: ZInquiryStatusInput, response: ZInquiry },

  /**
   * SPEC §2.6 host tab Onsite Leads: counts per exhibiting company (AP-585 Onsite Leads: View), optionally within whole
   * days `from`..`to` of the event's time zone (400 invalidDate, notEquivalent): leads by their first scan, cards and
   * actions by when they were recorded.
   */
  onsite: { method: 'GET', path: `${ev}/onsite-leads`, auth: 'organiser', access: 'AP-585', tags, params: ZLeadsEventParams, query: ZOnsiteLeadsQuery, response: ZOnsiteLeads },
  /** The same table as an Excel workbook (one row per company, then the totals). */
  onsiteXlsx: {
    method: 'GET',
    path: `${ev}/onsite-leads.xlsx`,
    auth: 'organiser',
    access: 'AP-585',
    tags,
    params: ZLeadsEventParams,
    query: ZOnsiteLeadsQuery,
    response: fileResponse('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  },
});
