import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { AuthEvents, AuthPort } from '../auth/index.ts';
import { createWorkspaceRepository } from './workspace.repository.ts';
import { createWorkspaceAccess } from './workspace.access.ts';
import { registerWorkspaceRoutes } from './workspace.routes.ts';
import { createWorkspaceService, type WorkspaceDeps } from './workspace.service.ts';
import { defineModule } from '../../platform/app-module.ts';

export type { WorkspaceService } from './workspace.service.ts';
export type { WorkspaceAccess } from './workspace.access.ts';

/** Workspace's access port (the guard's callers, region existence), from the database and auth's port alone. */
export function createWorkspaceAccessPort(db: Db, users: AuthPort) {
  return createWorkspaceAccess({ repo: createWorkspaceRepository(db, users), activeUserBase: users.activeUserBase });
}

export function createWorkspaceModule(db: Db, { users, ...deps }: Omit<WorkspaceDeps, 'repo'> & { /** Auth's port: the organisation's users (team members). */ users: AuthPort }) {
  const repo = createWorkspaceRepository(db, users);
  const service = createWorkspaceService({ ...deps, repo });
  return {
    service,
    /** What other modules may read: the organisation's service providers, and the one a user works for (exhibition's fulfilment board). */
    port: {
      serviceProviders: async (organisationId: string) =>
        (await repo.listCompanies(organisationId, { page: 1, pageSize: 500, kind: 'serviceProvider' })).rows.map((c) => ({ id: c.id, name: c.name })),
      serviceProviderOfUser: async (userId: string) => {
        const base = await users.activeUserBase(userId);
        const company = base?.companyId ? await repo.companyById(base.companyId) : null;
        return company && company.kind === 'serviceProvider' ? { id: company.id, name: company.name, organisationId: company.organisationId } : null;
      },
    },
    plugin: async (app: FastifyInstance) => registerWorkspaceRoutes(app, service),
    subscribe(bus: Subscriber<AuthEvents>) {
      // A new organisation gets its preset roles before the signup answers (auth awaits the publish).
      bus.subscribe('organisation.created', ({ organisationId }) => service.seedPresetRoles(organisationId));
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    workspace: ReturnType<typeof createWorkspaceModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The workspace module in the app's module list. */
export const workspaceModule = defineModule({
  name: 'workspace',
  needs: ['auth', 'events'],
  create: (p, { auth, events }) =>
    createWorkspaceModule(p.db, {
      auth: auth.service,
      users: p.ports.auth,
      audit: p.audit,
      mailer: p.mailer,
      publicUrl: p.publicUrl,
      now: p.now,
      events: {
        existsInOrganisation: events.service.existsInOrganisation,
        reassignCreator: events.service.reassignCreator,
        upcomingForOrganisation: events.service.upcomingForOrganisation,
      },
    }),
});
