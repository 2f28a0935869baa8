import '../programme-i18n.ts';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { programmeApi, programmeKeys } from '../api/programme-api.ts';
import { clockOf, dayLabel } from '../lib/programme-format.ts';
import { SpeakerAvatar } from './speaker-photo.tsx';

/** The attendee app's Speakers tab (`speaker-listing`): each speaker with their sessions, in the event's time zone. */
export function SpeakersTab({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const listing = useQuery({ queryKey: programmeKeys.speakers(eventId), queryFn: ({ signal }) => programmeApi.speakers(eventId, signal) });
  if (listing.isPending) return <Skeleton h={160} />;
  if (listing.isError) return <Text c="dimmed">{t('programme.attendee.loadError')}</Text>;
  if (listing.data.speakers.length === 0) {
    return <EmptyState headingLevel={3} icon={<IconMicrophone size={32} />} title={t('programme.attendee.noSpeakers')} description={t('programme.attendee.noSpeakersBody')} />;
  }
  return (
    <Stack gap="sm">
      {listing.data.speakers.map((s) => (
        <Paper key={s.id} component="article" aria-labelledby={`speaker-${s.id}`} withBorder p="md" radius="md">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <SpeakerAvatar name={s.name} photoUrl={s.photoUrl} size="lg" alt={s.photoUrl ? t('programme.attendee.speakerPhotoAlt', { name: s.name }) : undefined} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={3} fz="md" id={`speaker-${s.id}`}>
                {s.name}
              </Title>
              {(s.title || s.company) && (
                <Text size="sm" c="dimmed">
                  {[s.title, s.company].filter(Boolean).join(' · ')}
                </Text>
              )}
              {s.bio && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {s.bio}
                </Text>
              )}
              {s.links.map((l) => (
                <Anchor key={l} href={l} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {l}
                </Anchor>
              ))}
              {s.sessions.map((x) => (
                <Text key={x.id} size="sm">
                  {dayLabel(x.start.slice(0, 10))} {clockOf(x.start)} · {x.title}
                </Text>
              ))}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
