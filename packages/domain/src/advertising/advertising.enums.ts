/** SPEC §3.10 Ad placement. Numbers 6 and 7 are unused in the spec and stay unused. */
export const AdPlacement = {
  EventFeed: 1,
  Exhibitor: 2,
  NetworkingLounge: 3,
  LeaderBoard: 4,
  HomePage: 5,
  RegistrationLinks: 8,
  Speaker: 9,
  Sponsor: 10,
  EventSchedule: 11,
} as const;
export type TAdPlacement = (typeof AdPlacement)[keyof typeof AdPlacement];
export const AD_PLACEMENT_LABELS: Record<TAdPlacement, string> = {
  1: 'Event Feed',
  2: 'Exhibitor',
  3: 'Networking Lounge',
  4: 'Leader board',
  5: 'Home Page',
  8: 'Registration Links',
  9: 'Speaker',
  10: 'Sponsor',
  11: 'Event Schedule',
};

/** SPEC §3.10 Ad metric. */
export const AdMetric = { Click: 1, Impression: 2 } as const;
export type TAdMetric = (typeof AdMetric)[keyof typeof AdMetric];
export const AD_METRIC_LABELS: Record<TAdMetric, string> = { 1: 'Click', 2: 'Impression' };
