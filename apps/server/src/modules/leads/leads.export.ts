import type { TLead, TLeadQuestion, TOnsiteLeads } from '@pavilion/domain';
import { ONSITE_LEADS_COLUMNS } from '@pavilion/domain/leads/onsite-leads';
import { csvDocument, type TCsvValue } from '../../platform/csv.ts';
import { xlsxWorkbook } from '../../platform/xlsx.ts';

/** The export's columns, then one per qualifying question. */
function table(leads: TLead[], questions: TLeadQuestion[]): TCsvValue[][] {
  const header = ['Registration No', 'First name', 'Last name', 'Email', 'Ticket', 'Rating', 'Notes', 'Scanned by', 'First scanned', 'Last scanned', 'Scans', 'Card taken', ...questions.map((q) => q.label)];
  const rows = leads.map((l) => [
    l.registrationNo,
    l.firstName,
    l.lastName,
    l.email,
    l.ticketName ?? '',
    l.rating ?? '',
    l.notes,
    l.scannedBy,
    l.firstScannedAt,
    l.lastScannedAt,
    l.scans,
    l.isCardTaken ? 'yes' : 'no',
    ...questions.map((q) => l.answers[q.id] ?? ''),
  ]);
  return [header, ...rows];
}

export function leadsCsv(leads: TLead[], questions: TLeadQuestion[]): string {
  return csvDocument(table(leads, questions));
}

export function leadsXlsx(leads: TLead[], questions: TLeadQuestion[]): Uint8Array {
  return xlsxWorkbook(table(leads, questions), 'Leads');
}

/** The Onsite Leads table: a row per company, then the totals (the tab's columns, in its order). */
export function onsiteXlsx(report: TOnsiteLeads): Uint8Array {
  const header = ['Company', ...ONSITE_LEADS_COLUMNS.map((c) => c.label)];
  const rows = report.companies.map((c) => [c.companyName, ...ONSITE_LEADS_COLUMNS.map((col) => col.of(c))]);
  const totals = ['Total', ...ONSITE_LEADS_COLUMNS.map((col) => col.of(report.totals))];
  return xlsxWorkbook([header, ...rows, totals], 'Onsite Leads');
}
