import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { registerMailOutboxRoutes } from './mail-outbox.routes.ts';
import { createMailOutboxService } from './mail-outbox.service.ts';
import { defineModule } from '../../platform/app-module.ts';

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

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    mailOutbox: ReturnType<typeof createMailOutboxModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The mail outbox module in the app's module list (its screen: development, or MAIL_OUTBOX_UI=1). */
export const mailOutboxModule = defineModule({
  name: 'mailOutbox',
  needs: [],
  create: (p) =>
    createMailOutboxModule(p.db, {
      isEnabled: p.config.NODE_ENV === 'development' || p.config.MAIL_OUTBOX_UI === true,
      transport: p.config.SMTP_URL ? 'smtp' : 'outbox',
      from: p.config.MAIL_FROM,
    }),
});
