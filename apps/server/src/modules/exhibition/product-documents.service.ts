import { AnalyticsType, PRODUCT_DOCUMENT_MAX_BYTES, PRODUCT_DOCUMENTS_MAX, ReportAction, type TDocumentOpen, type TExhibitorProductDocuments, type TProductDocument, type TProductDocumentUpload } from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CompanyDocumentsRepository } from './company-documents.repository.ts';
import { checkedDocument, type DocumentTickets } from './document-files.ts';
import { exhibitionErrors } from './exhibition.errors.ts';
import type { ProductDocumentMeta, ProductDocumentsRepository } from './product-documents.repository.ts';

type Visitor = { user: AuthUser | null; eventAccess: EventAccess | null };
type Company = { eventId: string; companyId: string };

export type ProductDocumentsDeps = {
  repo: ProductDocumentsRepository;
  /** The SPEC §9 report actions the company documents record (exhibition_media_actions): a download is Documents 4, download 2 here too. */
  actions: Pick<CompanyDocumentsRepository, 'recordAction' | 'counts' | 'deleteActions'>;
  audit: Audit;
  tickets: DocumentTickets;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  assertTabVisible: (eventId: string, tabName: string, caller: Visitor) => Promise<unknown>;
  /** The company of this event, or null. */
  company: (eventId: string, companyId: string) => Promise<{ id: string; organisationId: string } | null>;
  /** The product images' scoping (product-orders.service.ts): 404 unless the product is the company's, the company the event's and the organisation's. */
  ownProduct: (organisationId: string, eventId: string, companyId: string, productId: string) => Promise<Company>;
};

export const productDocumentErrors = {
  tooMany: () => new AppError(409, 'EXHIBITION_TOO_MANY_DOCUMENTS', `A product has at most ${PRODUCT_DOCUMENTS_MAX} documents: delete one first`),
};

/**
 * A product's documents (issue 15): the organiser's routes (Products codes) and the company admin's My stand share the
 * company-scoped functions, as the product images do; visitors list them under the Exhibitors tab's rules and open them
 * through a sealed 10-minute link, each open counted as the company documents' are (Documents 4, download 2).
 */
export function createProductDocumentsService(deps: ProductDocumentsDeps) {
  const { repo, actions } = deps;
  const view = (d: ProductDocumentMeta, downloads: number): TProductDocument => ({
    id: d.id,
    companyId: d.companyId,
    productId: d.productId,
    title: d.title,
    fileName: d.fileName,
    contentType: d.contentType,
    byteSize: d.byteSize,
    downloads,
    createdAt: d.createdAt.toISOString(),
  });
  async function withDownloads(c: Company, rows: ProductDocumentMeta[]): Promise<TProductDocument[]> {
    const counts = await actions.counts(c, AnalyticsType.Documents);
    return rows.map((d) => view(d, counts.get(d.id)?.get(ReportAction.Download) ?? 0));
  }
  async function visibleCompany(caller: Visitor, eventId: string, companyId: string) {
    await deps.assertTabVisible(eventId, 'exhibitors', caller);
    const company = await deps.company(eventId, companyId);
    if (!company) throw exhibitionErrors.companyNotFound();
    return company;
  }

  /* The rules without the organiser's event check: the organiser's routes and the company admin's My stand share them. */
  async function companyProductDocuments(organisationId: string, eventId: string, companyId: string, productId: string): Promise<TProductDocument[]> {
    const c = await deps.ownProduct(organisationId, eventId, companyId, productId);
    return withDownloads(c, await repo.documents(c, productId));
  }
  async function addCompanyProductDocument(organisationId: string, eventId: string, companyId: string, productId: string, input: TProductDocumentUpload, actorUserId: string): Promise<TProductDocument> {
    await deps.ownProduct(organisationId, eventId, companyId, productId);
    const { bytes, contentType } = checkedDocument(input, PRODUCT_DOCUMENT_MAX_BYTES);
    const row = await repo.insert({ id: newId(), organisationId, eventId, companyId, productId, title: input.title, fileName: input.fileName, contentType, byteSize: bytes.length, bytes }, PRODUCT_DOCUMENTS_MAX);
    if (!row) throw productDocumentErrors.tooMany();
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.product_document_uploaded', target: row.id, meta: { eventId, companyId, productId } });
    return view(row, 0);
  }
  async function renameCompanyProductDocument(organisationId: string, eventId: string, companyId: string, productId: string, documentId: string, title: string): Promise<TProductDocument> {
    const c = await deps.ownProduct(organisationId, eventId, companyId, productId);
    const row = await repo.rename(c, productId, documentId, title);
    if (!row) throw exhibitionErrors.documentNotFound();
    return (await withDownloads(c, [row]))[0]!;
  }
  async function removeCompanyProductDocument(organisationId: string, eventId: string, companyId: string, productId: string, documentId: string, actorUserId: string): Promise<{ id: string }> {
    const c = await deps.ownProduct(organisationId, eventId, companyId, productId);
    if (!(await repo.remove(c, productId, documentId))) throw exhibitionErrors.documentNotFound();
    await actions.deleteActions(c, documentId);
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.product_document_deleted', target: documentId, meta: { eventId, companyId, productId } });
    return { id: documentId };
  }

  return {
    async documents(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string): Promise<TProductDocument[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return companyProductDocuments(organisationId, eventId, companyId, productId);
    },
    async upload(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string, input: TProductDocumentUpload): Promise<TProductDocument> {
      await deps.assertEvent(caller, organisationId, eventId);
      return addCompanyProductDocument(organisationId, eventId, companyId, productId, input, caller.userId);
    },
    async rename(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string, documentId: string, title: string): Promise<TProductDocument> {
      await deps.assertEvent(caller, organisationId, eventId);
      return renameCompanyProductDocument(organisationId, eventId, companyId, productId, documentId, title);
    },
    async remove(caller: AuthUser, organisationId: string, eventId: string, companyId: string, productId: string, documentId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      return removeCompanyProductDocument(organisationId, eventId, companyId, productId, documentId, caller.userId);
    },
    // The same rules for the company admin's My stand (my-stand.service.ts), with the company it found from the caller.
    companyProductDocuments,
    addCompanyProductDocument,
    renameCompanyProductDocument,
    removeCompanyProductDocument,

    /** For the exhibitor report's Documents tab (company-documents.service.ts). */
    reportRows: (c: Company) => repo.documentsOfCompany(c),

    /** Product id → its documents, for the company's page (the Exhibitors tab's rules first). */
    async exhibitorDocuments(caller: Visitor, eventId: string, companyId: string): Promise<TExhibitorProductDocuments> {
      await visibleCompany(caller, eventId, companyId);
      const out: TExhibitorProductDocuments = {};
      for (const d of await repo.documentsOfCompany({ eventId, companyId })) (out[d.productId] ??= []).push({ id: d.id, title: d.title, fileName: d.fileName, byteSize: d.byteSize });
      return out;
    },

    /** Documents 4, download 2 (once per participant and document; every anonymous one), and a link that works 10 minutes. */
    async open(caller: Visitor, eventId: string, companyId: string, productId: string, documentId: string, filePath: string): Promise<TDocumentOpen> {
      const company = await visibleCompany(caller, eventId, companyId);
      const c = { eventId, companyId };
      const doc = await repo.document(c, productId, documentId);
      if (!doc) throw exhibitionErrors.documentNotFound();
      const eventUserId = caller.eventAccess && caller.eventAccess.eventId === eventId ? caller.eventAccess.eventUserId : null;
      await actions.recordAction({ id: newId(), organisationId: company.organisationId, eventId, companyId, analyticsType: AnalyticsType.Documents, action: ReportAction.Download, itemId: documentId, eventUserId });
      const { ticket, expiresAt } = deps.tickets.issue({ d: documentId, p: productId, e: eventId, c: companyId });
      return { url: `${filePath}?ticket=${encodeURIComponent(ticket)}`, fileName: doc.fileName, expiresAt: new Date(expiresAt).toISOString() };
    },

    /** The document behind a current ticket naming it; 404 otherwise. */
    async file(eventId: string, companyId: string, productId: string, documentId: string, ticket: string): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
      if (!deps.tickets.isValid(ticket, { d: documentId, p: productId, e: eventId, c: companyId })) throw exhibitionErrors.documentNotFound();
      const file = await repo.file({ eventId, companyId }, productId, documentId);
      if (!file) throw exhibitionErrors.documentNotFound();
      return file;
    },
  };
}
export type ProductDocumentsService = ReturnType<typeof createProductDocumentsService>;
