import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth.routes.ts';
import { createAuthService, type AuthService, type AuthServiceDeps } from './auth.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthPort } from './auth.port.ts';
import type { Db } from '../../platform/db.ts';
import type { Publisher } from '../../platform/event-bus.ts';
import { defineModule } from '../../platform/app-module.ts';
import { errors } from '../../platform/errors.ts';

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

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    auth: ReturnType<typeof createAuthModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The auth module in the app's module list. */
export const authModule = defineModule({
  name: 'auth',
  needs: ['events'],
  create: (p, { events }) =>
    createAuthModule(p.db, {
      bus: p.bus,
      loadCaller: p.ports.access.loadCaller,
      tokens: p.tokens,
      mailer: p.mailer,
      audit: p.audit,
      publicUrl: p.publicUrl,
      isProduction: p.isProduction,
      now: p.now,
      findEventMembership: (eventId, user) => events.service.membership(eventId, user),
      // A login link for a registrant: the caller must see the event; the registration comes from registration's port.
      findRegistration: async (caller, organisationId, eventId, registrationId) => {
        await events.service.get(caller, organisationId, eventId);
        const registrant = await p.ports.registration.attendee(registrationId, eventId);
        if (!registrant || registrant.organisationId !== organisationId) throw errors.notFound('Registration');
        return registrant;
      },
      addParticipant: (organisationId, eventId, userId, userType) => events.service.addParticipant(organisationId, eventId, userId, userType),
      assertEvent: (caller, organisationId, eventId) => events.service.get(caller, organisationId, eventId),
      // Exhibition's read model of booths and their forms (a platform port: exhibition is built after auth).
      hasBoothForm: (eventId, boothId, formId) => p.ports.boothForms.hasBoothForm(eventId, boothId, formId),
      // Programme's speakers (a platform port: programme is built after auth): an invited attendee lands on their speaker profile.
      isSpeakerOf: (eventId, userId) => p.ports.speakerAccounts.isSpeakerOf(eventId, userId),
    }),
});
