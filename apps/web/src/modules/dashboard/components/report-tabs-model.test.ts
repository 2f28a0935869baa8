import { describe, expect, it } from 'vitest';
import { reportSlug, reportTabs, resolveReport } from './report-tabs-model.ts';

describe('report tabs', () => {
  it('lists the 14 host and 10 exhibitor tabs of SPEC §2.6 with unique slugs', () => {
    expect(reportTabs('host')).toHaveLength(14);
    expect(reportTabs('exhibitor')).toHaveLength(10);
    for (const view of ['host', 'exhibitor'] as const) {
      const slugs = reportTabs(view).map(reportSlug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    expect(reportSlug({ name: 'Event Action Point' })).toBe('event-action-point');
  });

  it('resolves the URL, falling back to the first tab of the host view', () => {
    expect(resolveReport('exhibitor', 'card-taken').tab.analyticsType).toBe(8);
    expect(resolveReport(null, null)).toMatchObject({ view: 'host', tab: { name: 'Event Visitors' } });
    expect(resolveReport('nonsense', 'nope')).toMatchObject({ view: 'host', tab: { name: 'Event Visitors' } });
  });
});
