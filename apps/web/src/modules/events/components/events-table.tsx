import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EVENT_MODE_LABELS, EVENT_TYPE_LABELS, type TEvent, type TEventMode, type TEventType } from '@pavilion/domain';
import { formatDateRange } from '../../../ui/format.ts';
import { EventPhaseBadge } from './event-phase-badge.tsx';

export const eventDashboardPath = (eventId: string) => `/app?eventId=${encodeURIComponent(eventId)}`;

/** Events as a table on wide screens and as cards on phones (only one of them is rendered). */
export function EventsTable({ events }: { events: TEvent[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNarrow = useMediaQuery('(max-width: 47.99em)');

  if (isNarrow) {
    return (
      <Stack gap="sm">
        {events.map((e) => (
          <Card key={e.id} withBorder padding="md" radius="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Anchor component={Link} to={eventDashboardPath(e.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {e.name}
                </Anchor>
                <EventPhaseBadge event={e} />
              </Group>
              <Text size="sm">{formatDateRange(e.startDate, e.endDate)}</Text>
              <Text size="sm" c="dimmed">
                {[EVENT_MODE_LABELS[e.eventMode as TEventMode], EVENT_TYPE_LABELS[e.eventType as TEventType], e.venue].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>{t('events.name')}</Table.Th>
            <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>{t('events.dates')}</Table.Th>
            <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>{t('events.eventMode')}</Table.Th>
            <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>{t('events.eventType')}</Table.Th>
            <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>{t('events.venue')}</Table.Th>
            <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>{t('events.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr
              key={e.id}
              className="clickable-row"
              // The name link is the keyboard and screen-reader target; the row click is a mouse convenience.
              onClick={(ev) => {
                if ((ev.target as HTMLElement).closest('a')) return;
                navigate(eventDashboardPath(e.id));
              }}
            >
              <Table.Td>
                <Anchor component={Link} to={eventDashboardPath(e.id)} fw={600}>
                  {e.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateRange(e.startDate, e.endDate)}</Table.Td>
              <Table.Td>{EVENT_MODE_LABELS[e.eventMode as TEventMode] ?? '—'}</Table.Td>
              <Table.Td>{EVENT_TYPE_LABELS[e.eventType as TEventType] ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1} maw={220}>
                  {e.venue || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <EventPhaseBadge event={e} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
