import '../meetings-i18n.ts';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCalendarTime, IconUsers, IconVideo } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEETING_MODE_LABELS, MEETING_PLACE_LABELS, MEETING_RESPONSE_STATUS_LABELS, MEETING_STATUS_COLOURS, MEETING_STATUS_LABELS, MEETING_TYPE_LABELS, type TMeetingResponseStatus, type TMeetingStatus } from '@pavilion/domain';
import type { TMeeting } from '@pavilion/domain/meetings/meetings.schemas';
import type { TMeetingAction, TProposalAnswer } from '@pavilion/domain/meetings/meeting-actions';
import { downloadFile } from '../../../app/download.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { meetingsApi, meetingsKeys } from '../api/meetings-api.ts';
import { StartCallButton } from '../../video/index.ts';

const ProposeTimeModal = lazy(() => import('./propose-time-modal.tsx').then((m) => ({ default: m.ProposeTimeModal })));

/**
 * SPEC §4 colours as Mantine colours; the badge picks dark or light text for contrast (amber takes dark text: white
 * on the dark yellow shades stays under 4.5:1).
 */
export const STATUS_COLOUR: Record<string, string> = { amber: 'yellow.5', blue: 'blue.8', red: 'red.8', green: 'teal.9', grey: 'gray.7' };
const clock = (slot: string) => slot.slice(11, 16);
const day = (slot: string) => new Date(`${slot.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

export function whereOf(m: TMeeting, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (m.mode === 2) return MEETING_MODE_LABELS[2];
  return [MEETING_PLACE_LABELS[m.place as 1 | 2], m.tableNumber ? t('meetings.mine.table', { n: m.tableNumber }) : null, m.booth].filter(Boolean).join(' · ');
}

/** The SPEC §4 status badge: the first labelling, and the invitee's answer when it says more (Maybe/Tentative, Scheduled). */
export function MeetingStatusBadge({ m }: { m: Pick<TMeeting, 'status' | 'responseStatus'> }) {
  const status = m.status as TMeetingStatus;
  const response = m.responseStatus as TMeetingResponseStatus;
  const label = response === 3 || response === 5 ? MEETING_RESPONSE_STATUS_LABELS[response] : MEETING_STATUS_LABELS[status];
  return (
    <Badge color={STATUS_COLOUR[MEETING_STATUS_COLOURS[status]]} autoContrast>
      {label}
    </Badge>
  );
}

function MeetingCard({ m, me, eventId, slotMinutesLabel }: { m: TMeeting; me: string; eventId: string; slotMinutesLabel?: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const other = m.requester.eventUserId === me ? m.invitee : m.requester;
  const act = useMutation({
    mutationFn: (action: TMeetingAction) => meetingsApi.act(eventId, m.id, action),
    onSuccess: (_r, action) => {
      toast(t(`meetings.mine.done.${action}`), 'success');
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const [proposing, setProposing] = useState(false);
  const answer = useMutation({
    mutationFn: (a: TProposalAnswer) => meetingsApi.answerProposal(eventId, m.id, m.proposal!.id, a),
    onSuccess: (_r, a) => {
      toast(t(`meetings.reschedule.done.${a}`), 'success');
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
    onError: (err) => {
      toast(errorMessage(err, t), 'error');
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
  });
  const title = t('meetings.mine.with', { name: other.name });
  const p = m.proposal;
  return (
    <Paper component="article" aria-label={`${title}, ${day(m.slot)} ${clock(m.slot)}`} withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} c="dimmed">
            {day(m.slot)} · {clock(m.slot)}
            {slotMinutesLabel}
          </Text>
          <MeetingStatusBadge m={m} />
        </Group>
        <Text fw={600}>{title}</Text>
        <Group gap={6}>
          <Badge variant="light" size="sm">
            {MEETING_TYPE_LABELS[m.type as 1 | 2 | 3]}
          </Badge>
          <Text size="sm" c="dimmed">
            {whereOf(m, t)}
          </Text>
        </Group>
        {m.requester.eventUserId !== me && (
          <Text size="xs" c="dimmed">
            {t('meetings.mine.requestedBy', { name: m.requester.name })}
          </Text>
        )}
        {m.message && <Text size="sm">“{m.message}”</Text>}
        {p && (
          // A new time waits for an answer: the meeting keeps its time (above) until the other side accepts.
          <Paper withBorder radius="sm" p="xs" style={{ borderStyle: 'dashed' }} role="group" aria-label={`${t('meetings.reschedule.slot')}: ${day(p.slot)} ${clock(p.slot)}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text size="sm">{p.proposedBy === null ? t('meetings.reschedule.proposedByOrganiser') : p.proposedBy.eventUserId === me ? t('meetings.reschedule.proposedByYou') : t('meetings.reschedule.proposedBy', { name: p.proposedBy.name })}</Text>
                <div style={{ flexShrink: 0 }}>
                  <MeetingStatusBadge m={{ status: p.status, responseStatus: 0 }} />
                </div>
              </Group>
              <Text size="sm" fw={700}>
                {day(p.slot)} · {clock(p.slot)}
                {p.booth && p.booth !== m.booth ? ` · ${p.booth}` : ''}
                {p.tableNumber && p.tableNumber !== m.tableNumber ? ` · ${t('meetings.mine.table', { n: p.tableNumber })}` : ''}
              </Text>
              {p.answers.length === 0 || (p.answers.length === 1 && p.answers[0] === 'withdraw') ? (
                <Text size="xs" c="dimmed">
                  {t('meetings.reschedule.waiting', { name: other.name })}
                </Text>
              ) : null}
              {p.answers.length > 0 && (
                <Group gap="xs">
                  {p.answers.map((a) => (
                    <Button key={a} size="xs" variant={a === 'accept' ? 'filled' : 'default'} loading={answer.isPending && answer.variables === a} onClick={() => answer.mutate(a)} aria-label={`${t(`meetings.reschedule.answers.${a}`)}: ${title}`}>
                      {t(`meetings.reschedule.answers.${a}`)}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>
        )}
        <Group gap="xs">
          {m.videoChannel && (
            // The call's channel for chat's generateRtcToken (cn); the call itself is the 1:1 video call below.
            <Badge variant="outline" leftSection={<IconVideo size={12} aria-hidden />} tt="none">
              {t('meetings.mine.videoCall')}
            </Badge>
          )}
          {m.videoChannel && m.status === 1 && (
            // modules/video: an accepted virtual meeting is a 1:1 call on the meeting's own channel.
            <Suspense fallback={null}>
              <StartCallButton peer={other} channel={m.videoChannel} label={t('meetings.mine.joinVideoCall')} />
            </Suspense>
          )}
          {m.actions.map((a) => (
            <Button key={a} size="xs" variant={a === 'accept' ? 'filled' : 'default'} loading={act.isPending && act.variables === a} onClick={() => act.mutate(a)} aria-label={`${t(`meetings.mine.actions.${a}`)}: ${title}`}>
              {t(`meetings.mine.actions.${a}`)}
            </Button>
          ))}
          {m.canReschedule && (
            <Button size="xs" variant="default" leftSection={<IconCalendarTime size={14} aria-hidden />} onClick={() => setProposing(true)} aria-label={t('meetings.reschedule.proposeFor', { title })}>
              {t('meetings.reschedule.propose')}
            </Button>
          )}
        </Group>
      </Stack>
      {proposing && (
        <Suspense fallback={null}>
          <ProposeTimeModal eventId={eventId} meeting={m} other={other} onClose={() => setProposing(false)} />
        </Suspense>
      )}
    </Paper>
  );
}

/** The participant's meetings in time order, each with what they may do next (SPEC §4 statuses and colours). */
export function MyMeetings({ eventId, headingLevel = 3, compact = false, onCount }: { eventId: string; headingLevel?: 2 | 3; compact?: boolean; onCount?: (n: number) => void }) {
  const { t } = useTranslation();
  const mine = useQuery({ queryKey: meetingsKeys.mine(eventId), queryFn: ({ signal }) => meetingsApi.mine(eventId, signal) });
  const shown = mine.data ? (compact ? mine.data.meetings.filter((m) => m.status === 0 || m.status === 1).length : mine.data.meetings.length) : 0;
  useEffect(() => onCount?.(shown), [shown, onCount]);
  if (mine.isPending) return <Skeleton h={120} />;
  if (mine.isError || !mine.data) return <Text c="dimmed">{t('meetings.mine.loadError')}</Text>;
  const list = compact ? mine.data.meetings.filter((m) => m.status === 0 || m.status === 1) : mine.data.meetings;
  return (
    <Stack gap="sm">
      {list.length === 0 ? (
        compact ? null : <EmptyState headingLevel={headingLevel} icon={<IconUsers size={32} />} title={t('meetings.mine.empty')} description={t('meetings.mine.emptyBody')} />
      ) : (
        <>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconCalendarPlus size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => void downloadFile(meetingsApi.icsUrl(eventId), {}, 'my-meetings.ics').catch((err: unknown) => toast(errorMessage(err, t), 'error'))}
          >
            {t('meetings.mine.download')}
          </Button>
          {list.map((m) => (
            <MeetingCard key={m.id} m={m} me={mine.data.me} eventId={eventId} />
          ))}
        </>
      )}
    </Stack>
  );
}
