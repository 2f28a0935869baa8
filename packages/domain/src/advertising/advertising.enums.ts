import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Ad placement. Numbers 6 and 7 are unused in the spec and stay unused. */
const adPlacementEnum = /*#__PURE__*/ defineEnum({
  EventFeed: [1, 'Event Feed'],
  Exhibitor: [2, 'Exhibitor'],
  NetworkingLounge: [3, 'Networking Lounge'],
  LeaderBoard: [4, 'Leader board'],
  HomePage: [5, 'Home Page'],
  RegistrationLinks: [8, 'Registration Links'],
  Speaker: [9, 'Speaker'],
  Sponsor: [10, 'Sponsor'],
  EventSchedule: [11, 'Event Schedule'],
});
export const AdPlacement = adPlacementEnum.values;
export type TAdPlacement = TEnumValue<typeof adPlacementEnum>;
export const AD_PLACEMENT_LABELS = adPlacementEnum.labels;

/** SPEC §3.10 Ad metric. */
const adMetricEnum = /*#__PURE__*/ defineEnum({ Click: [1, 'Click'], Impression: [2, 'Impression'] });
export const AdMetric = adMetricEnum.values;
export type TAdMetric = TEnumValue<typeof adMetricEnum>;
export const AD_METRIC_LABELS = adMetricEnum.labels;
