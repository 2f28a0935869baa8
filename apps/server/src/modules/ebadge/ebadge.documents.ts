import type { PDFFont } from 'pdf-lib';
import { nextDay } from '@pavilion/domain';
import { createPdfFonts, type PdfFontStyle } from '../../platform/pdf-fonts.ts';
import { loadIcs, loadPdfLib, loadQrCode } from '../../platform/libraries.ts';

export async function qrPng(token: string, width = 480): Promise<Buffer> {
  return (await loadQrCode()).toBuffer(token, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width });
}
export async function qrSvg(token: string): Promise<string> {
  return (await loadQrCode()).toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** Shrinks a line until it fits the width (long names, long event titles). */
function fit(font: PDFFont, text: string, size: number, maxWidth: number, minSize = 8): number {
  let s = size;
  while (s > minSize && font.widthOfTextAtSize(text, s) > maxWidth) s -= 0.5;
  return s;
}

export type EbadgePdfInput = {
  eventName: string;
  dates: string;
  venue: string;
  holderName: string;
  ticketName: string;
  categoryName: string | null;
  registrationNo: string;
  token: string;
};

/** The e-badge as an A6 portrait PDF (105 × 148 mm): event, name, category, ticket, registration number, QR. */
export async function renderEbadgePdf(d: EbadgePdfInput): Promise<Buffer> {
  const { PDFDocument, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`E-badge ${d.registrationNo}`);
  doc.setProducer('Pavilion');
  const W = 297.64;
  const H = 419.53;
  const page = doc.addPage([W, H]);
  const fonts = await createPdfFonts(doc, ['sans', 'sansBold']);
  await fonts.prepare([d.eventName, d.dates, d.venue, d.holderName, d.categoryName ?? '', d.ticketName], ['sans', 'sansBold']);
  const ink = rgb(0.12, 0.15, 0.2);
  const band = rgb(0.18, 0.23, 0.32);
  page.drawRectangle({ x: 0, y: H - 64, width: W, height: 64, color: band });
  const center = (text: string, y: number, style: PdfFontStyle, size: number, color = ink) => {
    const { font: f, text: t } = fonts.fit(text, style);
    const s = fit(f, t, size, W - 32);
    page.drawText(t, { x: (W - f.widthOfTextAtSize(t, s)) / 2, y, size: s, font: f, color });
  };
  center(d.eventName, H - 32, 'sansBold', 15, rgb(1, 1, 1));
  center([d.dates, d.venue].filter(Boolean).join(' · '), H - 50, 'sans', 8.5, rgb(0.85, 0.88, 0.95));
  center(d.holderName, H - 100, 'sansBold', 20);
  if (d.categoryName) center(d.categoryName, H - 120, 'sans', 11);
  const qr = await doc.embedPng(await qrPng(d.token, 600));
  const size = 180;
  page.drawImage(qr, { x: (W - size) / 2, y: 82, width: size, height: size });
  center(d.ticketName, 62, 'sans', 10);
  center(`Reg. No ${d.registrationNo}`, 44, 'sansBold', 11);
  center('Show this QR code at the entrance', 22, 'sans', 8, rgb(0.35, 0.38, 0.45));
  return Buffer.from(await doc.save());
}

/** An .ics all-day event for add-to-calendar (RFC 5545 via `ics`). */
export async function renderIcs(e: { uid: string; name: string; startDate: string; endDate: string; venue: string; description: string; url: string }): Promise<string> {
  const { createEvent } = await loadIcs();
  const day = (s: string) => s.split('-').map(Number) as [number, number, number];
  const { error, value } = createEvent({
    uid: e.uid,
    productId: 'pavilion/ebadge',
    title: e.name,
    description: e.description,
    location: e.venue || undefined,
    url: e.url,
    start: day(e.startDate),
    end: day(nextDay(e.endDate)),
    calName: e.name,
  });
  if (error || !value) throw error ?? new Error('ics failed');
  return value;
}
