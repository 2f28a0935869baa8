import '../organiser-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Menu, Modal, MultiSelect, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDevices, IconDownload, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZDeviceGroupCreateRequest, type TDevice, type TDeviceGroup } from '@pavilion/domain/checkin/checkin.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { RowMenu } from '../../../ui/row-menu.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { downloadFile } from '../../../app/download.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { checkinKeys } from '../api/checkin-keys.ts';
import { CHECKIN_EXPORTS, organiserCheckinApi as api } from '../api/organiser-checkin-api.ts';
import { DeleteItem, DeviceCommandItems, type TDeviceCommand } from '../components/organiser/row-menu-items.tsx';
import { FormFooter } from '../components/organiser/form-footer.tsx';
import { useCheckinMutation, useDeviceGroups, useDevices } from '../hooks/use-organiser-checkin.ts';

type TValues = { name: string; description: string; deviceIds: string[] };

/** Create a group or edit one: name, description and its whole membership. */
function DeviceGroupFormModal({ eventId, group, devices, groups, onClose }: { eventId: string; group: TDeviceGroup | 'new' | null; devices: TDevice[]; groups: TDeviceGroup[]; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = group && group !== 'new' ? group : null;
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { name: editing?.name ?? '', description: editing?.description ?? '', deviceIds: editing?.deviceIds ?? [] },
    validate: schemaValidator<TValues>(ZDeviceGroupCreateRequest, t),
  });
  const save = useFormMutation(
    useCheckinMutation(
      (v: TValues) => (editing ? api.updateDeviceGroup(eventId, editing.id, v) : api.createDeviceGroup(eventId, v)),
      [checkinKeys.deviceGroups(eventId), checkinKeys.devices(eventId)],
    ),
    { setFieldError: form.setFieldError, success: () => t('checkin.org.groupSaved'), onSuccess: onClose },
  );
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  // Devices that can still work; a device already in another group says so, since choosing it moves it.
  const options = devices
    .filter((d) => d.status !== 'revoked')
    .map((d) => ({ value: d.id, label: d.groupId && d.groupId !== editing?.id && groupName.has(d.groupId) ? `${d.name} (${t('checkin.org.inGroup', { name: groupName.get(d.groupId) })})` : d.name }));

  return (
    <Modal opened={group !== null} onClose={onClose} title={editing ? t('checkin.org.editGroup', { name: editing.name }) : t('checkin.org.newGroup')}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => save.submit(v))}
      >
        <Stack gap="md">
          <TextInput label={t('checkin.org.groupName')} required data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('checkin.org.groupDescription')} autosize minRows={2} maxRows={4} {...form.getInputProps('description')} />
          <MultiSelect label={t('checkin.org.groupDevices')} description={t('checkin.org.groupDevicesHint')} data={options} searchable clearable {...form.getInputProps('deviceIds')} />
          <FormFooter error={save.formError} isSaving={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /app/onsite/device-groups (T-81): devices grouped to be managed together, such as a hall's gates (AP-283). Create
 * (AP-284), edit with membership (AP-285), delete (AP-286), export (AP-287), and sign out / sync / refresh a whole
 * group over the hospitality socket (AP-275..277).
 */
export function OrgDeviceGroupsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const groups = useDeviceGroups(eventId);
  const devices = useDevices(eventId);
  const [editing, setEditing] = useState<TDeviceGroup | 'new' | null>(null);
  const invalidates = [checkinKeys.deviceGroups(eventId), checkinKeys.devices(eventId)];
  const command = useCheckinMutation((v: { command: TDeviceCommand; groupId: string }) => api.groupCommand(eventId, v.groupId, v.command), invalidates);
  const remove = useCheckinMutation((groupId: string) => api.deleteDeviceGroup(eventId, groupId), invalidates);
  usePageTitle(t('checkin.org.tabs.deviceGroups'));

  const onError = (err: unknown) => toast(errorMessage(err, t), 'error');
  const send = (c: TDeviceCommand, groupId: string) =>
    command.mutate({ command: c, groupId }, { onSuccess: (res) => toast(t('checkin.org.commandSent', { command: t(`checkin.org.commandNames.${c}`), count: res.reached }), 'success'), onError });
  const deviceName = new Map((devices.data ?? []).map((d) => [d.id, d.name]));
  const list = groups.data ?? [];
  const newButton = (
    <Can rule="AP-284">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
        {t('checkin.org.newGroup')}
      </Button>
    </Can>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          {groups.data ? t('checkin.org.groupsCount', { count: list.length }) : ''}
        </Text>
        {list.length > 0 && (
          <Group gap="xs" wrap="wrap">
            <Can rule="AP-287">
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadFile(CHECKIN_EXPORTS.deviceGroups(eventId), {}, 'device-groups.csv').catch(onError)}>
                {t('checkin.org.exportCsv')}
              </Button>
            </Can>
            {newButton}
          </Group>
        )}
      </Group>
      {groups.isPending && <ListLoading />}
      {groups.isError && <ListError error={groups.error} onRetry={() => void groups.refetch()} />}
      {groups.data?.length === 0 && <ListEmpty icon={<IconDevices size={32} />} title={t('checkin.org.groupsEmpty')} body={t('checkin.org.groupsEmptyBody')} action={newButton} />}
      {list.length > 0 && (
        <DataTable columns={[t('checkin.org.groupName'), t('checkin.org.groupDevices'), t('checkin.org.groupOnline'), { label: t('checkin.org.actions'), isHidden: true }]} minWidth={720}>
          {list.map((g) => (
            <Table.Tr key={g.id} data-testid={`device-group-row-${g.id}`}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {g.name}
                </Text>
                {g.description && (
                  <Text size="xs" c="dimmed">
                    {g.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {g.deviceIds.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('checkin.org.groupNoDevices')}
                  </Text>
                ) : (
                  <Group gap={4}>
                    {g.deviceIds.map((id) => (
                      <Badge key={id} variant="outline" size="sm" styles={{ root: { textTransform: 'none' } }}>
                        {deviceName.get(id) ?? id}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('checkin.org.groupOnlineValue', { online: g.onlineCount, total: g.deviceIds.length })}</Table.Td>
              <Table.Td>
                <RowMenu label={`${t('checkin.org.actions')}: ${g.name}`}>
                  <Can rule="AP-285">
                    <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(g)}>
                      {t('common.edit')}
                    </Menu.Item>
                  </Can>
                  {g.deviceIds.length > 0 && (
                    <DeviceCommandItems onCommand={(c) => send(c, g.id)} confirmLogout={{ title: t('checkin.org.groupLogoutTitle', { name: g.name }), body: t('checkin.org.groupLogoutBody') }} />
                  )}
                  <Can rule="AP-286">
                    <DeleteItem title={t('checkin.org.deleteGroupTitle', { name: g.name })} body={t('checkin.org.deleteGroupBody')} onConfirm={() => remove.mutate(g.id, { onError })} />
                  </Can>
                </RowMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {/* Keyed so the form starts from the chosen group each time it opens. */}
      <DeviceGroupFormModal key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id} eventId={eventId} group={editing} devices={devices.data ?? []} groups={list} onClose={() => setEditing(null)} />
    </Stack>
  );
}
