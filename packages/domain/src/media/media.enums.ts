import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Upload media. */
const uploadMediaEnum = /*#__PURE__*/ defineEnum({ Document: [1, 'Document'], Video: [2, 'Video'], VisitingCard: [3, 'Visiting Card'] });
export const UploadMedia = uploadMediaEnum.values;
export type TUploadMedia = TEnumValue<typeof uploadMediaEnum>;
export const UPLOAD_MEDIA_LABELS = uploadMediaEnum.labels;
