import '../programme-i18n.ts';
import { Suspense } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPresentation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEventData } from '../../../app/session-storage.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { LivePanel, useNowPlaying } from '../../live/index.ts';
import { programmeApi, programmeKeys } from '../api/programme-api.ts';
import { SessionExtras } from './session-extras.tsx';
import { SessionStream } from './session-stream.tsx';

/**
 * The auditorium's session (the virtual venue's Auditorium page): the one playing now, else the next one, with its
 * room and speakers, from the Schedule tab's own data (its rules apply). The sessions after it follow in a short list.
 * A session the moderator marked "now playing" (modules/live, sessionNowPlay) takes the place at once, and the
 * signed-in participant gets its Live panel (chat, Q&A, poll).
 */
export function LiveSession({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const schedule = useQuery({ queryKey: programmeKeys.schedule(eventId), queryFn: ({ signal }) => programmeApi.schedule(eventId, signal), retry: false });
  const eventData = useEventData();
  const me = eventData?.eventId === eventId ? eventData.eventUserId || null : null;
  const nowPlaying = useNowPlaying(eventId, me);
  if (schedule.isPending || nowPlaying.isPending) return <Skeleton h={120} />;
  const now = Date.now();
  const all = schedule.data?.sessions ?? [];
  const playing = nowPlaying.items.map((np) => all.find((s) => s.id === np.sessionId)).find((s) => !!s);
  const upcoming = all.filter((s) => new Date(s.endsAt).getTime() > now && s.id !== playing?.id).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const [current, ...later] = playing ? [playing, ...upcoming] : upcoming;
  if (!current) return <EmptyState icon={<IconPresentation size={32} />} title={t('programme.live.none')} description={t('programme.live.noneBody')} />;
  const isLive = current === playing || new Date(current.startsAt).getTime() <= now;
  const data = schedule.data!;
  const room = data.rooms.find((r) => r.id === current.roomId)?.name;
  const speakers = data.speakers.filter((sp) => current.speakerIds.includes(sp.id)).map((sp) => sp.name);
  const when = (s: { start: string; end: string }) => `${s.start.slice(0, 10)} ${s.start.slice(11, 16)}–${s.end.slice(11, 16)}`;
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-session-title" data-testid="auditorium-session">
        <Stack gap={6}>
          <Badge color={isLive ? 'red.8' : 'blue.8'} variant="filled" w="fit-content">
            {isLive ? t('programme.live.now') : t('programme.live.next')}
          </Badge>
          <Title order={2} fz="h3" id="live-session-title">
            {current.title}
          </Title>
          <Text size="sm">
            {when(current)} ({data.timeZone}){room ? ` · ${room}` : ''}
          </Text>
          {speakers.length > 0 && (
            <Text size="sm" c="dimmed">
              {speakers.join(', ')}
            </Text>
          )}
          <SessionExtras s={current} data={data} />
        </Stack>
      </Paper>
      {/* The session's own stream when the organiser gave one; otherwise the built-in live page below is the session. */}
      {current.streamUrl && <SessionStream url={current.streamUrl} title={current.title} />}
      <Suspense fallback={<Skeleton h={200} />}>
        <LivePanel key={current.id} eventId={eventId} sessionId={current.id} title={current.title} />
      </Suspense>
      {later.length > 0 && (
        <Stack gap={4} component="section" aria-label={t('programme.live.later')}>
          <Text fw={600} size="sm">
            {t('programme.live.later')}
          </Text>
          {later.slice(0, 3).map((s) => (
            <Text key={s.id} size="sm">
              {when(s)} · {s.title}
            </Text>
          ))}
        </Stack>
      )}
      <Group>
        <Button component={Link} to={`/tabs/session-list?eventId=${encodeURIComponent(eventId)}`} variant="light" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
          {t('programme.live.schedule')}
        </Button>
      </Group>
    </Stack>
  );
}
