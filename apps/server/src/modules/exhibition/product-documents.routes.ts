import type { FastifyInstance } from 'fastify';
import { productDocumentsRoutes as routes } from '@pavilion/domain/exhibition/product-documents.routes';
import { PRODUCT_DOCUMENT_BODY_LIMIT } from '@pavilion/domain';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import { sendAttachment } from './document-files.ts';
import type { MyStandService } from './my-stand.service.ts';
import type { ProductDocumentsService } from './product-documents.service.ts';

/** The product documents contracts (packages/domain/src/exhibition/product-documents.routes.ts), served. */
export function registerProductDocumentsRoutes(app: FastifyInstance, service: ProductDocumentsService, myStand: MyStandService): void {
  const visitor = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });
  const limit = { bodyLimit: PRODUCT_DOCUMENT_BODY_LIMIT };

  route(app, routes.productDocuments, async (req) => service.documents(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId));
  route(app, routes.uploadProductDocument, async (req) => service.upload(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId, req.body), limit);
  route(app, routes.renameProductDocument, async (req) => service.rename(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId, req.params.documentId, req.body.title));
  route(app, routes.deleteProductDocument, async (req) => service.remove(...organiser(req), req.params.eventId, req.params.companyId, req.params.productId, req.params.documentId));

  route(app, routes.myProductDocuments, async (req) => myStand.productDocuments(visitor(req), req.params.eventId, req.params.productId));
  route(app, routes.myUploadProductDocument, async (req) => myStand.uploadProductDocument(visitor(req), req.params.eventId, req.params.productId, req.body), limit);
  route(app, routes.myRenameProductDocument, async (req) => myStand.renameProductDocument(visitor(req), req.params.eventId, req.params.productId, req.params.documentId, req.body.title));
  route(app, routes.myDeleteProductDocument, async (req) => myStand.deleteProductDocument(visitor(req), req.params.eventId, req.params.productId, req.params.documentId));

  route(app, routes.exhibitorProductDocuments, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.exhibitorDocuments(visitor(req), req.params.eventId, req.params.companyId);
  });
  route(app, routes.openProductDocument, async (req) => {
    const p = req.params;
    const filePath = routes.productDocumentFile.path
      .replace(':eventId', encodeURIComponent(p.eventId))
      .replace(':companyId', encodeURIComponent(p.companyId))
      .replace(':productId', encodeURIComponent(p.productId))
      .replace(':documentId', encodeURIComponent(p.documentId));
    return service.open(visitor(req), p.eventId, p.companyId, p.productId, p.documentId, filePath);
  });
  route(app, routes.productDocumentFile, async (req, reply) => {
    const p = req.params;
    return sendAttachment(reply, await service.file(p.eventId, p.companyId, p.productId, p.documentId, req.query.ticket));
  });
}
