import '../portal-i18n.ts';
import '@mantine/dropzone/styles.css';
import { Alert, Badge, Button, Grid, Group, Image, MultiSelect, Paper, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_BANNER_MAX_BYTES, type TAppTabConfig, type TAppTabsView } from '@pavilion/domain/portal/portal.schemas';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { ListError } from '../../../ui/list-states.tsx';
import { useEvent } from '../../events/index.ts';
import { useTickets } from '../../registration/index.ts';
import { portalApi, portalKeys } from '../api/portal-api.ts';
import { PhonePreview } from '../components/phone-preview.tsx';
import { SaveBar } from '../components/save-bar.tsx';
import { SortableList } from '../components/sortable-list.tsx';
import { moveItem } from '../menu-model.ts';

const toBase64 = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

function BannerField({ eventId, tab, canEdit, onChange }: { eventId: string; tab: TAppTabConfig; canEdit: boolean; onChange: (patch: Pick<TAppTabConfig, 'menuBanner' | 'bannerUrl'>) => void }) {
  const { t } = useTranslation();
  const upload = useMutation({
    mutationFn: async (file: File) => portalApi.uploadBanner(eventId, { fileName: file.name, dataBase64: await toBase64(file) }),
    onSuccess: (b) => {
      onChange({ menuBanner: b.bannerId, bannerUrl: b.url });
      toast(t('portal.org.bannerUploaded'), 'success');
    },
  });
  return (
    <Stack gap={4} style={{ flex: '1 1 220px' }}>
      <Text size="sm" fw={500}>
        {t('portal.org.banner')}
      </Text>
      {tab.bannerUrl ? (
        <Group gap="xs" wrap="nowrap">
          <Image src={tab.bannerUrl} alt={t('portal.org.banner')} h={48} w={120} fit="cover" radius="sm" />
          {canEdit && (
            <Button size="xs" variant="default" onClick={() => onChange({ menuBanner: '', bannerUrl: null })}>
              {t('portal.org.bannerRemove')}
            </Button>
          )}
        </Group>
      ) : (
        <Dropzone
          onDrop={(files) => files[0] && upload.mutate(files[0])}
          onReject={() => toast(t('portal.org.bannerRejected'), 'error')}
          accept={IMAGE_MIME_TYPE}
          maxSize={PORTAL_BANNER_MAX_BYTES}
          maxFiles={1}
          multiple={false}
          loading={upload.isPending}
          disabled={!canEdit}
          p="xs"
          inputProps={{ 'aria-label': `${t('portal.org.banner')}: ${tab.title}` }}
          data-testid={`banner-${tab.tabName}`}
        >
          <Text size="xs" c="gray.7" ta="center">
            {t('portal.org.bannerDrop')}
          </Text>
        </Dropzone>
      )}
      {upload.isError && (
        <Text size="xs" c="red.8">
          {errorMessage(upload.error, t)}
        </Text>
      )}
    </Stack>
  );
}

function TabsEditor({ eventId, view, canEdit, canReorder }: { eventId: string; view: TAppTabsView; canEdit: boolean; canReorder: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tickets = useTickets(eventId);
  const eventName = useEvent(eventId).data?.name;
  const [tabs, setTabs] = useState(view.tabs);
  useEffect(() => setTabs(view.tabs), [view]);
  const isDirty = JSON.stringify(tabs) !== JSON.stringify(view.tabs);
  const save = useMutation({
    mutationFn: () =>
      portalApi.saveAppTabs(eventId, {
        tabs: tabs.map(({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds }) => ({ tabName, title, displayOrder, showInMenu, loginRequired, menuBanner, ticketIds })),
      }),
    onSuccess: (data) => {
      qc.setQueryData(portalKeys.orgAppTabs(eventId), data);
      void qc.invalidateQueries({ queryKey: portalKeys.appMenu(eventId) });
      toast(t('portal.org.saved'), 'success');
    },
  });
  const patch = (tabName: string, p: Partial<TAppTabConfig>) => setTabs((all) => all.map((x) => (x.tabName === tabName ? { ...x, ...p } : x)));
  const ticketOptions = (tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }));
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          {view.isDefault && <Alert variant="light">{t('portal.org.defaults')}</Alert>}
          {!canEdit && <Alert variant="light">{t('portal.org.readOnly')}</Alert>}
          <SortableList items={tabs} idOf={(x) => x.tabName} labelOf={(x) => x.title} isDisabled={!canReorder} onMove={(from, to) => setTabs((all) => moveItem(all, from, to))}>
            {(tab, handle) => (
              <Paper withBorder p="sm" radius="md" data-testid={`tab-row-${tab.tabName}`}>
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  {handle}
                  <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="sm" wrap="wrap" align="flex-end">
                      <TextInput
                        label={t('portal.org.tabTitle')}
                        description={`/tabs/${tab.tabName}`}
                        value={tab.title}
                        onChange={(e) => patch(tab.tabName, { title: e.currentTarget.value })}
                        maxLength={60}
                        disabled={!canEdit}
                        style={{ flex: '1 1 200px' }}
                      />
                      <Switch label={t('portal.org.shown')} checked={tab.showInMenu} onChange={(e) => patch(tab.tabName, { showInMenu: e.currentTarget.checked })} disabled={!canEdit} aria-label={`${t('portal.org.shown')}: ${tab.title}`} />
                      <Switch label={t('portal.org.loginRequired')} checked={tab.loginRequired} onChange={(e) => patch(tab.tabName, { loginRequired: e.currentTarget.checked })} disabled={!canEdit} aria-label={`${t('portal.org.loginRequired')}: ${tab.title}`} />
                    </Group>
                    {!tab.isBuilt && (
                      <Badge variant="outline" color="gray.8" w="fit-content">
                        {t('portal.org.notBuilt')}
                      </Badge>
                    )}
                    <Group gap="sm" wrap="wrap" align="flex-start">
                      <MultiSelect
                        label={t('portal.org.tickets')}
                        placeholder={tab.ticketIds.length ? undefined : t('portal.org.ticketsPlaceholder')}
                        data={ticketOptions}
                        value={tab.ticketIds}
                        onChange={(ticketIds) => patch(tab.tabName, { ticketIds })}
                        disabled={!canEdit}
                        clearable
                        searchable
                        style={{ flex: '1 1 220px' }}
                        aria-label={`${t('portal.org.tickets')}: ${tab.title}`}
                      />
                      <BannerField eventId={eventId} tab={tab} canEdit={canEdit} onChange={(p) => patch(tab.tabName, p)} />
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            )}
          </SortableList>
          <SaveBar save={save} isDirty={isDirty} canEdit={canEdit} onUndo={() => setTabs(view.tabs)} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <div style={{ position: 'sticky', top: 16 }}>
          <PhonePreview tabs={tabs} eventName={eventName ?? ''} />
        </div>
      </Grid.Col>
    </Grid>
  );
}

/** /app/portal/app-tabs: the attendee app's tabs (T-16: AP-28 view, AP-29 edit, AP-30 reorder). */
export function AppTabsPage() {
  const eventId = useSectionEventId();
  const access = useAccess();
  const query = useQuery({ queryKey: portalKeys.orgAppTabs(eventId), queryFn: ({ signal }) => portalApi.orgAppTabs(eventId, signal), enabled: !!eventId });
  if (query.isPending) return <Skeleton h={400} />;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  return <TabsEditor eventId={eventId} view={query.data} canEdit={access.can('AP-29')} canReorder={access.can('AP-29') && access.can('AP-30')} />;
}
