import type { FastifyInstance } from 'fastify';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { RegistrationEvents } from '../registration/index.ts';
import { createCredentialsRepository } from './credentials.repository.ts';
import { registerCredentialsRoutes } from './credentials.routes.ts';
import { createCredentialsService } from './credentials.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { CredentialsService, CredentialResolution } from './credentials.service.ts';
export type { CredentialRow } from './credentials.repository.ts';
export { resolveWithRegistrations } from './credential-lookup.ts';

/** One signed QR credential per registration (issue #5): used by badges, e-badges, check-in and lead scans. */
export function createCredentialsModule(
  db: Db,
  deps: {
    audit: Audit;
    assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
    findEventOrganisation: (eventId: string) => Promise<string | null>;
    /** Registration's port (which registrations exist). */
    registrations: Parameters<typeof createCredentialsService>[0]['registrations'];
    now?: () => Date;
  },
) {
  const service = createCredentialsService({ repo: createCredentialsRepository(db), ...deps });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerCredentialsRoutes(app, service),
    subscribe(bus: Subscriber<RegistrationEvents>) {
      // The seat changed hands: the old holder's QR must stop working.
      bus.subscribe('registration.replaced', ({ eventId, registrationId }) => service.reissueSystem(eventId, registrationId));
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    credentials: ReturnType<typeof createCredentialsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The credentials module in the app's module list. */
export const credentialsModule = defineModule({
  name: 'credentials',
  needs: ['events'],
  create: (p, { events }) =>
    createCredentialsModule(p.db, {
      registrations: p.ports.registration,
      audit: p.audit,
      now: p.now,
      assertEvent: events.assertEvent,
      findEventOrganisation: async (eventId) => (await events.service.findOwner(eventId))?.organisationId ?? null,
    }),
});
