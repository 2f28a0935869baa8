import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconEye, IconPencil, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TRole } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { RoleEditor } from '../components/role-editor.tsx';
import { useDeleteRole, useRoles } from '../hooks/use-workspace.ts';
import { DataTable } from '../../../ui/data-table.tsx';

type TEditing = { role: TRole | null; isReadOnly: boolean } | null;

/** `/app/roles`: role templates (sets of access codes) and their editor. */
export function RolesPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<TEditing>(null);
  usePageTitle(t('roles.title'));
  const canCreate = can('AP-42');
  const canEdit = can('AP-43');
  const canDelete = can('AP-44');

  const confirmDelete = (role: TRole) =>
    openConfirmModal({
      title: t('roles.deleteTitle', { name: role.name }),
      children: <Text size="sm">{t('roles.deleteBody')}</Text>,
      labels: { confirm: t('roles.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(role.id, {
          onSuccess: () => toast(t('roles.deleted', { name: role.name }), 'success'),
          onError: (error) => toast(errorMessage(error, t), 'error'),
        }),
    });

  const newButton = canCreate && (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ role: null, isReadOnly: false })}>
      {t('roles.new')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('roles.title')} description={t('roles.subtitle')} actions={roles.data && roles.data.length > 0 ? newButton : null} />
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        {roles.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} h={40} />
            ))}
          </Stack>
        )}
        {roles.isError && (
          <Alert color="red" variant="light" role="alert" title={t('roles.loadError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
            {errorMessage(roles.error, t)}
          </Alert>
        )}
        {roles.data && roles.data.length === 0 && (
          <EmptyState icon={<IconShieldLock size={32} />} title={t('roles.emptyTitle')} description={t('roles.emptyBody')} action={newButton} />
        )}
        {roles.data && roles.data.length > 0 && (
          <DataTable columns={[t('roles.name'), t('roles.description'), t('roles.permissions'), t('roles.members'), { label: t('common.actions'), isHidden: true }]} minWidth={720} isFramed={false}>
            {roles.data.map((role) => (
              <Table.Tr key={role.id}>
                <Table.Td fw={600}>{role.name}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={role.description ? undefined : 'dimmed'} lineClamp={2} maw={320}>
                    {role.description || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" radius="sm">
                    {t('roles.codeCount', { count: role.codes.length })}
                  </Badge>
                </Table.Td>
                <Table.Td>{role.memberCount}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {canEdit ? (
                      <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing({ role, isReadOnly: false })} aria-label={t('roles.editNamed', { name: role.name })}>
                        {t('common.edit')}
                      </Button>
                    ) : (
                      <Button size="xs" variant="default" leftSection={<IconEye size={14} aria-hidden />} onClick={() => setEditing({ role, isReadOnly: true })} aria-label={t('roles.viewNamed', { name: role.name })}>
                        {t('common.view')}
                      </Button>
                    )}
                    {canDelete && (
                      <Tooltip label={t('roles.inUse', { count: role.memberCount })} disabled={role.memberCount === 0} withArrow>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          c="red.9"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          data-disabled={role.memberCount > 0 || undefined}
                          aria-disabled={role.memberCount > 0}
                          onClick={(e) => (role.memberCount > 0 ? e.preventDefault() : confirmDelete(role))}
                          aria-label={t('roles.deleteNamed', { name: role.name })}
                        >
                          {t('roles.delete')}
                        </Button>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Paper>
      {editing && <RoleEditor role={editing.role} isReadOnly={editing.isReadOnly} onClose={() => setEditing(null)} />}
    </>
  );
}
