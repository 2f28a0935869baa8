import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';

/** SPEC §5 file types by extension (lower-case, without the dot). */
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png', 'bmp', 'webp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm', 'ogv', '3gp', 'avi', 'mts', 'ogg'] as const;
export const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'pdf', 'txt', 'xls', 'xlsb', 'xlsm', 'xlsx', 'csv', 'psd', 'cdr'] as const;
export const AUDIO_EXTENSIONS = ['mp3'] as const;
/** The content type a stored SPEC §5 document is served with, by its (checked) extension. */
export const DOCUMENT_CONTENT_TYPES: Readonly<Record<(typeof DOCUMENT_EXTENSIONS)[number], string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsb: 'application/vnd.ms-excel.sheet.binary.macroEnabled.12',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  txt: 'text/plain',
  csv: 'text/csv',
  psd: 'image/vnd.adobe.photoshop',
  cdr: 'application/vnd.corel-draw',
};
export const UPLOAD_EXTENSIONS = [
  'jpeg', 'jpg', 'png', 'gif', 'psd', 'pdf', 'txt', 'doc', 'docx', 'xls', 'xlsb', 'xlsm', 'xlsx', 'csv', 'cdr',
  'mp4', 'webm', '3gp', 'webp',
] as const;

export const FILE_KINDS = ['image', 'video', 'document', 'audio', 'upload'] as const;
export type TFileKind = (typeof FILE_KINDS)[number];

export const FILE_EXTENSIONS: Record<TFileKind, readonly string[]> = {
  image: IMAGE_EXTENSIONS,
  video: VIDEO_EXTENSIONS,
  document: DOCUMENT_EXTENSIONS,
  audio: AUDIO_EXTENSIONS,
  upload: UPLOAD_EXTENSIONS,
};

/**
 * The lower-cased extension after the last dot of the file's base name, or '' when there is none. Path
 * separators are ignored and trailing dots/spaces are dropped (Windows strips them, so "x.exe." is an .exe).
 */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const trimmed = base.replace(/[.\s]+$/, '');
  const dot = trimmed.lastIndexOf('.');
  return dot <= 0 ? '' : trimmed.slice(dot + 1).toLowerCase();
}

/** SPEC §5: true when the file name's extension is in the list of `kind`. */
export function isAllowedFileType(fileName: string, kind: TFileKind): boolean {
  const ext = fileExtension(fileName);
  return ext !== '' && FILE_EXTENSIONS[kind].includes(ext);
}

/** The accept attribute for a file input of `kind` (".jpeg,.jpg,…"). */
export function acceptAttribute(kind: TFileKind): string {
  return FILE_EXTENSIONS[kind].map((e) => `.${e}`).join(',');
}

export const zFileName = (kind: TFileKind) =>
  z
    .string()
    .min(1)
    .max(255)
    .refine((name) => isAllowedFileType(name, kind), { message: ValidationKey.FileTypeNotAllowed });
