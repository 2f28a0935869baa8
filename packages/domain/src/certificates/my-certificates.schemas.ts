import { z } from 'zod';

/** A certificate issued to one of the signed-in person's registrations (matched by their account's email). */
export const ZMyCertificate = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  title: z.string(),
  issuedAt: z.string(),
});
export type TMyCertificate = z.infer<typeof ZMyCertificate>;
