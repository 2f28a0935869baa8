import { createHmac, timingSafeEqual } from 'node:crypto';
import { matchesFileSignature, REGISTRATION_PHOTO_MAX_BYTES, ValidationKey, type TRegistrationPhotoRequest } from '@pavilion/domain';
import { registrationErrors } from './registration.errors.ts';

/** The public path of photos; each URL is signed and names the photo's version, so it can be cached for good. */
export const PHOTO_PATH = '/api/eventservices/public/registration-photos';

export type PhotoUrlOf = (registrationId: string, photoUpdatedAt: Date | null) => string | null;

/**
 * Photo URLs are capabilities, like the e-badge pages' unguessable ids: `{registrationId}/{version}?sig=` with an
 * HMAC of both under a key derived from the server's signing secret. A replaced photo gets a new version (and the old
 * URL answers 404); no URL can be made up for a registration without the key.
 */
export function createPhotoSigner(key: () => string) {
  const sign = (registrationId: string, version: string) => createHmac('sha256', key()).update(`${registrationId}:${version}`).digest('base64url');
  return {
    urlOf: ((registrationId, photoUpdatedAt) => {
      if (!photoUpdatedAt) return null;
      const version = String(photoUpdatedAt.getTime());
      return `${PHOTO_PATH}/${registrationId}/${version}?sig=${sign(registrationId, version)}`;
    }) as PhotoUrlOf,
    verify(registrationId: string, version: string, sig: string): boolean {
      const want = Buffer.from(sign(registrationId, version));
      const got = Buffer.from(sig);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}

const EXTENSION_OF = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** Decodes an upload and checks that the bytes are the image type it claims (the domain's magic numbers), within the size limit. */
export function decodePhoto(input: TRegistrationPhotoRequest): Buffer {
  const bytes = Buffer.from(input.dataBase64, 'base64');
  if (bytes.length === 0 || bytes.length > REGISTRATION_PHOTO_MAX_BYTES) throw registrationErrors.photoInvalid('fileTooLarge');
  if (!matchesFileSignature(EXTENSION_OF[input.contentType], bytes)) throw registrationErrors.photoInvalid(ValidationKey.FileContentMismatch);
  return bytes;
}
