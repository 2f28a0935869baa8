import { ValidationKey } from './error-keys.ts';
import { fileExtension, isAllowedFileType, type TFileKind } from './file-types.ts';

/**
 * Server-side content check for uploads (SPEC §5 file types): the first bytes of a file must match what its
 * extension claims, so a renamed .exe is refused whatever it is called. Pure: works on the first bytes only
 * (pass at least the first 8 KiB; the whole file also works). No I/O.
 */

type TProbe = (b: Uint8Array) => boolean;

const ascii = (b: Uint8Array, offset: number, text: string): boolean => {
  if (b.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[offset + i] !== text.charCodeAt(i)) return false;
  return true;
};
const bytes = (b: Uint8Array, offset: number, sig: readonly number[]): boolean =>
  b.length >= offset + sig.length && sig.every((v, i) => b[offset + i] === v);

const isJpeg: TProbe = (b) => bytes(b, 0, [0xff, 0xd8, 0xff]);
const isPng: TProbe = (b) => bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isGif: TProbe = (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a');
const isBmp: TProbe = (b) => ascii(b, 0, 'BM') && b.length >= 14;
const isRiff = (b: Uint8Array, form: string) => ascii(b, 0, 'RIFF') && ascii(b, 8, form);
const isWebp: TProbe = (b) => isRiff(b, 'WEBP');
const isAvi: TProbe = (b) => isRiff(b, 'AVI ');
/** ISO base media (mp4, mov, 3gp): a box whose type is `ftyp` at offset 4. */
const isIsoMedia: TProbe = (b) => ascii(b, 4, 'ftyp');
/** Older QuickTime files start with another top-level atom. */
const isQuickTime: TProbe = (b) => isIsoMedia(b) || ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((a) => ascii(b, 4, a));
const isEbml: TProbe = (b) => bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3]);
const isOgg: TProbe = (b) => ascii(b, 0, 'OggS');
/** MPEG transport stream: 188-byte packets, or 192-byte (M2TS/AVCHD .mts) with a 4-byte timestamp prefix. */
const isTransportStream: TProbe = (b) =>
  (b[0] === 0x47 && (b.length < 189 || b[188] === 0x47)) || (b[4] === 0x47 && (b.length < 197 || b[196] === 0x47));
const isMp3: TProbe = (b) =>
  ascii(b, 0, 'ID3') || (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) !== 0);
/** The PDF header may follow up to 1 KiB of junk (PDF 1.7, annex H). */
const isPdf: TProbe = (b) => {
  const end = Math.min(b.length - 5, 1024);
  for (let i = 0; i <= end; i++) if (ascii(b, i, '%PDF-')) return true;
  return false;
};
const isOle2: TProbe = (b) => bytes(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isZip: TProbe = (b) => bytes(b, 0, [0x50, 0x4b, 0x03, 0x04]);
const isPsd: TProbe = (b) => ascii(b, 0, '8BPS');
/** CorelDRAW: RIFF "CDR?" up to X3, a zip container from X4 on. */
const isCdr: TProbe = (b) => (ascii(b, 0, 'RIFF') && ascii(b, 8, 'CDR')) || isZip(b);

/** Executables and libraries: never acceptable under any extension. */
const EXECUTABLE_PROBES: readonly [string, TProbe][] = [
  ['exe', (b) => ascii(b, 0, 'MZ')],
  ['elf', (b) => bytes(b, 0, [0x7f, 0x45, 0x4c, 0x46])],
  ['mach-o', (b) => [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe]].some((s) => bytes(b, 0, s))],
  ['wasm', (b) => bytes(b, 0, [0x00, 0x61, 0x73, 0x6d])],
];

/** Name of the executable format the bytes start with, or null. */
export function detectExecutable(b: Uint8Array): string | null {
  for (const [name, probe] of EXECUTABLE_PROBES) if (probe(b)) return name;
  return null;
}

/**
 * Plain text (txt, csv): no executable header, and in the first 8 KiB no NUL byte (unless a UTF-16 BOM says so)
 * and at most 1 % other control characters (tab, CR, LF, FF and ESC are fine).
 */
export function looksLikeText(b: Uint8Array): boolean {
  if (detectExecutable(b)) return false;
  const isUtf16 = bytes(b, 0, [0xff, 0xfe]) || bytes(b, 0, [0xfe, 0xff]);
  const sample = b.subarray(0, 8192);
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0 && !isUtf16) return false;
    if (byte < 0x20 && byte !== 0 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) controls++;
  }
  return controls <= sample.length / 100;
}

/** What the first bytes must look like for each allowed extension. */
export const EXTENSION_PROBES: Readonly<Record<string, TProbe>> = {
  jpeg: isJpeg,
  jpg: isJpeg,
  png: isPng,
  gif: isGif,
  bmp: isBmp,
  webp: isWebp,
  mp4: isIsoMedia,
  mov: isQuickTime,
  '3gp': isIsoMedia,
  webm: isEbml,
  ogv: isOgg,
  ogg: isOgg,
  avi: isAvi,
  mts: isTransportStream,
  mp3: isMp3,
  pdf: isPdf,
  doc: isOle2,
  xls: isOle2,
  docx: isZip,
  xlsx: isZip,
  xlsm: isZip,
  xlsb: isZip,
  psd: isPsd,
  cdr: isCdr,
  txt: looksLikeText,
  csv: looksLikeText,
};

/** True when `b` starts like a file of `extension` (and is not an executable). Unknown extensions: false. */
export function matchesFileSignature(extension: string, b: Uint8Array): boolean {
  const probe = EXTENSION_PROBES[extension.toLowerCase()];
  if (!probe || b.length === 0) return false;
  return detectExecutable(b) === null && probe(b);
}

/**
 * The whole upload check: extension allowed for `kind` (fileTypeNotAllowed), then the content matches the
 * extension (fileContentMismatch). Null when the file is acceptable.
 */
export function checkUploadedFile(
  fileName: string,
  b: Uint8Array,
  kind: TFileKind = 'upload',
): 'fileTypeNotAllowed' | 'fileContentMismatch' | null {
  if (!isAllowedFileType(fileName, kind)) return ValidationKey.FileTypeNotAllowed;
  return matchesFileSignature(fileExtension(fileName), b) ? null : ValidationKey.FileContentMismatch;
}
