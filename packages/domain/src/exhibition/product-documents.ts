import { z } from 'zod';
import { COMPANY_DOCUMENT_BODY_LIMIT, COMPANY_DOCUMENT_MAX_BYTES, ZCompanyDocumentRename, ZCompanyDocumentUpload } from './company-documents.ts';

const zId = z.string().min(1).max(64);

/**
 * A product's documents (issue 15: "product catalogue per company (name, category, images, documents, …)"): a data
 * sheet, a price list. SPEC §5 document types, the content checked against the extension by its magic bytes, the
 * company documents' size limit, at most PRODUCT_DOCUMENTS_MAX a product. An attendee's download counts as the
 * company documents' do (SPEC §9 Documents 4, download 2), so the exhibitor report's Documents tab lists them too.
 */
export const PRODUCT_DOCUMENTS_MAX = 5;
export const PRODUCT_DOCUMENT_MAX_BYTES = COMPANY_DOCUMENT_MAX_BYTES;
export const PRODUCT_DOCUMENT_BODY_LIMIT = COMPANY_DOCUMENT_BODY_LIMIT;
/** A display name (`title`), the file's name (its extension decides the type) and its bytes in base64. */
export const ZProductDocumentUpload = ZCompanyDocumentUpload;
export type TProductDocumentUpload = z.infer<typeof ZProductDocumentUpload>;
export const ZProductDocumentRename = ZCompanyDocumentRename;

/** A product's document as the organiser and the company's admin see it, with its downloads. */
export const ZProductDocument = z.object({
  id: z.string(),
  companyId: z.string(),
  productId: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  downloads: z.number().int(),
  createdAt: z.string(),
});
export type TProductDocument = z.infer<typeof ZProductDocument>;
export const ZProductDocumentList = z.array(ZProductDocument);

export const ZProductDocumentParams = z.strictObject({ eventId: zId, companyId: zId, productId: zId, documentId: zId });
export const ZMyProductDocumentParams = z.strictObject({ eventId: zId, productId: zId, documentId: zId });

/** What a visitor sees of a company's product documents: product id → its documents, in upload order. */
export const ZExhibitorProductDocument = z.object({ id: z.string(), title: z.string(), fileName: z.string(), byteSize: z.number().int() });
export type TExhibitorProductDocument = z.infer<typeof ZExhibitorProductDocument>;
export const ZExhibitorProductDocuments = z.record(z.string(), z.array(ZExhibitorProductDocument));
export type TExhibitorProductDocuments = z.infer<typeof ZExhibitorProductDocuments>;
