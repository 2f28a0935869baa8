import '../programme-i18n.ts';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Avatar, Badge, Button, Divider, Group, NativeSelect, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Title, TypographyStylesProvider } from '@mantine/core';
import { IconCalendarEvent, IconCalendarPlus, IconDownload, IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TSchedule, TScheduleSession } from '@pavilion/domain/programme/programme.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { downloadFile } from '../../../app/download.ts';
import { SubscribeCalendar } from './subscribe-calendar.tsx';
import { SpeakerAvatar } from './speaker-photo.tsx';
import { MySessionRequests } from './session-requests.tsx';
import { useEventData } from '../../../app/session-storage.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { programmeApi, programmeKeys } from '../api/programme-api.ts';
import { MyMeetings } from '../../meetings/index.ts';
import { clockOf, dayLabel, filterSessions, nowLineIndex, tagsOf } from '../lib/programme-format.ts';
import { SessionExtras } from './session-extras.tsx';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

async function download(url: string, name: string, t: (k: string) => string) {
  try {
    await downloadFile(url, {}, name);
  } catch (err) {
    toast(errorMessage(err, t as never), 'error');
  }
}

function SessionCard({ s, data, eventId, canBook, isNow }: { s: TScheduleSession; data: TSchedule; eventId: string; canBook: boolean; isNow: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const room = data.rooms.find((r) => r.id === s.roomId);
  const track = data.tracks.find((x) => x.id === s.trackId);
  const people = s.speakerIds.flatMap((id) => data.speakers.filter((x) => x.id === id));
  const names = people.map((x) => x.name);
  const book = useMutation({
    mutationFn: () => (s.myStatus ? programmeApi.cancel(eventId, s.id) : programmeApi.book(eventId, s.id)),
    onSuccess: (r) => {
      if (r.status === 'booked') toast(t('programme.attendee.bookedToast', { title: s.title }), 'success');
      else if (r.status === 'waitlisted') toast(t('programme.attendee.waitlistedToast', { position: r.waitlistPosition }), 'info');
      else toast(t('programme.attendee.cancelledToast'), 'success');
      return qc.invalidateQueries({ queryKey: programmeKeys.schedule(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const star = useMutation({
    mutationFn: () => (s.bookmarked ? programmeApi.removeBookmark(eventId, s.id) : programmeApi.bookmark(eventId, s.id)),
    onSuccess: (r) => {
      toast(r.bookmarked ? t('programme.attendee.bookmarkedToast') : t('programme.attendee.unbookmarkedToast'), 'success');
      return qc.invalidateQueries({ queryKey: programmeKeys.schedule(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const titleId = `session-${s.id}`;
  // A participant whose ticket is not among the session's: the server refuses booking and starring, so neither is offered.
  const isRestricted = s.isTicketAllowed === false;
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder p="sm" radius="md" style={{ borderLeft: `4px solid ${track?.colour ?? 'var(--mantine-color-gray-4)'}` }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} c="dimmed">
            {clockOf(s.start)}–{clockOf(s.end)}
          </Text>
          <Group gap={4}>
            {isNow && (
              <Badge color="red.8" variant="filled">
                {t('programme.attendee.nowPlaying')}
              </Badge>
            )}
            {s.myStatus === 'booked' && <Badge color="teal.9">{t('programme.attendee.booked')}</Badge>}
            {canBook && !isRestricted && (
              // A toggle: its name stays the same and aria-pressed says whether the session is starred.
              <ActionIcon
                variant={s.bookmarked ? 'filled' : 'subtle'}
                color={s.bookmarked ? 'yellow.9' : 'gray.7'}
                size="lg"
                aria-label={`${t('programme.attendee.bookmark')}: ${s.title}`}
                aria-pressed={s.bookmarked}
                loading={star.isPending}
                onClick={() => star.mutate()}
              >
                {s.bookmarked ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
              </ActionIcon>
            )}
            {s.myStatus === 'waitlisted' && <Badge color="#b54708">{t('programme.attendee.waitlisted', { position: s.myWaitlistPosition })}</Badge>}
          </Group>
        </Group>
        <Title order={3} fz="md" id={titleId}>
          {s.title}
        </Title>
        <Group gap={6}>
          <Badge variant="light" size="sm">
            {t(`programme.types.${s.sessionType}`)}
          </Badge>
          {room && (
            <Text size="sm" c="dimmed">
              {room.name}
            </Text>
          )}
          {track && (
            <Text size="sm" c="dimmed">
              · {track.name}
            </Text>
          )}
        </Group>
        {names.length > 0 && (
          <Group gap="xs" wrap="nowrap">
            {/* The speakers' photos (their names follow in the text). */}
            <Avatar.Group spacing="xs">
              {people.slice(0, 4).map((x) => (
                <SpeakerAvatar key={x.id} name={x.name} photoUrl={x.photoUrl} size="sm" />
              ))}
            </Avatar.Group>
            <Text size="sm">{t('programme.attendee.by', { names: names.join(', ') })}</Text>
          </Group>
        )}
        <SessionExtras s={s} data={data} />
        {s.descriptionHtml && (
          // Sanitised on save (server) and on arrival (the API client's DOMPurify pass).
          <TypographyStylesProvider fz="sm">
            <div dangerouslySetInnerHTML={{ __html: s.descriptionHtml }} />
          </TypographyStylesProvider>
        )}
        <Group gap="xs">
          {s.bookingRequired &&
            (canBook && isRestricted && !s.myStatus ? (
              // Disabled but still announced, with the reason beside it.
              <Button size="sm" disabled aria-describedby={`${titleId}-restricted`} aria-label={`${t('programme.attendee.book')}: ${s.title}`}>
                {t('programme.attendee.book')}
              </Button>
            ) : canBook ? (
              <Button size="sm" variant={s.myStatus ? 'default' : 'filled'} loading={book.isPending} onClick={() => book.mutate()} aria-label={`${s.myStatus === 'booked' ? t('programme.attendee.cancelBooking') : s.myStatus ? t('programme.attendee.leaveWaitlist') : s.seatsLeft === 0 ? t('programme.attendee.joinWaitlist') : t('programme.attendee.book')}: ${s.title}`}>
                {s.myStatus === 'booked' ? t('programme.attendee.cancelBooking') : s.myStatus ? t('programme.attendee.leaveWaitlist') : s.seatsLeft === 0 ? t('programme.attendee.joinWaitlist') : t('programme.attendee.book')}
              </Button>
            ) : (
              <Button size="sm" variant="light" component={Link} to={`/ei/${encodeURIComponent(eventId)}`}>
                {t('programme.attendee.signInToBook')}
              </Button>
            ))}
          <Button size="sm" variant="subtle" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => void download(programmeApi.sessionIcsUrl(eventId, s.id), 'session.ics', t)} aria-label={`${t('programme.attendee.addToCalendar')}: ${s.title}`}>
            {t('programme.attendee.addToCalendar')}
          </Button>
          {s.bookingRequired && canBook && isRestricted && !s.myStatus && (
            <Text size="xs" fw={600} id={`${titleId}-restricted`}>
              {t('programme.attendee.notYourTicket')}
            </Text>
          )}
          {s.bookingRequired && s.seatsLeft !== null && (
            <Text size="xs" c="dimmed">
              {s.seatsLeft === 0 ? t('programme.attendee.full') : t('programme.attendee.seatsLeft', { count: s.seatsLeft })}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The attendee app's Schedule tab (`session-list`): the event's sessions by day in the event's time zone, with
 * track/room filters, search and a "now" marker; "My schedule" shows what the participant booked or waits for.
 */
/** `initialView` 'mine' opens on My schedule (the web portal's My Schedule entry). */
export function ScheduleTab({ eventId, initialView = 'all' }: { eventId: string; initialView?: 'all' | 'mine' }) {
  const { t } = useTranslation();
  const now = useNow();
  const eventData = useEventData();
  const canBook = eventData?.eventId === eventId;
  const schedule = useQuery({ queryKey: programmeKeys.schedule(eventId), queryFn: ({ signal }) => programmeApi.schedule(eventId, signal) });
  const [view, setView] = useState<'all' | 'mine'>(initialView);
  // How many of the participant's meetings My schedule shows (modules/meetings), so its empty state tells the truth.
  const [meetingCount, setMeetingCount] = useState(0);
  const [search, setSearch] = useState('');
  const [trackId, setTrackId] = useState('');
  const [roomId, setRoomId] = useState('');
  const [tag, setTag] = useState('');
  const data = schedule.data;
  const tags = useMemo(() => tagsOf(data?.sessions ?? []), [data]);
  const days = useMemo(() => [...new Set((data?.sessions ?? []).map((s) => s.start.slice(0, 10)))].sort(), [data]);
  const today = data ? new Intl.DateTimeFormat('en-CA', { timeZone: data.timeZone }).format(now) : '';
  const [day, setDay] = useState<string | null>(null);
  const currentDay = day && days.includes(day) ? day : days.includes(today) ? today : (days[0] ?? '');

  if (schedule.isPending) return <Skeleton h={160} />;
  if (schedule.isError || !data) return <Text c="dimmed">{t('programme.attendee.loadError')}</Text>;

  // My schedule: what the participant booked, waits for, or starred.
  const mine = data.sessions.filter((s) => s.myStatus !== null || s.bookmarked);
  const list = view === 'mine' ? mine : filterSessions(data.sessions, data.speakers, { day: currentDay, search, trackId, roomId, tag });
  const isNow = (s: TScheduleSession) => new Date(s.startsAt) <= now && now < new Date(s.endsAt);
  // The "now" line goes before the first session still to start, on today's page.
  const nowIndex = view === 'all' && currentDay === today ? nowLineIndex(list, now) : -1;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('programme.attendee.timeZone', { zone: data.timeZone })}
        </Text>
        {canBook && (
          <SegmentedControl
            size="sm"
            aria-label={t('programme.attendee.schedule')}
            data={[
              { value: 'all', label: t('programme.attendee.all') },
              { value: 'mine', label: t('programme.attendee.mySchedule') },
            ]}
            value={view}
            onChange={(v) => setView(v as 'all' | 'mine')}
          />
        )}
      </Group>
      {/* My schedule also holds meetings (modules/meetings), so it opens even before the programme has sessions. */}
      {data.sessions.length === 0 && view !== 'mine' ? (
        <EmptyState headingLevel={3} icon={<IconCalendarEvent size={32} />} title={t('programme.attendee.noSessions')} description={t('programme.attendee.noSessionsBody')} />
      ) : view === 'mine' ? (
        <>
          {data.sessions.length > 0 && (
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download(programmeApi.myIcsUrl(eventId), 'my-schedule.ics', t)} style={{ alignSelf: 'flex-start' }} disabled={!mine.some((s) => s.myStatus === 'booked' || s.bookmarked)}>
              {t('programme.attendee.downloadAll')}
            </Button>
          )}
          {data.sessions.length > 0 && <SubscribeCalendar eventId={eventId} />}
          {/* Meetings (modules/meetings) merged on the web side: the participant's pending and accepted meetings. */}
          <Suspense fallback={<Skeleton h={80} />}>
            <MyMeetings eventId={eventId} compact headingLevel={3} onCount={setMeetingCount} />
          </Suspense>
          {mine.length === 0 && meetingCount === 0 && <EmptyState headingLevel={3} icon={<IconCalendarEvent size={32} />} title={t('programme.attendee.myEmpty')} description={t('programme.attendee.myEmptyBody')} />}
          {mine.map((s) => (
            <Stack key={s.id} gap={4}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                {dayLabel(s.start.slice(0, 10))}
              </Text>
              <SessionCard s={s} data={data} eventId={eventId} canBook={canBook} isNow={isNow(s)} />
            </Stack>
          ))}
          {/* Proposing a session or asking to speak, and the participant's own requests with their status. */}
          {canBook && <MySessionRequests eventId={eventId} schedule={data} />}
        </>
      ) : (
        <>
          {days.length > 1 && (
            <SegmentedControl fullWidth aria-label={t('programme.attendee.day')} data={days.map((d) => ({ value: d, label: dayLabel(d) }))} value={currentDay} onChange={setDay} />
          )}
          <TextInput leftSection={<IconSearch size={16} aria-hidden />} placeholder={t('programme.attendee.search')} aria-label={t('programme.attendee.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <Group grow gap="xs">
            {data.tracks.length > 0 && (
              <NativeSelect aria-label={t('programme.attendee.track')} data={[{ value: '', label: t('programme.attendee.allTracks') }, ...data.tracks.map((x) => ({ value: x.id, label: x.name }))]} value={trackId} onChange={(e) => setTrackId(e.currentTarget.value)} />
            )}
            {data.rooms.length > 0 && (
              <NativeSelect aria-label={t('programme.attendee.room')} data={[{ value: '', label: t('programme.attendee.allRooms') }, ...data.rooms.map((x) => ({ value: x.id, label: x.name }))]} value={roomId} onChange={(e) => setRoomId(e.currentTarget.value)} />
            )}
            {tags.length > 0 && (
              <NativeSelect aria-label={t('programme.attendee.tag')} data={[{ value: '', label: t('programme.attendee.allTags') }, ...tags.map((x) => ({ value: x, label: `#${x}` }))]} value={tag} onChange={(e) => setTag(e.currentTarget.value)} />
            )}
          </Group>
          {list.length === 0 && <EmptyState headingLevel={3} icon={<IconCalendarEvent size={32} />} title={t('programme.attendee.noMatches')} description={t('programme.attendee.noMatchesBody')} />}
          {list.map((s, i) => (
            <Stack key={s.id} gap="xs">
              {i === nowIndex && <Divider color="red.8" size="sm" label={t('programme.attendee.now')} labelPosition="left" />}
              <SessionCard s={s} data={data} eventId={eventId} canBook={canBook} isNow={isNow(s)} />
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
