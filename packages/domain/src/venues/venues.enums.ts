/** SPEC §3.10 Venue-related type. */
export const VenueRelatedType = { Venue: 1, Service: 2, Event: 3 } as const;
export type TVenueRelatedType = (typeof VenueRelatedType)[keyof typeof VenueRelatedType];
export const VENUE_RELATED_TYPE_LABELS: Record<TVenueRelatedType, string> = { 1: 'venue', 2: 'service', 3: 'event' };
