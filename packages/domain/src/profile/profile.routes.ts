import { z } from 'zod';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZOwnProfile, ZOwnProfileParams, ZProfilePhotoParams, ZProfilePhotoQuery, ZProfileRequest } from './profile.schemas.ts';

const tags = ['profile'];

/**
 * The attendee's own profile (issue 14): one per registration, for registrations made with the signed-in account's
 * email (as the own-photo routes of registration). Another person's registration, or an unknown id, answers 404
 * PROFILE_NOT_FOUND. The photo is the e-badge photo (registration's `PUT /api/eventservices/me/registrations/:id/photo`).
 */
export const profileRoutes = defineRoutes({
  /** My profiles, one per registration of mine, newest event first (made with defaults on first read). */
  mine: { method: 'GET', path: '/api/eventservices/me/profiles', auth: 'user', tags, response: z.array(ZOwnProfile) },
  /** 400 VALIDATION_FAILED with field keys (too_big, too_small, duplicateInterest, invalidCharacters, invalid_type, unknownField). */
  save: { method: 'PUT', path: '/api/eventservices/me/registrations/:registrationId/profile', auth: 'user', tags, params: ZOwnProfileParams, body: ZProfileRequest, response: ZOwnProfile },
  /**
   * The photo of a shared profile (`{eventId}-{shareId}`), served only while the attendee shows their profile (pl/ or
   * the directory), so a public page never carries the registration id (the e-badge's capability) in an image URL.
   * `v` is the photo's version (a changed photo is a new URL); 404 PROFILE_NOT_FOUND otherwise.
   */
  photo: { method: 'GET', path: '/api/eventservices/public/profiles/:pair/photo', auth: 'public', tags, params: ZProfilePhotoParams, query: ZProfilePhotoQuery, response: fileResponse('image/*') },
});
