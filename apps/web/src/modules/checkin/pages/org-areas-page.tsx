import '../organiser-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconMapPin, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TArea } from '@pavilion/domain/checkin/checkin.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { httpStatusOf } from '../../../app/api-client.ts';
import { toast } from '../../../app/toast.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { downloadFile } from '../../../app/download.ts';
import { checkinKeys } from '../api/checkin-keys.ts';
import { CHECKIN_EXPORTS, organiserCheckinApi as api } from '../api/organiser-checkin-api.ts';
import { AreaFormModal } from '../components/organiser/area-form-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { DeleteItem } from '../components/organiser/row-menu-items.tsx';
import { useAreas, useCheckinMutation } from '../hooks/use-organiser-checkin.ts';
import { ruleSummary } from '../lib/area-display.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { RowMenu } from '../../../ui/row-menu.tsx';

/** /app/onsite: the event's check-in areas (AP-261), create (AP-262), edit (AP-263, rules AP-267, capacity AP-269), delete (AP-264). */
export function OrgAreasPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const areas = useAreas(eventId, true);
  const [editing, setEditing] = useState<TArea | null>(null);
  const [isOpen, setOpen] = useState(false);
  const remove = useCheckinMutation((id: string) => api.deleteArea(eventId, id), [checkinKeys.areas(eventId)]);
  usePageTitle(t('checkin.org.tabs.areas'));

  const open = (area: TArea | null) => {
    setEditing(area);
    setOpen(true);
  };
  const newButton = (
    <Can rule="AP-262">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
        {t('checkin.org.newArea')}
      </Button>
    </Can>
  );
  const exportCsv = async () => {
    try {
      const name = await downloadFile(CHECKIN_EXPORTS.areas(eventId), {}, 'areas.csv');
      toast(t('checkin.org.exported', { name }), 'success');
    } catch (err) {
      toast(errorMessage(err, t), 'error');
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {areas.data ? t('checkin.org.areasCount', { count: areas.data.length }) : ''}
        </Text>
        <Group gap="sm">
          {areas.data && areas.data.length > 0 && (
            <Can rule="AP-265">
              <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} onClick={() => void exportCsv()}>
                {t('checkin.org.exportCsv')}
              </Button>
            </Can>
          )}
          {areas.data && areas.data.length > 0 && newButton}
        </Group>
      </Group>
      {areas.isPending && <ListLoading />}
      {areas.isError && <ListError error={areas.error} onRetry={() => void areas.refetch()} />}
      {areas.data?.length === 0 && <ListEmpty icon={<IconMapPin size={32} />} title={t('checkin.org.areasEmpty')} body={t('checkin.org.areasEmptyBody')} action={newButton} />}
      {areas.data && areas.data.length > 0 && (
        <DataTable columns={[t('checkin.org.areaName'), t('checkin.org.areaKind'), t('checkin.org.rules'), t('checkin.org.inside'), t('checkin.org.capacity'), { label: t('checkin.org.actions'), isHidden: true }]} minWidth={760}>
          {areas.data.map((area) => (
            <Table.Tr key={area.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {area.name}
                </Text>
              </Table.Td>
              <Table.Td>{t(`checkin.areaKinds.${area.kind}`)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {ruleSummary(area, t).map((r) => (
                    <Badge key={r} variant="light" color="gray" size="sm" styles={{ root: { textTransform: 'none', color: 'var(--mantine-color-gray-9)' } }}>
                      {r}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text fw={700} data-testid={`inside-${area.id}`}>
                  {area.inside}
                </Text>
              </Table.Td>
              <Table.Td>
                {area.capacity === null ? (
                  <Text size="sm" c="dimmed">
                    {t('checkin.org.unlimited')}
                  </Text>
                ) : (
                  <Text size="sm">
                    {area.capacity} · {area.capacityMode === 'refuse' ? t('checkin.org.capacityRefuse') : t('checkin.org.capacityWarn')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <RowMenu label={`${t('checkin.org.actions')}: ${area.name}`}>
                  <Can rule="AP-263">
                    <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => open(area)}>
                      {t('common.edit')}
                    </Menu.Item>
                  </Can>
                  <Can rule="AP-264">
                    <DeleteItem
                      title={t('checkin.org.deleteTitle', { name: area.name })}
                      body={t('checkin.org.deleteBody')}
                      onConfirm={() => remove.mutate(area.id, { onError: (err) => toast(httpStatusOf(err) === 409 ? t('checkin.org.areaInUse') : errorMessage(err, t), 'error') })}
                    />
                  </Can>
                </RowMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <AreaFormModal eventId={eventId} area={editing} isOpen={isOpen} onClose={() => setOpen(false)} />
    </Stack>
  );
}
