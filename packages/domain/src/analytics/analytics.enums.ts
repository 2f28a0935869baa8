/** SPEC §9 time-range filter options (ids as the spec numbers them; the display order is the spec's). */
export const TimeRangeFilter = {
  Now: 7,
  Last15Min: 8,
  Last30Min: 9,
  Last1Hour: 10,
  Today: 2,
  Yesterday: 11,
  ThisWeek: 3,
  ThisMonth: 4,
  Last90Days: 5,
  AllDates: 1,
} as const;
export type TTimeRangeFilter = (typeof TimeRangeFilter)[keyof typeof TimeRangeFilter];
export const TIME_RANGE_FILTER_OPTIONS: readonly { id: TTimeRangeFilter; label: string }[] = [
  { id: 7, label: 'Now' },
  { id: 8, label: 'last 15 min' },
  { id: 9, label: 'last 30 min' },
  { id: 10, label: 'last 1 hour' },
  { id: 2, label: 'Today' },
  { id: 11, label: 'Yesterday' },
  { id: 3, label: 'This Week' },
  { id: 4, label: 'This Month' },
  { id: 5, label: 'Last 90 Days' },
  { id: 1, label: 'All Dates' },
];

/** SPEC §9 analytics type ids. */
export const AnalyticsType = {
  Booth: 3,
  Documents: 4,
  Videos: 5,
  Inquiries: 7,
  CardTaken: 8,
  CardDropped: 9,
  ActionPoint: 10,
  Schedule: 11,
  Event: 14,
  NetworkingLounge: 16,
  DiscussionTable: 17,
  VideoCalls: 18,
  Meetings: 20,
  BadgePrint: 28,
  OnsiteLeads: 30,
  Webhooks: 31,
  CertificatePrinting: 45,
} as const;
export type TAnalyticsType = (typeof AnalyticsType)[keyof typeof AnalyticsType];
export const ANALYTICS_TYPE_LABELS: Record<TAnalyticsType, string> = {
  3: 'Booth',
  4: 'Documents',
  5: 'Videos',
  7: 'Inquiries',
  8: 'Card Taken',
  9: 'Card Dropped',
  10: 'Action Point',
  11: 'Schedule',
  14: 'Event',
  16: 'Networking Lounge',
  17: 'Discussion Table',
  18: 'Video Calls',
  20: 'Meetings',
  28: 'Badge Print',
  30: 'Onsite Leads',
  31: 'Webhooks',
  45: 'Certificate Printing',
};

/** SPEC §9 report action ids. */
export const ReportAction = {
  View: 1,
  Download: 2,
  TakeCard: 3,
  DropCard: 4,
  BriefBag: 5,
  Inquiry: 6,
  GeneralCall: 7,
  Meetings: 8,
  Networking: 9,
} as const;
export type TReportAction = (typeof ReportAction)[keyof typeof ReportAction];
export const REPORT_ACTION_LABELS: Record<TReportAction, string> = {
  1: 'view',
  2: 'download',
  3: 'take card',
  4: 'drop card',
  5: 'brief bag',
  6: 'inquiry',
  7: 'general call',
  8: 'meetings',
  9: 'networking',
};

/**
 * SPEC §2.6 organiser report tabs, with the analytics type each one reads where the spec gives one (null where the
 * tab is a composite report: visitors, scheduled meetings, products).
 */
export type TReportTab = { readonly name: string; readonly analyticsType: TAnalyticsType | null };
export const HOST_REPORT_TABS: readonly TReportTab[] = [
  { name: 'Event Visitors', analyticsType: null },
  { name: 'Event Action Point', analyticsType: 10 },
  { name: 'Meetings', analyticsType: 20 },
  { name: 'Scheduled Meetings', analyticsType: null },
  { name: 'Networking Lounge', analyticsType: 16 },
  { name: 'Discussion Table', analyticsType: 17 },
  { name: 'Video Calls', analyticsType: 18 },
  { name: 'Event', analyticsType: 14 },
  { name: 'Booth', analyticsType: 3 },
  { name: 'Schedule Sessions', analyticsType: 11 },
  { name: 'Onsite Leads', analyticsType: 30 },
  { name: 'Webhooks', analyticsType: 31 },
  { name: 'Badge Print', analyticsType: 28 },
  { name: 'Certificate Printing', analyticsType: 45 },
];
export const EXHIBITOR_REPORT_TABS: readonly TReportTab[] = [
  { name: 'Booth', analyticsType: 3 },
  { name: 'Documents', analyticsType: 4 },
  { name: 'Videos', analyticsType: 5 },
  { name: 'Products', analyticsType: null },
  { name: 'Inquiries', analyticsType: 7 },
  { name: 'Card Taken', analyticsType: 8 },
  { name: 'Card Dropped', analyticsType: 9 },
  { name: 'Booth Action Point', analyticsType: 10 },
  { name: 'Onsite Leads', analyticsType: 30 },
  { name: 'Webhooks', analyticsType: 31 },
];
