import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createProgrammeRepository, type BookingTesting } from './programme.repository.ts';
import { registerProgrammeRoutes } from './programme.routes.ts';
import { createProgrammeService, type ProgrammeDeps } from './programme.service.ts';

export type { ProgrammeService } from './programme.service.ts';
export { programmeSeeder } from './programme.demo.ts';

/** The programme (issue 16): rooms, tracks, speakers, sessions; the attendee's Schedule, Speakers and bookings. */
export function createProgrammeModule(db: Db, deps: Omit<ProgrammeDeps, 'repo'>) {
  const testing: BookingTesting = { unsafeDisableLocking: false, raceWindowMs: 0 };
  const service = createProgrammeService({ repo: createProgrammeRepository(db, testing), ...deps });
  return {
    service,
    /** The booking race test's switches (programme.race.test.ts); never set in the product. */
    testing,
    plugin: async (app: FastifyInstance) => registerProgrammeRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    programme: ReturnType<typeof createProgrammeModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The programme module in the app's module list (after portal: its attendee data asks the portal's tab rule). */
export const programmeModule = defineModule({
  name: 'programme',
  needs: ['events', 'portal', 'meetings'],
  create: (p, { events, portal, meetings }) =>
    createProgrammeModule(p.db, {
      audit: p.audit,
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      assertTabVisible: (eventId, tabName, caller) => portal.assertTabVisible(eventId, tabName, caller),
      meetingEntries: (eventId, eventUserId) => meetings.service.calendarEntriesOf(eventId, eventUserId),
      calendarFeed: {
        sign: (claims) => p.tokens.signCalendarFeed(claims),
        verify: (token) => p.tokens.verifyCalendarFeed(token),
        // As the auth guard loads a caller: an account that is gone or blocked has none.
        loadUser: async (userId) => {
          const caller = await p.ports.access.loadCaller(userId);
          return caller ? { ...caller, via: 'access' as const, sessionId: '' } : null;
        },
        publicUrl: p.publicUrl,
      },
    }),
});
