import '../exhibition-i18n.ts';
import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconId, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_STAFF_QUOTA_BANDS, type TStaffQuotaBand } from '@pavilion/domain/exhibition/product-orders';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { productOrdersOrgApi as api } from '../api/product-orders-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

type TDraftBand = { upToSqm: number | ''; staff: number | '' };
const draftOf = (bands: readonly TStaffQuotaBand[]): TDraftBand[] => bands.map((b) => ({ upToSqm: b.upToSqm ?? '', staff: b.staff }));

function StaffQuotaForm({ eventId, bands, onDone }: { eventId: string; bands: TStaffQuotaBand[]; isSet: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<TDraftBand[]>(() => draftOf(bands.length ? bands : DEFAULT_STAFF_QUOTA_BANDS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: exhibitionKeys.staffQuota(eventId) });
    void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
  };
  const save = useMutation({ mutationFn: (body: { bands: TStaffQuotaBand[] }) => api.saveStaffQuota(eventId, body), onSuccess: refresh });
  const form = useFormMutation(save, { setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })), success: () => t('exhibition.orders.quota.saved'), onSuccess: onDone });
  const clear = useMutation({
    mutationFn: () => api.clearStaffQuota(eventId),
    onSuccess: () => {
      toast(t('exhibition.orders.quota.cleared'), 'success');
      refresh();
      onDone();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const set = (i: number, patch: Partial<TDraftBand>) => setDraft((d) => d.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const num = (v: number | string): number | '' => (typeof v === 'number' ? v : v === '' ? '' : Number(v));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        form.submit({ bands: draft.map((b, i) => ({ upToSqm: i === draft.length - 1 ? null : b.upToSqm === '' ? (Number.NaN as number) : b.upToSqm, staff: b.staff === '' ? (Number.NaN as number) : b.staff })) });
      }}
      noValidate
    >
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        {draft.map((b, i) => {
          const isLast = i === draft.length - 1;
          return (
            <Group key={i} align="flex-end" gap="sm" wrap="nowrap" role="group" aria-label={t('exhibition.orders.quota.band', { n: i + 1 })}>
              {isLast ? (
                <Text size="sm" w={160} pb={8}>
                  {t('exhibition.orders.quota.bigger')}
                </Text>
              ) : (
                <NumberInput label={t('exhibition.orders.quota.upTo')} min={0.5} decimalScale={1} value={b.upToSqm} onChange={(v) => set(i, { upToSqm: num(v) })} error={errors[`bands.${i}.upToSqm`] || undefined} w={160} />
              )}
              <NumberInput label={t('exhibition.orders.quota.staff')} min={0} max={50} allowDecimal={false} value={b.staff} onChange={(v) => set(i, { staff: num(v) })} error={errors[`bands.${i}.staff`] || undefined} w={130} />
              {draft.length > 1 && (
                <ActionIcon variant="subtle" color="red" mb={6} aria-label={t('exhibition.orders.quota.removeBand', { n: i + 1 })} onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          );
        })}
        {draft.length < 10 && (
          <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} w="fit-content" onClick={() => setDraft((d) => [...d.slice(0, -1), { upToSqm: '', staff: 0 }, d[d.length - 1]!])}>
            {t('exhibition.orders.quota.addBand')}
          </Button>
        )}
        <Group justify="space-between">
          {bands.length > 0 ? (
            <Button variant="default" color="red" onClick={() => clear.mutate()} loading={clear.isPending}>
              {t('exhibition.orders.quota.clear')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.isPending}>
              {t('exhibition.orders.quota.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Booths page: "Staff badge rule" opens the event's rule of staff badges per stall size (AP-535 view, AP-537 edit). */
export function StaffQuotaButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const rule = useQuery({ queryKey: exhibitionKeys.staffQuota(eventId), queryFn: ({ signal }) => api.staffQuota(eventId, signal), enabled: isOpen });
  return (
    <Can rule="AP-535">
      <Button variant="default" leftSection={<IconId size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('exhibition.orders.quota.button')}
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={t('exhibition.orders.quota.title')} size="md">
        <Stack gap="sm">
          <Text size="sm">{t('exhibition.orders.quota.intro')}</Text>
          {rule.isPending && <Skeleton h={120} />}
          {rule.isError && <ListError error={rule.error} onRetry={() => void rule.refetch()} />}
          {rule.data && !rule.data.isSet && (
            <Text size="sm" c="dimmed">
              {t('exhibition.orders.quota.none')}
            </Text>
          )}
          {rule.data && !rule.isFetching && (
            <Can rule="AP-537" fallback={<Text size="sm">{rule.data.bands.map((b) => `${b.upToSqm === null ? t('exhibition.orders.quota.bigger') : `≤ ${b.upToSqm} m²`}: ${b.staff}`).join(' · ')}</Text>}>
              <StaffQuotaForm eventId={eventId} bands={rule.data.bands} isSet={rule.data.isSet} onDone={() => setOpen(false)} />
            </Can>
          )}
        </Stack>
      </Modal>
    </Can>
  );
}
