import '../organiser-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Menu, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import {
  IconBolt,
  IconDeviceMobile,
  IconDownload,
  IconExternalLink,
  IconKey,
  IconLogout,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconBan,
  IconRotateClockwise,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDevice, TDeviceWithCode } from '@pavilion/domain/checkin/checkin.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { downloadFile } from '../../../app/download.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { checkinKeys } from '../api/checkin-keys.ts';
import { CHECKIN_EXPORTS, organiserCheckinApi as api } from '../api/organiser-checkin-api.ts';
import { DeviceCodeModal, DeviceFormModal, RelayModal } from '../components/organiser/device-modals.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { confirmAction } from '../components/organiser/confirm-action.ts';
import { DeleteItem, DeviceCommandItems, type TDeviceCommand } from '../components/organiser/row-menu-items.tsx';
import { useAreas, useCheckinMutation, useDeviceGroups, useDeviceLogs, useDevices } from '../hooks/use-organiser-checkin.ts';
import { formatShortDateTime } from '../lib/datetime-local.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { RowMenu } from '../../../ui/row-menu.tsx';

const STATUS_COLOR = { pending: 'yellow', active: 'green', revoked: 'gray' } as const;

function DeviceLog({ eventId, devices }: { eventId: string; devices: TDevice[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const logs = useDeviceLogs(eventId, { page, pageSize: 10, ...(deviceId ? { deviceId } : {}) });
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h4">
          {t('checkin.org.deviceLog')}
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('checkin.org.logDevice')}
            placeholder={t('checkin.org.allDevices')}
            clearable
            data={devices.map((d) => ({ value: d.id, label: d.name }))}
            value={deviceId}
            onChange={(v) => {
              setDeviceId(v);
              setPage(1);
            }}
            w={220}
          />
          <Can rule="AP-282">
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={() => void downloadFile(CHECKIN_EXPORTS.deviceLogs(eventId), { deviceId: deviceId ?? undefined }, 'device-log.csv').catch((err: unknown) => toast(errorMessage(err, t), 'error'))}
            >
              {t('checkin.org.exportCsv')}
            </Button>
          </Can>
        </Group>
      </Group>
      {logs.isPending && <ListLoading rows={3} />}
      {logs.isError && <ListError error={logs.error} onRetry={() => void logs.refetch()} />}
      {logs.data && logs.data.items.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('checkin.org.logEmpty')}
        </Text>
      )}
      {logs.data && logs.data.items.length > 0 && (
        <DataTable columns={[t('checkin.org.logAt'), t('checkin.org.logDevice'), t('checkin.org.logKind'), t('checkin.org.logMessage')]} minWidth={640} verticalSpacing="xs">
          {logs.data.items.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(l.at)}</Table.Td>
              <Table.Td>{l.deviceName}</Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray" size="sm" styles={{ root: { color: 'var(--mantine-color-gray-9)' } }}>
                  {l.kind}
                </Badge>
              </Table.Td>
              <Table.Td>
                {/* A scan reads as "In · Admitted"; other entries carry the server's sentence. */}
                {l.kind === 'scan' && typeof l.meta.direction === 'string' && typeof l.meta.result === 'string'
                  ? `${t(`checkin.org.directions.${l.meta.direction}`)} · ${t(`checkin.results.${l.meta.result}`)}`
                  : l.message}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {logs.data && <ListPager data={logs.data} onChange={setPage} />}
    </Stack>
  );
}

/**
 * /app/onsite/devices: scanners, kiosks, badge printers and turnstiles (AP-270). Create with a one-time code
 * (AP-271), bind to areas (AP-272), revoke/delete (AP-273), sign out / sync / refresh one or all over the hospitality
 * socket (AP-275..277), relay settings (AP-278..280) and the device log (AP-281).
 */
export function OrgDevicesPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const devices = useDevices(eventId);
  const areas = useAreas(eventId);
  const groups = useDeviceGroups(eventId);
  const [editing, setEditing] = useState<TDevice | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [code, setCode] = useState<TDeviceWithCode | null>(null);
  const [relayOf, setRelayOf] = useState<TDevice | null>(null);
  const invalidates = [checkinKeys.devices(eventId)];
  const command = useCheckinMutation((v: { command: TDeviceCommand; deviceId: string | null }) => api.command(eventId, v.command, v.deviceId), invalidates);
  const revoke = useCheckinMutation((id: string) => api.revokeDevice(eventId, id), invalidates);
  const remove = useCheckinMutation((id: string) => api.deleteDevice(eventId, id), invalidates);
  const newCode = useCheckinMutation((id: string) => api.newCode(eventId, id), invalidates);
  usePageTitle(t('checkin.org.tabs.devices'));

  const areaName = new Map((areas.data ?? []).map((a) => [a.id, a.name]));
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  const hasAreas = (areas.data?.length ?? 0) > 0;
  const send = (c: TDeviceCommand, deviceId: string | null) =>
    command.mutate(
      { command: c, deviceId },
      {
        onSuccess: (res) => toast(t('checkin.org.commandSent', { command: t(`checkin.org.commandNames.${c}`), count: res.reached }), 'success'),
        onError: (err) => toast(errorMessage(err, t), 'error'),
      },
    );
  const onError = (err: unknown) => toast(errorMessage(err, t), 'error');

  const newButton = (
    <Can rule="AP-271">
      <Button
        leftSection={<IconPlus size={18} aria-hidden />}
        disabled={!hasAreas}
        onClick={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      >
        {t('checkin.org.newDevice')}
      </Button>
    </Can>
  );
  const list = devices.data ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          {devices.data ? t('checkin.org.devicesCount', { count: list.length }) : ''}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button component="a" href="/scanner" target="_blank" rel="noopener" variant="subtle" leftSection={<IconExternalLink size={16} aria-hidden />}>
            {t('checkin.org.openScanner')}
          </Button>
          {list.length > 0 && (
            <>
              <Can rule="AP-276">
                <Button variant="default" leftSection={<IconRotateClockwise size={16} aria-hidden />} onClick={() => send('sync', null)}>
                  {t('checkin.org.syncAll')}
                </Button>
              </Can>
              <Can rule="AP-277">
                <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => send('refresh', null)}>
                  {t('checkin.org.refreshAll')}
                </Button>
              </Can>
              <Can rule="AP-275">
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconLogout size={16} aria-hidden />}
                  onClick={() =>
                    confirmAction(t, { title: t('checkin.org.logoutAllTitle'), body: t('checkin.org.logoutAllBody'), confirm: t('checkin.org.logoutAll'), onConfirm: () => send('logout', null) })
                  }
                >
                  {t('checkin.org.logoutAll')}
                </Button>
              </Can>
              <Can rule="AP-274">
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void downloadFile(CHECKIN_EXPORTS.devices(eventId), {}, 'devices.csv').catch(onError)}
                >
                  {t('checkin.org.exportCsv')}
                </Button>
              </Can>
              {newButton}
            </>
          )}
        </Group>
      </Group>
      {devices.isPending && <ListLoading />}
      {devices.isError && <ListError error={devices.error} onRetry={() => void devices.refetch()} />}
      {devices.data?.length === 0 && (
        <ListEmpty icon={<IconDeviceMobile size={32} />} title={t('checkin.org.devicesEmpty')} body={hasAreas ? t('checkin.org.devicesEmptyBody') : t('checkin.org.needAreaFirst')} action={newButton} />
      )}
      {list.length > 0 && (
        <DataTable columns={[t('checkin.org.deviceName'), t('checkin.org.deviceKind'), t('checkin.org.areasLabel'), t('checkin.org.group'), t('checkin.org.status'), t('checkin.org.lastSeen'), { label: t('checkin.org.actions'), isHidden: true }]} minWidth={920}>
          {list.map((d) => {
            const isRevoked = d.status === 'revoked';
            return (
              <Table.Tr key={d.id} data-testid={`device-row-${d.id}`}>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <Tooltip label={d.isOnline ? t('checkin.org.onlineNow') : t('checkin.org.offlineNow')}>
                      <span
                        role="img"
                        aria-label={d.isOnline ? t('checkin.org.onlineNow') : t('checkin.org.offlineNow')}
                        style={{ width: 10, height: 10, borderRadius: 10, background: d.isOnline ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)', flex: 'none' }}
                      />
                    </Tooltip>
                    <Text fw={600} size="sm">
                      {d.name}
                    </Text>
                    {d.relayEnabled && (
                      <Badge size="xs" variant="light" leftSection={<IconBolt size={10} aria-hidden />}>
                        relay
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{t(`checkin.org.deviceKinds.${d.kind}`)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {d.areaIds.map((id) => (
                      <Badge key={id} variant="outline" size="sm" styles={{ root: { textTransform: 'none' } }}>
                        {areaName.get(id) ?? id}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{d.groupId && groupName.has(d.groupId) ? groupName.get(d.groupId) : <Text span c="dimmed" size="sm">{t('checkin.org.noGroup')}</Text>}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[d.status]} variant="light" styles={{ root: { color: 'var(--mantine-color-dark-7)' } }}>
                    {t(`checkin.org.statuses.${d.status}`)}
                  </Badge>
                  {d.status === 'pending' && d.codeExpiresAt && (
                    <Text size="xs" c="dimmed">
                      {t('checkin.org.codeExpires', { time: formatShortDateTime(d.codeExpiresAt) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.lastSeenAt ? formatShortDateTime(d.lastSeenAt) : t('checkin.org.never')}</Table.Td>
                <Table.Td>
                  <RowMenu label={`${t('checkin.org.actions')}: ${d.name}`}>
                    {!isRevoked && (
                      <>
                        <Can rule="AP-272">
                          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => {
                              setEditing(d);
                              setFormOpen(true);
                            }}>
                            {t('common.edit')}
                          </Menu.Item>
                          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => newCode.mutate(d.id, { onSuccess: setCode, onError })}>
                            {t('checkin.org.newCode')}
                          </Menu.Item>
                        </Can>
                        <Can rule="AP-278">
                          <Menu.Item leftSection={<IconBolt size={16} aria-hidden />} onClick={() => setRelayOf(d)}>
                            {t('checkin.org.relaySettings')}
                          </Menu.Item>
                        </Can>
                        <DeviceCommandItems onCommand={(c) => send(c, d.id)} />
                      </>
                    )}
                    <Can rule="AP-273">
                      {!isRevoked && (
                        <Menu.Item
                          color="red"
                          leftSection={<IconBan size={16} aria-hidden />}
                          onClick={() =>
                            confirmAction(t, {
                              title: t('checkin.org.revokeTitle', { name: d.name }),
                              body: t('checkin.org.revokeBody'),
                              confirm: t('checkin.org.revoke'),
                              onConfirm: () => revoke.mutate(d.id, { onError }),
                            })
                          }
                        >
                          {t('checkin.org.revoke')}
                        </Menu.Item>
                      )}
                      <DeleteItem title={t('checkin.org.deleteTitle', { name: d.name })} body={t('checkin.org.deleteBody')} onConfirm={() => remove.mutate(d.id, { onError })} />
                    </Can>
                  </RowMenu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
      <Can rule="AP-281">{list.length > 0 && <DeviceLog eventId={eventId} devices={list} />}</Can>
      <DeviceFormModal eventId={eventId} device={editing} areas={areas.data ?? []} isOpen={isFormOpen} onClose={() => setFormOpen(false)} onCreated={setCode} />
      <DeviceCodeModal value={code} onClose={() => setCode(null)} />
      <RelayModal eventId={eventId} device={relayOf} onClose={() => setRelayOf(null)} />
    </Stack>
  );
}
