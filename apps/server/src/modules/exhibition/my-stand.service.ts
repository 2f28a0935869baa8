import type {
  TCompanyDocument,
  TCompanyDocumentUpload,
  TCompanyStaff,
  TCompanyVideo,
  TCompanyVideoUpload,
  TExhibitingCompany,
  TProduct,
  TProductImage,
  TProductDocument,
  TProductDocumentUpload,
  TProductImageUpload,
  TStandMembership,
  TVideoPlayback,
} from '@pavilion/domain';
import type { ZProductInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { ZMyCompanyProfileInput } from '@pavilion/domain/exhibition/my-stand';
import type { TLogoUpload } from '@pavilion/domain/validation/logo-images';
import type { z } from 'zod';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import type { CompanyDocumentsService } from './company-documents.service.ts';
import type { CompanyVideosService } from './company-videos.service.ts';
import { exhibitionErrors } from './exhibition.errors.ts';
import type { ExhibitionService } from './exhibition.service.ts';
import type { ProductOrdersService } from './product-orders.service.ts';
import type { ProductDocumentsService } from './product-documents.service.ts';

type Participant = { user: AuthUser | null; eventAccess: EventAccess | null };
type TProductValues = z.output<typeof ZProductInput>;
type TProfileValues = z.output<typeof ZMyCompanyProfileInput>;
type Member = { role: 'admin' | 'staff'; company: { id: string; name: string; organisationId: string } };

export type MyStandDeps = {
  /** Who the caller is to a company of the event (product-orders.service.ts `membership`: admin first, then staff by email). */
  membership: (caller: Participant, eventId: string) => Promise<Member | null>;
  products: Pick<ExhibitionService, 'companyProducts' | 'addCompanyProduct' | 'editCompanyProduct' | 'removeCompanyProduct'>;
  company: Pick<ExhibitionService, 'companyProfile' | 'editCompanyProfile' | 'companyStaffList' | 'replaceCompanyStaff' | 'setCompanyLogo'>;
  documents: Pick<CompanyDocumentsService, 'companyDocumentList' | 'addCompanyDocument' | 'renameCompanyDocument' | 'removeCompanyDocument'>;
  images: Pick<ProductOrdersService, 'companyProductImages' | 'addCompanyProductImage' | 'removeCompanyProductImage'>;
  productDocuments: Pick<ProductDocumentsService, 'companyProductDocuments' | 'addCompanyProductDocument' | 'renameCompanyProductDocument' | 'removeCompanyProductDocument'>;
  videos: Pick<CompanyVideosService, 'companyVideoList' | 'companyPlayback' | 'addCompanyVideo' | 'renameCompanyVideo' | 'removeCompanyVideo'>;
};

/**
 * My stand for the company's own people (issue 15). The company is the caller's (never a request parameter), so
 * the scoping is the organiser's own rules applied to that company: another company's product or video is not
 * found. The company itself (profile, staff list, products, documents, videos) is the admin's; the staff play the
 * company's videos back.
 */
export function createMyStandService(deps: MyStandDeps) {
  async function admin(caller: Participant, eventId: string) {
    const member = await deps.membership(caller, eventId);
    if (member?.role !== 'admin') throw exhibitionErrors.notCompanyAdmin();
    return { ...member.company, actorUserId: caller.user!.userId, eventUserId: caller.eventAccess?.eventUserId ?? null };
  }
  async function member(caller: Participant, eventId: string) {
    const m = await deps.membership(caller, eventId);
    if (!m) throw exhibitionErrors.notCompanyMember();
    return m.company;
  }

  return {
    async membership(caller: Participant, eventId: string): Promise<TStandMembership> {
      const m = await deps.membership(caller, eventId);
      return m ? { role: m.role, company: { id: m.company.id, name: m.company.name } } : { role: null, company: null };
    },

    async products(caller: Participant, eventId: string): Promise<TProduct[]> {
      const c = await admin(caller, eventId);
      return deps.products.companyProducts(c.organisationId, eventId, c.id);
    },
    async createProduct(caller: Participant, eventId: string, input: TProductValues): Promise<TProduct> {
      const c = await admin(caller, eventId);
      return deps.products.addCompanyProduct(c.organisationId, eventId, c.id, input, c.actorUserId);
    },
    async updateProduct(caller: Participant, eventId: string, productId: string, input: TProductValues): Promise<TProduct> {
      const c = await admin(caller, eventId);
      return deps.products.editCompanyProduct(c.organisationId, eventId, c.id, productId, input, c.actorUserId);
    },
    /** The organiser's delete rule: images and documents go with it; 409 while orders of it are open. */
    async deleteProduct(caller: Participant, eventId: string, productId: string): Promise<{ id: string }> {
      const c = await admin(caller, eventId);
      return deps.products.removeCompanyProduct(c.organisationId, eventId, c.id, productId, c.actorUserId);
    },
    async productImages(caller: Participant, eventId: string, productId: string): Promise<TProductImage[]> {
      const c = await admin(caller, eventId);
      return deps.images.companyProductImages(c.organisationId, eventId, c.id, productId);
    },
    async uploadProductImage(caller: Participant, eventId: string, productId: string, input: TProductImageUpload): Promise<TProductImage> {
      const c = await admin(caller, eventId);
      return deps.images.addCompanyProductImage(c.organisationId, eventId, c.id, productId, input, c.actorUserId);
    },
    async deleteProductImage(caller: Participant, eventId: string, productId: string, imageId: string): Promise<{ id: string }> {
      const c = await admin(caller, eventId);
      return deps.images.removeCompanyProductImage(c.organisationId, eventId, c.id, productId, imageId, c.actorUserId);
    },
    async productDocuments(caller: Participant, eventId: string, productId: string): Promise<TProductDocument[]> {
      const c = await admin(caller, eventId);
      return deps.productDocuments.companyProductDocuments(c.organisationId, eventId, c.id, productId);
    },
    async uploadProductDocument(caller: Participant, eventId: string, productId: string, input: TProductDocumentUpload): Promise<TProductDocument> {
      const c = await admin(caller, eventId);
      return deps.productDocuments.addCompanyProductDocument(c.organisationId, eventId, c.id, productId, input, c.actorUserId);
    },
    async renameProductDocument(caller: Participant, eventId: string, productId: string, documentId: string, title: string): Promise<TProductDocument> {
      const c = await admin(caller, eventId);
      return deps.productDocuments.renameCompanyProductDocument(c.organisationId, eventId, c.id, productId, documentId, title);
    },
    async deleteProductDocument(caller: Participant, eventId: string, productId: string, documentId: string): Promise<{ id: string }> {
      const c = await admin(caller, eventId);
      return deps.productDocuments.removeCompanyProductDocument(c.organisationId, eventId, c.id, productId, documentId, c.actorUserId);
    },

    async profile(caller: Participant, eventId: string): Promise<TExhibitingCompany> {
      const c = await admin(caller, eventId);
      return deps.company.companyProfile(c.organisationId, eventId, c.id);
    },
    async saveProfile(caller: Participant, eventId: string, input: TProfileValues): Promise<TExhibitingCompany> {
      const c = await admin(caller, eventId);
      return deps.company.editCompanyProfile(c.organisationId, eventId, c.id, input, c.actorUserId);
    },
    async uploadLogo(caller: Participant, eventId: string, input: TLogoUpload): Promise<TExhibitingCompany> {
      const c = await admin(caller, eventId);
      return deps.company.setCompanyLogo(c.organisationId, eventId, c.id, input, c.actorUserId);
    },
    async removeLogo(caller: Participant, eventId: string): Promise<TExhibitingCompany> {
      const c = await admin(caller, eventId);
      return deps.company.setCompanyLogo(c.organisationId, eventId, c.id, null, c.actorUserId);
    },
    async staff(caller: Participant, eventId: string): Promise<TCompanyStaff> {
      const c = await admin(caller, eventId);
      return deps.company.companyStaffList(c.organisationId, eventId, c.id);
    },
    async saveStaff(caller: Participant, eventId: string, emails: string[]): Promise<TCompanyStaff> {
      const c = await admin(caller, eventId);
      return deps.company.replaceCompanyStaff(c.organisationId, eventId, c.id, emails, c.actorUserId);
    },

    async documents(caller: Participant, eventId: string): Promise<TCompanyDocument[]> {
      const c = await admin(caller, eventId);
      return deps.documents.companyDocumentList(c.organisationId, eventId, c.id);
    },
    async uploadDocument(caller: Participant, eventId: string, input: TCompanyDocumentUpload): Promise<TCompanyDocument> {
      const c = await admin(caller, eventId);
      return deps.documents.addCompanyDocument(c.organisationId, eventId, c.id, input, c.actorUserId, c.eventUserId);
    },
    async renameDocument(caller: Participant, eventId: string, documentId: string, title: string): Promise<TCompanyDocument> {
      const c = await admin(caller, eventId);
      return deps.documents.renameCompanyDocument(c.organisationId, eventId, c.id, documentId, title);
    },
    async deleteDocument(caller: Participant, eventId: string, documentId: string): Promise<{ id: string }> {
      const c = await admin(caller, eventId);
      return deps.documents.removeCompanyDocument(c.organisationId, eventId, c.id, documentId, c.actorUserId);
    },

    async uploadVideo(caller: Participant, eventId: string, input: TCompanyVideoUpload): Promise<TCompanyVideo> {
      const c = await admin(caller, eventId);
      return deps.videos.addCompanyVideo(c.organisationId, eventId, c.id, input, c.actorUserId);
    },
    async renameVideo(caller: Participant, eventId: string, videoId: string, title: string): Promise<TCompanyVideo> {
      const c = await admin(caller, eventId);
      return deps.videos.renameCompanyVideo(c.organisationId, eventId, c.id, videoId, title);
    },
    async deleteVideo(caller: Participant, eventId: string, videoId: string): Promise<{ id: string }> {
      const c = await admin(caller, eventId);
      return deps.videos.removeCompanyVideo(c.organisationId, eventId, c.id, videoId, c.actorUserId);
    },

    async videos(caller: Participant, eventId: string): Promise<TCompanyVideo[]> {
      const c = await member(caller, eventId);
      return deps.videos.companyVideoList(c.organisationId, eventId, c.id);
    },
    /** `streamPath(companyId)`: the public stream route's address for this company's video (the ticket rides on it). */
    async playVideo(caller: Participant, eventId: string, videoId: string, streamPath: (companyId: string) => string): Promise<TVideoPlayback> {
      const c = await member(caller, eventId);
      return deps.videos.companyPlayback(c.organisationId, eventId, c.id, videoId, streamPath(c.id));
    },
  };
}
export type MyStandService = ReturnType<typeof createMyStandService>;
