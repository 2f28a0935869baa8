import type { PDFImage, PDFPage } from 'pdf-lib';
import {
  BADGE_SHEETS,
  badgeText,
  bandColor,
  decodeBase64,
  hexToRgb01,
  sheetSlot,
  type TBadgeAttendeeData,
  type TBadgeElement,
  type TBadgePageSize,
} from '@pavilion/domain';
import { createPdfFonts } from '../../platform/pdf-fonts.ts';
import { loadPdfLib, loadQrCode, type QrCodeLib } from '../../platform/libraries.ts';

const PT_PER_MM = 72 / 25.4;
const mm = (v: number) => v * PT_PER_MM;

export type BadgeLayout = {
  pageSize: TBadgePageSize;
  elements: TBadgeElement[];
  categoryColors: Record<string, string>;
};

export type BadgeInput = { data: TBadgeAttendeeData; token: string; overrides?: Record<string, string> };

/**
 * The QR as a tiny Form XObject of raw `re` operators (one per horizontal run of dark modules), flate-compressed.
 * No PNG per badge and no per-module operator objects: a 1,000-badge PDF stays a few MB, and the renderer's memory
 * stays bounded by the finished file rather than by pdf-lib's object graph. Coordinates are in modules, y up,
 * with a 2-module quiet zone (white) inside the element's square.
 */
export function qrContent(QRCode: QrCodeLib, token: string): { content: string; size: number } {
  const qr = QRCode.create(token, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const size = n + 4;
  const parts: string[] = [`1 1 1 rg 0 0 ${size} ${size} re f 0 0 0 rg`];
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      parts.push(`${start + 2} ${size - r - 3} ${c - start} 1 re`);
    }
  }
  parts.push('f');
  return { content: parts.join('\n'), size };
}

/**
 * Renders badges into one PDF, in any number of `add` calls (the bulk worker adds a chunk at a time). Images and
 * fonts are embedded once per document.
 */
export async function createBadgeDocument(layout: BadgeLayout, eventColors: Record<string, string | null>) {
  const [{ concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, rgb }, QRCode] = await Promise.all([loadPdfLib(), loadQrCode()]);
  const doc = await PDFDocument.create();
  doc.setProducer('Pavilion');
  doc.setCreator('Pavilion badge printing');
  // Names beyond Western European scripts (Łukasz, Дмитрий, Γιώργος) get DejaVu, embedded once the first such badge comes.
  const fonts = await createPdfFonts(doc, ['sans', 'sansBold']);
  const images = new Map<string, PDFImage>();
  for (const el of layout.elements) {
    if (el.type !== 'image') continue;
    const bytes = decodeBase64(el.dataBase64);
    if (!bytes) continue;
    images.set(el.id, el.mimeType === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes));
  }
  const { badge, sheet } = BADGE_SHEETS[layout.pageSize];
  let page: PDFPage | null = null;
  let count = 0;

  const textsOf = (input: BadgeInput) => layout.elements.flatMap((el) => (el.type === 'text' ? [badgeText(el, input.data, input.overrides).replace(/\s+/g, ' ')] : []));

  function drawBadge(p: PDFPage, ox: number, oyTop: number, input: BadgeInput) {
    const pageH = mm(sheet.height);
    // PDF y grows upwards: an element's bottom edge = page height − (cell top + element top + element height).
    const bottom = (y: number, h: number) => pageH - mm(oyTop + y + h);
    for (const el of layout.elements) {
      const x = mm(ox + el.x);
      const y = bottom(el.y, el.height);
      const w = mm(el.width);
      const h = mm(el.height);
      if (el.type === 'band') {
        const [r, g, b] = hexToRgb01(bandColor(el, input.data.categoryId, layout.categoryColors, eventColors));
        p.drawRectangle({ x, y, width: w, height: h, color: rgb(r, g, b) });
      } else if (el.type === 'image') {
        const img = images.get(el.id);
        if (!img) continue;
        const s = Math.min(w / img.width, h / img.height);
        p.drawImage(img, { x: x + (w - img.width * s) / 2, y: y + (h - img.height * s) / 2, width: img.width * s, height: img.height * s });
      } else if (el.type === 'qr') {
        const side = Math.min(w, h);
        const { content, size } = qrContent(QRCode, input.token);
        const form = doc.context.register(doc.context.flateStream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, size, size] }));
        const name = p.node.newXObject('Qr', form);
        const k = side / size;
        p.pushOperators(pushGraphicsState(), concatTransformationMatrix(k, 0, 0, k, x + (w - side) / 2, y + (h - side) / 2), drawObject(name), popGraphicsState());
      } else {
        const { font, text } = fonts.fit(badgeText(el, input.data, input.overrides).replace(/\s+/g, ' '), el.fontWeight === 'bold' ? 'sansBold' : 'sans');
        if (!text) continue;
        // Long names shrink to fit the box width (down to 4 pt) rather than run off the badge.
        let size = el.fontSize;
        let tw = font.widthOfTextAtSize(text, size);
        if (tw > w && tw > 0) {
          size = Math.max(4, (size * w) / tw);
          tw = font.widthOfTextAtSize(text, size);
        }
        const th = font.heightAtSize(size, { descender: false });
        const tx = el.align === 'left' ? x : el.align === 'right' ? x + w - tw : x + (w - tw) / 2;
        const [r, g, b] = hexToRgb01(el.color);
        p.drawText(text, { x: tx, y: y + (h - th) / 2, size, font, color: rgb(r, g, b) });
      }
    }
  }

  return {
    async add(input: BadgeInput) {
      await fonts.prepare(textsOf(input), ['sans', 'sansBold']);
      const slot = sheetSlot(layout.pageSize, count);
      if (slot.isFirstOnPage || !page) page = doc.addPage([mm(sheet.width), mm(sheet.height)]);
      drawBadge(page, slot.x, slot.yFromTop, input);
      count++;
    },
    get count() {
      return count;
    },
    get pages() {
      return doc.getPageCount();
    },
    /** Object streams keep the file small; set `compress: false` only for debugging. */
    async save(): Promise<Uint8Array> {
      return doc.save({ useObjectStreams: true });
    },
    badgeSize: badge,
  };
}
