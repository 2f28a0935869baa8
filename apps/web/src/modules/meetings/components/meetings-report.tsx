import '../meetings-i18n.ts';
import { useState } from 'react';
import { Button, Group, NativeSelect, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEETING_MODE_LABELS, MEETING_STATUS_LABELS, MEETING_TYPE_LABELS } from '@pavilion/domain';
import type { TMeetingAction } from '@pavilion/domain/meetings/meeting-actions';
import type { TMeeting } from '@pavilion/domain/meetings/meetings.schemas';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { meetingsKeys, meetingsOrgApi } from '../api/meetings-api.ts';
import { MoveMeetingModal } from './move-meeting-modal.tsx';
import { MeetingStatusBadge, whereOf } from './my-meetings.tsx';

/** What the organiser may do to a meeting on someone's behalf (AP-439): the actions its status allows them. */
function OrganiserActions({ eventId, m }: { eventId: string; m: TMeeting }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const act = useMutation({
    mutationFn: (action: TMeetingAction) => meetingsOrgApi.act(eventId, m.id, action),
    onSuccess: (_r, action) => {
      toast(t('meetings.org.actionDone', { action: t(`meetings.mine.done.${action}`), who: `${m.requester.name} → ${m.invitee.name}` }), 'success');
      return qc.invalidateQueries({ queryKey: meetingsKeys.all(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const [moving, setMoving] = useState(false);
  return (
    <Group gap={6} wrap="nowrap">
      {m.canReschedule && (
        <Button size="compact-sm" variant="default" onClick={() => setMoving(true)} aria-label={`${t('meetings.org.move')}: ${m.requester.name} → ${m.invitee.name}, ${m.slot.replace('T', ' ')}`}>
          {t('meetings.org.move')}
        </Button>
      )}
      {moving && <MoveMeetingModal eventId={eventId} meeting={m} onClose={() => setMoving(false)} />}
      {m.actions.map((a) => (
        <Button key={a} size="compact-sm" variant="default" loading={act.isPending && act.variables === a} onClick={() => act.mutate(a)} aria-label={`${t(`meetings.mine.actions.${a}`)}: ${m.requester.name} → ${m.invitee.name}, ${m.slot.replace('T', ' ')}`}>
          {t(`meetings.mine.actions.${a}`)}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The SPEC §2.6 host report tabs Meetings (every meeting, filters by status, type, mode and name) and Scheduled
 * Meetings (approved ones): one table, 10 a page (SPEC §9 pager).
 */
export function MeetingsReport({ eventId, scheduled = false, headingId }: { eventId: string; scheduled?: boolean; headingId?: string }) {
  const { t } = useTranslation();
  const canAct = useAccess().can('AP-439');
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [mode, setMode] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = { ...(scheduled ? { scheduled: 'true' as const } : status ? { status: Number(status) } : {}), ...(type ? { type: Number(type) } : {}), ...(mode ? { mode: Number(mode) } : {}), ...(q.trim() ? { q: q.trim() } : {}), page, pageSize: 10 };
  const list = useQuery({ queryKey: meetingsKeys.list(eventId, query), queryFn: ({ signal }) => meetingsOrgApi.list(eventId, query, signal), placeholderData: (prev) => prev });
  const set = (f: (v: string) => void) => (v: string) => {
    f(v);
    setPage(1);
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3" id={headingId}>
        {scheduled ? t('meetings.org.scheduled') : t('meetings.org.meetings')}
      </Title>
      <Group gap="xs" wrap="wrap" grow>
        <TextInput leftSection={<IconSearch size={16} aria-hidden />} aria-label={t('meetings.org.search')} placeholder={t('meetings.org.search')} value={q} onChange={(e) => set(setQ)(e.currentTarget.value)} />
        {!scheduled && (
          <NativeSelect aria-label={t('meetings.org.status')} data={[{ value: '', label: t('meetings.org.allStatuses') }, ...Object.entries(MEETING_STATUS_LABELS).map(([value, label]) => ({ value, label: String(label) }))]} value={status} onChange={(e) => set(setStatus)(e.currentTarget.value)} />
        )}
        <NativeSelect aria-label={t('meetings.request.type')} data={[{ value: '', label: t('meetings.org.allTypes') }, ...Object.entries(MEETING_TYPE_LABELS).map(([value, label]) => ({ value, label: String(label) }))]} value={type} onChange={(e) => set(setType)(e.currentTarget.value)} />
        <NativeSelect aria-label={t('meetings.request.mode')} data={[{ value: '', label: t('meetings.org.allModes') }, ...Object.entries(MEETING_MODE_LABELS).map(([value, label]) => ({ value, label: String(label) }))]} value={mode} onChange={(e) => set(setMode)(e.currentTarget.value)} />
      </Group>
      {list.isPending ? (
        <Skeleton h={160} />
      ) : list.isError || !list.data ? (
        <Text c="dimmed">{t('meetings.mine.loadError')}</Text>
      ) : list.data.items.length === 0 ? (
        <EmptyState headingLevel={3} icon={<IconUsers size={32} />} title={t('meetings.org.empty')} description={t('meetings.org.emptyBody')} />
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('meetings.org.when')}</Table.Th>
                <Table.Th>{t('meetings.org.who')}</Table.Th>
                <Table.Th>{t('meetings.org.where')}</Table.Th>
                <Table.Th>{t('meetings.request.type')}</Table.Th>
                <Table.Th>{t('meetings.org.status')}</Table.Th>
                {canAct && <Table.Th>{t('meetings.org.actionsColumn')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{m.slot.replace('T', ' ')}</Table.Td>
                  <Table.Td>
                    {m.requester.name} → {m.invitee.name}
                  </Table.Td>
                  <Table.Td>{whereOf(m, t)}</Table.Td>
                  <Table.Td>{MEETING_TYPE_LABELS[m.type as 1 | 2 | 3]}</Table.Td>
                  <Table.Td>
                    <MeetingStatusBadge m={m} />
                  </Table.Td>
                  {canAct && (
                    <Table.Td>
                      <OrganiserActions eventId={eventId} m={m} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {list.data && list.data.total > 10 && <Pagination total={Math.ceil(list.data.total / 10)} value={page} onChange={setPage} siblings={1} boundaries={1} />}
      {list.data && (
        <Text size="xs" c="dimmed">
          {t('meetings.org.timeZoneNote', { zone: list.data.timeZone })}
        </Text>
      )}
    </Stack>
  );
}
