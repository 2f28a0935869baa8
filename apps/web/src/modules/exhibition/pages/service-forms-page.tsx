import '../exhibition-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Stack, Switch, Table, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TServiceForm } from '@pavilion/domain/exhibition/service-forms';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { serviceFormsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { FormSettingsModal } from '../components/form-settings-modal.tsx';
import { formatPrice } from '../components/price.ts';

/** /app/exhibitors/service-forms: the 23 SPEC §3.5 forms of the event (AP-516), on/off (AP-518), settings (AP-517). */
export function ServiceFormsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const qc = useQueryClient();
  const access = useAccess();
  usePageTitle(t('exhibition.forms.tabs.forms'));
  const [editing, setEditing] = useState<TServiceForm | null>(null);
  const list = useQuery({ queryKey: exhibitionKeys.serviceForms(eventId), queryFn: ({ signal }) => serviceFormsApi.forms(eventId, signal), enabled: !!eventId });
  const toggle = useMutation({
    mutationFn: ({ form, isActive }: { form: TServiceForm; isActive: boolean }) => serviceFormsApi.activateForm(eventId, form.formCode, isActive),
    onSuccess: (saved) => {
      toast(t(saved.isActive ? 'exhibition.forms.list.switchedOn' : 'exhibition.forms.list.switchedOff', { form: saved.formName }), 'success');
      void qc.invalidateQueries({ queryKey: exhibitionKeys.serviceForms(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const canToggle = access.can('AP-518');
  const canEdit = access.can('AP-517');
  const stallLabel = (f: TServiceForm) => (f.stallType === 'shell' ? t('exhibition.forms.list.shell') : f.stallType === 'raw' ? t('exhibition.forms.list.raw') : t('exhibition.forms.list.anyStall'));

  return (
    <Stack gap="lg">
      {list.data && (
        <Text c="dimmed" size="sm">
          {t('exhibition.forms.list.intro', { zone: list.data.timeZone })}
        </Text>
      )}
      {list.isPending && <ListLoading />}
      {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <DataTable
          columns={[{ label: t('exhibition.forms.list.no'), w: 48 }, t('exhibition.forms.list.form'), { label: t('exhibition.forms.list.stall'), w: 130 }, t('exhibition.forms.list.deadline'), t('exhibition.forms.list.items'), t('exhibition.forms.list.on'), { label: t('exhibition.forms.list.actions'), isHidden: true }]}
          minWidth={860}
          data-testid="service-forms-table"
        >
          {list.data.forms.map((f) => (
            <Table.Tr key={f.formCode}>
              <Table.Td>{f.formNo}</Table.Td>
              <Table.Td>
                <Text fw={600} size="sm">
                  {f.formName}
                </Text>
                <Text size="xs" c="dimmed">
                  {f.formDescription}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={f.stallType ? 'grape' : 'gray'} styles={{ root: { textTransform: 'none', overflow: 'visible', color: f.stallType ? 'var(--mantine-color-grape-9)' : 'var(--mantine-color-gray-9)' }, label: { overflow: 'visible' } }}>
                  {stallLabel(f)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {f.deadline ? f.deadline.replace('T', ' ') : t('exhibition.forms.list.noDeadline')}
                  {f.isPastDeadline && (
                    <Text span c="red.9" size="xs">
                      {' '}
                      ({t('exhibition.forms.list.deadlinePassed')})
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{f.particulars.map((p) => `${p.name} ${p.currency} ${formatPrice(p.rate)}`).join(', ')}</Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={t('exhibition.forms.list.switchLabel', { form: f.formName })}
                  checked={f.isActive}
                  disabled={!canToggle || toggle.isPending}
                  onChange={(e) => toggle.mutate({ form: f, isActive: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td>
                {canEdit && (
                  <Button size="xs" variant="default" leftSection={<IconSettings size={14} aria-hidden />} aria-label={t('exhibition.forms.list.settingsFor', { form: f.formName })} onClick={() => setEditing(f)}>
                    {t('exhibition.forms.list.settings')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <FormSettingsModal eventId={eventId} timeZone={list.data?.timeZone ?? ''} form={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
