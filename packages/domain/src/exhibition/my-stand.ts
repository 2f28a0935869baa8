import { z } from 'zod';
import { ZCompanyInput } from './exhibition.schemas.ts';

/**
 * My stand for the company's people (issue 15): who the signed-in participant is to an exhibiting company of the
 * event (its admin or one of its staff), and the params of the routes that act on the company's own products and
 * videos. The company is never named in a request: the server finds it from the caller.
 */

const zId = z.string().min(1).max(64);

export const STAND_ROLES = ['admin', 'staff'] as const;
export type TStandRole = (typeof STAND_ROLES)[number];

/** `role` null: the caller runs or staffs no exhibiting company of this event (then `company` is null too). */
export const ZStandMembership = z.object({
  role: z.enum(STAND_ROLES).nullable(),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TStandMembership = z.infer<typeof ZStandMembership>;

export const ZMyProductParams = z.strictObject({ eventId: zId, productId: zId });
export const ZMyProductImageParams = z.strictObject({ eventId: zId, productId: zId, imageId: zId });
export const ZMyVideoParams = z.strictObject({ eventId: zId, videoId: zId });
export const ZMyDocumentParams = z.strictObject({ eventId: zId, documentId: zId });

/** The admin edits the company's profile but not its name: the organiser's (the catalogue and invoices go by it). */
export const ZMyCompanyProfileInput = ZCompanyInput.omit({ name: true });
export type TMyCompanyProfileInput = z.input<typeof ZMyCompanyProfileInput>;
