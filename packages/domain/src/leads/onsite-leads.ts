import { ReportAction } from '../analytics/analytics.enums.ts';
import type { TCompanyLeadCounts } from './leads.schemas.ts';

/**
 * The columns of the SPEC §2.6 host tab Onsite Leads after the company, in order: the tab's table (its `key` names
 * the web's label) and its XLSX export (its `label`) read the same figures. Actions 5 to 9 are SPEC §9 report
 * actions; 3 and 4 are the cards (counted from the cards themselves).
 */
export const ONSITE_LEADS_COLUMNS = [
  { key: 'leads', label: 'Leads', of: (c: TCompanyLeadCounts) => c.leads },
  { key: 'hot', label: 'Hot', of: (c: TCompanyLeadCounts) => c.hot },
  { key: 'warm', label: 'Warm', of: (c: TCompanyLeadCounts) => c.warm },
  { key: 'cold', label: 'Cold', of: (c: TCompanyLeadCounts) => c.cold },
  { key: 'cardTaken', label: 'Card Taken', of: (c: TCompanyLeadCounts) => c.cardsTaken },
  { key: 'cardDropped', label: 'Card Dropped', of: (c: TCompanyLeadCounts) => c.cardsDropped },
  { key: 'briefBag', label: 'Brief bag', of: (c: TCompanyLeadCounts) => actionCount(c, ReportAction.BriefBag) },
  { key: 'inquiries', label: 'Inquiries', of: (c: TCompanyLeadCounts) => actionCount(c, ReportAction.Inquiry) },
  { key: 'generalCalls', label: 'General calls', of: (c: TCompanyLeadCounts) => actionCount(c, ReportAction.GeneralCall) },
  { key: 'meetings', label: 'Meetings', of: (c: TCompanyLeadCounts) => actionCount(c, ReportAction.Meetings) },
  { key: 'networking', label: 'Networking', of: (c: TCompanyLeadCounts) => actionCount(c, ReportAction.Networking) },
] as const;
export type TOnsiteLeadsColumn = (typeof ONSITE_LEADS_COLUMNS)[number]['key'];

/** How many times a SPEC §9 report action was recorded for a company (0 when never). */
export function actionCount(c: TCompanyLeadCounts, action: number): number {
  return c.actions[String(action)] ?? 0;
}

