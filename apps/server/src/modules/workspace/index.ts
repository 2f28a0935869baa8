import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import type { AuthEvents, AuthPort } from '../auth/index.ts';
import { createWorkspaceRepository } from './workspace.repository.ts';
import { createWorkspaceAccess } from './workspace.access.ts';
import { registerWorkspaceRoutes } from './workspace.routes.ts';
import { createWorkspaceService, type WorkspaceDeps } from './workspace.service.ts';

export type { WorkspaceService } from './workspace.service.ts';
export type { WorkspaceAccess } from './workspace.access.ts';

/** Workspace's access port (the guard's callers, region existence), from the database and auth's port alone. */
export function createWorkspaceAccessPort(db: Db, users: AuthPort) {
  return createWorkspaceAccess({ repo: createWorkspaceRepository(db, users), activeUserBase: users.activeUserBase });
}

export function createWorkspaceModule(db: Db, { users, ...deps }: Omit<WorkspaceDeps, 'repo'> & { /** Auth's port: the organisation's users (team members). */ users: AuthPort }) {
  const service = createWorkspaceService({ ...deps, repo: createWorkspaceRepository(db, users) });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerWorkspaceRoutes(app, service),
    subscribe(bus: Subscriber<AuthEvents>) {
      // A new organisation gets its preset roles before the signup answers (auth awaits the publish).
      bus.subscribe('organisation.created', ({ organisationId }) => service.seedPresetRoles(organisationId));
    },
  };
}
