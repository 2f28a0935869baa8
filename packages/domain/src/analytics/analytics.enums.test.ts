import { describe, it, expect } from 'vitest';
import { ANALYTICS_TYPE_LABELS, EXHIBITOR_REPORT_TABS, HOST_REPORT_TABS, REPORT_ACTION_LABELS, TIME_RANGE_FILTER_OPTIONS } from './analytics.enums.ts';

describe('SPEC §9 analytics ids', () => {
  it('time-range filters', () => {
    expect(TIME_RANGE_FILTER_OPTIONS.map((o) => [o.label, o.id])).toEqual([
      ['Now', 7], ['last 15 min', 8], ['last 30 min', 9], ['last 1 hour', 10], ['Today', 2], ['Yesterday', 11],
      ['This Week', 3], ['This Month', 4], ['Last 90 Days', 5], ['All Dates', 1],
    ]);
  });
  it('analytics types', () => {
    expect(ANALYTICS_TYPE_LABELS).toEqual({
      3: 'Booth', 4: 'Documents', 5: 'Videos', 7: 'Inquiries', 8: 'Card Taken', 9: 'Card Dropped', 10: 'Action Point',
      11: 'Schedule', 14: 'Event', 16: 'Networking Lounge', 17: 'Discussion Table', 18: 'Video Calls', 20: 'Meetings',
      28: 'Badge Print', 30: 'Onsite Leads', 31: 'Webhooks', 45: 'Certificate Printing',
    });
  });
  it('report actions', () => {
    expect(REPORT_ACTION_LABELS).toEqual({ 1: 'view', 2: 'download', 3: 'take card', 4: 'drop card', 5: 'brief bag', 6: 'inquiry', 7: 'general call', 8: 'meetings', 9: 'networking' });
  });
  it('SPEC §2.6 report tabs', () => {
    expect(HOST_REPORT_TABS).toHaveLength(14);
    expect(EXHIBITOR_REPORT_TABS.map((t) => t.name)).toEqual(['Booth', 'Documents', 'Videos', 'Products', 'Inquiries', 'Card Taken', 'Card Dropped', 'Booth Action Point', 'Onsite Leads', 'Webhooks']);
    for (const tab of [...HOST_REPORT_TABS, ...EXHIBITOR_REPORT_TABS]) {
      if (tab.analyticsType !== null) expect(ANALYTICS_TYPE_LABELS[tab.analyticsType]).toBeDefined();
    }
  });
});
