import type { FastifyInstance } from 'fastify';
import { exhibitionRoutes as routes } from '@pavilion/domain/exhibition/exhibition.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { ExhibitionService } from './exhibition.service.ts';

/** The exhibition contracts (packages/domain/src/exhibition/exhibition.routes.ts), served. */
export function registerExhibitionRoutes(app: FastifyInstance, service: ExhibitionService): void {
  route(app, routes.companies, async (req) => service.companies(...organiser(req), req.params.eventId, req.query));
  route(app, routes.createCompany, async (req) => service.createCompany(...organiser(req), req.params.eventId, req.body));
  // A 2,000-row file with profiles is bigger than the API's usual 1 MB body (an XLSX of 2 MB is 2.7 MB in base64).
  route(app, routes.importCompanies, async (req) => service.importCompanies(...organiser(req), req.params.eventId, req.body), { bodyLimit: 3 * 1024 * 1024 });
  route(app, routes.updateCompany, async (req) => service.updateCompany(...organiser(req), req.params.eventId, req.params.companyId, req.body));
  route(app, routes.deleteCompany, async (req) => service.deleteCompany(...organiser(req), req.params.eventId, req.params.companyId));
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
  route(app, routes.exhibitors, async (req, reply) => {
    // What a visitor sees depends on who they are (the tab's login and ticket rules): never cached by a proxy.
    reply.header('cache-control', 'private, no-store');
    return service.exhibitors({ user: req.user, eventAccess: req.eventAccess }, req.params.eventId, req.query);
  });
  route(app, routes.exhibitor, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.exhibitor({ user: req.user, eventAccess: req.eventAccess }, req.params.eventId, req.params.companyId);
  });
}
