import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Venue-related type. */
const venueRelatedTypeEnum = /*#__PURE__*/ defineEnum({ Venue: [1, 'venue'], Service: [2, 'service'], Event: [3, 'event'] });
export const VenueRelatedType = venueRelatedTypeEnum.values;
export type TVenueRelatedType = TEnumValue<typeof venueRelatedTypeEnum>;
export const VENUE_RELATED_TYPE_LABELS = venueRelatedTypeEnum.labels;
