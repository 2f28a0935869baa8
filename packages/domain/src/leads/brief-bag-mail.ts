import { z } from 'zod';
import { zonedLocalToUtc } from '../programme/programme-time.ts';

/**
 * Brief bag by mail (issue 18): a participant asks for their bag to be mailed after the event. When the event has
 * ended (the end of its last day in its time zone) each one who asked, with documents in the bag, gets one mail that
 * lists the documents by company and carries one signed link to the whole bag as a ZIP (no sign-in), valid 30 days.
 */
export const BRIEF_BAG_LINK_DAYS = 30;

/** The participant's choice, and when the mail went out (null: not yet). */
export const ZBriefBagMail = z.object({ isOptedIn: z.boolean(), sentAt: z.string().nullable() });
export type TBriefBagMail = z.infer<typeof ZBriefBagMail>;
export const ZBriefBagMailInput = z.strictObject({ isOptedIn: z.boolean() });
export type TBriefBagMailInput = z.infer<typeof ZBriefBagMailInput>;

/** The organiser's "Send brief bags now": mails sent, opted-in bags that were empty (nothing sent), sends that failed. */
export const ZBriefBagSendResult = z.object({ sent: z.number().int(), empty: z.number().int(), failed: z.number().int() });
export type TBriefBagSendResult = z.infer<typeof ZBriefBagSendResult>;

/** The mailed link's query: the sealed ticket naming the event, the participation and the expiry. */
export const ZBriefBagTicketQuery = z.strictObject({ ticket: z.string().min(1).max(1000) });

/** When an event ends: midnight after its last day (`endDate`, YYYY-MM-DD) on the wall clock of its time zone. */
export function eventEndsAt(endDate: string, timeZone: string): Date {
  const next = new Date(`${endDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return zonedLocalToUtc(`${next.toISOString().slice(0, 10)}T00:00`, timeZone);
}
