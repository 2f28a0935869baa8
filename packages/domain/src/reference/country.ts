import { z } from 'zod';

/** SPEC §3.2 country. `areaCode` is present only where the country restricts area codes (AU, CA, RU, US). */
export const ZCountry = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().length(2),
  /** International dialling code with its plus sign, e.g. "+91". */
  phoneCode: z.string().regex(/^\+\d{1,4}$/),
  /** ISO 4217 currency code; empty when the territory has none. */
  currency: z.string(),
  suspended: z.boolean(),
  minPhoneLength: z.number().int().positive(),
  maxPhoneLength: z.number().int().positive(),
  areaCode: z.array(z.string().regex(/^\d+$/)).optional(),
});
export type TCountry = z.infer<typeof ZCountry>;
