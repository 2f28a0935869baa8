import type { FastifyInstance, FastifyReply } from 'fastify';
import { serviceFormsRoutes as routes } from '@pavilion/domain/exhibition/service-forms.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import { requireUser } from '../../platform/auth-guard.ts';
import type { ServiceFormsService } from './service-forms.service.ts';

type StoredFile = { fileName: string; contentType: string; bytes: Buffer };

/** An attachment goes out as a download of its own checked type, never rendered by the browser as a page. */
function sendFile(reply: FastifyReply, file: StoredFile) {
  const name = file.fileName.replace(/["\\\r\n]/g, '_');
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(file.bytes);
}

/** The service-form contracts (packages/domain/src/exhibition/service-forms.routes.ts), served. */
export function registerServiceFormsRoutes(app: FastifyInstance, service: ServiceFormsService): void {
  const participant = (req: { user: Parameters<ServiceFormsService['myStand']>[0]['user']; eventAccess: Parameters<ServiceFormsService['myStand']>[0]['eventAccess'] }) => ({ user: req.user, eventAccess: req.eventAccess });
  route(app, routes.forms, async (req) => service.forms(...organiser(req), req.params.eventId));
  route(app, routes.saveForm, async (req) => service.saveForm(...organiser(req), req.params.eventId, req.params.formCode, req.body));
  route(app, routes.activateForm, async (req) => service.activateForm(...organiser(req), req.params.eventId, req.params.formCode, req.body.isActive));
  route(app, routes.inviteAdmin, async (req) => service.inviteAdmin(...organiser(req), req.params.eventId, req.params.companyId, req.body));
  route(app, routes.boothFormLink, async (req) => service.boothFormLink(...organiser(req), req.params.eventId, req.params.boothId, req.params.formCode));
  route(app, routes.submissions, async (req) => service.submissions(...organiser(req), req.params.eventId, req.query));
  route(app, routes.submission, async (req) => service.submission(...organiser(req), req.params.eventId, req.params.submissionId));
  route(app, routes.approve, async (req) => service.approve(...organiser(req), req.params.eventId, req.params.submissionId));
  route(app, routes.reject, async (req) => service.reject(...organiser(req), req.params.eventId, req.params.submissionId, req.body.reason));
  route(app, routes.fulfil, async (req) => service.fulfil(...organiser(req), req.params.eventId, req.params.submissionId));
  route(app, routes.attachment, async (req, reply) => sendFile(reply, await service.attachment(...organiser(req), req.params.eventId, req.params.submissionId)));
  route(app, routes.fulfilment, async (req) => service.fulfilment(...organiser(req), req.params.eventId));
  route(app, routes.serviceProviders, async (req) => service.serviceProviderOptions(...organiser(req), req.params.eventId));
  route(app, routes.providerBoard, async (req) => service.providerBoard(requireUser(req), req.params.eventId));
  route(app, routes.providerFulfil, async (req) => service.providerFulfil(requireUser(req), req.params.eventId, req.params.submissionId));
  route(app, routes.myStand, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.myStand(participant(req), req.params.eventId);
  });
  route(app, routes.myForm, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.myForm(participant(req), req.params.eventId, req.params.boothId, req.params.formCode);
  });
  // A 2 MB attachment is about 2.7 MB of base64.
  route(app, routes.saveMyForm, async (req) => service.saveMyForm(participant(req), req.params.eventId, req.params.boothId, req.params.formCode, req.body), { bodyLimit: 3 * 1024 * 1024 });
  route(app, routes.myAttachment, async (req, reply) => sendFile(reply, await service.myAttachment(participant(req), req.params.eventId, req.params.submissionId)));
  // Company invoices (payments' company invoices, through its port).
  const pdf = (file: { fileName: string; bytes: Buffer }): StoredFile => ({ ...file, contentType: 'application/pdf' });
  route(app, routes.companyInvoices, async (req) => service.companyInvoices(...organiser(req), req.params.eventId, req.query));
  route(app, routes.companyInvoicePdf, async (req, reply) => sendFile(reply, pdf(await service.companyInvoicePdf(...organiser(req), req.params.eventId, req.params.invoiceId))));
  route(app, routes.markInvoicePaid, async (req) => service.markInvoicePaid(...organiser(req), req.params.eventId, req.params.invoiceId, req.body));
  route(app, routes.myInvoices, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.myInvoices(participant(req), req.params.eventId);
  });
  route(app, routes.myInvoicePdf, async (req, reply) => sendFile(reply, pdf(await service.myInvoicePdf(participant(req), req.params.eventId, req.params.invoiceId))));
  route(app, routes.payMyInvoice, async (req) => service.payMyInvoice(participant(req), req.params.eventId, req.params.invoiceId, req.body));
  route(app, routes.companyInvoiceTax, async (req) => service.companyInvoiceTax(...organiser(req), req.params.eventId));
  route(app, routes.saveCompanyInvoiceTax, async (req) => service.saveCompanyInvoiceTax(...organiser(req), req.params.eventId, req.body));
  route(app, routes.refundCompanyInvoice, async (req) => service.refundCompanyInvoice(...organiser(req), req.params.eventId, req.params.invoiceId, req.body));
  route(app, routes.creditNotePdf, async (req, reply) => sendFile(reply, pdf(await service.creditNotePdf(...organiser(req), req.params.eventId, req.params.invoiceId, req.query.creditNoteId))));
  route(app, routes.myCreditNotePdf, async (req, reply) => sendFile(reply, pdf(await service.myCreditNotePdf(participant(req), req.params.eventId, req.params.invoiceId, req.query.creditNoteId))));
}
