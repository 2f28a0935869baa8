import { Button, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { videoEmbedOf } from '@pavilion/domain/venue/venue-media';
import { VideoEmbed } from '../../venue/index.ts';

/**
 * A session's stream in the Auditorium: played in the page when it is a YouTube, Vimeo or .mp4 link (the server's CSP
 * frames those players only), else a "Watch stream" link that opens it in a new tab.
 */
export function SessionStream({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const label = t('programme.live.stream', { title });
  return (
    <Stack gap="xs" component="section" aria-label={label} data-testid="session-stream">
      {videoEmbedOf(url) && <VideoEmbed url={url} title={label} />}
      <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant={videoEmbedOf(url) ? 'subtle' : 'filled'} leftSection={<IconExternalLink size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
        {t('programme.live.watchStream')}
      </Button>
    </Stack>
  );
}
