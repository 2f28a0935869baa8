import { createHmac, timingSafeEqual } from 'node:crypto';
import { REGISTRATION_PHOTO_MAX_BYTES, type TRegistrationPhotoRequest } from '@pavilion/domain';
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

/** Decodes an upload and checks that the bytes are the image type it claims (magic numbers), within the size limit. */
export function decodePhoto(input: TRegistrationPhotoRequest): Buffer {
  const bytes = Buffer.from(input.dataBase64, 'base64');
  if (bytes.length === 0 || bytes.length > REGISTRATION_PHOTO_MAX_BYTES) throw registrationErrors.photoInvalid('photoTooLarge');
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isWebp = bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  const ok = input.contentType === 'image/jpeg' ? isJpeg : input.contentType === 'image/png' ? isPng : isWebp;
  if (!ok) throw registrationErrors.photoInvalid('photoNotImage');
  return bytes;
}
