import { deflateSync } from 'node:zlib';

/**
 * The demo sponsors' logos, drawn here as small PNGs (no binary files in the repository): a coloured tile with a
 * white mark (a ring, a diamond or bars), so each looks like a logo and the three tell apart at a glance.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type TRgb = readonly [number, number, number];
export type TLogoMark = 'ring' | 'diamond' | 'bars';

/** A size×size RGB PNG: `background` with a white `mark` in the middle. */
export function drawLogoPng(size: number, background: TRgb, mark: TLogoMark): Buffer {
  const white: TRgb = [255, 255, 255];
  const c = (size - 1) / 2;
  const isMark = (x: number, y: number): boolean => {
    const dx = x - c;
    const dy = y - c;
    if (mark === 'ring') {
      const r = Math.hypot(dx, dy);
      return r <= size * 0.32 && r >= size * 0.2;
    }
    if (mark === 'diamond') return Math.abs(dx) + Math.abs(dy) <= size * 0.3;
    // Three rising bars.
    const bar = Math.floor((x - size * 0.2) / (size * 0.2));
    const inBar = x >= size * 0.2 && x < size * 0.8 && (x - size * 0.2) % (size * 0.2) < size * 0.14;
    return inBar && y <= size * 0.8 && y >= size * (0.55 - bar * 0.15);
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(isMark(x, y) ? white : background, 1 + x * 3);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
