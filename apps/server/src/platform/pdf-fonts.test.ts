import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { createPdfFonts, type PdfFontStyle } from './pdf-fonts.ts';

/** Draws each text on its own line and returns the saved PDF with what a PDF reader extracts from it. */
async function draw(texts: string[], style: PdfFontStyle = 'sans') {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  const fonts = await createPdfFonts(doc, [style]);
  await fonts.prepare(texts, [style]);
  const used = texts.map((t, i) => {
    const { font, text } = fonts.fit(t, style);
    page.drawText(text, { x: 20, y: 360 - i * 30, size: 14, font });
    return { font: font.name, text };
  });
  const bytes = await doc.save({ useObjectStreams: false });
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { used, extracted: text as string, raw: Buffer.from(bytes).toString('latin1') };
}

describe('PDF fonts', () => {
  it('draws Western European text in the standard font and embeds no font file', async () => {
    const { used, extracted, raw } = await draw(['Zoë Ødegård — €12', 'François Müller']);
    expect(used.map((u) => u.font)).toEqual(['Helvetica', 'Helvetica']);
    expect(extracted).toContain('Zoë Ødegård');
    expect(extracted).toContain('François Müller');
    expect(raw).not.toContain('/FontFile2');
  });

  it('draws Latin Extended, Greek and Cyrillic names in an embedded DejaVu subset, readable back', async () => {
    const names = ['Łukasz Wąsowicz', 'Дмитрий Иванов', 'Γιώργος Παπαδόπουλος', 'Nguyễn Thị Minh Khai', 'Şükrü Çelik'];
    const { used, extracted, raw } = await draw(names, 'serifBold');
    expect(used.every((u) => /DejaVuSerif-Bold$/.test(u.font))).toBe(true);
    expect(used.map((u) => u.text)).toEqual(names);
    for (const n of names) expect(extracted).toContain(n);
    expect(raw).toContain('/FontFile2');
    // A subset: far smaller than the 356 KB font file.
    expect(raw.length).toBeLessThan(60_000);
  });

  it('keeps standard-font lines in the standard font when another line needs DejaVu', async () => {
    const { used } = await draw(['Registration', 'Łódź']);
    expect(used[0]!.font).toBe('Helvetica');
    expect(used[1]!.font).toMatch(/DejaVuSans$/);
  });

  it("turns what neither font can draw into '?': CJK, and right-to-left scripts pdf-lib cannot shape", async () => {
    const { used } = await draw(['王 Wang', 'سارة Sara', 'שרה Sarah']);
    expect(used.map((u) => u.text)).toEqual(['? Wang', '???? Sara', '??? Sarah']);
  });

  it('without prepare, falls back to the standard font with ? rather than failing', async () => {
    const doc = await PDFDocument.create();
    const fonts = await createPdfFonts(doc, ['sans']);
    expect(fonts.fit('Łódź', 'sans').text).toBe('?ód?');
  });
});
