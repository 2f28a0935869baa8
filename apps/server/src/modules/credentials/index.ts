import type { FastifyInstance } from 'fastify';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { RegistrationEvents } from '../registration/index.ts';
import { createCredentialsRepository } from './credentials.repository.ts';
import { registerCredentialsRoutes } from './credentials.routes.ts';
import { createCredentialsService } from './credentials.service.ts';

export type { CredentialsService, CredentialResolution } from './credentials.service.ts';
export type { CredentialRow } from './credentials.repository.ts';

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
