import type { FastifyInstance } from 'fastify';
import { exhibitionRoutes } from '@pavilion/domain/exhibition/exhibition.routes';
import { myStandRoutes as routes } from '@pavilion/domain/exhibition/my-stand.routes';
import { COMPANY_DOCUMENT_BODY_LIMIT, PRODUCT_IMAGE_BODY_LIMIT, VIDEO_BODY_LIMIT } from '@pavilion/domain';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { CompanyVideosService } from './company-videos.service.ts';
import type { MyStandService } from './my-stand.service.ts';

/** The public stream route's address of one video; its sealed ticket is the capability. */
const streamPathOf = (eventId: string, companyId: string, videoId: string) =>
  exhibitionRoutes.videoStream.path.replace(':eventId', encodeURIComponent(eventId)).replace(':companyId', encodeURIComponent(companyId)).replace(':videoId', encodeURIComponent(videoId));

/** My stand's contracts (packages/domain/src/exhibition/my-stand.routes.ts) and the organiser's video playback, served. */
export function registerMyStandRoutes(app: FastifyInstance, service: MyStandService, videos: CompanyVideosService): void {
  const participant = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });

  route(app, routes.myMembership, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.membership(participant(req), req.params.eventId);
  });
  route(app, routes.myProducts, async (req) => service.products(participant(req), req.params.eventId));
  route(app, routes.myCreateProduct, async (req) => service.createProduct(participant(req), req.params.eventId, req.body));
  route(app, routes.myUpdateProduct, async (req) => service.updateProduct(participant(req), req.params.eventId, req.params.productId, req.body));
  route(app, routes.myDeleteProduct, async (req) => service.deleteProduct(participant(req), req.params.eventId, req.params.productId));
  route(app, routes.myProductImages, async (req) => service.productImages(participant(req), req.params.eventId, req.params.productId));
  route(app, routes.myUploadProductImage, async (req) => service.uploadProductImage(participant(req), req.params.eventId, req.params.productId, req.body), { bodyLimit: PRODUCT_IMAGE_BODY_LIMIT });
  route(app, routes.myDeleteProductImage, async (req) => service.deleteProductImage(participant(req), req.params.eventId, req.params.productId, req.params.imageId));
  route(app, routes.myProfile, async (req) => service.profile(participant(req), req.params.eventId));
  route(app, routes.mySaveProfile, async (req) => service.saveProfile(participant(req), req.params.eventId, req.body));
  route(app, routes.myUploadLogo, async (req) => service.uploadLogo(participant(req), req.params.eventId, req.body));
  route(app, routes.myRemoveLogo, async (req) => service.removeLogo(participant(req), req.params.eventId));
  route(app, routes.myStaff, async (req) => service.staff(participant(req), req.params.eventId));
  route(app, routes.mySaveStaff, async (req) => service.saveStaff(participant(req), req.params.eventId, req.body.emails));
  route(app, routes.myDocuments, async (req) => service.documents(participant(req), req.params.eventId));
  route(app, routes.myUploadDocument, async (req) => service.uploadDocument(participant(req), req.params.eventId, req.body), { bodyLimit: COMPANY_DOCUMENT_BODY_LIMIT });
  route(app, routes.myRenameDocument, async (req) => service.renameDocument(participant(req), req.params.eventId, req.params.documentId, req.body.title));
  route(app, routes.myDeleteDocument, async (req) => service.deleteDocument(participant(req), req.params.eventId, req.params.documentId));
  route(app, routes.myUploadVideo, async (req) => service.uploadVideo(participant(req), req.params.eventId, req.body), { bodyLimit: VIDEO_BODY_LIMIT });
  route(app, routes.myRenameVideo, async (req) => service.renameVideo(participant(req), req.params.eventId, req.params.videoId, req.body.title));
  route(app, routes.myDeleteVideo, async (req) => service.deleteVideo(participant(req), req.params.eventId, req.params.videoId));
  route(app, routes.myVideos, async (req) => service.videos(participant(req), req.params.eventId));
  route(app, routes.myPlayVideo, async (req) => service.playVideo(participant(req), req.params.eventId, req.params.videoId, (companyId) => streamPathOf(req.params.eventId, companyId, req.params.videoId)));

  route(app, routes.playCompanyVideo, async (req) => {
    const { eventId, companyId, videoId } = req.params;
    return videos.organiserPlayback(...organiser(req), eventId, companyId, videoId, streamPathOf(eventId, companyId, videoId));
  });
}
