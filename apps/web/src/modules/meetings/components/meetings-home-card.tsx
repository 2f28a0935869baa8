import '../meetings-i18n.ts';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEventData } from '../../../app/session-storage.ts';
import { useOnNotice } from '../../notifications/index.ts';
import { meetingsApi, meetingsKeys } from '../api/meetings-api.ts';

/**
 * The in-app notice on the attendee's home: requests waiting for the participant's answer, their next accepted
 * meeting, and the way to matchmaking (mm/{eventId-eventUserId}). Only for a participant signed in to this event.
 */
export function MeetingsHomeCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const eventData = useEventData();
  const isParticipant = eventData?.eventId === eventId;
  const mine = useQuery({ queryKey: meetingsKeys.mine(eventId), queryFn: ({ signal }) => meetingsApi.mine(eventId, signal), enabled: isParticipant });
  // A meeting notice heard live (invited, accepted, reminded…: modules/notifications) reads the meetings again.
  const qc = useQueryClient();
  useOnNotice(isParticipant ? eventId : null, isParticipant ? eventData.eventUserId : null, (kind) => kind.startsWith('MEETING_'), () => void qc.invalidateQueries({ queryKey: meetingsKeys.mine(eventId) }));
  if (!isParticipant) return null;
  const waiting = (mine.data?.meetings ?? []).filter((m) => m.actions.includes('accept')).length;
  const next = (mine.data?.meetings ?? []).find((m) => m.status === 1 && new Date(m.endsAt) > new Date());
  return (
    <Paper component="section" aria-labelledby="home-meetings" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
            <IconHeartHandshake size={20} />
          </ThemeIcon>
          <Title order={2} fz="h4" id="home-meetings">
            {t('meetings.home.title')}
          </Title>
        </Group>
        <Text size="sm" c={waiting ? undefined : 'dimmed'} fw={waiting ? 600 : undefined} aria-live="polite">
          {waiting ? t('meetings.home.waiting', { count: waiting }) : t('meetings.home.hint')}
        </Text>
        {next && (
          <Text size="sm">
            {t('meetings.home.next', { name: next.requester.eventUserId === eventData.eventUserId ? next.invitee.name : next.requester.name, when: next.slot.replace('T', ' ') })}
          </Text>
        )}
        <Button component={Link} to={`/mm/${encodeURIComponent(`${eventId}-${eventData.eventUserId}`)}`} size="xs" variant="light" style={{ alignSelf: 'flex-start' }}>
          {t('meetings.home.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
