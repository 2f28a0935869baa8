import '../organiser-i18n.ts';
import { useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, NumberInput, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBox, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZQuotaCreateRequest, type TQuota, type TQuotaCreateRequest } from '@pavilion/domain/registration/registration.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';
import { confirmDelete } from '../components/organiser/confirm-delete.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { seatKeys, useQuotas, useRegistrationMutation, useTickets } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import { DataTable } from '../../../ui/data-table.tsx';

type TValues = { name: string; capacity: number | string; ticketIds: string[] };
const toRequest = (v: TValues): TQuotaCreateRequest => ({ name: v.name.trim(), capacity: v.capacity === '' ? -1 : Number(v.capacity), ticketIds: v.ticketIds });

function QuotaModal({ eventId, quota, onClose }: { eventId: string; quota: TQuota | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tickets = useTickets(eventId);
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { name: quota?.name ?? '', capacity: quota?.capacity ?? '', ticketIds: quota?.ticketIds ?? [] },
    validate: schemaValidator<TValues>(ZQuotaCreateRequest, t, toRequest),
  });
  const save = useFormMutation(
    useRegistrationMutation(
      (body: TQuotaCreateRequest) => (quota ? api.updateQuota(eventId, quota.id, body) : api.createQuota(eventId, body)),
      [...seatKeys(eventId), registrationKeys.public()],
    ),
    { setFieldError: form.setFieldError, success: () => t('registration.org.saved'), onSuccess: onClose },
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={quota ? t('registration.org.editQuota') : t('registration.org.newQuota')}
      onSubmit={form.onSubmit((v) => save.submit(toRequest(v)))}
      formError={save.formError}
      isPending={save.isPending}
      cancelLabel={t('registration.org.cancel')}
      submitLabel={quota ? t('registration.org.save') : t('registration.org.create')}
    >
      <TextInput label={t('registration.org.quotaName')} withAsterisk maxLength={120} data-autofocus {...form.getInputProps('name')} />
      <NumberInput label={t('registration.org.capacity')} withAsterisk min={0} allowDecimal={false} {...form.getInputProps('capacity')} />
      <MultiSelect
        label={t('registration.org.quotaTickets')}
        data={(tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('ticketIds')}
      />
    </FormModal>
  );
}

/** /app/registration/quotas: capacities shared across tickets (AP-46 view, AP-51 manage), with live usage. */
export function OrgQuotasPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const quotas = useQuotas(eventId);
  const tickets = useTickets(eventId);
  const [modal, setModal] = useState<{ quota: TQuota | null } | null>(null);
  const remove = useRegistrationMutation((id: string) => api.deleteQuota(eventId, id), seatKeys(eventId));
  usePageTitle(t('registration.org.quotasTitle'));
  const ticketName = (id: string) => tickets.data?.find((x) => x.id === id)?.name ?? id;
  const newButton = (
    <Can rule="AP-51">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setModal({ quota: null })}>
        {t('registration.org.newQuota')}
      </Button>
    </Can>
  );

  return (
    <Stack gap="lg">
      {quotas.data && quotas.data.length > 0 && <Group justify="flex-end">{newButton}</Group>}
      {quotas.isPending && <ListLoading />}
      {quotas.isError && <ListError error={quotas.error} onRetry={() => void quotas.refetch()} />}
      {quotas.data?.length === 0 && <ListEmpty icon={<IconBox size={32} />} title={t('registration.org.quotasEmpty')} body={t('registration.org.quotasEmptyBody')} action={newButton} />}
      {quotas.data && quotas.data.length > 0 && (
        <DataTable columns={[t('registration.org.quotaName'), t('registration.org.quotaTickets'), t('registration.org.capacity'), { label: <>{t('registration.org.used')} / {t('registration.org.reserved')}</>, w: 220 }, t('registration.org.available'), { label: t('registration.org.actions'), isHidden: true }]} minWidth={720}>
          {quotas.data.map((q) => {
            const usedPct = q.capacity ? Math.min(100, (q.used / q.capacity) * 100) : 0;
            const resPct = q.capacity ? Math.min(100 - usedPct, (q.reserved / q.capacity) * 100) : 0;
            return (
              <Table.Tr key={q.id}>
                <Table.Td>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {q.name}
                    </Text>
                    {q.isTicketOwn && (
                      <StatusBadge size="xs" color="gray">
                        {t('registration.org.ticketOwn')}
                      </StatusBadge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} maw={260}>
                    {q.ticketIds.map(ticketName).join(', ') || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{q.capacity}</Table.Td>
                <Table.Td>
                  <Progress.Root size="lg">
                    <Progress.Section value={usedPct} color="brand" aria-label={`${q.name}: ${t('registration.org.used')} ${q.used} / ${q.capacity}`} />
                    <Progress.Section value={resPct} color="orange" aria-label={`${q.name}: ${t('registration.org.reserved')} ${q.reserved} / ${q.capacity}`} />
                  </Progress.Root>
                  <Text size="xs" c="dimmed" mt={2}>
                    {q.used} · {q.reserved}
                  </Text>
                </Table.Td>
                <Table.Td>{q.available}</Table.Td>
                <Table.Td>
                  {!q.isTicketOwn && (
                    <Can rule="AP-51">
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={`${t('registration.org.edit')} ${q.name}`} onClick={() => setModal({ quota: q })}>
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('registration.org.delete')} ${q.name}`}
                          onClick={() => confirmDelete(t, q.name, () => remove.mutate(q.id, { onError: (e) => toast(errorMessage(e, t), 'error') }))}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Can>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
      {modal && <QuotaModal eventId={eventId} quota={modal.quota} onClose={() => setModal(null)} />}
    </Stack>
  );
}
