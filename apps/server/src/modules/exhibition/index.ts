import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/app-module.ts';
import { createExhibitionRepository } from './exhibition.repository.ts';
import { registerExhibitionRoutes } from './exhibition.routes.ts';
import { createExhibitionService, type ExhibitionDeps } from './exhibition.service.ts';

export type { ExhibitionService } from './exhibition.service.ts';

/** Exhibition (issue 15, first slice): exhibiting companies, booths on a hall plan, products; the app's Exhibitors tab. */
export function createExhibitionModule(db: Db, deps: Omit<ExhibitionDeps, 'repo'>) {
  const service = createExhibitionService({ repo: createExhibitionRepository(db), ...deps });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerExhibitionRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    exhibition: ReturnType<typeof createExhibitionModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The exhibition module in the app's module list (after portal: its attendee reads apply the portal's tab rules). */
export const exhibitionModule = defineModule({
  name: 'exhibition',
  needs: ['events', 'portal'],
  create: (p, { events, portal }) =>
    createExhibitionModule(p.db, {
      audit: p.audit,
      assertEvent: events.assertEvent,
      assertTabVisible: portal.assertTabVisible,
    }),
});
