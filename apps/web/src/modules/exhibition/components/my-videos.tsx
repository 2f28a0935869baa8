import '../exhibition-i18n.ts';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { ListEmpty, ListLoading } from '../../../ui/list-states.tsx';
import { myStandCompanyApi, myStandKeys } from '../api/my-stand-api.ts';
import { VideoCard } from './company-videos.tsx';

/** My stand: the company's videos, played back by its admin or staff (no visitor's view counted), with their views. */
export function MyVideos({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const videos = useQuery({ queryKey: myStandKeys.videos(eventId), queryFn: ({ signal }) => myStandCompanyApi.videos(eventId, signal), enabled: !!eventId });
  return (
    <Paper component="section" aria-labelledby="my-videos" withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="my-videos">
            {t('exhibition.stand.videosTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('exhibition.stand.videosIntro')}
          </Text>
        </div>
        {videos.isPending && <ListLoading rows={1} />}
        {videos.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(videos.error, t)}
          </Alert>
        )}
        {videos.data?.length === 0 && <ListEmpty icon={<IconMovie size={32} />} title={t('exhibition.stand.videosEmpty')} body={t('exhibition.stand.videosEmptyBody')} />}
        {!!videos.data?.length && (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {videos.data.map((v) => (
              <VideoCard
                key={v.id}
                video={v}
                onPlay={() => myStandCompanyApi.playVideo(eventId, v.id)}
                detail={
                  <Text size="xs" c="dimmed">
                    {t('exhibition.stand.views', { count: v.views })}
                  </Text>
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
