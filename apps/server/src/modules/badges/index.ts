import type { FastifyInstance } from 'fastify';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { CredentialsService } from '../credentials/index.ts';
import { createBadgesRepository } from './badges.repository.ts';
import { registerBadgesRoutes } from './badges.routes.ts';
import { createBadgesService, type BadgeRegistrationPort } from './badges.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { BadgesService, BadgeRegistrationPort } from './badges.service.ts';

/**
 * Badge design and printing (issue #5): templates, PDFs (pdf-lib, vector QR of the credential), bulk jobs run by an
 * in-process worker that any instance may pick up, print history and the walk-in desk.
 */
export function createBadgesModule(
  db: Db,
  deps: {
    audit: Audit;
    credentials: Pick<CredentialsService, 'ensure' | 'ensureForEvent' | 'listForEvent'>;
    registration: BadgeRegistrationPort;
    assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<{ timeZone: string }>;
    now?: () => Date;
    log?: { error(obj: unknown, msg?: string): void };
    chunkSize?: number;
  },
) {
  const repo = createBadgesRepository(db);
  const service = createBadgesService({ repo, ...deps, now: deps.now ?? (() => new Date()) });
  return {
    service,
    /** The event's visitor-category colours (badge bands; the scanner shows them too). No caller check: internal. */
    categoryColours: (eventId: string) => repo.categoryColors(eventId),
    plugin: async (app: FastifyInstance) => {
      registerBadgesRoutes(app, service);
      // Jobs queued before a restart (or left by a dead instance) resume once the server is up.
      app.addHook('onReady', async () => service.kick());
      app.addHook('onClose', async () => service.stop());
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    badges: ReturnType<typeof createBadgesModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The badges module in the app's module list. */
export const badgesModule = defineModule({
  name: 'badges',
  needs: ['events', 'credentials', 'registration'],
  create: (p, { events, credentials, registration }) =>
    createBadgesModule(p.db, {
      audit: p.audit,
      now: p.now,
      credentials: credentials.service,
      assertEvent: (caller, organisationId, eventId) => events.service.get(caller, organisationId, eventId),
      registration: { ...registration.badges, createWalkIn: registration.service.createWalkIn },
      log: p.log,
    }),
});
