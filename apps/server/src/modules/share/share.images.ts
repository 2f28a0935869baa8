import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The event app's icons and the link preview image, drawn here without a native image library: text is DejaVu Sans
 * Bold (npm dejavu-fonts-ttf, already shipped for PDFs) whose glyph outlines fontkit reads; they are filled with a
 * non-zero winding rule on a 4× supersampled scanline (exact horizontal coverage), and written as an RGB PNG with
 * node:zlib. An organiser's logo is not fetched (it is an external URL: fetching it from the server would let anyone
 * make the server call any address), so the icon is a lettermark in the white label's colour.
 */

type Rgb = [number, number, number];
type Edge = { x0: number; y0: number; x1: number; y1: number; dir: 1 | -1 };
type FontkitGlyph = { path: { commands: { command: string; args: number[] }[] } };
type FontkitFont = { unitsPerEm: number; layout(text: string): { glyphs: FontkitGlyph[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] } };

const require = createRequire(import.meta.url);
let font: FontkitFont | null = null;
function boldFont(): FontkitFont {
  if (!font) {
    const fontkit = require('@pdf-lib/fontkit') as { create(bytes: Buffer): FontkitFont };
    font = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')));
  }
  return font;
}

/** `#rrggbb` (or `#rgb`) as RGB; anything else is the fallback. */
export function parseColour(value: string | null | undefined, fallback: Rgb = [0x1c, 0x7e, 0xd6]): Rgb {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!m) return fallback;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Up to two initials of a name (letters or digits of any script), upper-cased; "?" when it has none. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w].find((c) => /[\p{L}\p{N}]/u.test(c))!);
  return letters.join('').toUpperCase() || '?';
}

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.pixels.set(background, i * 3);
  }

  fillRect(x: number, y: number, w: number, h: number, colour: Rgb) {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++) for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx++) this.pixels.set(colour, (yy * this.width + xx) * 3);
  }

  /** The text's width in pixels at `size` (the em size). */
  measure(text: string, size: number): number {
    const f = boldFont();
    return (f.layout(text).positions.reduce((w, p) => w + p.xAdvance, 0) * size) / f.unitsPerEm;
  }

  /** Draws `text` with its baseline at `baseline`, starting at `x`. */
  text(text: string, size: number, x: number, baseline: number, colour: Rgb) {
    const f = boldFont();
    const scale = size / f.unitsPerEm;
    const run = f.layout(text);
    const edges: Edge[] = [];
    let pen = 0;
    run.glyphs.forEach((glyph, i) => {
      const pos = run.positions[i]!;
      const ox = x + (pen + pos.xOffset) * scale;
      const oy = baseline - pos.yOffset * scale;
      const pt = (gx: number, gy: number): [number, number] => [ox + gx * scale, oy - gy * scale];
      let start: [number, number] | null = null;
      let cur: [number, number] = [0, 0];
      const line = (to: [number, number]) => {
        if (cur[1] !== to[1]) edges.push(cur[1] < to[1] ? { x0: cur[0], y0: cur[1], x1: to[0], y1: to[1], dir: 1 } : { x0: to[0], y0: to[1], x1: cur[0], y1: cur[1], dir: -1 });
        cur = to;
      };
      for (const { command, args } of glyph.path.commands) {
        if (command === 'moveTo') {
          if (start) line(start);
          start = pt(args[0]!, args[1]!);
          cur = start;
        } else if (command === 'lineTo') line(pt(args[0]!, args[1]!));
        else if (command === 'quadraticCurveTo' || command === 'bezierCurveTo') {
          const p0 = cur;
          const ctrl = [] as [number, number][];
          for (let k = 0; k < args.length; k += 2) ctrl.push(pt(args[k]!, args[k + 1]!));
          const steps = 8;
          for (let s = 1; s <= steps; s++) {
            const t = s / steps;
            const u = 1 - t;
            if (ctrl.length === 2) {
              const [c, e] = ctrl as [[number, number], [number, number]];
              line([u * u * p0[0] + 2 * u * t * c[0] + t * t * e[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * e[1]]);
            } else {
              const [c1, c2, e] = ctrl as [[number, number], [number, number], [number, number]];
              line([
                u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * e[0],
                u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * e[1],
              ]);
            }
          }
        } else if (command === 'closePath' && start) {
          line(start);
          start = null;
        }
      }
      if (start) line(start);
      pen += pos.xAdvance;
    });
    this.fill(edges, colour);
  }

  /** Non-zero fill of closed edges, 4 sub-rows per pixel row, exact coverage along each sub-row. */
  private fill(edges: Edge[], colour: Rgb) {
    if (edges.length === 0) return;
    const SUB = 4;
    const minY = Math.max(0, Math.floor(Math.min(...edges.map((e) => e.y0))));
    const maxY = Math.min(this.height - 1, Math.ceil(Math.max(...edges.map((e) => e.y1))));
    const cover = new Float32Array(this.width);
    for (let y = minY; y <= maxY; y++) {
      cover.fill(0);
      for (let s = 0; s < SUB; s++) {
        const sy = y + (s + 0.5) / SUB;
        const hits: { x: number; dir: number }[] = [];
        for (const e of edges) if (sy >= e.y0 && sy < e.y1) hits.push({ x: e.x0 + ((sy - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
        hits.sort((a, b) => a.x - b.x);
        let winding = 0;
        for (let h = 0; h < hits.length - 1; h++) {
          winding += hits[h]!.dir;
          if (winding === 0) continue;
          const a = Math.max(0, hits[h]!.x);
          const b = Math.min(this.width, hits[h + 1]!.x);
          for (let px = Math.floor(a); px < b; px++) cover[px]! += (Math.min(b, px + 1) - Math.max(a, px)) / SUB;
        }
      }
      for (let px = 0; px < this.width; px++) {
        const c = Math.min(1, cover[px]!);
        if (c <= 0) continue;
        const i = (y * this.width + px) * 3;
        for (let k = 0; k < 3; k++) this.pixels[i + k] = Math.round(this.pixels[i + k]! * (1 - c) + colour[k]! * c);
      }
    }
  }

  png(): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (this.width * 3 + 1)] = 0;
      raw.set(this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3), y * (this.width * 3 + 1) + 1);
    }
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body) >>> 0);
      return Buffer.concat([len, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  }
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function inkOn([r, g, b]: Rgb): Rgb {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return l > 0.4 ? [0x11, 0x18, 0x27] : [255, 255, 255];
}

/** A square app icon: the initials centred on the colour (maskable: the letters stay inside the middle 60 %). */
export function renderAppIcon(name: string, colour: Rgb, size: number): Buffer {
  const c = new Canvas(size, size, colour);
  const letters = initialsOf(name);
  let em = size * 0.42;
  const width = c.measure(letters, em);
  if (width > size * 0.6) em *= (size * 0.6) / width;
  c.text(letters, em, (size - c.measure(letters, em)) / 2, size / 2 + em * 0.36, inkOn(colour));
  return c.png();
}

/** The 1200 × 630 link preview: a band in the colour with the initials, then the title and a subtitle. */
export function renderPreviewImage(title: string, subtitle: string, colour: Rgb): Buffer {
  const W = 1200;
  const H = 630;
  const c = new Canvas(W, H, [255, 255, 255]);
  c.fillRect(0, 0, W, 220, colour);
  const letters = initialsOf(title);
  c.text(letters, 120, 80, 160, inkOn(colour));
  const fitLine = (text: string, size: number, y: number, ink: Rgb) => {
    let line = text;
    while (line.length > 1 && c.measure(line, size) > W - 160) line = `${line.slice(0, -2).trimEnd()}…`;
    c.text(line, size, 80, y, ink);
  };
  fitLine(title, 64, 340, [0x11, 0x18, 0x27]);
  if (subtitle) fitLine(subtitle, 36, 420, [0x4b, 0x55, 0x63]);
  c.fillRect(80, 500, W - 160, 6, colour);
  return c.png();
}
