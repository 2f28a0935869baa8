import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { createWorkspaceRepository } from './workspace.repository.ts';
import { registerWorkspaceRoutes } from './workspace.routes.ts';
import { createWorkspaceService, type WorkspaceDeps } from './workspace.service.ts';

export type { WorkspaceService } from './workspace.service.ts';

export function createWorkspaceModule(db: Db, deps: Omit<WorkspaceDeps, 'repo'>) {
  const service = createWorkspaceService({ ...deps, repo: createWorkspaceRepository(db) });
  return {
    service,
    plugin: async (app: FastifyInstance) => registerWorkspaceRoutes(app, service),
  };
}
