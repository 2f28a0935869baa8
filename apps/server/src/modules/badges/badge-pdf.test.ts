import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { createBadgeDocument, qrContent } from './badge-pdf.ts';
import { loadQrCode } from '../../platform/libraries.ts';

/** Rasterises the QR XObject's `x y w 1 re` runs (PDF y-up) into a bitmap, 8 px per module, and decodes it. */
function decode(content: string, size: number): string {
  const px = 8;
  const w = size * px;
  const lum = new Uint8ClampedArray(w * w).fill(255);
  for (const m of content.matchAll(/^(\d+) (\d+) (\d+) 1 re$/gm)) {
    const [x, y, len] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const top = size - y - 1; // flip back to y-down rows
    if (x === 0 && y === 0) continue;
    for (let r = top * px; r < (top + 1) * px; r++) for (let c = x * px; c < (x + len) * px; c++) lum[r * w + c] = 0;
  }
  const rgba = new Uint8ClampedArray(w * w * 4);
  for (let i = 0; i < lum.length; i++) rgba.set([lum[i]!, lum[i]!, lum[i]!, 255], i * 4);
  const code = jsQR(rgba, w, w);
  if (!code) throw new Error('no QR code found');
  return code.data;
}

describe('badge PDF', () => {
  it('draws a QR that decodes back to the credential (orientation and quiet zone right)', async () => {
    const token = `PV1:AbCdEfGhIjKlMnOp:QrStUvWxYz012345:3:${'A'.repeat(86)}`;
    const { content, size } = qrContent(await loadQrCode(), token);
    expect(decode(content, size)).toBe(token);
  });

  it('prints names beyond Western European scripts, and replaces what no font has instead of failing the batch', async () => {
    const doc = await createBadgeDocument(
      { pageSize: 'CR80', categoryColors: {}, elements: [{ id: 'n', type: 'text', source: 'fullName', text: '', x: 1, y: 1, width: 50, height: 10, fontSize: 12, fontWeight: 'bold', align: 'left', color: '#000000' }] },
      {},
    );
    const person = { email: '', contactNo: null, registrationNo: 'R', ticketId: '', ticketName: '', categoryId: null, categoryName: '', answers: {} };
    await doc.add({ data: { ...person, firstName: 'Łukasz 王', lastName: 'Ødegård' }, token: 'PV1:x' });
    await doc.add({ data: { ...person, firstName: 'Дмитрий', lastName: 'Иванов' }, token: 'PV1:y' });
    const bytes = await doc.save();
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize().width).toBeCloseTo((53.98 * 72) / 25.4, 2);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
    expect((text as string[]).map((t) => t.trim())).toEqual(['Łukasz ? Ødegård', 'Дмитрий Иванов']);
  });
});
