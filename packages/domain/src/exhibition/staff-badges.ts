import { z } from 'zod';
import { isNonBlank } from '../validation/text.ts';

/*
 * Issue 15: exhibitor staff badges. Each staff member of an exhibiting company (SPEC §3.1 user type 7) is given THE
 * credential of the registration module: a complimentary registration on the free ticket (and optional visitor
 * category) the organiser chose for the event's staff badges, so the badge prints, the e-badge shows and the gate scans
 * it like any other. The company's badges are limited by its staff badge quota (the event's rule per stall size).
 */

const zId = z.string().min(1).max(64);
const zName = (max: number) => z.string().trim().min(1).max(max).refine(isNonBlank, { message: 'required' });

/** The event's staff badge settings: the ticket and category staff registrations are made on (null: not chosen yet). */
export const ZStaffBadgeSettingsInput = z.strictObject({ ticketId: zId.nullable(), categoryId: zId.nullable() });
export type TStaffBadgeSettingsInput = z.input<typeof ZStaffBadgeSettingsInput>;
export const ZStaffBadgeSettings = z.object({
  ticketId: z.string().nullable(),
  categoryId: z.string().nullable(),
  /** The event's tickets (only free ones can be chosen) and categories, for the pickers. */
  tickets: z.array(z.object({ id: z.string(), name: z.string(), isFree: z.boolean() })),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TStaffBadgeSettings = z.infer<typeof ZStaffBadgeSettings>;

/** A badge's state: active (admissible), or cancelled (revoked: it no longer scans). */
export const STAFF_BADGE_STATES = ['active', 'cancelled'] as const;
export type TStaffBadgeState = (typeof STAFF_BADGE_STATES)[number];

export const ZStaffMember = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  badge: z
    .object({ registrationId: z.string(), registrationNo: z.string(), issuedAt: z.string(), state: z.enum(STAFF_BADGE_STATES) })
    .nullable(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const ZStaffBadgeList = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  /** The badges its booths earn under the event's rule; null: no rule, no limit. */
  quota: z.number().int().nullable(),
  /** Active badges now. */
  issued: z.number().int(),
  /** Whether the organiser chose the staff badge ticket (no badge can be issued before). */
  isTicketChosen: z.boolean(),
  staff: z.array(ZStaffMember),
});
export type TStaffBadgeList = z.infer<typeof ZStaffBadgeList>;

/** The name printed on the badge (the registration's name). */
export const ZStaffBadgeIssueInput = z.strictObject({ firstName: zName(100), lastName: z.string().trim().max(100).default('') });
export type TStaffBadgeIssueInput = z.input<typeof ZStaffBadgeIssueInput>;

export const ZStaffBadgeEventParams = z.strictObject({ eventId: zId });
export const ZStaffBadgeCompanyParams = z.strictObject({ eventId: zId, companyId: zId });
export const ZStaffBadgeParams = z.strictObject({ eventId: zId, companyId: zId, staffId: zId });
export const ZMyStaffBadgeParams = z.strictObject({ eventId: zId, staffId: zId });
