import type { FastifyInstance } from 'fastify';
import { credentialsRoutes as routes } from '@pavilion/domain/checkin/credentials.routes';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
import type { CredentialsService } from './credentials.service.ts';

/** The credentials contracts (packages/domain/src/checkin/credentials.routes.ts), served. */
export function registerCredentialsRoutes(app: FastifyInstance, service: CredentialsService): void {
  route(app, routes.getCredential, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.get(user, organisationId, req.params.eventId, req.params.registrationId);
  });
  route(app, routes.reissueCredential, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.reissue(user, organisationId, req.params.eventId, req.params.registrationId);
  });
  route(app, routes.revokeCredential, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return service.revoke(user, organisationId, req.params.eventId, req.params.registrationId, req.body.reason);
  });
  route(app, routes.credentialKey, async (req) => service.publicKey(req.params.eventId));
}
