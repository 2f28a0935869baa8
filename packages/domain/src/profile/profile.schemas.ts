import { z } from 'zod';
import { zCountryCode } from '../reference/countries.ts';

/**
 * The attendee's interests: a bounded list of short tags. Field keys: zod's `too_big` / `too_small` for lengths and
 * counts, `duplicateInterest` (case-insensitive), `invalidCharacters` (control characters; a comma in a tag).
 */
export const MAX_INTERESTS = 10;
export const MAX_INTEREST_LENGTH = 40;
export const MAX_PROFILE_TEXT = 100;

const zId = z.string().min(1).max(64);
export const ZOwnProfileParams = z.object({ registrationId: zId });
export const ZProfilePhotoParams = z.object({ pair: z.string().min(3).max(129) });
export const ZProfilePhotoQuery = z.object({ v: z.string().max(32).optional() });

const text = z
  .string()
  .trim()
  .max(MAX_PROFILE_TEXT)
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: 'invalidCharacters' });
const interest = z
  .string()
  .trim()
  .min(1)
  .max(MAX_INTEREST_LENGTH)
  .refine((s) => !/[\u0000-\u001f\u007f,]/.test(s), { message: 'invalidCharacters' });

/**
 * What the attendee may change of their profile for one registration. `isInDirectory`: listed in the event's
 * networking directory; `isProfilePublic`: the `pl/` link shows the card (otherwise it answers as unknown). Both off by
 * default: nothing is shown of anyone until they choose it.
 */
export const ZProfileRequest = z.strictObject({
  jobTitle: text,
  company: text,
  countryCode: zCountryCode().default(''),
  interests: z
    .array(interest)
    .max(MAX_INTERESTS)
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, { message: 'duplicateInterest' }),
  isInDirectory: z.boolean(),
  isProfilePublic: z.boolean(),
});
export type TProfileRequest = z.infer<typeof ZProfileRequest>;

/** The signed-in attendee's own profile on one registration, with the links it can share. */
export const ZOwnProfile = z.object({
  registrationId: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  jobTitle: z.string(),
  company: z.string(),
  countryCode: z.string(),
  interests: z.array(z.string()),
  isInDirectory: z.boolean(),
  isProfilePublic: z.boolean(),
  /** `{eventId}-{shareId}` for `i/…` and `pl/…` (share/pair.ts). */
  pair: z.string(),
});
export type TOwnProfile = z.infer<typeof ZOwnProfile>;

/** A profile as others may see it (pl/ card, networking directory): only what the attendee chose to show. */
export const ZPublicProfile = z.object({
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  countryCode: z.string(),
  interests: z.array(z.string()),
  photoUrl: z.string().nullable(),
});
export type TPublicProfile = z.infer<typeof ZPublicProfile>;
