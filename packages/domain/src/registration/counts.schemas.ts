import { z } from 'zod';

/**
 * The organiser socket's "counts changed" message (socket.io path /chatservices, room of the event's organisers).
 * It carries no figures and no personal data: it only tells an open dashboard that seats (sold, held) or presence
 * (inside, checked in) of the event moved, so the page refetches what it shows. The server sends at most one per
 * event per second (the last reason wins).
 */
export const COUNTS_CHANGED_SOCKET_EVENT = 'countsChanged';
/** The handshake query field with which an organiser's socket asks to join an event's organiser room. */
export const ORGANISER_EVENT_QUERY = 'organiserEventId';
export const COUNTS_CHANGED_REASONS = ['seats_held', 'order_confirmed', 'payment_failed', 'seats_released', 'seats_retaken', 'check_in'] as const;
export type TCountsChangedReason = (typeof COUNTS_CHANGED_REASONS)[number];
export const ZCountsChangedMessage = z.object({
  eventId: z.string(),
  reason: z.enum(COUNTS_CHANGED_REASONS),
  at: z.string(),
});
export type TCountsChangedMessage = z.infer<typeof ZCountsChangedMessage>;
