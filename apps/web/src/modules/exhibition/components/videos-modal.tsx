import { VIDEO_MAX_BYTES, VIDEO_UPLOAD_EXTENSIONS, type TCompanyVideo, type TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { CompanyMediaModal, type CompanyMediaKind } from './company-media-modal.tsx';

const VIDEOS: CompanyMediaKind<TCompanyVideo> = {
  ns: 'exhibition.videos',
  titleLabel: 'videoTitle',
  maxBytes: VIDEO_MAX_BYTES,
  extensions: VIDEO_UPLOAD_EXTENSIONS,
  testId: 'video',
  queryKey: exhibitionKeys.videos,
  list: api.videos,
  upload: api.uploadVideo,
  rename: api.renameVideo,
  remove: api.deleteVideo,
  columns: [{ header: 'colViews', cell: (v) => v.views, testId: 'video-views' }],
  reportHeading: 'report',
  size: 'lg',
  minTableWidth: 420,
};

/**
 * A company's videos (SPEC §3.10 upload media 2): upload (AP-484), rename, delete, and the exhibitor report's Videos
 * tab (SPEC §2.6): each video's views, counted once per participant.
 */
export function VideosModal(props: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  return <CompanyMediaModal kind={VIDEOS} {...props} />;
}
