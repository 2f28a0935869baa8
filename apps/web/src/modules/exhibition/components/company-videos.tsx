import { useState, type ReactNode } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TExhibitorVideo, TVideoPlayback } from '@pavilion/domain/exhibition/exhibition.schemas';
import { exhibitorsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

/** The browser's own player on a ticketed stream address (Range requests let it seek). */
export function VideoPlayer({ url, title, onBroken, maxHeight = 360 }: { url: string; title: string; onBroken: () => void; maxHeight?: number }) {
  return <video src={url} controls autoPlay playsInline preload="metadata" aria-label={title} onError={onBroken} style={{ width: '100%', maxHeight, borderRadius: 8, background: '#000' }} />;
}

/**
 * One video: a Play button until asked, then the browser's own player on the stream. `onPlay` asks the server for the
 * stream address (a visitor's play counts the view; the company's own people and the organiser play without counting).
 */
export function VideoCard({ video, onPlay, detail }: { video: Pick<TExhibitorVideo, 'id' | 'title'>; onPlay: () => Promise<TVideoPlayback>; detail?: ReactNode }) {
  const { t } = useTranslation();
  const [isBroken, setBroken] = useState(false);
  const play = useMutation({ mutationFn: onPlay });
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="company-video">
      <Stack gap="xs">
        <Text fw={600}>{video.title}</Text>
        {detail}
        {play.data ? (
          <VideoPlayer url={play.data.url} title={video.title} onBroken={() => setBroken(true)} />
        ) : (
          <Button variant="light" leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => play.mutate()} loading={play.isPending} aria-label={t('exhibition.attendee.playVideo', { title: video.title })} w="fit-content">
            {t('exhibition.attendee.play')}
          </Button>
        )}
        {(play.isError || isBroken) && (
          <Alert color="red" p="xs">
            {t('exhibition.attendee.videoError')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The company's videos on its page in the Exhibitors tab (nothing when it has none). */
export function CompanyVideos({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const videos = useQuery({ queryKey: exhibitionKeys.exhibitorVideos(eventId, companyId), queryFn: ({ signal }) => exhibitorsApi.videos(eventId, companyId, signal) });
  if (!videos.data || videos.data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {t('exhibition.attendee.videos')}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {videos.data.map((v) => (
          <VideoCard key={v.id} video={v} onPlay={() => exhibitorsApi.playVideo(eventId, companyId, v.id)} />
        ))}
      </Stack>
    </Stack>
  );
}
