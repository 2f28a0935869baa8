import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMailOutboxAttachmentParams, ZMailOutboxListQuery, ZMailOutboxListResponse, ZMailOutboxMessage, ZMailOutboxParams, ZMailOutboxStatusResponse, zOk } from '@pavilion/domain';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import type { MailOutboxService } from './mail-outbox.service.ts';

const tags = ['mail outbox'];
const ok = <T>(data: T) => ({ status: 'OK' as const, data });
// AP-647 Email Reports: View: the outbox is the report of what was mailed.
const guard = { auth: 'organiser', access: 'AP-647' } as const;

/** The organiser's Mail outbox under notifyservices (SPEC §7's notification service prefix). */
export const mailOutboxRoutes: FastifyPluginAsyncZod<{ service: MailOutboxService }> = async (app, { service }) => {
  app.get('/mail-outbox/status', { config: guard, schema: { tags, response: { 200: zOk(ZMailOutboxStatusResponse) } } }, async () => ok(service.status()));
  app.get('/mail-outbox', { config: guard, schema: { tags, querystring: ZMailOutboxListQuery, response: { 200: zOk(ZMailOutboxListResponse) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.list(user, organisationId, req.query));
  });
  app.get('/mail-outbox/:mailId', { config: guard, schema: { tags, params: ZMailOutboxParams, response: { 200: zOk(ZMailOutboxMessage) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await service.get(user, organisationId, req.params.mailId));
  });
  app.get('/mail-outbox/:mailId/attachments/:index', { config: guard, schema: { tags, params: ZMailOutboxAttachmentParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    const f = await service.attachment(user, organisationId, req.params.mailId, req.params.index);
    // Always a download, never rendered on our origin: the name is reduced to safe characters for the header.
    const name = f.filename.replace(/[^A-Za-z0-9._-]/g, '_') || 'attachment';
    return reply
      .type(f.contentType)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .serializer((p) => p as string)
      .send(f.content);
  });
};
