import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';
import { fileExtension } from './file-types.ts';
import { matchesFileSignature } from './magic-bytes.ts';

/**
 * A logo (sponsors, exhibiting companies): PNG, JPEG or WebP only, checked against their magic bytes on the server.
 * SVG is refused (it is a document that can carry scripts and links; no sanitiser runs on uploads), and so are GIF
 * and BMP (no use for a logo). One rule for every module that shows a logo.
 */
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
/** The key of a logo over LOGO_MAX_BYTES (the web translates it under `validation.`). */
export const LOGO_TOO_LARGE = 'fileTooLarge' as const;

/** The upload check: a logo extension, then the size, then bytes of that type. Null when acceptable. */
export function logoProblem(fileName: string, bytes: Uint8Array): 'fileTypeNotAllowed' | 'fileContentMismatch' | 'fileTooLarge' | null {
  const ext = fileExtension(fileName);
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(ext)) return ValidationKey.FileTypeNotAllowed;
  if (bytes.length > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return matchesFileSignature(ext, bytes) ? null : ValidationKey.FileContentMismatch;
}

const BASE64_MAX = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4;
/** A logo upload: its file name (for the type) and its bytes in base64. */
export const ZLogoUpload = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  /** The image bytes, base64 (standard alphabet, no data: prefix). */
  dataBase64: z
    .string()
    .min(8)
    .refine((v) => v.length <= BASE64_MAX, { message: LOGO_TOO_LARGE })
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v), { message: ValidationKey.FileContentMismatch }),
});
export type TLogoUpload = z.infer<typeof ZLogoUpload>;
/** A logo's unguessable id in a public URL. */
export const ZLogoId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
