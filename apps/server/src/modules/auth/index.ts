import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService, type AuthServiceDeps } from './auth.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthPort } from './auth.port.ts';
import type { Db } from '../../platform/db.ts';

export { hashPassword, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from './auth.service.ts';
export type { AuthService, EventMembership, ProvisionUserInput, RequestMeta } from './auth.service.ts';
export { AuthErrorCode } from './auth.errors.ts';
export { createAuthRepository } from './auth.repository.ts';
export { createAuthPort, type AuthPort, type TeamMember, type TeamMemberPatch } from './auth.port.ts';

export function createAuthModule(db: Db, deps: Omit<AuthServiceDeps, 'repo'>) {
  const repo = createAuthRepository(db);
  const service = createAuthService({ ...deps, repo });
  return {
    service,
    repo,
    /** What workspace may read and change of the organisation's users (its team). */
    port: createAuthPort(db),
    /** packages/domain/src/auth/auth.routes.ts, served (SPEC §7 service prefix auth/). */
    plugin: async (app: FastifyInstance) => registerAuthRoutes(app, service),
  } satisfies { service: AuthService; [k: string]: unknown };
}
