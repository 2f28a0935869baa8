import '../portal-i18n.ts';
import { Alert, Badge, Checkbox, Group, Paper, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPortalMenuEntryConfig, TPortalMenuView } from '@pavilion/domain/portal/portal.schemas';
import { useAccess } from '../../../app/access.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { ListError } from '../../../ui/list-states.tsx';
import { portalApi, portalKeys } from '../api/portal-api.ts';
import { SaveBar } from '../components/save-bar.tsx';
import { SortableList } from '../components/sortable-list.tsx';
import { moveItem } from '../menu-model.ts';

const MODES = [1, 2, 3] as const;

function MenuEditor({ eventId, view, canEdit }: { eventId: string; view: TPortalMenuView; canEdit: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [entries, setEntries] = useState(view.entries);
  useEffect(() => setEntries(view.entries), [view]);
  const isDirty = JSON.stringify(entries) !== JSON.stringify(view.entries);
  const save = useMutation({
    mutationFn: () =>
      portalApi.saveWebMenu(eventId, { entries: entries.map(({ key, title, displayOrder, isShown, eventMode, showMenuOnPreEvent }) => ({ key, title, displayOrder, isShown, eventMode, showMenuOnPreEvent })) }),
    onSuccess: (data) => {
      qc.setQueryData(portalKeys.orgWebMenu(eventId), data);
      void qc.invalidateQueries({ queryKey: portalKeys.webMenu(eventId) });
      toast(t('portal.org.saved'), 'success');
    },
  });
  const patch = (key: string, p: Partial<TPortalMenuEntryConfig>) => setEntries((all) => all.map((x) => (x.key === key ? { ...x, ...p } : x)));
  const toggleMode = (e: TPortalMenuEntryConfig, mode: number, isOn: boolean) => patch(e.key, { eventMode: isOn ? [...e.eventMode, mode].sort() : e.eventMode.filter((m) => m !== mode) });
  return (
    <Stack gap="md">
      {view.isDefault && <Alert variant="light">{t('portal.org.defaults')}</Alert>}
      {!canEdit && <Alert variant="light">{t('portal.org.readOnly')}</Alert>}
      <Text size="sm" c="gray.7">
        {t('portal.org.modesHelp')}
      </Text>
      <SortableList items={entries} idOf={(x) => x.key} labelOf={(x) => x.title} isDisabled={!canEdit} onMove={(from, to) => setEntries((all) => moveItem(all, from, to))}>
        {(entry, handle) => (
          <Paper withBorder p="sm" radius="md" data-testid={`entry-row-${entry.key}`}>
            <Group gap="sm" wrap="wrap" align="center">
              {handle}
              <TextInput
                aria-label={`${t('portal.org.tabTitle')}: ${entry.name}`}
                description={entry.title === entry.name ? undefined : entry.name}
                value={entry.title}
                onChange={(e) => patch(entry.key, { title: e.currentTarget.value })}
                maxLength={60}
                disabled={!canEdit}
                style={{ flex: '1 1 180px' }}
              />
              <Switch label={t('portal.org.shown')} checked={entry.isShown} onChange={(e) => patch(entry.key, { isShown: e.currentTarget.checked })} disabled={!canEdit} aria-label={`${t('portal.org.shown')}: ${entry.name}`} />
              <Group gap="xs" role="group" aria-label={`${t('portal.org.modes')}: ${entry.name}`}>
                {MODES.map((m) => (
                  <Checkbox key={m} label={t(`portal.org.mode${m}`)} checked={entry.eventMode.includes(m)} onChange={(e) => toggleMode(entry, m, e.currentTarget.checked)} disabled={!canEdit} />
                ))}
              </Group>
              <Switch label={t('portal.org.preEvent')} checked={entry.showMenuOnPreEvent} onChange={(e) => patch(entry.key, { showMenuOnPreEvent: e.currentTarget.checked })} disabled={!canEdit} aria-label={`${t('portal.org.preEvent')}: ${entry.name}`} />
              {!entry.isBuilt && (
                <Badge variant="outline" color="gray.8">
                  {t('portal.web.soon')}
                </Badge>
              )}
            </Group>
          </Paper>
        )}
      </SortableList>
      <SaveBar save={save} isDirty={isDirty} canEdit={canEdit} onUndo={() => setEntries(view.entries)} />
    </Stack>
  );
}

/** /app/portal/web-menu: the web portal's menu (event website Pages, T-212: AP-775 view, AP-777 edit). */
export function WebMenuPage() {
  const eventId = useSectionEventId();
  const access = useAccess();
  const query = useQuery({ queryKey: portalKeys.orgWebMenu(eventId), queryFn: ({ signal }) => portalApi.orgWebMenu(eventId, signal), enabled: !!eventId });
  if (query.isPending) return <Skeleton h={400} />;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  return <MenuEditor eventId={eventId} view={query.data} canEdit={access.can('AP-777')} />;
}
