import { z } from 'zod';
import { BOOTH_DOCUMENT_MAX_BYTES, ZBoothDocumentUpload } from '../leads/leads.schemas.ts';

const zId = z.string().min(1).max(64);

/**
 * A company's documents (SPEC §3.10 upload media 1; SPEC §5 document types, the content checked against the extension
 * by its magic bytes; at most COMPANY_DOCUMENT_MAX_BYTES each). ONE list per company: the organiser's uploads and the
 * booth staff's brief-bag uploads are the same documents (stored once, in the leads module's booth documents), so the
 * company's page shows one Documents section and every document can go into a brief bag.
 */
export const COMPANY_DOCUMENT_MAX_BYTES = BOOTH_DOCUMENT_MAX_BYTES;
/** The route's body limit: the base64 of the largest document and its title. */
export const COMPANY_DOCUMENT_BODY_LIMIT = Math.ceil(COMPANY_DOCUMENT_MAX_BYTES / 3) * 4 + 64 * 1024;
export const DocumentErrorKey = { FileTooLarge: 'fileTooLarge', FileTypeNotAllowed: 'fileTypeNotAllowed', FileContentMismatch: 'fileContentMismatch' } as const;
export const ZCompanyDocumentUpload = ZBoothDocumentUpload;
export type TCompanyDocumentUpload = z.infer<typeof ZCompanyDocumentUpload>;
export const ZCompanyDocumentRename = z.strictObject({ title: z.string().trim().min(1).max(160) });
export const ZCompanyDocumentParams = z.strictObject({ eventId: zId, companyId: zId, documentId: zId });
export const ZDocumentFileQuery = z.strictObject({ ticket: z.string().min(1).max(1000) });

/** A document as the organiser sees it, with the exhibitor report's Documents counts (SPEC §9 type 4: view 1, download 2). */
export const ZCompanyDocument = z.object({
  id: z.string(),
  companyId: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  /** Who put it there: the organiser, or the company's people (its booth staff on the Leads tab, its admin on My stand). */
  uploadedBy: z.enum(['organiser', 'staff']),
  views: z.number().int(),
  downloads: z.number().int(),
  createdAt: z.string(),
});
export type TCompanyDocument = z.infer<typeof ZCompanyDocument>;
export const ZCompanyDocumentList = z.array(ZCompanyDocument);

/** "Open" on a document: a signed URL that works for a short while (the download is counted when it is asked for). */
export const ZDocumentOpen = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() });
export type TDocumentOpen = z.infer<typeof ZDocumentOpen>;
/** A booth page opened: whether this open was counted (once per participant and day; every anonymous open). */
export const ZBoothViewed = z.object({ counted: z.boolean() });

/**
 * The exhibitor report (SPEC §2.6 Exhibitor tabs), one company's: each tab has its headline figures (`stats`, the
 * first is the tab's total), a table (`columns` × `rows`) and, where the data has dates, views by day (`series`).
 */
export const EXHIBITOR_REPORT_TAB_KEYS = ['booth', 'documents', 'videos', 'products', 'inquiries', 'cardTaken', 'cardDropped', 'boothActionPoint', 'onsiteLeads', 'webhooks'] as const;
export type TExhibitorReportTabKey = (typeof EXHIBITOR_REPORT_TAB_KEYS)[number];
export const ZExhibitorReportTab = z.object({
  key: z.enum(EXHIBITOR_REPORT_TAB_KEYS),
  name: z.string(),
  analyticsType: z.number().int().nullable(),
  stats: z.array(z.object({ key: z.string(), value: z.number().int() })),
  columns: z.array(z.string()),
  rows: z.array(z.object({ label: z.string(), counts: z.array(z.number().int()) })),
  series: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type TExhibitorReportTab = z.infer<typeof ZExhibitorReportTab>;
export const ZExhibitorReport = z.object({ company: z.object({ id: z.string(), name: z.string() }), tabs: z.array(ZExhibitorReportTab) });
export type TExhibitorReport = z.infer<typeof ZExhibitorReport>;
