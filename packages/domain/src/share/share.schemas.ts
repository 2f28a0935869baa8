import { z } from 'zod';
import { ZShareOption } from '../content/share-options.ts';
import { ZEvent } from '../events/events.schemas.ts';
import { ZPublicProfile } from '../profile/profile.schemas.ts';
import { MAX_PAIR_LENGTH } from './pair.ts';

const zId = z.string().min(1).max(64);
export const ZTicketLinkParams = z.object({ ticketId: zId });
export const ZPairParams = z.object({ pair: z.string().min(3).max(MAX_PAIR_LENGTH) });
export const ZShareEventParams = z.object({ eventId: zId });
/** Icon sizes of the event app's manifest (Android's 192 and 512, Apple's touch icon 180). */
export const APP_ICON_SIZES = ['180', '192', '512'] as const;
export const ZAppIconParams = z.object({ eventId: zId, size: z.enum(APP_ICON_SIZES) });

/** r/{ticketId}: the event whose registration page opens with this ticket chosen. */
export const ZTicketLink = z.object({ eventId: z.string(), ticketId: z.string() });
export type TTicketLink = z.infer<typeof ZTicketLink>;

/** The event as a share page shows it (a public card: no organiser data). */
export const ZShareEvent = ZEvent.pick({ id: true, name: true, startDate: true, endDate: true, timeZone: true, venue: true, description: true });
export type TShareEventCard = z.infer<typeof ZShareEvent>;

/** i/{pair}: who invites (first name only), the event, and the event's active share options. */
export const ZShareInvitation = z.object({
  event: ZShareEvent,
  inviterFirstName: z.string(),
  shareOptions: z.array(ZShareOption),
});
export type TShareInvitation = z.infer<typeof ZShareInvitation>;

/** pl/{pair}: the attendee's card, only when they made it public. */
export const ZProfileCard = z.object({
  event: ZShareEvent,
  profile: ZPublicProfile,
  shareOptions: z.array(ZShareOption),
});
export type TProfileCard = z.infer<typeof ZProfileCard>;
