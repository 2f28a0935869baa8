import '../programme-i18n.ts';
import { useMemo, useState } from 'react';
import { Badge, Box, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPrinter } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TSchedule } from '@pavilion/domain/programme/programme.schemas';
import { takeFirstPaintData } from '../../../app/first-paint-data.ts';
import { sessionStore } from '../../../app/session-storage.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { programmeApi, programmeKeys } from '../api/programme-api.ts';
import { clockOf, dayLabel } from '../lib/programme-format.ts';
import { SessionExtras } from './session-extras.tsx';

type TAgendaSession = TSchedule['sessions'][number];

/** The sessions of one day grouped by their start time: parallel sessions side by side in one slot. */
function slotsOf(sessions: readonly TAgendaSession[]): { start: string; sessions: TAgendaSession[] }[] {
  const slots = new Map<string, TAgendaSession[]>();
  for (const s of [...sessions].sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title))) {
    const list = slots.get(s.start) ?? [];
    list.push(s);
    slots.set(s.start, list);
  }
  return [...slots].map(([start, list]) => ({ start, sessions: list }));
}

/**
 * The Agenda's read. The app's Agenda page arrives with a signed-out visitor's answer in it (app/first-paint.ts), from
 * which the server drew its first view: that answer is the query's initial data, so React's first render is the same.
 */
export function agendaQuery(eventId: string, from: 'app' | 'portal') {
  return queryOptions({
    queryKey: programmeKeys.agenda(eventId, from),
    queryFn: ({ signal }) => programmeApi.agenda(eventId, from, signal),
    initialData: () => (from === 'app' && !sessionStore.isLoggedIn() ? takeFirstPaintData('GET /api/scheduleservices/api/events/:eventId/agenda', { eventId }) : undefined),
  });
}

/**
 * The attendee app's Agenda tab (`event-agenda`, SPEC §2.4) and the web portal's Agenda entry (§2.5): the whole
 * programme at a glance, day by day in the event's time zone, parallel sessions in one time slot, each with its room,
 * track and speakers; printable. Booking stays on the Schedule tab.
 */
export function AgendaTab({ eventId, from = 'app' }: { eventId: string; from?: 'app' | 'portal' }) {
  const { t } = useTranslation();
  const agenda = useQuery(agendaQuery(eventId, from));
  const data = agenda.data;
  const days = useMemo(() => [...new Set((data?.sessions ?? []).map((s) => s.start.slice(0, 10)))].sort(), [data]);
  const [day, setDay] = useState<string | null>(null);
  const currentDay = day && days.includes(day) ? day : (days[0] ?? '');

  if (agenda.isPending) return <Skeleton h={160} />;
  if (agenda.isError || !data) return <Text c="dimmed">{t('programme.attendee.agendaLoadError')}</Text>;
  if (data.sessions.length === 0) {
    return <EmptyState headingLevel={3} icon={<IconCalendarEvent size={32} />} title={t('programme.attendee.noSessions')} description={t('programme.attendee.noSessionsBody')} />;
  }
  const rooms = new Map(data.rooms.map((r) => [r.id, r.name]));
  const tracks = new Map(data.tracks.map((x) => [x.id, x]));
  const speakers = new Map(data.speakers.map((x) => [x.id, x.name]));
  const slots = slotsOf(data.sessions.filter((s) => s.start.startsWith(currentDay)));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('programme.attendee.timeZone', { zone: data.timeZone })}
        </Text>
        <Button variant="default" size="xs" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('programme.attendee.printAgenda')}
        </Button>
      </Group>
      {days.length > 1 && (
        <SegmentedControl aria-label={t('programme.attendee.day')} value={currentDay} onChange={setDay} data={days.map((d) => ({ value: d, label: dayLabel(d) }))} fullWidth />
      )}
      <Title order={2} fz="lg">
        {dayLabel(currentDay)}
      </Title>
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('programme.attendee.agendaOf', { day: dayLabel(currentDay) })}>
        {slots.map((slot) => (
          <Box component="li" key={slot.start}>
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Text fw={700} size="sm" w={48} style={{ flexShrink: 0 }}>
                {clockOf(slot.start)}
              </Text>
              <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                {slot.sessions.map((s) => {
                  const track = s.trackId ? tracks.get(s.trackId) : undefined;
                  const names = s.speakerIds.map((id) => speakers.get(id)).filter(Boolean);
                  return (
                    <Paper key={s.id} withBorder radius="md" p="sm" style={track ? { borderLeft: `4px solid ${track.colour}` } : undefined} data-testid="agenda-session">
                      <Text fw={600} size="sm">
                        {s.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[`${clockOf(s.start)}–${clockOf(s.end)}`, s.roomId ? rooms.get(s.roomId) : null].filter(Boolean).join(' · ')}
                      </Text>
                      {names.length > 0 && <Text size="xs">{names.join(', ')}</Text>}
                      <SessionExtras s={s} data={data} compact />
                      {track && (
                        <Badge size="xs" variant="light" color="gray" mt={4}>
                          {track.name}
                        </Badge>
                      )}
                    </Paper>
                  );
                })}
              </Stack>
            </Group>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
