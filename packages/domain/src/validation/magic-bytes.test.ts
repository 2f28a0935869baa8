import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { checkUploadedFile, detectExecutable, EXTENSION_PROBES, looksLikeText, matchesFileSignature } from './magic-bytes.ts';
import { FILE_EXTENSIONS } from './file-types.ts';

const u8 = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (head: Uint8Array, size = 64) => {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
};

const SAMPLES: Record<string, Uint8Array> = {
  jpg: pad(u8([0xff, 0xd8, 0xff, 0xe0])),
  png: pad(u8([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  gif: pad(u8('GIF89a')),
  bmp: pad(u8('BM')),
  webp: pad(u8('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')),
  mp4: pad(u8([0, 0, 0, 0x20], 'ftypisom')),
  mov: pad(u8([0, 0, 0, 0x14], 'ftypqt  ')),
  '3gp': pad(u8([0, 0, 0, 0x14], 'ftyp3gp4')),
  webm: pad(u8([0x1a, 0x45, 0xdf, 0xa3])),
  ogg: pad(u8('OggS')),
  avi: pad(u8('RIFF', [0, 0, 0, 0], 'AVI LIST')),
  mts: (() => {
    const b = new Uint8Array(400);
    b[4] = 0x47;
    b[196] = 0x47;
    return b;
  })(),
  mp3: pad(u8('ID3', [4, 0])),
  pdf: pad(u8('%PDF-1.7\n')),
  doc: pad(u8([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])),
  docx: pad(u8('PK', [3, 4])),
  psd: pad(u8('8BPS', [0, 1])),
  cdr: pad(u8('RIFF', [0, 0, 0, 0], 'CDR9vrsn')),
  txt: u8('Hello, world!\r\nSecond line\tTabbed\n'),
  csv: u8('name,email\n"Ann",ann@example.com\n'),
};
const sampleFor = (ext: string): Uint8Array => {
  const alias: Record<string, string> = { jpeg: 'jpg', ogv: 'ogg', xls: 'doc', xlsx: 'docx', xlsm: 'docx', xlsb: 'docx' };
  return SAMPLES[alias[ext] ?? ext]!;
};

const EXE = pad(u8('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]), 512);
const ELF = pad(u8([0x7f], 'ELF', [2, 1, 1]), 512);

describe('matchesFileSignature', () => {
  const all = [...new Set(Object.values(FILE_EXTENSIONS).flat())];

  it('knows every allowed extension', () => {
    for (const ext of all) expect(EXTENSION_PROBES[ext], ext).toBeTypeOf('function');
  });

  it.each(all)('accepts a genuine .%s', (ext) => {
    expect(matchesFileSignature(ext, sampleFor(ext))).toBe(true);
  });

  it.each(all)('refuses a renamed .exe and ELF as .%s', (ext) => {
    expect(matchesFileSignature(ext, EXE)).toBe(false);
    expect(matchesFileSignature(ext, ELF)).toBe(false);
  });

  it.each([
    ['png', SAMPLES.jpg!],
    ['pdf', SAMPLES.png!],
    ['docx', SAMPLES.pdf!],
    ['mp4', SAMPLES.webm!],
    ['gif', new Uint8Array()],
    ['jpg', u8([0xff, 0xd8])], // truncated
  ] as const)('refuses content of another type under .%s', (ext, bytes) => {
    expect(matchesFileSignature(ext, bytes)).toBe(false);
  });

  it('finds a PDF header after leading junk but not after 1 KiB', () => {
    expect(matchesFileSignature('pdf', u8(' '.repeat(500), '%PDF-1.4'))).toBe(true);
    expect(matchesFileSignature('pdf', u8(' '.repeat(1100), '%PDF-1.4'))).toBe(false);
  });

  it('treats text with NULs or many control bytes as binary', () => {
    expect(looksLikeText(u8('abc', [0], 'def'))).toBe(false);
    expect(looksLikeText(u8([0xff, 0xfe], 'a', [0], 'b', [0]))).toBe(true); // UTF-16 LE with BOM
    expect(looksLikeText(u8('a'.repeat(50), [1, 2, 3]))).toBe(false);
    expect(looksLikeText(u8('Ünïcödé text'))).toBe(true);
    expect(looksLikeText(new TextEncoder().encode('日本語のテキスト,😀\n'))).toBe(true);
  });

  it('names executables', () => {
    expect(detectExecutable(EXE)).toBe('exe');
    expect(detectExecutable(ELF)).toBe('elf');
    expect(detectExecutable(SAMPLES.png!)).toBeNull();
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...all, 'exe', ''), fc.uint8Array({ maxLength: 600 }), (ext, bytes) => {
        return typeof matchesFileSignature(ext, bytes) === 'boolean';
      }),
    );
  });
});

describe('checkUploadedFile', () => {
  it.each([
    ['photo.png', SAMPLES.png!, 'upload', null],
    ['photo.PNG', SAMPLES.png!, 'image', null],
    ['setup.exe', EXE, 'upload', 'fileTypeNotAllowed'],
    ['invoice.pdf', EXE, 'upload', 'fileContentMismatch'], // a renamed .exe
    ['notes.txt', EXE, 'upload', 'fileContentMismatch'],
    ['photo.jpg', SAMPLES.png!, 'upload', 'fileContentMismatch'],
    ['clip.mov', SAMPLES.mov!, 'upload', 'fileTypeNotAllowed'], // mov is not in the combined upload set
    ['clip.mov', SAMPLES.mov!, 'video', null],
    ['song.mp3', SAMPLES.mp3!, 'audio', null],
  ] as const)('%s (%s) → %s', (name, bytes, kind, expected) => {
    expect(checkUploadedFile(name, bytes, kind)).toBe(expected);
  });
});
