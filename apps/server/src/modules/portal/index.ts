import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createPortalRepository } from './portal.repository.ts';
import { registerPortalRoutes } from './portal.routes.ts';
import { createPortalService, type PortalDeps } from './portal.service.ts';

export type { PortalCaller, PortalService } from './portal.service.ts';

/**
 * The attendee app's tabs and the web portal's menu (issue 14). Its port for later capability modules:
 * `portal.assertTabVisible(eventId, tabName, { user: req.user, eventAccess: req.eventAccess })` from their own data
 * endpoints, so a login-required or ticket-restricted tab is enforced on its data, not only in the menu.
 */
export function createPortalModule(db: Db, deps: Omit<PortalDeps, 'repo'>) {
  const service = createPortalService({ repo: createPortalRepository(db), ...deps });
  return {
    service,
    assertTabVisible: service.assertTabVisible,
    /** The same for a web-portal entry (`attendium-v2/{entry}`) whose data another module serves. */
    assertEntryVisible: service.assertEntryVisible,
    plugin: async (app: FastifyInstance) => registerPortalRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    portal: ReturnType<typeof createPortalModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The portal module in the app's module list. */
export const portalModule = defineModule({
  name: 'portal',
  needs: ['events', 'auth', 'registration'],
  create: (p, { events, auth, registration }) =>
    createPortalModule(p.db, {
      audit: p.audit,
      now: p.now,
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      eventTicketIds: async (eventId) => (await registration.badges.listTickets(eventId)).map((t) => t.id),
      attendeesByEmail: (email) => p.ports.registration.attendeesByEmail(email),
      isAdmissible: (a) => p.ports.registration.isAdmissible(a),
      userEmail: async (caller) => (await auth.service.me(caller)).email,
    }),
});
