import type { FastifyInstance } from 'fastify';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Db } from '../../platform/db.ts';
import type { CredentialsService } from '../credentials/index.ts';
import { createEbadgeRepository, type EbadgePorts } from './ebadge.repository.ts';
import { registerEbadgeRoutes } from './ebadge.routes.ts';
import { createEbadgeService } from './ebadge.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { EbadgeService } from './ebadge.service.ts';
export { notReadyReason } from './ebadge.service.ts';

/** E-badges (eb/*), their wallet passes and the public verification of credentials (verify/ebadge/*). */
export function createEbadgeModule(
  db: Db,
  deps: {
    credentials: CredentialsService;
    audit: Audit;
    assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
    findEvent: EbadgePorts['findEvent'];
    /** Registration's port: the registration an e-badge shows. */
    registrations: EbadgePorts['registrations'];
    userEmail: (caller: AuthUser) => Promise<string>;
    publicUrl: string;
    env?: Record<string, string | undefined>;
    secrets: SecretBox;
    photoUrlOf: (registrationId: string, photoUpdatedAt: Date | null) => string | null;
    now?: () => Date;
  },
) {
  const service = createEbadgeService({ repo: createEbadgeRepository(db, { registrations: deps.registrations, findEvent: deps.findEvent }), ...deps, findEventFacts: deps.findEvent, env: deps.env ?? process.env });
  return {
    service,
    plugin: async (app: FastifyInstance) => {
      registerEbadgeRoutes(app, service);
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    ebadge: ReturnType<typeof createEbadgeModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The e-badge module in the app's module list. */
export const ebadgeModule = defineModule({
  name: 'ebadge',
  needs: ['events', 'auth', 'credentials', 'registration'],
  create: (p, { events, auth, credentials, registration }) =>
    createEbadgeModule(p.db, {
      credentials: credentials.service,
      audit: p.audit,
      now: p.now,
      publicUrl: p.publicUrl,
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      userEmail: async (caller) => (await auth.service.me(caller)).email,
      secrets: p.secrets,
      photoUrlOf: registration.photoUrlOf,
      registrations: p.ports.registration,
    }),
});
