import type { FastifyInstance } from 'fastify';
import { exhibitionRoutes as routes } from '@pavilion/domain/exhibition/exhibition.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import { sendLogo } from '../../platform/logo-images.ts';
import { createPublicDocumentCache, sendPublicDocument } from '../../platform/public-document-cache.ts';
import { VIDEO_BODY_LIMIT } from '@pavilion/domain';
import type { CompanyVideosService } from './company-videos.service.ts';
import type { ExhibitionService } from './exhibition.service.ts';

/** The exhibition contracts (packages/domain/src/exhibition/exhibition.routes.ts), served. */
export function registerExhibitionRoutes(app: FastifyInstance, service: ExhibitionService, videos: CompanyVideosService): void {
  route(app, routes.companies, async (req) => service.companies(...organiser(req), req.params.eventId, req.query));
  route(app, routes.createCompany, async (req) => service.createCompany(...organiser(req), req.params.eventId, req.body));
  // A 2,000-row file with profiles is bigger than the API's usual 1 MB body (an XLSX of 2 MB is 2.7 MB in base64).
  route(app, routes.importCompanies, async (req) => service.importCompanies(...organiser(req), req.params.eventId, req.body), { bodyLimit: 3 * 1024 * 1024 });
  route(app, routes.updateCompany, async (req) => service.updateCompany(...organiser(req), req.params.eventId, req.params.companyId, req.body));
  route(app, routes.deleteCompany, async (req) => service.deleteCompany(...organiser(req), req.params.eventId, req.params.companyId));
  route(app, routes.uploadCompanyLogo, async (req) => service.uploadCompanyLogo(...organiser(req), req.params.eventId, req.params.companyId, req.body));
  route(app, routes.removeCompanyLogo, async (req) => service.removeCompanyLogo(...organiser(req), req.params.eventId, req.params.companyId));
  route(app, routes.companyLogo, async (req, reply) => sendLogo(reply, await service.companyLogo(req.params.logoId)));
  route(app, routes.companyStaff, async (req) => service.companyStaff(...organiser(req), req.params.eventId, req.params.companyId));
  route(app, routes.saveCompanyStaff, async (req) => service.saveCompanyStaff(...organiser(req), req.params.eventId, req.params.companyId, req.body.emails));
  route(app, routes.booths, async (req) => service.booths(...organiser(req), req.params.eventId));
  route(app, routes.createBooth, async (req) => service.createBooth(...organiser(req), req.params.eventId, req.body));
  route(app, routes.updateBooth, async (req) => service.updateBooth(...organiser(req), req.params.eventId, req.params.boothId, req.body));
  route(app, routes.deleteBooth, async (req) => service.deleteBooth(...organiser(req), req.params.eventId, req.params.boothId));
  route(app, routes.assignBooth, async (req) => service.assignBooth(...organiser(req), req.params.eventId, req.params.boothId, req.body.companyId));
  route(app, routes.products, async (req) => service.products(...organiser(req), req.params.eventId, req.params.companyId));
  route(app, routes.createProduct, async (req) => service.createProduct(...organiser(req), req.params.eventId, req.params.companyId, req.body));
  route(app, routes.updateProduct, async (req) => service.updateProduct(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId, req.body));
  route(app, routes.deleteProduct, async (req) => service.deleteProduct(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId));
  // An anonymous visitor's list is everyone's (the event, the query): built at most once a second, sent as cached bytes.
  const anonymousLists = createPublicDocumentCache({ ttlMs: 1000, maxEntries: 500 });
  route(app, routes.exhibitors, async (req, reply) => {
    const caller = { user: req.user, eventAccess: req.eventAccess };
    if (!req.user && !req.eventAccess) {
      // The tab's rules are checked fresh; the list may be up to a second old.
      await service.assertExhibitorsVisible(caller, req.params.eventId);
      const key = `${req.params.eventId}|${JSON.stringify(req.query)}`;
      return sendPublicDocument(req, reply, await anonymousLists.get(key, () => service.exhibitorList(req.params.eventId, req.query)));
    }
    // What a visitor sees depends on who they are (the tab's login and ticket rules): never cached by a proxy.
    reply.header('cache-control', 'private, no-store');
    return service.exhibitors(caller, req.params.eventId, req.query);
  });
  route(app, routes.exhibitor, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.exhibitor({ user: req.user, eventAccess: req.eventAccess }, req.params.eventId, req.params.companyId);
  });

  // Company videos (SPEC §3.10 upload media 2).
  route(app, routes.videos, async (req) => videos.videos(...organiser(req), req.params.eventId, req.params.companyId));
  route(app, routes.uploadVideo, async (req) => videos.uploadVideo(...organiser(req), req.params.eventId, req.params.companyId, req.body), { bodyLimit: VIDEO_BODY_LIMIT });
  route(app, routes.renameVideo, async (req) => videos.renameVideo(...organiser(req), req.params.eventId, req.params.companyId, req.params.videoId, req.body.title));
  route(app, routes.deleteVideo, async (req) => videos.deleteVideo(...organiser(req), req.params.eventId, req.params.companyId, req.params.videoId));
  route(app, routes.exhibitorVideos, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return videos.exhibitorVideos({ user: req.user, eventAccess: req.eventAccess }, req.params.eventId, req.params.companyId);
  });
  route(app, routes.playVideo, async (req) => {
    const { eventId, companyId, videoId } = req.params;
    const streamPath = routes.videoStream.path.replace(':eventId', encodeURIComponent(eventId)).replace(':companyId', encodeURIComponent(companyId)).replace(':videoId', encodeURIComponent(videoId));
    return videos.playVideo({ user: req.user, eventAccess: req.eventAccess }, eventId, companyId, videoId, streamPath);
  });
  route(app, routes.videoStream, async (req, reply) => {
    const r = await videos.videoRange(req.params.eventId, req.params.companyId, req.params.videoId, req.query.ticket, req.headers.range);
    reply.header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff');
    if (r.status === 416) return reply.status(416).header('content-range', `bytes */${r.total}`).send();
    if (r.status === 206) reply.status(206).header('content-range', `bytes ${r.start}-${r.end}/${r.total}`);
    return reply.type(r.contentType).header('content-length', String(r.bytes?.length ?? 0)).send(r.bytes);
  });
}
