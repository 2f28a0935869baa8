import { PDFDocument, rgb } from 'pdf-lib';
import { createPdfFonts, type PdfFontStyle } from '../../platform/pdf-fonts.ts';

export type InvoiceData = {
  number: string;
  issuedAt: Date;
  seller: { legalName: string; address: string; taxId: string; email: string };
  buyer: { name: string; email: string };
  eventName: string;
  registrationNo: string;
  /** Instead of the registration line (a company invoice: what it is for and its status). */
  reference?: string;
  currency: string;
  lines: { description: string; quantity: number; unitPrice: number; discount: number; tax: number; total: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  refunded: number;
};

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** A one-page A4 invoice with the organiser's details (pdf-lib, no native dependencies). */
export async function renderInvoicePdf(d: InvoiceData): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${d.number}`);
  doc.setProducer('Pavilion');
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
  line(d.seller.legalName || 'Organiser', 16, 'sansBold');
  for (const l of d.seller.address.split(/\r?\n/).slice(0, 5)) line(l);
  if (d.seller.taxId) line(`Tax ID: ${d.seller.taxId}`);
  if (d.seller.email) line(d.seller.email);
  y -= 10;
  line(`INVOICE ${d.number}`, 14, 'sansBold');
  line(`Date: ${d.issuedAt.toISOString().slice(0, 10)}`);
  line(d.reference ? `${d.reference} — ${d.eventName}` : `Registration: ${d.registrationNo} — ${d.eventName}`);
  line(`Billed to: ${d.buyer.name} <${d.buyer.email}>`);
  y -= 10;
  const cols = [50, 300, 340, 420, 500];
  ['Item', 'Qty', 'Unit', 'Tax', 'Total'].forEach((h, i) => text(h, cols[i]!, 10, 'sansBold'));
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
  line(`Total: ${money(d.total, d.currency)}`, 12, 'sansBold');
  if (d.refunded > 0) line(`Refunded: ${money(d.refunded, d.currency)}`);
  return Buffer.from(await doc.save());
}
