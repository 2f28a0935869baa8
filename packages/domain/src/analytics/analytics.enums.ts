import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

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
const analyticsTypeEnum = /*#__PURE__*/ defineEnum({
  Booth: [3, 'Booth'],
  Documents: [4, 'Documents'],
  Videos: [5, 'Videos'],
  Inquiries: [7, 'Inquiries'],
  CardTaken: [8, 'Card Taken'],
  CardDropped: [9, 'Card Dropped'],
  ActionPoint: [10, 'Action Point'],
  Schedule: [11, 'Schedule'],
  Event: [14, 'Event'],
  NetworkingLounge: [16, 'Networking Lounge'],
  DiscussionTable: [17, 'Discussion Table'],
  VideoCalls: [18, 'Video Calls'],
  Meetings: [20, 'Meetings'],
  BadgePrint: [28, 'Badge Print'],
  OnsiteLeads: [30, 'Onsite Leads'],
  Webhooks: [31, 'Webhooks'],
  CertificatePrinting: [45, 'Certificate Printing'],
});
export const AnalyticsType = analyticsTypeEnum.values;
export type TAnalyticsType = TEnumValue<typeof analyticsTypeEnum>;
export const ANALYTICS_TYPE_LABELS = analyticsTypeEnum.labels;

/** SPEC §9 report action ids. */
const reportActionEnum = /*#__PURE__*/ defineEnum({
  View: [1, 'view'],
  Download: [2, 'download'],
  TakeCard: [3, 'take card'],
  DropCard: [4, 'drop card'],
  BriefBag: [5, 'brief bag'],
  Inquiry: [6, 'inquiry'],
  GeneralCall: [7, 'general call'],
  Meetings: [8, 'meetings'],
  Networking: [9, 'networking'],
});
export const ReportAction = reportActionEnum.values;
export type TReportAction = TEnumValue<typeof reportActionEnum>;
export const REPORT_ACTION_LABELS = reportActionEnum.labels;

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
