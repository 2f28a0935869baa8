import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export type InvoiceData = {
  number: string;
  issuedAt: Date;
  seller: { legalName: string; address: string; taxId: string; email: string };
  buyer: { name: string; email: string };
  eventName: string;
  registrationNo: string;
  currency: string;
  lines: { description: string; quantity: number; unitPrice: number; discount: number; tax: number; total: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  refunded: number;
};

/** The standard fonts speak WinAnsi only: anything else becomes '?' instead of crashing the PDF writer. */
function latin(s: string): string {
  return s.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}
const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** A one-page A4 invoice with the organiser's details (pdf-lib, no native dependencies). */
export async function renderInvoicePdf(d: InvoiceData): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${latin(d.number)}`);
  doc.setProducer('Pavilion');
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const text = (s: string, x: number, size = 10, f = font) => page.drawText(latin(s).slice(0, 110), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  const line = (s: string, size = 10, f = font) => {
    text(s, 50, size, f);
    y -= size + 6;
  };
  line(d.seller.legalName || 'Organiser', 16, bold);
  for (const l of d.seller.address.split(/\r?\n/).slice(0, 5)) line(l);
  if (d.seller.taxId) line(`Tax ID: ${d.seller.taxId}`);
  if (d.seller.email) line(d.seller.email);
  y -= 10;
  line(`INVOICE ${d.number}`, 14, bold);
  line(`Date: ${d.issuedAt.toISOString().slice(0, 10)}`);
  line(`Registration: ${d.registrationNo} — ${d.eventName}`.replace('—', '-'));
  line(`Billed to: ${d.buyer.name} <${d.buyer.email}>`);
  y -= 10;
  const cols = [50, 300, 340, 420, 500];
  ['Item', 'Qty', 'Unit', 'Tax', 'Total'].forEach((h, i) => text(h, cols[i]!, 10, bold));
  y -= 16;
  for (const l of d.lines) {
    text(l.description, cols[0]!);
    text(String(l.quantity), cols[1]!);
    text(money(l.unitPrice, d.currency), cols[2]!);
    text(money(l.tax, d.currency), cols[3]!);
    text(money(l.total, d.currency), cols[4]!);
    y -= 16;
  }
  y -= 10;
  line(`Subtotal: ${money(d.subtotal, d.currency)}`);
  if (d.discount > 0) line(`Discount: -${money(d.discount, d.currency)}`);
  line(`Tax: ${money(d.tax, d.currency)}`);
  line(`Total: ${money(d.total, d.currency)}`, 12, bold);
  if (d.refunded > 0) line(`Refunded: ${money(d.refunded, d.currency)}`);
  return Buffer.from(await doc.save());
}
