import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { loadSigningSecret } from '../../platform/secrets.ts';
import { createEpostersRepository } from './eposters.repository.ts';
import { registerEpostersRoutes } from './eposters.routes.ts';
import { createEpostersService, type EpostersDeps } from './eposters.service.ts';

export type { EpostersService } from './eposters.service.ts';

/**
 * E-posters (issue 16): the organiser's posters (a PDF or an image with title, topic, authors, abstract and an
 * optional session) and the web portal's E-Poster entry, where participants browse, search and preview them.
 */
export function createEpostersModule(db: Db, deps: Omit<EpostersDeps, 'repo' | 'signingKey'> & { jwtSecret?: string }) {
  // The files' signed addresses use a key derived from the server's signing secret, read once the app starts.
  const key = { value: '' };
  const { jwtSecret, ...rest } = deps;
  const service = createEpostersService({
    repo: createEpostersRepository(db),
    ...rest,
    signingKey: () => {
      if (!key.value) throw new Error('The e-poster signing key is read when the module registers its routes');
      return key.value;
    },
  });
  return {
    service,
    plugin: async (app: FastifyInstance) => {
      const secret = await loadSigningSecret(db, jwtSecret);
      key.value = createHash('sha256').update(`pavilion-eposter-files:${secret}`).digest('hex');
      registerEpostersRoutes(app, service);
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    eposters: ReturnType<typeof createEpostersModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The e-posters module in the app's module list (after portal, whose menu opens the entry, and programme, whose sessions a poster names). */
export const epostersModule = defineModule({
  name: 'eposters',
  needs: ['events', 'portal', 'programme'],
  create: (p, { events, portal, programme }) =>
    createEpostersModule(p.db, {
      audit: p.audit,
      now: p.now,
      jwtSecret: p.config.JWT_SECRET,
      assertEvent: events.assertEvent,
      eventName: async (eventId) => (await events.service.findOwner(eventId))?.name ?? null,
      assertEntryVisible: (eventId, entryKey) => portal.assertEntryVisible(eventId, entryKey),
      sessionOf: (eventId, sessionId) => programme.port.sessionOf(eventId, sessionId),
      sessionsOf: (eventId) => programme.port.sessionsOf(eventId),
    }),
});
