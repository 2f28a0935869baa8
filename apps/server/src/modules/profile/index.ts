import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../platform/app-module.ts';
import { newId } from '../../platform/ids.ts';
import { createProfileRepository } from './profile.repository.ts';
import { registerProfileRoutes } from './profile.routes.ts';
import { createProfileService, type ProfileDeps } from './profile.service.ts';
import type { Db } from '../../platform/db.ts';

export type { ProfileService, SharedProfile } from './profile.service.ts';

/**
 * The attendee's profile (issue 14): job title, company, interests and privacy choices per registration; the photo is
 * the e-badge photo. Its port for other modules (networking, share links) is `port`: `shared(pair)` (the card only
 * when public) and `directory(eventId)` (only those who chose to appear).
 */
export function createProfileModule(db: Db, deps: Omit<ProfileDeps, 'repo' | 'newId'>) {
  const service = createProfileService({ repo: createProfileRepository(db), newId, ...deps });
  return {
    service,
    port: { shared: service.shared, directory: service.directory },
    plugin: async (app: FastifyInstance) => registerProfileRoutes(app, service),
  };
}
export type ProfilePort = ReturnType<typeof createProfileModule>['port'];

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    profile: ReturnType<typeof createProfileModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The profile module in the app's module list. */
export const profileModule = defineModule({
  name: 'profile',
  needs: ['events', 'auth', 'registration'],
  create: (p, { events, auth, registration }) =>
    createProfileModule(p.db, {
      registrations: p.ports.registration,
      findEvent: (eventId) => events.service.findOwner(eventId),
      userEmail: async (caller) => (await auth.service.me(caller)).email,
      photoUrlOf: registration.photoUrlOf,
    }),
});
