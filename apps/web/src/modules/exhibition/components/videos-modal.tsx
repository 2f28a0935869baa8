import { useMemo, useState } from 'react';
import { Alert, Button, Modal } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VIDEO_MAX_BYTES, VIDEO_UPLOAD_EXTENSIONS, type TCompanyVideo, type TExhibitingCompany, type TVideoPlayback } from '@pavilion/domain/exhibition/exhibition.schemas';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { organiserPlayVideo } from '../api/my-stand-api.ts';
import { CompanyMediaModal, type CompanyMediaKind } from './company-media-modal.tsx';
import { VideoPlayer } from './company-videos.tsx';

/** Play for the organiser or the company's admin: the stream address (no view counted), then the browser's player in a dialog. */
export function PlayButton({ video, onPlay }: { video: TCompanyVideo; onPlay: () => Promise<TVideoPlayback> }) {
  const { t } = useTranslation();
  const [isBroken, setBroken] = useState(false);
  const play = useMutation({ mutationFn: onPlay });
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} aria-hidden />} loading={play.isPending} onClick={() => play.mutate()} aria-label={t('exhibition.attendee.playVideo', { title: video.title })}>
        {t('exhibition.attendee.play')}
      </Button>
      <Modal
        opened={!!play.data || play.isError}
        onClose={() => {
          play.reset();
          setBroken(false);
        }}
        title={video.title}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {play.data && <VideoPlayer url={play.data.url} title={video.title} onBroken={() => setBroken(true)} maxHeight={420} />}
        {(play.isError || isBroken) && (
          <Alert color="red" p="xs" mt="xs">
            {t('exhibition.attendee.videoError')}
          </Alert>
        )}
      </Modal>
    </>
  );
}

/** The videos' media settings without their API and columns (the organiser's dialog, My stand's section). */
export const VIDEO_MEDIA = { ns: 'exhibition.videos', titleLabel: 'videoTitle', maxBytes: VIDEO_MAX_BYTES, extensions: VIDEO_UPLOAD_EXTENSIONS, testId: 'video', reportHeading: 'report', size: 'lg', minTableWidth: 500 } as const;

/**
 * A company's videos (SPEC §3.10 upload media 2): upload (AP-484), rename, delete, play back (AP-482), and the
 * exhibitor report's Videos tab (SPEC §2.6): each video's views, counted once per participant.
 */
export function VideosModal(props: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { eventId } = props;
  const kind = useMemo<CompanyMediaKind<TCompanyVideo>>(
    () => ({
      ...VIDEO_MEDIA,
      queryKey: exhibitionKeys.videos,
      list: api.videos,
      upload: api.uploadVideo,
      rename: api.renameVideo,
      remove: api.deleteVideo,
      columns: [
        { header: 'colViews', cell: (v) => v.views, testId: 'video-views' },
        { header: 'colPlay', cell: (v) => <PlayButton video={v} onPlay={() => organiserPlayVideo(eventId, v.companyId, v.id)} /> },
      ],
    }),
    [eventId],
  );
  return <CompanyMediaModal kind={kind} {...props} />;
}
