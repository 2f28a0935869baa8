import type { FastifyInstance, FastifyRequest } from 'fastify';
import { leadsRoutes as routes } from '@pavilion/domain/leads/leads.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { BagMailService } from './leads.bag-mail.ts';
import type { LeadsCaller, LeadsService } from './leads.service.ts';
import { zipStream } from './leads.zip.ts';

const callerOf = (req: FastifyRequest): LeadsCaller => ({ user: req.user, eventAccess: req.eventAccess });

/** The leads contracts (packages/domain/src/leads/leads.routes.ts), served. */
export function registerLeadsRoutes(app: FastifyInstance, service: LeadsService, bagMails: BagMailService): void {
  route(app, routes.me, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.me(callerOf(req), req.params.eventId);
  });
  route(app, routes.scan, async (req) => service.scan(callerOf(req), req.params.eventId, req.body));
  route(app, routes.sync, async (req) => service.sync(callerOf(req), req.params.eventId, req.body.scans), { bodyLimit: 2 * 1024 * 1024 });
  route(app, routes.list, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.list(callerOf(req), req.params.eventId, req.query);
  });
  route(app, routes.update, async (req) => service.update(callerOf(req), req.params.eventId, req.params.leadId, req.body));
  route(app, routes.exportCsv, async (req, reply) => {
    const { body, fileName } = await service.exportFile(callerOf(req), req.params.eventId, 'csv');
    return reply.type('text/csv; charset=utf-8').header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${fileName}"`).serializer((p) => p as string).send(body);
  });
  route(app, routes.exportXlsx, async (req, reply) => {
    const { body, fileName } = await service.exportFile(callerOf(req), req.params.eventId, 'xlsx');
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(body as Uint8Array));
  });
  route(app, routes.saveQuestions, async (req) => service.saveQuestions(callerOf(req), req.params.eventId, req.body));
  route(app, routes.webhook, async (req) => service.webhook(callerOf(req), req.params.eventId));
  route(app, routes.webhookDeliveries, async (req) => service.webhookDeliveries(callerOf(req), req.params.eventId));
  route(app, routes.saveWebhook, async (req) => service.saveWebhook(callerOf(req), req.params.eventId, req.body.url));
  route(app, routes.takeCard, async (req) => service.takeCard(callerOf(req), req.params.eventId, req.params.leadId));
  // A 2 MB photo is about 2.8 MB of base64.
  route(app, routes.cardPhoto, async (req) => service.cardPhoto(callerOf(req), req.params.eventId, req.params.leadId, req.body), { bodyLimit: 3 * 1024 * 1024 });
  route(app, routes.cardPhotoFile, async (req, reply) => {
    const photo = await service.cardPhotoFile(callerOf(req), req.params.eventId, req.params.leadId);
    return reply.type(photo.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(photo.bytes);
  });
  route(app, routes.companyCards, async (req) => service.companyCards(callerOf(req), req.params.eventId));
  route(app, routes.companyCardPhoto, async (req, reply) => {
    const photo = await service.companyCardPhoto(callerOf(req), req.params.eventId, req.params.cardId);
    return reply.type(photo.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(photo.bytes);
  });
  route(app, routes.dropCard, async (req) => service.dropCard(callerOf(req), req.params.eventId, req.body.companyId));
  route(app, routes.myCards, async (req) => service.myCards(callerOf(req), req.params.eventId));
  route(app, routes.documents, async (req) => service.documents(callerOf(req), req.params.eventId));
  // A 4 MB document is about 5.6 MB of base64.
  route(app, routes.uploadDocument, async (req) => service.uploadDocument(callerOf(req), req.params.eventId, req.body), { bodyLimit: 6 * 1024 * 1024 });
  route(app, routes.deleteDocument, async (req) => service.deleteDocument(callerOf(req), req.params.eventId, req.params.documentId));
  route(app, routes.companyDocuments, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.companyDocuments(callerOf(req), req.params.eventId, req.params.companyId);
  });
  route(app, routes.bag, async (req) => service.bag(callerOf(req), req.params.eventId));
  route(app, routes.addToBag, async (req) => service.addToBag(callerOf(req), req.params.eventId, req.body.documentId));
  route(app, routes.removeFromBag, async (req) => service.removeFromBag(callerOf(req), req.params.eventId, req.params.documentId));
  route(app, routes.bagZip, async (req, reply) => {
    const files = await service.bagFiles(callerOf(req), req.params.eventId);
    return reply.type('application/zip').header('cache-control', 'private, no-store').header('content-disposition', 'attachment; filename="brief-bag.zip"').send(zipStream(files));
  });
  route(app, routes.bagMail, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return bagMails.state(callerOf(req), req.params.eventId);
  });
  route(app, routes.setBagMail, async (req) => bagMails.setOptIn(callerOf(req), req.params.eventId, req.body.isOptedIn));
  route(app, routes.mailedBagZip, async (req, reply) => {
    const files = await bagMails.mailedFiles(req.params.eventId, req.query.ticket);
    return reply.type('application/zip').header('cache-control', 'private, no-store').header('content-disposition', 'attachment; filename="brief-bag.zip"').send(zipStream(files));
  });
  route(app, routes.sendBagMails, async (req) => bagMails.sendNow(...organiser(req), req.params.eventId));
  route(app, routes.ask, async (req) => service.ask(callerOf(req), req.params.eventId, req.body));
  route(app, routes.myInquiries, async (req) => service.myInquiries(callerOf(req), req.params.eventId));
  route(app, routes.setMyInquiryStatus, async (req) => service.setMyInquiryStatus(callerOf(req), req.params.eventId, req.params.inquiryId, req.body.status));
  route(app, routes.companyInquiries, async (req) => service.companyInquiries(callerOf(req), req.params.eventId));
  route(app, routes.answerInquiry, async (req) => service.answerInquiry(callerOf(req), req.params.eventId, req.params.inquiryId, req.body.answer));
  route(app, routes.setInquiryStatus, async (req) => service.setInquiryStatus(callerOf(req), req.params.eventId, req.params.inquiryId, req.body.status));
  route(app, routes.onsite, async (req) => service.onsite(...organiser(req), req.params.eventId, req.query));
  route(app, routes.onsiteXlsx, async (req, reply) => {
    const { body, fileName } = await service.onsiteExport(...organiser(req), req.params.eventId, req.query);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(body));
  });
}
