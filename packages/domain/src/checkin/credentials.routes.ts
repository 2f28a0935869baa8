import { defineRoutes } from '../common/route-contract.ts';
import { ZRegEventParams } from '../registration/registration.schemas.ts';
import { ZCredential, ZCredentialParams, ZCredentialRevokeRequest, ZEventPublicKey } from './credential.schemas.ts';

const tags = ['credentials'];
const C = '/api/eventservices/events/:eventId/registrations/:registrationId/credential';

/**
 * One signed QR credential per registration (issue #5), used by badges, e-badges, check-in and lead scans. A re-issue
 * bumps the version, so an older printed QR scans as `revoked`.
 */
export const credentialsRoutes = defineRoutes({
  /** A registration's current credential (All Attendees: QR). */
  getCredential: { method: 'GET', path: C, auth: 'organiser', access: 'AP-107', tags, params: ZCredentialParams, response: ZCredential },
  /** A new version: the old QR stops being admitted. */
  reissueCredential: { method: 'POST', path: `${C}/reissue`, auth: 'organiser', access: 'AP-107', tags, params: ZCredentialParams, response: ZCredential },
  /** Revokes it, with an optional reason (≤ 500 characters). */
  revokeCredential: {
    method: 'POST',
    path: `${C}/revoke`,
    auth: 'organiser',
    access: 'AP-107',
    tags,
    params: ZCredentialParams,
    body: ZCredentialRevokeRequest,
    response: ZCredential,
  },
  /** Public: the event's Ed25519 verification key, so devices and verification pages check credentials offline. */
  credentialKey: { method: 'GET', path: '/api/eventservices/public/events/:eventId/credential-key', auth: 'public', tags, params: ZRegEventParams, response: ZEventPublicKey },
});
