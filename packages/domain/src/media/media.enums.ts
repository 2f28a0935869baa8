/** SPEC §3.10 Upload media. */
export const UploadMedia = { Document: 1, Video: 2, VisitingCard: 3 } as const;
export type TUploadMedia = (typeof UploadMedia)[keyof typeof UploadMedia];
export const UPLOAD_MEDIA_LABELS: Record<TUploadMedia, string> = { 1: 'Document', 2: 'Video', 3: 'Visiting Card' };
