import '../badges-i18n.ts';
import { ActionIcon, Button, Group, Loader, Menu, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconCopy, IconDots, IconDownload, IconEye, IconId, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BADGE_SHEETS } from '@pavilion/domain/badges/badges.enums';
import type { TBadgeTemplateSummary } from '@pavilion/domain/badges/badges.schemas';
import { useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { badgesApi, saveFile } from '../api/badges-api.ts';
import { badgesKeys } from '../api/badges-keys.ts';
import { useBadgeTemplates } from '../lib/use-badges.ts';
import { ToneBadge } from '../components/tone-badge.tsx';

/** /app/badges: the event's badge templates. */
export function BadgeTemplatesPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const id = eventId ?? '';
  const access = useAccess();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useBadgeTemplates(id);
  const refresh = () => qc.invalidateQueries({ queryKey: badgesKeys.templates(id) });

  const create = useMutation({
    // A blank A6 page: the designer adds the name, the QR and the band (the editor's empty state says so).
    mutationFn: () => badgesApi.createTemplate(id, { name: t('badges.templates.newName'), pageSize: 'A6', isDefault: (list.data?.length ?? 0) === 0, elements: [] }),
    onSuccess: (tpl) => {
      void refresh();
      void navigate(`/app/badges/templates/${tpl.id}`);
    },
  });
  const duplicate = useMutation({
    mutationFn: (tplId: string) => badgesApi.duplicateTemplate(id, tplId),
    onSuccess: () => {
      toast(t('badges.templates.duplicated'), 'success');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (tplId: string) => badgesApi.deleteTemplate(id, tplId),
    onSuccess: () => {
      toast(t('badges.templates.deleted'), 'success');
      void refresh();
    },
  });
  const confirmDelete = (tpl: TBadgeTemplateSummary) =>
    openConfirmModal({
      title: t('badges.templates.deleteTitle', { name: tpl.name }),
      children: <Text size="sm">{t('badges.templates.deleteBody')}</Text>,
      labels: { confirm: t('badges.delete'), cancel: t('badges.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(tpl.id),
    });

  const canCreate = access.can('AP-225');
  const createButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => create.mutate()} loading={create.isPending}>
      {t('badges.templates.create')}
    </Button>
  );

  if (list.isLoading) return <Loader aria-label={t('badges.title')} />;
  if (list.isError)
    return (
      <Paper withBorder p="lg">
        <Text>{t('badges.loadError')}</Text>
        <Button variant="light" mt="sm" onClick={() => void list.refetch()}>
          {t('badges.retry')}
        </Button>
      </Paper>
    );
  const items = list.data ?? [];
  if (items.length === 0)
    return (
      <Paper withBorder shadow="xs">
        <EmptyState icon={<IconId size={32} />} title={t('badges.templates.empty')} description={t('badges.templates.emptyBody')} action={createButton || undefined} />
      </Paper>
    );

  return (
    <Stack>
      <Group justify="flex-end">{createButton}</Group>
      <Paper withBorder shadow="xs">
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('badges.editor.name')}</Table.Th>
                <Table.Th>{t('badges.editor.pageSize')}</Table.Th>
                <Table.Th>{t('badges.editor.elements')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('badges.printing.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((tpl) => (
                <Table.Tr key={tpl.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text component={Link} to={`/app/badges/templates/${tpl.id}`} fw={600} c="brand.8">
                        {tpl.name}
                      </Text>
                      {tpl.isDefault && (
                        <ToneBadge size="sm">
                          {t('badges.templates.default')}
                        </ToneBadge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{BADGE_SHEETS[tpl.pageSize].label}</Table.Td>
                  <Table.Td>{t('badges.templates.elements', { count: tpl.elementCount })}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" component={Link} to={`/app/badges/templates/${tpl.id}`} leftSection={<IconPencil size={14} />}>
                        {t('badges.edit')}
                      </Button>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={t('badges.templates.actionsFor', { name: tpl.name })}>
                            <IconDots size={16} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {access.can('AP-230') && (
                            <Menu.Item leftSection={<IconEye size={14} />} onClick={() => void badgesApi.previewPdf(id, tpl.id).then(saveFile)}>
                              {t('badges.templates.preview')}
                            </Menu.Item>
                          )}
                          {access.can('AP-228') && (
                            <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => void badgesApi.exportTemplate(id, tpl.id).then(saveFile)}>
                              {t('badges.templates.export')}
                            </Menu.Item>
                          )}
                          {access.can('AP-229') && (
                            <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => duplicate.mutate(tpl.id)}>
                              {t('badges.duplicate')}
                            </Menu.Item>
                          )}
                          {access.can('AP-227') && (
                            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete(tpl)}>
                              {t('badges.delete')}
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
