import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCredential, ZCredentialParams, ZCredentialRevokeRequest, ZEventPublicKey, ZRegEventParams, zOk } from '@pavilion/domain';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import type { CredentialsService } from './credentials.service.ts';

const tags = ['credentials'];

/** Organiser: a registration's QR credential (All Attendees: QR, AP-107), its re-issue and revocation. */
export const credentialsRoutes: FastifyPluginAsyncZod<{ service: CredentialsService }> = async (app, { service }) => {
  const base = '/events/:eventId/registrations/:registrationId/credential';
  app.get(base, { config: { auth: 'organiser', access: 'AP-107' }, schema: { tags, params: ZCredentialParams, response: { 200: zOk(ZCredential) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return { status: 'OK' as const, data: await service.get(user, organisationId, req.params.eventId, req.params.registrationId) };
  });
  app.post(`${base}/reissue`, { config: { auth: 'organiser', access: 'AP-107' }, schema: { tags, params: ZCredentialParams, response: { 200: zOk(ZCredential) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return { status: 'OK' as const, data: await service.reissue(user, organisationId, req.params.eventId, req.params.registrationId) };
  });
  app.post(
    `${base}/revoke`,
    { config: { auth: 'organiser', access: 'AP-107' }, schema: { tags, params: ZCredentialParams, body: ZCredentialRevokeRequest, response: { 200: zOk(ZCredential) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return { status: 'OK' as const, data: await service.revoke(user, organisationId, req.params.eventId, req.params.registrationId, req.body.reason) };
    },
  );
};

/** Public: the event's verification key (devices and verification pages check credentials offline with it). */
export const credentialsPublicRoutes: FastifyPluginAsyncZod<{ service: CredentialsService }> = async (app, { service }) => {
  app.get('/events/:eventId/credential-key', { config: { auth: 'public' }, schema: { tags, params: ZRegEventParams, response: { 200: zOk(ZEventPublicKey) } } }, async (req) => ({
    status: 'OK' as const,
    data: await service.publicKey(req.params.eventId),
  }));
};
