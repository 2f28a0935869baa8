import type { FastifyReply } from 'fastify';
import { fileExtension } from '@pavilion/domain/validation/file-types';
import { LOGO_CONTENT_TYPES, logoProblem, type TLogoUpload } from '@pavilion/domain/validation/logo-images';
import { errors } from './errors.ts';

/** A logo upload whose name and bytes passed the shared logo rules. */
export type CheckedLogo = { bytes: Buffer; contentType: string; byteSize: number };

/**
 * Decodes an upload and applies the logo rules (PNG, JPEG or WebP by name and by bytes, ≤ 512 KiB, no SVG): 400 with
 * `fileTypeNotAllowed` on fileName, `fileTooLarge` / `fileContentMismatch` on dataBase64. Sponsors and exhibition use it.
 */
export function checkLogoUpload(input: TLogoUpload): CheckedLogo {
  const bytes = Buffer.from(input.dataBase64, 'base64');
  const problem = logoProblem(input.fileName, bytes);
  if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
  return { bytes, contentType: LOGO_CONTENT_TYPES[fileExtension(input.fileName)]!, byteSize: bytes.length };
}

/**
 * Serves a stored logo by its unguessable id, or 404. An id's bytes never change (a new upload is a new id), so
 * browsers may keep it for good; `nosniff` keeps a browser from reading the bytes as anything but the checked type.
 */
export function sendLogo(reply: FastifyReply, logo: { contentType: string; bytes: Buffer } | null): FastifyReply {
  if (!logo) return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Logo not found' });
  return reply
    .type(logo.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .serializer((p) => p as string)
    .send(logo.bytes);
}
