import { useEffect, useState } from 'react';
import { Autocomplete, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STALL_TYPES, type TStallType } from '@pavilion/domain/exhibition/exhibition-forms';
import { PLAN_COLUMNS, PLAN_ROWS, type TBooth, type TBoothInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

type TNum = number | '';
type TDraft = { hall: string; number: string; sizeSqm: TNum; stallType: TStallType; price: TNum; x: TNum; y: TNum; w: TNum; h: TNum };
export type TBoothPreset = { hall: string; x: number; y: number };

const draftOf = (b: TBooth | null, preset: TBoothPreset | null): TDraft =>
  b
    ? { hall: b.hall, number: b.number, sizeSqm: b.sizeSqm, stallType: b.stallType, price: b.price, x: b.x, y: b.y, w: b.w, h: b.h }
    : { hall: preset?.hall ?? '', number: '', sizeSqm: 9, stallType: 'shell', price: 0, x: preset?.x ?? 0, y: preset?.y ?? 0, w: 3, h: 3 };
const num = (v: TNum) => (v === '' ? Number.NaN : v);

/** Create or edit a booth: hall, number, size, SPEC §3.5 stall type, price and its cells on the plan. */
export function BoothFormModal(props: { eventId: string; booth: TBooth | null; preset: TBoothPreset | null; halls: string[]; isOpen: boolean; onClose: () => void; onSaved: (b: TBooth) => void }) {
  const { eventId, booth, preset, isOpen } = props;
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(booth, preset));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (isOpen) {
      setDraft(draftOf(booth, preset));
      setErrors({});
    }
  }, [isOpen, booth, preset]);
  const mutation = useMutation({
    mutationFn: (body: TBoothInput) => (booth ? api.updateBooth(eventId, booth.id, body) : api.createBooth(eventId, body)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: exhibitionKeys.booths(eventId) });
      void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
    },
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: (b) => (booth ? t('exhibition.booths.saved') : t('exhibition.booths.created', { number: b.number })),
    onSuccess: (b) => {
      props.onSaved(b);
      props.onClose();
    },
  });
  const set = <K extends keyof TDraft>(field: K, value: TDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const numberField = (field: 'sizeSqm' | 'price' | 'x' | 'y' | 'w' | 'h', label: string, extra: Record<string, unknown> = {}) => (
    <NumberInput
      label={label}
      value={draft[field]}
      onChange={(v) => set(field, typeof v === 'number' ? v : v === '' ? '' : Number(v))}
      error={errors[field] || undefined}
      min={0}
      {...extra}
    />
  );
  const title = booth ? t('exhibition.booths.edit') : t('exhibition.booths.new');
  return (
    <FormModal
      opened={isOpen}
      onClose={props.onClose}
      title={title}
      formLabel={title}
      size="lg"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        form.submit({ hall: draft.hall, number: draft.number, sizeSqm: num(draft.sizeSqm), stallType: draft.stallType, price: num(draft.price), x: num(draft.x), y: num(draft.y), w: num(draft.w), h: num(draft.h) });
      }}
      formError={form.formError}
      isPending={form.isPending}
      submitLabel={booth ? t('exhibition.booths.save') : t('exhibition.booths.create')}
      cancelLabel={t('common.cancel')}
    >
      <Group grow align="flex-start">
        <Autocomplete label={t('exhibition.booths.hall')} required data={props.halls} maxLength={60} value={draft.hall} onChange={(v) => set('hall', v)} error={errors.hall || undefined} />
        <TextInput label={t('exhibition.booths.number')} required maxLength={20} value={draft.number} onChange={(e) => set('number', e.currentTarget.value)} error={errors.number || undefined} data-autofocus />
      </Group>
      <Group grow align="flex-start">
        {numberField('sizeSqm', t('exhibition.booths.size'), { decimalScale: 2 })}
        {numberField('price', t('exhibition.booths.price'), { decimalScale: 2 })}
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="stall-type-label">
          {t('exhibition.booths.stallType')}
        </Text>
        <SegmentedControl
          aria-labelledby="stall-type-label"
          data={STALL_TYPES.map((s) => ({ value: s, label: t(`exhibition.booths.stallTypes.${s}`) }))}
          value={draft.stallType}
          onChange={(v) => set('stallType', v as TStallType)}
        />
        {errors.stallType && (
          <Text size="xs" c="red.8">
            {errors.stallType}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('exhibition.booths.placement')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('exhibition.booths.placementHint', { columns: PLAN_COLUMNS, rows: PLAN_ROWS })}
        </Text>
        <Group grow align="flex-start">
          {numberField('x', t('exhibition.booths.x'), { max: PLAN_COLUMNS - 1 })}
          {numberField('y', t('exhibition.booths.y'), { max: PLAN_ROWS - 1 })}
          {numberField('w', t('exhibition.booths.w'), { min: 1, max: PLAN_COLUMNS })}
          {numberField('h', t('exhibition.booths.h'), { min: 1, max: PLAN_ROWS })}
        </Group>
      </Stack>
    </FormModal>
  );
}
