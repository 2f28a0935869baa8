import type { FastifyInstance } from 'fastify';
import { companyDocumentsRoutes as routes } from '@pavilion/domain/exhibition/company-documents.routes';
import { COMPANY_DOCUMENT_BODY_LIMIT } from '@pavilion/domain';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { CompanyDocumentsService } from './company-documents.service.ts';
import { sendAttachment } from './document-files.ts';

/** The company documents and exhibitor report contracts (packages/domain/src/exhibition/company-documents.routes.ts), served. */
export function registerCompanyDocumentsRoutes(app: FastifyInstance, service: CompanyDocumentsService): void {
  const visitor = (req: { user: Parameters<CompanyDocumentsService['myReport']>[0]['user']; eventAccess: Parameters<CompanyDocumentsService['myReport']>[0]['eventAccess'] }) => ({ user: req.user, eventAccess: req.eventAccess });
  route(app, routes.documents, async (req) => service.documents(...organiser(req), req.params.eventId, req.params.companyId));
  route(app, routes.uploadDocument, async (req) => service.uploadDocument(...organiser(req), req.params.eventId, req.params.companyId, req.body), { bodyLimit: COMPANY_DOCUMENT_BODY_LIMIT });
  route(app, routes.renameDocument, async (req) => service.renameDocument(...organiser(req), req.params.eventId, req.params.companyId, req.params.documentId, req.body.title));
  route(app, routes.deleteDocument, async (req) => service.deleteDocument(...organiser(req), req.params.eventId, req.params.companyId, req.params.documentId));
  route(app, routes.companyReport, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.companyReport(...organiser(req), req.params.eventId, req.params.companyId);
  });
  route(app, routes.boothViewed, async (req) => service.boothViewed(visitor(req), req.params.eventId, req.params.companyId));
  route(app, routes.openDocument, async (req) => {
    const { eventId, companyId, documentId } = req.params;
    const filePath = routes.documentFile.path.replace(':eventId', encodeURIComponent(eventId)).replace(':companyId', encodeURIComponent(companyId)).replace(':documentId', encodeURIComponent(documentId));
    return service.openDocument(visitor(req), eventId, companyId, documentId, filePath);
  });
  route(app, routes.documentFile, async (req, reply) => {
    return sendAttachment(reply, await service.documentFile(req.params.eventId, req.params.companyId, req.params.documentId, req.query.ticket));
  });
  route(app, routes.myReport, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.myReport(visitor(req), req.params.eventId);
  });
}
