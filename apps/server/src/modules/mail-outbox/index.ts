import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { registerMailOutboxRoutes } from './mail-outbox.routes.ts';
import { createMailOutboxService } from './mail-outbox.service.ts';

export type { MailOutboxService } from './mail-outbox.service.ts';

/**
 * The organiser's Mail outbox (issue 12): lists and shows the messages platform/mail.ts recorded, with their
 * attachments and links. On only in development or with MAIL_OUTBOX_UI=1.
 */
export function createMailOutboxModule(db: Db, deps: { isEnabled: boolean; transport: 'smtp' | 'outbox'; from: string }) {
  const service = createMailOutboxService({ repo: createMailOutboxRepository(db), ...deps });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerMailOutboxRoutes(app, service),
  };
}
