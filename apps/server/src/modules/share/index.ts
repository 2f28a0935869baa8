import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../platform/app-module.ts';
import { registerShareRoutes } from './share.routes.ts';
import { createShareService, type ShareDeps } from './share.service.ts';

export type { ShareService } from './share.service.ts';

/**
 * Share links and the event's installable app (issue 14): `r/`, `i/`, `pl/` reads, the event's calendar file, the web
 * manifest and its icons, and the head (link preview, manifest link) that platform/spa.ts writes into index.html.
 */
export function createShareModule(deps: ShareDeps) {
  const service = createShareService(deps);
  return {
    service,
    documentHead: service.documentHead,
    plugin: async (app: FastifyInstance) => registerShareRoutes(app, service),
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    share: ReturnType<typeof createShareModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The share module in the app's module list. */
export const shareModule = defineModule({
  name: 'share',
  needs: ['events', 'workspace', 'ebadge', 'profile'],
  create: (p, { events, workspace, ebadge, profile }) =>
    createShareModule({
      findEvent: (eventId) => events.service.findOwner(eventId),
      ticketEventId: p.ports.registration.ticketEventId,
      profiles: profile.port,
      shareOptionsOf: ebadge.service.shareOptionsOf,
      eventIcs: ebadge.service.eventIcs,
      whiteLabels: workspace.service.listWhiteLabels,
      publicUrl: p.publicUrl,
    }),
});
