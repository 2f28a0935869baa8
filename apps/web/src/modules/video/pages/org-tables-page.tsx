import '../video-i18n.ts';
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, NativeSelect, NumberInput, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconArmchair, IconPencil, IconPlus, IconTrash, IconUserMinus, IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TABLE_SEATS_MAX, TABLE_SEATS_MIN, type TTable, type TTableInput } from '@pavilion/domain/video/video.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { videoKeys, videoOrgApi } from '../api/video-api.ts';

const EMPTY: TTableInput = { kind: 'discussion', topic: '', seats: 4, opensAt: '', closesAt: '' };

function TableForm({ eventId, editing, onClose }: { eventId: string; editing: TTable | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [v, setV] = useState<TTableInput>(editing === 'new' ? EMPTY : { kind: editing.kind, topic: editing.topic, seats: editing.seats, opensAt: editing.opensAt, closesAt: editing.closesAt });
  const save = useMutation({
    mutationFn: (body: TTableInput) => (editing === 'new' ? videoOrgApi.create(eventId, body) : videoOrgApi.update(eventId, editing.id, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.orgTables(eventId) }),
  });
  const form = useFormMutation(save, { success: () => t('video.org.saved'), onSuccess: onClose });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={editing === 'new' ? t('video.org.add') : t('video.org.edit')}
      formLabel={editing === 'new' ? t('video.org.add') : t('video.org.edit')}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit(v);
      }}
      formError={form.formError}
      isPending={form.isPending}
      submitLabel={t('common.save', { defaultValue: 'Save' })}
      cancelLabel={t('common.cancel', { defaultValue: 'Cancel' })}
    >
      <NativeSelect
        label={t('video.org.kind')}
        value={v.kind}
        onChange={(e) => setV({ ...v, kind: e.currentTarget.value as TTableInput['kind'] })}
        data={[
          { value: 'discussion', label: t('video.lounge.discussion') },
          { value: 'lounge', label: t('video.lounge.lounge') },
        ]}
      />
      <TextInput label={t('video.org.topic')} required maxLength={120} value={v.topic} onChange={(e) => setV({ ...v, topic: e.currentTarget.value })} data-autofocus />
      <NumberInput label={t('video.org.seatsLabel')} required min={TABLE_SEATS_MIN} max={TABLE_SEATS_MAX} value={v.seats} onChange={(n) => setV({ ...v, seats: Number(n) || TABLE_SEATS_MIN })} />
      <Text size="xs" c="dimmed">
        {t('video.org.meshHint')}
      </Text>
      <TextInput type="datetime-local" label={t('video.org.opensAt')} required value={v.opensAt} onChange={(e) => setV({ ...v, opensAt: e.currentTarget.value.slice(0, 16) })} />
      <TextInput type="datetime-local" label={t('video.org.closesAt')} required value={v.closesAt} onChange={(e) => setV({ ...v, closesAt: e.currentTarget.value.slice(0, 16) })} />
    </FormModal>
  );
}

/**
 * Who sits at a table, each with "Remove" (AP-462, confirmed first: the person leaves the table and its video and is
 * barred from it), and who was removed, each with "Allow back".
 */
function TablePeople({ eventId, table }: { eventId: string; table: TTable }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  /** One action on one person of this table: the call, then its toast and the list read again. */
  const usePersonAction = (call: typeof videoOrgApi.removeSeated, doneKey: string) =>
    useMutation({
      mutationFn: (p: { eventUserId: string; name: string }) => call(eventId, table.id, p.eventUserId),
      onSuccess: (_d, p) => {
        toast(t(doneKey, { name: p.name }), 'success');
        return qc.invalidateQueries({ queryKey: videoKeys.orgTables(eventId) });
      },
      onError: (err) => toast(errorMessage(err, t), 'error'),
    });
  const remove = usePersonAction(videoOrgApi.removeSeated, 'video.org.personRemoved');
  const allow = usePersonAction(videoOrgApi.allowBack, 'video.org.allowedBack');
  const askRemove = (p: { eventUserId: string; name: string }) =>
    openConfirmModal({
      title: t('video.org.confirmRemoveTitle', { name: p.name, topic: table.topic }),
      children: <Text size="sm">{t('video.org.confirmRemoveBody')}</Text>,
      labels: { confirm: t('video.org.confirmRemove'), cancel: t('video.org.cancel') },
      confirmProps: { color: 'red.8' },
      cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
      onConfirm: () => remove.mutate(p),
    });
  const barred = table.barred ?? [];
  return (
    <Stack gap={4}>
      {table.seated.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('video.org.nobody')}
        </Text>
      ) : (
        <ul aria-label={t('video.org.whoSits')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {table.seated.map((p) => (
            <li key={p.eventUserId}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{p.name}</Text>
                <Can rule="AP-462">
                  <Button
                    size="compact-xs"
                    variant="default"
                    leftSection={<IconUserMinus size={14} aria-hidden />}
                    loading={remove.isPending && remove.variables?.eventUserId === p.eventUserId}
                    onClick={() => askRemove(p)}
                    aria-label={t('video.org.removePersonLabel', { name: p.name, topic: table.topic })}
                  >
                    {t('video.org.removePerson')}
                  </Button>
                </Can>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {barred.length > 0 && (
        <>
          <Text size="xs" c="dimmed" mt={4}>
            {t('video.org.barredList')}
          </Text>
          <ul aria-label={t('video.org.barredList')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {barred.map((p) => (
              <li key={p.eventUserId}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" td="line-through" c="dimmed">
                    {p.name}
                  </Text>
                  <Can rule="AP-462">
                    <Button
                      size="compact-xs"
                      variant="default"
                      leftSection={<IconUserCheck size={14} aria-hidden />}
                      loading={allow.isPending && allow.variables?.eventUserId === p.eventUserId}
                      onClick={() => allow.mutate(p)}
                      aria-label={t('video.org.allowBackLabel', { name: p.name, topic: table.topic })}
                    >
                      {t('video.org.allowBack')}
                    </Button>
                  </Can>
                </Group>
              </li>
            ))}
          </ul>
        </>
      )}
    </Stack>
  );
}

/** `app/networking-tables`: the organiser's lounge and discussion tables (AP-460 view, AP-461 create, AP-462 edit, AP-463 delete). */
export function OrgTablesPage() {
  const { t } = useTranslation();
  usePageTitle(t('video.org.title'));
  const eventId = useSectionEventId();
  const qc = useQueryClient();
  const tables = useQuery({ queryKey: videoKeys.orgTables(eventId), queryFn: ({ signal }) => videoOrgApi.tables(eventId, signal), enabled: !!eventId, refetchInterval: 15_000 });
  const [editing, setEditing] = useState<TTable | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => videoOrgApi.remove(eventId, id),
    onSuccess: () => {
      toast(t('video.org.removed'), 'success');
      return qc.invalidateQueries({ queryKey: videoKeys.orgTables(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const zone = tables.data?.[0]?.timeZone ?? '';
  return (
    <>
      <PageHeader
        title={t('video.org.title')}
        description={t('video.org.subtitle', { zone: zone || '—' })}
        actions={
          <Can rule="AP-461">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} disabled={!eventId}>
              {t('video.org.add')}
            </Button>
          </Can>
        }
      />
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        {tables.isPending ? (
          <Skeleton h={120} />
        ) : tables.isError ? (
          <Text c="red.8">{errorMessage(tables.error, t)}</Text>
        ) : tables.data.length === 0 ? (
          <EmptyState icon={<IconArmchair size={32} />} title={t('video.org.empty')} description={t('video.org.emptyBody')} />
        ) : (
          <Table.ScrollContainer minWidth={880}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('video.org.topic')}</Table.Th>
                  <Table.Th>{t('video.org.kind')}</Table.Th>
                  <Table.Th>{t('video.org.taken')}</Table.Th>
                  <Table.Th>{t('video.org.whoSits')}</Table.Th>
                  <Table.Th>{t('video.org.opensAt')}</Table.Th>
                  <Table.Th>{t('video.org.closesAt')}</Table.Th>
                  <Table.Th>{t('video.org.status')}</Table.Th>
                  <Table.Th>{t('video.org.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tables.data.map((table) => (
                  <Table.Tr key={table.id}>
                    <Table.Td>{table.topic}</Table.Td>
                    <Table.Td>{table.kind === 'lounge' ? t('video.lounge.lounge') : t('video.lounge.discussion')}</Table.Td>
                    <Table.Td>{`${table.seatsTaken} / ${table.seats}`}</Table.Td>
                    <Table.Td>{eventId && <TablePeople eventId={eventId} table={table} />}</Table.Td>
                    <Table.Td>{table.opensAt.replace('T', ' ')}</Table.Td>
                    <Table.Td>{table.closesAt.replace('T', ' ')}</Table.Td>
                    <Table.Td>
                      <Badge color={table.isOpen ? 'teal.9' : 'gray.7'}>{table.isOpen ? t('video.lounge.open') : t('video.lounge.closed')}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Can rule="AP-462">
                          <ActionIcon variant="subtle" onClick={() => setEditing(table)} aria-label={t('video.org.editTopic', { topic: table.topic })}>
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                        </Can>
                        <Can rule="AP-463">
                          <ActionIcon variant="subtle" color="red.8" loading={remove.isPending && remove.variables === table.id} onClick={() => remove.mutate(table.id)} aria-label={t('video.org.removeTopic', { topic: table.topic })}>
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Can>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {editing && eventId && <TableForm eventId={eventId} editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
