import { createPdfFonts, type PdfFontStyle } from '../../platform/pdf-fonts.ts';
import { loadPdfLib } from '../../platform/libraries.ts';

export type InvoiceData = {
  number: string;
  issuedAt: Date;
  seller: { legalName: string; address: string; taxId: string; email: string };
  buyer: { name: string; email: string };
  eventName: string;
  registrationNo: string;
  /** Instead of the registration line (a company invoice: what it is for and its status). */
  reference?: string;
  /** The document's kind in its heading: INVOICE (default) or CREDIT NOTE. */
  title?: string;
  /** The tax's name and rate on the totals (e.g. "VAT 19%"); "Tax" by default. */
  taxLabel?: string;
  currency: string;
  lines: { description: string; quantity: number; unitPrice: number; discount: number; tax: number; total: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  refunded: number;
  /** The invoice's credit notes (issue 15), oldest first: listed under the totals with the balance left after them. */
  creditNotes?: { number: string; issuedAt: Date; total: number }[];
};

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** Words into lines no wider than `max` points (a word longer than a line is cut). */
function wrap(s: string, width: (s: string) => number, max: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const next = cur ? `${cur} ${word}` : word;
    if (width(next) <= max || !cur) cur = next;
    else {
      out.push(cur);
      cur = word;
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** A one-page A4 invoice with the organiser's details (pdf-lib, no native dependencies). */
export async function renderInvoicePdf(d: InvoiceData): Promise<Buffer> {
  const { PDFDocument, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const title = d.title ?? 'INVOICE';
  doc.setTitle(`${title.charAt(0)}${title.slice(1).toLowerCase()} ${d.number}`);
  doc.setProducer('Pavilion');
  // Its number and total as metadata too, for software that files documents (and tests) without reading the page.
  doc.setSubject(`${title} ${d.number}: total ${money(d.total, d.currency)}`);
  const page = doc.addPage([595.28, 841.89]);
  const fonts = await createPdfFonts(doc, ['sans', 'sansBold']);
  await fonts.prepare([d.seller.legalName, d.seller.address, d.buyer.name, d.eventName, d.reference ?? '', ...d.lines.map((l) => l.description)], ['sans', 'sansBold']);
  let y = 800;
  const text = (s: string, x: number, size = 10, style: PdfFontStyle = 'sans') => {
    const { font, text: t } = fonts.fit(s, style);
    page.drawText(t.slice(0, 110), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const line = (s: string, size = 10, style: PdfFontStyle = 'sans') => {
    text(s, 50, size, style);
    y -= size + 6;
  };
  const widthOf = (s: string) => {
    const f = fonts.fit(s, 'sans');
    return f.font.widthOfTextAtSize(f.text, 10);
  };
  line(d.seller.legalName || 'Organiser', 16, 'sansBold');
  for (const l of d.seller.address.split(/\r?\n/).slice(0, 5)) line(l);
  if (d.seller.taxId) line(`Tax ID: ${d.seller.taxId}`);
  if (d.seller.email) line(d.seller.email);
  y -= 10;
  line(`${title} ${d.number}`, 14, 'sansBold');
  line(`Date: ${d.issuedAt.toISOString().slice(0, 10)}`);
  for (const l of wrap(d.reference ? `${d.reference} — ${d.eventName}` : `Registration: ${d.registrationNo} — ${d.eventName}`, widthOf, 495).slice(0, 4)) line(l);
  line(`Billed to: ${d.buyer.name} <${d.buyer.email}>`);
  y -= 10;
  // Item (wrapped to its column), Qty, Unit, Net (qty × unit − discount), Tax, Total.
  const cols = [50, 262, 290, 355, 425, 495];
  ['Item', 'Qty', 'Unit', 'Net', 'Tax', 'Total'].forEach((h, i) => text(h, cols[i]!, 10, 'sansBold'));
  y -= 16;
  for (const l of d.lines) {
    const wrapped = wrap(l.description, widthOf, cols[1]! - cols[0]! - 8);
    text(wrapped[0] ?? '', cols[0]!);
    text(String(l.quantity), cols[1]!);
    text(money(l.unitPrice, d.currency), cols[2]!);
    text(money(l.total - l.tax, d.currency), cols[3]!);
    text(money(l.tax, d.currency), cols[4]!);
    text(money(l.total, d.currency), cols[5]!);
    for (const more of wrapped.slice(1, 4)) {
      y -= 12;
      text(more, cols[0]!);
    }
    y -= 16;
  }
  y -= 10;
  line(`Subtotal: ${money(d.subtotal, d.currency)}`);
  if (d.discount > 0) line(`Discount: -${money(d.discount, d.currency)}`);
  line(`${d.taxLabel ?? 'Tax'}: ${money(d.tax, d.currency)}`);
  line(`Total: ${money(d.total, d.currency)}`, 12, 'sansBold');
  if (d.refunded > 0) line(`Refunded: ${money(d.refunded, d.currency)}`);
  const notes = d.creditNotes ?? [];
  if (notes.length > 0) {
    // The credit notes that reduce this invoice, then what the buyer owes or has paid after them (never below zero).
    y -= 10;
    line('Credit notes', 12, 'sansBold');
    ['Number', 'Date', 'Amount'].forEach((h, i) => text(h, [50, 262, 425][i]!, 10, 'sansBold'));
    y -= 16;
    // One page: beyond what fits above the margin, the rest is summed in one line (a 20-refund order is rare).
    const room = Math.max(1, Math.floor((y - 80) / 16));
    const shown = notes.length > room ? notes.slice(0, room - 1) : notes;
    for (const n of shown) {
      text(n.number, 50);
      text(n.issuedAt.toISOString().slice(0, 10), 262);
      text(`-${money(n.total, d.currency)}`, 425);
      y -= 16;
    }
    const rest = notes.slice(shown.length);
    if (rest.length > 0) {
      text(`… and ${rest.length} more`, 50);
      text(`-${money(rest.reduce((a, n) => a + n.total, 0), d.currency)}`, 425);
      y -= 16;
    }
    const credited = notes.reduce((a, n) => a + n.total, 0);
    y -= 4;
    line(`Balance after refunds: ${money(Math.max(0, d.total - credited), d.currency)}`, 12, 'sansBold');
  }
  return Buffer.from(await doc.save());
}
