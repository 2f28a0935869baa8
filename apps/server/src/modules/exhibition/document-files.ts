import type { FastifyReply } from 'fastify';
import { DOCUMENT_CONTENT_TYPES } from '@pavilion/domain/validation/file-types';
import { DocumentErrorKey, checkUploadedFile, fileExtension } from '@pavilion/domain';
import { errors } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

/*
 * What the company documents and the product documents share: the upload's checks (SPEC §5 document type, magic
 * bytes, size), the short-lived download ticket, and how the file is answered.
 */

/** An uploaded document's bytes and the content type it is served with; 400 by field when it is not one. */
export function checkedDocument(input: { fileName: string; dataBase64: string }, maxBytes: number): { bytes: Buffer; contentType: string } {
  const bytes = Buffer.from(input.dataBase64, 'base64');
  if (bytes.length > maxBytes) throw errors.validation([{ field: 'dataBase64', key: DocumentErrorKey.FileTooLarge }]);
  const problem = checkUploadedFile(input.fileName, bytes, 'document');
  if (problem) throw errors.validation([{ field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem }]);
  return { bytes, contentType: DOCUMENT_CONTENT_TYPES[fileExtension(input.fileName) as keyof typeof DOCUMENT_CONTENT_TYPES] ?? 'application/octet-stream' };
}

/** How long an "Open" link works. */
export const DOCUMENT_LINK_MS = 10 * 60 * 1000;

/**
 * A sealed ticket naming one document (its claims) until it expires: the capability of a download link. `isValid`
 * is false for anything else, including a value that was never sealed (`openSealed` refuses those).
 */
export function createDocumentTickets(secrets: SecretBox, now: () => Date) {
  return {
    issue(claims: Record<string, string>): { ticket: string; expiresAt: number } {
      const expiresAt = now().getTime() + DOCUMENT_LINK_MS;
      return { ticket: secrets.seal(JSON.stringify({ ...claims, x: expiresAt })), expiresAt };
    },
    isValid(ticket: string, claims: Record<string, string>): boolean {
      let opened: Record<string, unknown>;
      try {
        opened = JSON.parse(secrets.openSealed(ticket)) as Record<string, unknown>;
      } catch {
        return false;
      }
      return typeof opened.x === 'number' && opened.x >= now().getTime() && Object.entries(claims).every(([k, v]) => opened[k] === v);
    },
  };
}
export type DocumentTickets = ReturnType<typeof createDocumentTickets>;

/** A download of its checked type, never rendered by the browser as a page. */
export function sendAttachment(reply: FastifyReply, file: { fileName: string; contentType: string; bytes: Buffer }) {
  const name = file.fileName.replace(/["\\\r\n]/g, '_');
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(file.bytes);
}
