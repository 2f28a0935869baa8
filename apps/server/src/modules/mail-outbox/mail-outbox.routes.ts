import type { FastifyInstance } from 'fastify';
import { mailOutboxRoutes as routes } from '@pavilion/domain/notifications/mail-outbox.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { MailOutboxService } from './mail-outbox.service.ts';

/** The Mail outbox contracts (packages/domain/src/notifications/mail-outbox.routes.ts), served. */
export function registerMailOutboxRoutes(app: FastifyInstance, service: MailOutboxService): void {
  route(app, routes.status, async () => service.status());
  route(app, routes.list, async (req) => service.list(...organiser(req), req.query));
  route(app, routes.message, async (req) => service.get(...organiser(req), req.params.mailId));
  route(app, routes.attachment, async (req, reply) => {
    const [user, organisationId] = organiser(req);
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
}
