import '../organiser-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconCheck, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { checkinKeys } from '../api/checkin-keys.ts';
import { organiserCheckinApi as api } from '../api/organiser-checkin-api.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { useCheckinMutation, useConflicts } from '../hooks/use-organiser-checkin.ts';
import { formatShortDateTime } from '../lib/datetime-local.ts';
import { DataTable } from '../../../ui/data-table.tsx';

/**
 * /app/onsite/conflicts: what offline devices admitted but the server would not have, flagged after their sync
 * (AP-288): double admissions and refusals the device could not know. Resolve with a note (AP-290).
 */
export function OrgConflictsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const [page, setPage] = useState(1);
  const [showResolved, setShowResolved] = useState(false);
  const conflicts = useConflicts(eventId, { page, pageSize: 10, ...(showResolved ? {} : { resolved: 'false' as const }) });
  const resolve = useCheckinMutation((id: string) => api.resolveConflict(eventId, id), [checkinKeys.scans(eventId)]);
  usePageTitle(t('checkin.org.tabs.conflicts'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text c="dimmed" size="sm" maw={720}>
          {t('checkin.org.conflictsBody')}
        </Text>
        <Switch
          label={t('checkin.org.showResolved')}
          checked={showResolved}
          onChange={(e) => {
            setShowResolved(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {conflicts.isPending && <ListLoading />}
      {conflicts.isError && <ListError error={conflicts.error} onRetry={() => void conflicts.refetch()} />}
      {conflicts.data?.items.length === 0 && <ListEmpty icon={<IconShieldCheck size={32} />} title={t('checkin.org.conflictsEmpty')} body={t('checkin.org.conflictsEmptyBody')} />}
      {conflicts.data && conflicts.data.items.length > 0 && (
        <DataTable columns={[t('checkin.org.kind'), t('checkin.org.attendee'), t('checkin.org.area'), t('checkin.org.device'), t('checkin.org.deviceSaid'), t('checkin.org.serverSaid'), t('checkin.org.scannedAt'), t('checkin.org.status')]} minWidth={860} data-testid="conflicts-table">
          {conflicts.data.items.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge color={c.kind === 'double_admission' ? 'orange' : 'red'} variant="light" styles={{ root: { textTransform: 'none', color: 'var(--mantine-color-dark-7)', overflow: 'visible' }, label: { overflow: 'visible' } }}>
                  {t(`checkin.org.conflictKinds.${c.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{c.attendeeName ?? t('checkin.org.none')}</Table.Td>
              <Table.Td>{c.areaName}</Table.Td>
              <Table.Td>{c.deviceName ?? t('checkin.org.none')}</Table.Td>
              <Table.Td>{t(`checkin.results.${c.localResult}`)}</Table.Td>
              <Table.Td>{t(`checkin.results.${c.serverResult}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(c.scannedAt)}</Table.Td>
              <Table.Td>
                {c.resolvedAt ? (
                  <Text size="sm" c="dimmed">
                    {t('checkin.org.resolvedAt', { time: formatShortDateTime(c.resolvedAt) })}
                  </Text>
                ) : (
                  <Can rule="AP-290" fallback={<Text size="sm">{t('checkin.org.none')}</Text>}>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconCheck size={14} aria-hidden />}
                      loading={resolve.isPending && resolve.variables === c.id}
                      onClick={() => resolve.mutate(c.id, { onError: (err) => toast(errorMessage(err, t), 'error') })}
                    >
                      {t('checkin.org.resolve')}
                    </Button>
                  </Can>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {conflicts.data && <ListPager data={conflicts.data} onChange={setPage} />}
    </Stack>
  );
}
