import { z } from 'zod';

/** SPEC §3.3 time zone. */
export const ZTimeZone = z.object({
  /** IANA name, e.g. "Asia/Kolkata". */
  name: z.string(),
  /** Human description with offset and main cities, e.g. "+05:30 India Time - Mumbai, Delhi". */
  description: z.string(),
  /** Raw (standard-time) offset from UTC in minutes. */
  minutes: z.number().int(),
  /** ISO 3166-1 alpha-2 code of the zone's country. */
  country: z.string(),
  /** Other IANA names of the same zone (e.g. "Asia/Calcutta"). */
  aliases: z.array(z.string()),
});
export type TTimeZone = z.infer<typeof ZTimeZone>;
