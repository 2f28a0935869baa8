import { createPdfFonts, type PdfFontStyle } from '../../platform/pdf-fonts.ts';
import { certificateTextLines } from './certificate-html.ts';
import { loadPdfLib, loadQrCode } from '../../platform/libraries.ts';

export type CertificatePdfInput = {
  /** The filled template (its text drives the layout). */
  html: string;
  holderName: string;
  eventName: string;
  issuedOn: string;
  certificateId: string;
  verifyUrl: string;
};

/**
 * A4 landscape: the template's lines (heading, presented-to, name, title, conducted by) centred in a double frame,
 * then the event and issue date, and the verification QR with its URL. Heading tags set the sizes.
 */
export async function renderCertificatePdf(d: CertificatePdfInput): Promise<Buffer> {
  const [{ PDFDocument, rgb }, QRCode] = await Promise.all([loadPdfLib(), loadQrCode()]);
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate ${d.holderName}`);
  doc.setProducer('Pavilion');
  const W = 841.89;
  const H = 595.28;
  const page = doc.addPage([W, H]);
  const fonts = await createPdfFonts(doc, ['serif', 'serifBold', 'sans']);
  const ink = rgb(0.12, 0.15, 0.2);
  const frame = rgb(0.18, 0.23, 0.32);
  page.drawRectangle({ x: 24, y: 24, width: W - 48, height: H - 48, borderColor: frame, borderWidth: 4 });
  page.drawRectangle({ x: 34, y: 34, width: W - 68, height: H - 68, borderColor: frame, borderWidth: 1 });

  const center = (text: string, y: number, style: PdfFontStyle, size: number) => {
    const { font, text: t } = fonts.fit(text, style);
    let s = size;
    while (s > 8 && font.widthOfTextAtSize(t, s) > W - 160) s -= 0.5;
    page.drawText(t, { x: (W - font.widthOfTextAtSize(t, s)) / 2, y, size: s, font, color: ink });
  };
  const SIZES: Record<string, [number, boolean]> = { h1: [34, true], h2: [28, true], h3: [22, true], h4: [18, true] };
  // Each line takes its own height plus air below; the block is centred between the top frame and the footer.
  const lines = certificateTextLines(d.html)
    .slice(0, 12)
    .map((l) => {
      const [size, isBold] = SIZES[l.tag] ?? [15, false];
      return { ...l, size, isBold, gap: isBold ? 26 : 16 };
    });
  await fonts.prepare(
    lines.map((l) => l.text),
    ['serif', 'serifBold'],
  );
  await fonts.prepare([d.eventName, d.issuedOn], ['sans']);
  const blockHeight = lines.reduce((h, l) => h + l.size + l.gap, 0);
  const top = H - 60;
  const bottom = 160;
  let y = Math.min(top, bottom + (top - bottom + blockHeight) / 2);
  for (const line of lines) {
    y -= line.size;
    if (y < bottom - 20) break;
    center(line.text, y, line.isBold ? 'serifBold' : 'serif', line.size);
    y -= line.gap;
  }
  const sansText = (text: string, x: number, y: number, size: number, color = ink) => {
    const f = fonts.fit(text, 'sans');
    page.drawText(f.text, { x, y, size, font: f.font, color });
    return f;
  };
  sansText(d.eventName, 70, 96, 12);
  sansText(`Issued on ${d.issuedOn}`, 70, 78, 10);
  sansText(`Certificate ID ${d.certificateId}`, 70, 62, 8, rgb(0.35, 0.38, 0.45));
  const qr = await doc.embedPng(await QRCode.toBuffer(d.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 }));
  page.drawImage(qr, { x: W - 70 - 90, y: 58, width: 90, height: 90 });
  const hint = fonts.fit('Scan to verify', 'sans');
  page.drawText(hint.text, { x: W - 70 - 45 - hint.font.widthOfTextAtSize(hint.text, 8) / 2, y: 48, size: 8, font: hint.font, color: rgb(0.35, 0.38, 0.45) });
  return Buffer.from(await doc.save());
}
