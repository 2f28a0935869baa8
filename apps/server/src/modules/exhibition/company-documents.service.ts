import {
  AnalyticsType,
  BOOTH_DOCUMENTS_MAX,
  COMPANY_DOCUMENT_MAX_BYTES,
  EXHIBITOR_REPORT_TABS,
  REPORT_ACTION_LABELS,
  ReportAction,
  type TCompanyDocument,
  type TCompanyDocumentUpload,
  type TDocumentOpen,
  type TExhibitorReport,
  type TExhibitorReportTab,
  type TExhibitorReportTabKey,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { LeadsPort } from '../leads/index.ts';
import type { CompanyDocumentsRepository } from './company-documents.repository.ts';
import type { VideoMeta } from './company-videos.repository.ts';
import { checkedDocument, createDocumentTickets } from './document-files.ts';
import { exhibitionErrors } from './exhibition.errors.ts';

type CompanyDocumentMeta = NonNullable<Awaited<ReturnType<LeadsPort['document']>>>;
type Visitor = { user: AuthUser | null; eventAccess: EventAccess | null };
type CompanyRef = { id: string; name: string; organisationId: string };
export type CompanyDocumentsDeps = {
  repo: CompanyDocumentsRepository;
  /** Leads' platform port: the booth documents (one list with the staff's) and the leads side of the report. */
  leads: Pick<LeadsPort, 'documents' | 'document' | 'documentBytes' | 'insertDocument' | 'renameDocument' | 'deleteDocument' | 'report'>;
  audit: Audit;
  secrets: SecretBox;
  now: () => Date;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  assertTabVisible: (eventId: string, tabName: string, caller: Visitor) => Promise<unknown>;
  /** The company of this event, or null (of this organisation when given). */
  company: (eventId: string, companyId: string, organisationId?: string) => Promise<CompanyRef | null>;
  /** The company the signed-in account is the admin of (exhibition_company_admins), or staff of (by its email), in this event. */
  memberCompany: (eventId: string, userId: string) => Promise<string | null>;
  videos: (c: { eventId: string; companyId: string }) => Promise<VideoMeta[]>;
  /** Per product of the company (every product, and orders of deleted ones), its orders (product orders). */
  productOrders: (eventId: string, companyId: string) => Promise<{ productId: string; productName: string; total: number }[]>;
  /** The company's product documents (product-documents.service.ts): their downloads are Documents 4 too, so the report lists them. */
  productDocuments?: (c: { eventId: string; companyId: string }) => Promise<{ id: string; title: string; productName: string }[]>;
};

const TAB_NAMES = new Map(EXHIBITOR_REPORT_TABS.map((t) => [t.name, t.analyticsType]));
const tab = (key: TExhibitorReportTabKey, name: string, parts: Partial<Pick<TExhibitorReportTab, 'stats' | 'columns' | 'rows' | 'series'>>): TExhibitorReportTab => ({
  key,
  name,
  analyticsType: TAB_NAMES.get(name) ?? null,
  stats: parts.stats ?? [],
  columns: parts.columns ?? [],
  rows: parts.rows ?? [],
  series: parts.series ?? [],
});

/**
 * A company's documents (the organiser's uploads join the booth staff's brief-bag documents: one list, stored by leads)
 * with their views and downloads; the booth page's view count; and the exhibitor report of SPEC §2.6.
 */
export function createCompanyDocumentsService(deps: CompanyDocumentsDeps) {
  const { repo, leads } = deps;
  const tickets = createDocumentTickets(deps.secrets, deps.now);

  async function ownCompany(organisationId: string, eventId: string, companyId: string) {
    const company = await deps.company(eventId, companyId, organisationId);
    if (!company) throw exhibitionErrors.companyNotFound();
    return { company, c: { eventId, companyId } };
  }
  async function visibleCompany(caller: Visitor, eventId: string, companyId: string) {
    await deps.assertTabVisible(eventId, 'exhibitors', caller);
    const company = await deps.company(eventId, companyId);
    if (!company) throw exhibitionErrors.companyNotFound();
    return { company, c: { eventId, companyId } };
  }
  const viewOf = (d: CompanyDocumentMeta, counts: Map<number, number> | undefined): TCompanyDocument => ({
    id: d.id,
    companyId: d.companyId,
    title: d.title,
    fileName: d.fileName,
    contentType: d.contentType,
    byteSize: d.byteSize,
    uploadedBy: d.createdByEventUserId ? 'staff' : 'organiser',
    views: counts?.get(ReportAction.View) ?? 0,
    downloads: counts?.get(ReportAction.Download) ?? 0,
    createdAt: d.createdAt.toISOString(),
  });
  async function withCounts(c: { eventId: string; companyId: string }, rows: CompanyDocumentMeta[]) {
    const counts = await repo.counts(c, AnalyticsType.Documents);
    return rows.map((d) => viewOf(d, counts.get(d.id)));
  }
  const eventUserOf = (caller: Visitor, eventId: string) => (caller.eventAccess && caller.eventAccess.eventId === eventId ? caller.eventAccess.eventUserId : null);

  /* The document rules without the organiser's event check: the organiser's routes and the company admin's My stand share them. */
  async function companyDocumentList(organisationId: string, eventId: string, companyId: string): Promise<TCompanyDocument[]> {
    const { c } = await ownCompany(organisationId, eventId, companyId);
    return withCounts(c, await leads.documents(c));
  }
  /** `eventUserId`: the company's admin uploading from My stand (listed as the company's), null for the organiser. */
  async function addCompanyDocument(organisationId: string, eventId: string, companyId: string, input: TCompanyDocumentUpload, actorUserId: string, eventUserId: string | null = null): Promise<TCompanyDocument> {
    await ownCompany(organisationId, eventId, companyId);
    const { bytes, contentType } = checkedDocument(input, COMPANY_DOCUMENT_MAX_BYTES);
    const row = await leads.insertDocument(
      { id: newId(), organisationId, eventId, companyId, title: input.title, fileName: input.fileName, contentType, byteSize: bytes.length, bytes, createdByEventUserId: eventUserId },
      BOOTH_DOCUMENTS_MAX,
    );
    if (!row) throw new AppError(409, 'EXHIBITION_TOO_MANY_DOCUMENTS', `A company has at most ${BOOTH_DOCUMENTS_MAX} documents: delete one first`);
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.document_uploaded', target: row.id, meta: { eventId, companyId } });
    return viewOf(row, undefined);
  }
  async function renameCompanyDocument(organisationId: string, eventId: string, companyId: string, documentId: string, title: string): Promise<TCompanyDocument> {
    const { c } = await ownCompany(organisationId, eventId, companyId);
    if (!(await leads.renameDocument(c, documentId, title))) throw exhibitionErrors.documentNotFound();
    const row = await leads.document(c, documentId);
    if (!row) throw exhibitionErrors.documentNotFound();
    return (await withCounts(c, [row]))[0]!;
  }
  async function removeCompanyDocument(organisationId: string, eventId: string, companyId: string, documentId: string, actorUserId: string): Promise<{ id: string }> {
    const { c } = await ownCompany(organisationId, eventId, companyId);
    if (!(await leads.deleteDocument(c, documentId))) throw exhibitionErrors.documentNotFound();
    await repo.deleteActions(c, documentId);
    await deps.audit.record({ organisationId, actorUserId, action: 'exhibition.document_deleted', target: documentId, meta: { eventId, companyId } });
    return { id: documentId };
  }

  async function report(company: CompanyRef, c: { eventId: string; companyId: string }): Promise<TExhibitorReport> {
    const [booth, docCounts, docs, videoCounts, videos, products, l, productDocs] = await Promise.all([
      repo.boothViews(c, AnalyticsType.Booth, ReportAction.View),
      repo.counts(c, AnalyticsType.Documents),
      leads.documents(c),
      repo.counts(c, AnalyticsType.Videos),
      deps.videos(c),
      deps.productOrders(c.eventId, c.companyId),
      leads.report(c),
      deps.productDocuments?.(c) ?? [],
    ]);
    const sum = <T extends { n: number }>(rows: T[], when: (r: T) => boolean = () => true) => rows.filter(when).reduce((s, r) => s + r.n, 0);
    // The company's documents, then its products' (labelled "product · title"): both are Documents 4.
    const documents = [
      ...docs.map((d) => viewOf(d, docCounts.get(d.id))),
      ...productDocs.map((d) => ({ title: `${d.productName} · ${d.title}`, views: 0, downloads: docCounts.get(d.id)?.get(ReportAction.Download) ?? 0 })),
    ];
    const inquiriesOf = (productId: string | null) => sum(l.inquiries, (r) => r.productId === productId);
    const leadCount = sum(l.leadsByRating);
    return {
      company: { id: company.id, name: company.name },
      tabs: [
        tab('booth', 'Booth', {
          stats: [
            { key: 'views', value: sum(booth.byDay) },
            { key: 'visitors', value: booth.visitors },
            { key: 'anonymous', value: booth.anonymous },
          ],
          series: booth.byDay.map((d) => ({ day: d.day, count: d.n })),
        }),
        tab('documents', 'Documents', {
          stats: [
            { key: 'downloads', value: documents.reduce((s, d) => s + d.downloads, 0) },
            { key: 'views', value: documents.reduce((s, d) => s + d.views, 0) },
            { key: 'documents', value: documents.length },
          ],
          columns: ['views', 'downloads'],
          rows: documents.map((d) => ({ label: d.title, counts: [d.views, d.downloads] })),
        }),
        tab('videos', 'Videos', {
          stats: [
            { key: 'views', value: videos.reduce((s, v) => s + (videoCounts.get(v.id)?.get(ReportAction.View) ?? 0), 0) },
            { key: 'videos', value: videos.length },
          ],
          columns: ['views'],
          rows: videos.map((v) => ({ label: v.title, counts: [videoCounts.get(v.id)?.get(ReportAction.View) ?? 0] })),
        }),
        tab('products', 'Products', {
          stats: [
            { key: 'orders', value: products.reduce((s, p) => s + p.total, 0) },
            { key: 'inquiries', value: sum(l.inquiries, (r) => r.productId !== null) },
            { key: 'products', value: products.filter((p) => p.productId).length },
          ],
          columns: ['orders', 'inquiries'],
          rows: products.map((p) => ({ label: p.productName, counts: [p.total, p.productId ? inquiriesOf(p.productId) : 0] })),
        }),
        tab('inquiries', 'Inquiries', {
          stats: [
            { key: 'inquiries', value: sum(l.inquiries) },
            { key: 'open', value: sum(l.inquiries, (r) => r.status === 'open') },
            { key: 'answered', value: sum(l.inquiries, (r) => r.status === 'answered') },
            { key: 'closed', value: sum(l.inquiries, (r) => r.status === 'closed') },
          ],
        }),
        tab('cardTaken', 'Card Taken', { stats: [{ key: 'cards', value: l.cards.taken }] }),
        tab('cardDropped', 'Card Dropped', { stats: [{ key: 'cards', value: l.cards.dropped }] }),
        tab('boothActionPoint', 'Booth Action Point', {
          stats: [{ key: 'actions', value: sum(l.actions) }],
          columns: ['count'],
          rows: l.actions.map((a) => ({ label: REPORT_ACTION_LABELS[a.action as keyof typeof REPORT_ACTION_LABELS] ?? String(a.action), counts: [a.n] })),
        }),
        tab('onsiteLeads', 'Onsite Leads', {
          stats: [
            { key: 'leads', value: leadCount },
            { key: 'hot', value: sum(l.leadsByRating, (r) => r.rating === 'hot') },
            { key: 'warm', value: sum(l.leadsByRating, (r) => r.rating === 'warm') },
            { key: 'cold', value: sum(l.leadsByRating, (r) => r.rating === 'cold') },
          ],
        }),
        tab('webhooks', 'Webhooks', {
          stats: [
            { key: 'deliveries', value: sum(l.deliveries) },
            { key: 'delivered', value: sum(l.deliveries, (r) => r.status === 'delivered') },
            { key: 'pending', value: sum(l.deliveries, (r) => r.status === 'pending') },
            { key: 'failed', value: sum(l.deliveries, (r) => r.status === 'failed') },
          ],
        }),
      ],
    };
  }

  return {
    async documents(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<TCompanyDocument[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return companyDocumentList(organisationId, eventId, companyId);
    },
    async uploadDocument(caller: AuthUser, organisationId: string, eventId: string, companyId: string, input: TCompanyDocumentUpload): Promise<TCompanyDocument> {
      await deps.assertEvent(caller, organisationId, eventId);
      return addCompanyDocument(organisationId, eventId, companyId, input, caller.userId);
    },
    async renameDocument(caller: AuthUser, organisationId: string, eventId: string, companyId: string, documentId: string, title: string): Promise<TCompanyDocument> {
      await deps.assertEvent(caller, organisationId, eventId);
      return renameCompanyDocument(organisationId, eventId, companyId, documentId, title);
    },
    async deleteDocument(caller: AuthUser, organisationId: string, eventId: string, companyId: string, documentId: string): Promise<{ id: string }> {
      await deps.assertEvent(caller, organisationId, eventId);
      return removeCompanyDocument(organisationId, eventId, companyId, documentId, caller.userId);
    },
    // The same rules for the company admin's My stand (my-stand.service.ts), with the company it found from the caller.
    companyDocumentList,
    addCompanyDocument,
    renameCompanyDocument,
    removeCompanyDocument,

    async companyReport(caller: AuthUser, organisationId: string, eventId: string, companyId: string): Promise<TExhibitorReport> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { company, c } = await ownCompany(organisationId, eventId, companyId);
      return report(company, c);
    },

    /** The company's admin or staff: their own company's report (403 for anyone else). */
    async myReport(caller: Visitor, eventId: string): Promise<TExhibitorReport> {
      if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw exhibitionErrors.notCompanyMember();
      const companyId = await deps.memberCompany(eventId, caller.user.userId);
      const company = companyId ? await deps.company(eventId, companyId) : null;
      if (!company) throw exhibitionErrors.notCompanyMember();
      return report(company, { eventId, companyId: company.id });
    },

    /** Booth 3, view 1: once per participant and (UTC) day; every anonymous open where the tab lets them in. */
    async boothViewed(caller: Visitor, eventId: string, companyId: string): Promise<{ counted: boolean }> {
      const { company } = await visibleCompany(caller, eventId, companyId);
      const day = deps.now().toISOString().slice(0, 10);
      const counted = await repo.recordAction({ id: newId(), organisationId: company.organisationId, eventId, companyId, analyticsType: AnalyticsType.Booth, action: ReportAction.View, itemId: companyId, eventUserId: eventUserOf(caller, eventId), day });
      return { counted };
    },

    /** Documents 4, download 2 (once per participant and document; every anonymous one), and a link that works 10 minutes. */
    async openDocument(caller: Visitor, eventId: string, companyId: string, documentId: string, filePath: string): Promise<TDocumentOpen> {
      const { company, c } = await visibleCompany(caller, eventId, companyId);
      const doc = await leads.document(c, documentId);
      if (!doc) throw exhibitionErrors.documentNotFound();
      await repo.recordAction({ id: newId(), organisationId: company.organisationId, eventId, companyId, analyticsType: AnalyticsType.Documents, action: ReportAction.Download, itemId: documentId, eventUserId: eventUserOf(caller, eventId) });
      const { ticket, expiresAt } = tickets.issue({ d: documentId, e: eventId, c: companyId });
      return { url: `${filePath}?ticket=${encodeURIComponent(ticket)}`, fileName: doc.fileName, expiresAt: new Date(expiresAt).toISOString() };
    },

    /** The document behind a current ticket naming it; 404 otherwise. */
    async documentFile(eventId: string, companyId: string, documentId: string, ticket: string): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
      if (!tickets.isValid(ticket, { d: documentId, e: eventId, c: companyId })) throw exhibitionErrors.documentNotFound();
      const c = { eventId, companyId };
      const [doc, bytes] = await Promise.all([leads.document(c, documentId), leads.documentBytes(c, documentId)]);
      if (!doc || !bytes) throw exhibitionErrors.documentNotFound();
      return { fileName: doc.fileName, contentType: doc.contentType, bytes };
    },
  };
}
export type CompanyDocumentsService = ReturnType<typeof createCompanyDocumentsService>;
