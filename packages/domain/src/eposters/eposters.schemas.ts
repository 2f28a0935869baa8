import { z } from 'zod';
import { ValidationKey } from '../validation/error-keys.ts';
import { fileExtension } from '../validation/file-types.ts';
import { checkUploadedFile } from '../validation/magic-bytes.ts';

/**
 * E-posters (issue 16): a poster file (a PDF or a PNG/JPEG image) with its title, topic, authors and abstract,
 * optionally linked to a session of the programme, browsable in the web portal's E-Poster entry (SPEC §2.5).
 */

/** The poster's file types: SPEC §5 "document" pdf and "image" png/jpeg/jpg, each checked by its magic bytes. */
export const EPOSTER_FILE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
export type TEposterFileExtension = (typeof EPOSTER_FILE_EXTENSIONS)[number];
export const EPOSTER_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const EPOSTER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The served Content-Type of each accepted extension. */
export const EPOSTER_CONTENT_TYPES: Readonly<Record<TEposterFileExtension, 'application/pdf' | 'image/png' | 'image/jpeg'>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};
export const EPOSTER_FILE_KINDS = ['pdf', 'image'] as const;
export type TEposterFileKind = (typeof EPOSTER_FILE_KINDS)[number];
export const EPOSTER_AUTHORS_MAX = 20;

/** The error keys this module adds (the web translates them under `validation.`). */
export const EposterErrorKey = { PosterFileTooLarge: 'posterFileTooLarge', UnknownSession: 'unknownSession' } as const;

const isEposterExtension = (ext: string): ext is TEposterFileExtension => (EPOSTER_FILE_EXTENSIONS as readonly string[]).includes(ext);
export const eposterKindOf = (fileName: string): TEposterFileKind | null => {
  const ext = fileExtension(fileName);
  return isEposterExtension(ext) ? (ext === 'pdf' ? 'pdf' : 'image') : null;
};
export const eposterMaxBytes = (kind: TEposterFileKind): number => (kind === 'pdf' ? EPOSTER_PDF_MAX_BYTES : EPOSTER_IMAGE_MAX_BYTES);
export const eposterContentTypeOf = (fileName: string): string | null => {
  const ext = fileExtension(fileName);
  return isEposterExtension(ext) ? EPOSTER_CONTENT_TYPES[ext] : null;
};
/** The accept attribute of the poster's file input. */
export const EPOSTER_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/**
 * The whole check of a poster file, by field: the declared type (the name's extension) must be a PDF or a PNG/JPEG
 * (`fileTypeNotAllowed` on `fileName`), within its limit (`posterFileTooLarge`: 10 MB for a PDF, 5 MB for an image),
 * and its first bytes must be that type (`fileContentMismatch`: SPEC §5's magic-byte check, so a renamed .exe or a
 * PNG called .pdf is refused). Null when the file is acceptable.
 */
export function eposterFileProblem(fileName: string, bytes: Uint8Array): { field: 'fileName' | 'dataBase64'; key: string } | null {
  const kind = eposterKindOf(fileName);
  if (!kind) return { field: 'fileName', key: ValidationKey.FileTypeNotAllowed };
  if (bytes.length === 0) return { field: 'dataBase64', key: ValidationKey.FileContentMismatch };
  if (bytes.length > eposterMaxBytes(kind)) return { field: 'dataBase64', key: EposterErrorKey.PosterFileTooLarge };
  const problem = checkUploadedFile(fileName, bytes, 'upload');
  return problem ? { field: problem === 'fileTypeNotAllowed' ? 'fileName' : 'dataBase64', key: problem } : null;
}

const zId = z.string().min(1).max(64);
const zRequiredText = (max: number) => z.string().trim().max(max).refine((v) => v.length > 0, { message: ValidationKey.Required });
/** Base64 of at most the PDF limit (the image limit is checked once the name says it is an image). */
const BASE64_MAX = Math.ceil(EPOSTER_PDF_MAX_BYTES / 3) * 4;

export const ZEposterFileUpload = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  /** The file's bytes, base64 (standard alphabet, no data: prefix). */
  dataBase64: z
    .string()
    .min(4)
    .refine((s) => s.length <= BASE64_MAX, { message: EposterErrorKey.PosterFileTooLarge })
    .refine((s) => /^[A-Za-z0-9+/]+={0,2}$/.test(s), { message: ValidationKey.FileContentMismatch }),
});
export type TEposterFileUpload = z.infer<typeof ZEposterFileUpload>;

export const ZEposterAuthor = z.strictObject({ name: zRequiredText(120), affiliation: z.string().trim().max(160) });
export type TEposterAuthor = z.infer<typeof ZEposterAuthor>;

const posterFields = {
  title: zRequiredText(200),
  topic: zRequiredText(80),
  authors: z.array(ZEposterAuthor).min(1).max(EPOSTER_AUTHORS_MAX),
  /** Plain text (shown as text, never as HTML). */
  abstract: z.string().trim().max(5000),
  /** A session of this event's programme, or none (`unknownSession` otherwise). */
  sessionId: zId.nullable(),
};
export const ZEposterCreate = z.strictObject({ ...posterFields, file: ZEposterFileUpload });
export type TEposterCreate = z.infer<typeof ZEposterCreate>;
/** An edit: `file: null` keeps the poster's file. */
export const ZEposterUpdate = z.strictObject({ ...posterFields, file: ZEposterFileUpload.nullable() });
export type TEposterUpdate = z.infer<typeof ZEposterUpdate>;

export const ZEposterEventParams = z.strictObject({ eventId: zId });
export const ZEposterParams = z.strictObject({ eventId: zId, posterId: zId });
export const ZEposterFileParams = z.strictObject({ posterId: zId });
/** A served file's signed address: the file version (`fv`; `v` is the SPEC §7 cache version every GET drops), the participation it was made for, its expiry and the signature. */
export const ZEposterFileQuery = z.strictObject({
  fv: z.coerce.number().int().min(1),
  eu: zId,
  exp: z.coerce.number().int().min(0),
  sig: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

const ZEposterFileFacts = z.object({ fileName: z.string(), contentType: z.string(), byteSize: z.number().int(), kind: z.enum(EPOSTER_FILE_KINDS) });
const ZEposterSession = z.object({ id: z.string(), title: z.string(), startsAt: z.string() }).nullable();

/** The organiser's view of one poster. */
export const ZEposter = z.object({
  id: z.string(),
  title: z.string(),
  topic: z.string(),
  authors: z.array(z.object({ name: z.string(), affiliation: z.string() })),
  abstract: z.string(),
  session: ZEposterSession,
  file: ZEposterFileFacts,
  updatedAt: z.string(),
});
export type TEposter = z.infer<typeof ZEposter>;
export const ZEposterList = z.object({ items: z.array(ZEposter) });
export type TEposterList = z.infer<typeof ZEposterList>;
export const ZEposterDeleted = z.object({ id: z.string() });
/** The event's sessions, to link a poster to one. */
export const ZEposterSessionOptions = z.object({ items: z.array(z.object({ id: z.string(), title: z.string(), startsAt: z.string() })) });

/** The web portal's list: search in title, topic and authors; filter by topic (exact). */
export const ZEposterBrowseQuery = z.strictObject({ q: z.string().trim().max(100).optional(), topic: z.string().trim().max(80).optional() });
export type TEposterBrowseQuery = z.infer<typeof ZEposterBrowseQuery>;
export const ZEposterSummary = ZEposter.omit({ abstract: true, updatedAt: true });
export type TEposterSummary = z.infer<typeof ZEposterSummary>;
export const ZEposterBrowse = z.object({
  eventName: z.string(),
  items: z.array(ZEposterSummary),
  /** Every topic of the event's posters (for the filter), whatever the search. */
  topics: z.array(z.string()),
  /** How many posters the event has in all (to tell "none yet" from "none match"). */
  total: z.number().int(),
});
export type TEposterBrowse = z.infer<typeof ZEposterBrowse>;
/** One poster as a participant sees it: with a short-lived signed address of its file (an <img> or <iframe> sends no bearer). */
export const ZEposterView = ZEposter.omit({ updatedAt: true }).extend({ eventName: z.string(), fileUrl: z.string(), fileUrlExpiresAt: z.string() });
export type TEposterView = z.infer<typeof ZEposterView>;
