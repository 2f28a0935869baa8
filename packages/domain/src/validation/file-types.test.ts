import { describe, it, expect } from 'vitest';
import { acceptAttribute, FILE_EXTENSIONS, fileExtension, isAllowedFileType, zFileName } from './file-types.ts';

describe('file type lists', () => {
  it('match SPEC §5 exactly', () => {
    expect(FILE_EXTENSIONS.image).toEqual(['jpeg', 'jpg', 'gif', 'png', 'bmp', 'webp']);
    expect(FILE_EXTENSIONS.video).toEqual(['mp4', 'mov', 'webm', 'ogv', '3gp', 'avi', 'mts', 'ogg']);
    expect(FILE_EXTENSIONS.document).toEqual(['doc', 'docx', 'pdf', 'txt', 'xls', 'xlsb', 'xlsm', 'xlsx', 'csv', 'psd', 'cdr']);
    expect(FILE_EXTENSIONS.audio).toEqual(['mp3']);
    expect(FILE_EXTENSIONS.upload).toEqual([
      'jpeg', 'jpg', 'png', 'gif', 'psd', 'pdf', 'txt', 'doc', 'docx', 'xls', 'xlsb', 'xlsm', 'xlsx', 'csv', 'cdr',
      'mp4', 'webm', '3gp', 'webp',
    ]);
  });
});

describe('fileExtension', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['archive.tar.gz', 'gz'],
    ['C:\\Users\\me\\doc.pdf', 'pdf'],
    ['/tmp/x/report.xlsx', 'xlsx'],
    ['evil.exe.', 'exe'], // trailing dot stripped
    ['evil.exe  ', 'exe'],
    ['.bashrc', ''], // dotfile, no extension
    ['noextension', ''],
    ['', ''],
    ['dir.pdf/file', ''],
  ])('%j → %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('isAllowedFileType', () => {
  it.each([
    ['a.png', 'image', true],
    ['a.PNG', 'image', true],
    ['a.svg', 'image', false],
    ['a.mov', 'video', true],
    ['a.mov', 'upload', false], // mov is a video type but not in the combined upload set
    ['a.bmp', 'upload', false],
    ['a.cdr', 'document', true],
    ['a.mp3', 'audio', true],
    ['a.mp3', 'upload', false],
    ['a.exe', 'upload', false],
    ['a.pdf.exe', 'document', false],
    ['a.exe.pdf', 'document', true], // the extension is what counts here; the magic bytes check catches the rest
    ['pdf', 'document', false],
  ] as const)('%s as %s → %s', (name, kind, expected) => {
    expect(isAllowedFileType(name, kind)).toBe(expected);
  });

  it('builds accept attributes and a zod schema', () => {
    expect(acceptAttribute('audio')).toBe('.mp3');
    expect(zFileName('image').safeParse('x.gif').success).toBe(true);
    expect(zFileName('image').safeParse('x.exe').error?.issues[0]?.message).toBe('fileTypeNotAllowed');
  });
});
