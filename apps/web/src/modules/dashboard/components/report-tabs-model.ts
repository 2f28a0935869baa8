import { EXHIBITOR_REPORT_TABS, HOST_REPORT_TABS, type TReportTab } from '@pavilion/domain';

/** SPEC §2.6 report tabs, with URL slugs: `/app/reports?view=host&tab=event-visitors`. */
export const REPORT_VIEWS = ['host', 'exhibitor'] as const;
export type TReportView = (typeof REPORT_VIEWS)[number];

export const reportSlug = (tab: Pick<TReportTab, 'name'>) => tab.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function reportTabs(view: TReportView): readonly TReportTab[] {
  return view === 'host' ? HOST_REPORT_TABS : EXHIBITOR_REPORT_TABS;
}

/** The view and tab the URL asks for, falling back to the first of each. */
export function resolveReport(view: string | null, tab: string | null): { view: TReportView; tab: TReportTab } {
  const v: TReportView = view === 'exhibitor' ? 'exhibitor' : 'host';
  const tabs = reportTabs(v);
  return { view: v, tab: tabs.find((t) => reportSlug(t) === tab) ?? tabs[0]! };
}
