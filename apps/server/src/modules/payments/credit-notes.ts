import { creditNoteSplit } from '@pavilion/domain';
import { renderInvoicePdf, type InvoiceData } from './invoice-pdf.ts';
import type { PaymentsRepository } from './payments.repository.ts';

/**
 * What company invoices' and registration orders' credit notes share (issue 15): one numbering series per
 * organisation, the tax split of a (part) refund, and the document. Each kind keeps its own table and rules of when
 * a note is issued (company-invoices.service.ts, payments.service.ts).
 */

/**
 * The next number of the organisation's credit-note series with its current prefix (`CN-000001`). Locks the
 * organisation's counter row until the caller's transaction ends, so numbers are sequential and never given twice.
 * Call it last: locks go payment → document → counter.
 */
export async function issueCreditNoteNumber(tx: PaymentsRepository, organisationId: string): Promise<string> {
  await tx.lockInvoiceCounter(organisationId);
  const { n, prefix } = await tx.nextCreditNoteNumber(organisationId);
  return `${prefix}${String(n).padStart(6, '0')}`;
}

/**
 * A refund's credit-note figures: its tax in proportion to the invoice's (the last note takes the rest of the tax, so
 * the notes of a wholly refunded invoice add up to it exactly), its gross the refunded amount.
 */
export function creditNoteFigures(amount: number, invoice: { total: number; tax: number }, earlier: { total: number; tax: number }[]): { subtotal: number; tax: number; total: number } {
  const credited = earlier.reduce((a, n) => ({ total: a.total + n.total, tax: a.tax + n.tax }), { total: 0, tax: 0 });
  return { ...creditNoteSplit(amount, invoice, credited), total: amount };
}

/** `invoice-INV-000001.pdf`, `credit-note-CN-000001.pdf` (the number made safe for a file name). */
export const documentFileName = (kind: 'invoice' | 'credit-note', number: string) => `${kind}-${number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

export type CreditedLine = { description: string; quantity: number; unitPrice: number; discount?: number; tax: number; total: number };

export type CreditNoteDocument = Omit<InvoiceData, 'title' | 'lines' | 'subtotal' | 'discount' | 'tax' | 'total' | 'refunded'> & {
  /** The invoice it credits: its number, gross total and lines. */
  invoice: { number: string; total: number; lines: CreditedLine[] };
  credit: { subtotal: number; tax: number; total: number };
};

/**
 * A credit note's PDF: the invoice's lines when it credits all of it, else one line "Part refund of invoice …"; every
 * figure negative (it reverses the invoice).
 */
export function renderCreditNotePdf(d: CreditNoteDocument): Promise<Buffer> {
  const { invoice, credit, ...rest } = d;
  const lines: CreditedLine[] =
    credit.total === invoice.total ? invoice.lines : [{ description: `Part refund of invoice ${invoice.number}`, quantity: 1, unitPrice: credit.subtotal, tax: credit.tax, total: credit.total }];
  return renderInvoicePdf({
    ...rest,
    title: 'CREDIT NOTE',
    lines: lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: -l.unitPrice, discount: l.discount ? -l.discount : 0, tax: -l.tax, total: -l.total })),
    subtotal: -credit.subtotal,
    discount: 0,
    tax: -credit.tax,
    total: -credit.total,
    refunded: 0,
  });
}
