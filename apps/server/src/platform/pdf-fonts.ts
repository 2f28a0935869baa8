import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont, StandardFonts } from 'pdf-lib';

/**
 * Fonts for Pavilion's PDFs (badges, e-badges, certificates, invoices). PDF's standard fonts need no embedding and
 * keep files small, but they speak WinAnsi only (Western European). A text they cannot encode is drawn in DejaVu
 * instead (Latin Extended, Greek, Cyrillic, Armenian, Georgian and more), embedded as a subset holding only the
 * glyphs used, and only into documents that need it. What neither can draw becomes '?', never an exception half-way
 * through a batch; so do right-to-left scripts, which pdf-lib cannot shape or reorder (unshaped Arabic reads as
 * nonsense).
 */
export type PdfFontStyle = 'sans' | 'sansBold' | 'serif' | 'serifBold';

/** pdf-lib's StandardFonts names, as text: this module is loaded with the app, pdf-lib only when a PDF is made. */
const STANDARD: Record<PdfFontStyle, `${StandardFonts}`> = {
  sans: 'Helvetica',
  sansBold: 'Helvetica-Bold',
  serif: 'Times-Roman',
  serifBold: 'Times-Bold',
};
const UNICODE_FILE: Record<PdfFontStyle, string> = {
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
};

/** Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and the Arabic presentation forms. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

const require = createRequire(import.meta.url);
/** Font files are read once per process; each document embeds its own subset. */
const fontBytes = new Map<PdfFontStyle, Promise<Uint8Array>>();
const characterSets = new Map<string, Set<number>>();

function bytesOf(style: PdfFontStyle): Promise<Uint8Array> {
  let bytes = fontBytes.get(style);
  if (!bytes) {
    bytes = readFile(require.resolve(`dejavu-fonts-ttf/ttf/${UNICODE_FILE[style]}`));
    fontBytes.set(style, bytes);
  }
  return bytes;
}

function characterSetOf(key: string, font: PDFFont): Set<number> {
  let set = characterSets.get(key);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(key, set);
  }
  return set;
}

const drawable = (text: string, set: Set<number>) => Array.from(text, (ch) => (set.has(ch.codePointAt(0)!) ? ch : '?')).join('');
const encodes = (text: string, set: Set<number>) => Array.from(text).every((ch) => set.has(ch.codePointAt(0)!));

export type PdfFonts = {
  /**
   * Makes ready what `fit` needs for these texts: embeds the Unicode font of a style (once per document) when one of
   * the texts is beyond the standard font. Call it before drawing; `fit` itself is synchronous.
   */
  prepare(texts: Iterable<string>, styles: readonly PdfFontStyle[]): Promise<void>;
  /** The font to draw `text` in, with the text made drawable by it. */
  fit(text: string, style: PdfFontStyle): { font: PDFFont; text: string };
};

/** The standard fonts of `styles` (at least one) are embedded at once; Unicode ones when `prepare` finds a need. */
export async function createPdfFonts(doc: PDFDocument, styles: readonly [PdfFontStyle, ...PdfFontStyle[]]): Promise<PdfFonts> {
  const standard = new Map<PdfFontStyle, PDFFont>();
  for (const style of styles) standard.set(style, await doc.embedFont(STANDARD[style]));
  const unicode = new Map<PdfFontStyle, PDFFont>();
  // The four standard fonts share one encoding (WinAnsi), so one character set serves them all.
  const winAnsi = characterSetOf('standard', standard.get(styles[0]!)!);
  const standardFont = (style: PdfFontStyle) => {
    const font = standard.get(style);
    if (!font) throw new Error(`PDF font style ${style} was not set up for this document`);
    return font;
  };
  let fontkitRegistered = false;

  return {
    async prepare(texts, wanted) {
      if ([...texts].every((t) => encodes(t, winAnsi))) return;
      for (const style of wanted) {
        if (unicode.has(style)) continue;
        if (!fontkitRegistered) {
          // Loaded on first need: documents in Western scripts never pay for the font engine.
          doc.registerFontkit((await import('@pdf-lib/fontkit')).default);
          fontkitRegistered = true;
        }
        unicode.set(style, await doc.embedFont(await bytesOf(style), { subset: true }));
      }
    },
    fit(text, style) {
      const font = standardFont(style);
      if (encodes(text, winAnsi)) return { font, text };
      const wide = unicode.get(style);
      if (!wide) return { font, text: drawable(text, winAnsi) };
      const clean = Array.from(text, (ch) => (RIGHT_TO_LEFT.test(ch) ? '?' : ch)).join('');
      return { font: wide, text: drawable(clean, characterSetOf(`uni:${style}`, wide)) };
    },
  };
}
