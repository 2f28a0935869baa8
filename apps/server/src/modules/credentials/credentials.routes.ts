import type { FastifyInstance } from 'fastify';
import { credentialsRoutes as routes } from '@pavilion/domain/checkin/credentials.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { CredentialsService } from './credentials.service.ts';

/** The credentials contracts (packages/domain/src/checkin/credentials.routes.ts), served. */
export function registerCredentialsRoutes(app: FastifyInstance, service: CredentialsService): void {
  route(app, routes.getCredential, async (req) => service.get(...organiser(req), req.params.eventId, req.params.registrationId));
  route(app, routes.reissueCredential, async (req) => service.reissue(...organiser(req), req.params.eventId, req.params.registrationId));
  route(app, routes.revokeCredential, async (req) => service.revoke(...organiser(req), req.params.eventId, req.params.registrationId, req.body.reason));
  route(app, routes.credentialKey, async (req) => service.publicKey(req.params.eventId));
}
