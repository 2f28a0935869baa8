import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService, type AuthServiceDeps } from './auth.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthPort } from './auth.port.ts';
import type { Db } from '../../platform/db.ts';
import type { Publisher } from '../../platform/event-bus.ts';

export { hashPassword, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from './auth.service.ts';
export type { AuthService, EventMembership, ProvisionUserInput, RequestMeta } from './auth.service.ts';
export { AuthErrorCode } from './auth.errors.ts';
export { createAuthRepository } from './auth.repository.ts';
export { createAuthPort, type ActiveUserBase, type AuthPort, type TeamMember, type TeamMemberPatch } from './auth.port.ts';

/** The events auth publishes. */
export type AuthEvents = {
  /** A new organisation exists (signup, provisioning): workspace gives it its preset roles. Awaited by the signup. */
  'organisation.created': { organisationId: string };
};

export function createAuthModule(db: Db, { bus, ...deps }: Omit<AuthServiceDeps, 'repo' | 'onOrganisationCreated'> & { bus: Publisher<AuthEvents> }) {
  const repo = createAuthRepository(db);
  const service = createAuthService({ ...deps, repo, onOrganisationCreated: (organisationId) => bus.publish('organisation.created', { organisationId }) });
  return {
    service,
    repo,
    /** What workspace may read and change of the organisation's users (its team). */
    port: createAuthPort(db),
    /** packages/domain/src/auth/auth.routes.ts, served (SPEC §7 service prefix auth/). */
    plugin: async (app: FastifyInstance) => registerAuthRoutes(app, service),
  } satisfies { service: AuthService; [k: string]: unknown };
}
