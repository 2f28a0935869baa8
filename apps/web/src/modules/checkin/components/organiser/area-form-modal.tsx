import { useEffect, useState } from 'react';
import { ActionIcon, Button, Divider, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AREA_KINDS, type TAreaKind } from '@pavilion/domain/checkin/checkin.enums';
import { ZAreaCreateRequest, type TArea, type TAreaCreateRequest, type TCapacityMode } from '@pavilion/domain/checkin/checkin.schemas';
import { FormFooter } from './form-footer.tsx';
import { useFormMutation } from '../../../../app/use-form-mutation.ts';
import { useCategories, useTickets } from '../../../registration/index.ts';
import { checkinKeys } from '../../api/checkin-keys.ts';
import { organiserCheckinApi as api } from '../../api/organiser-checkin-api.ts';
import { useCheckinMutation } from '../../hooks/use-organiser-checkin.ts';
import { isoToLocalInput, localInputToIso } from '../../lib/datetime-local.ts';

type TWindowDraft = { start: string; end: string };
type TDraft = {
  name: string;
  kind: TAreaKind;
  ticketIds: string[];
  categoryIds: string[];
  windows: TWindowDraft[];
  tracksExit: boolean;
  allowsReentry: boolean;
  autoCheckoutAt: string;
  autoCheckoutAfterMinutes: number | '';
  capacity: number | '';
  capacityMode: TCapacityMode;
};

function draftOf(area: TArea | null): TDraft {
  return {
    name: area?.name ?? '',
    kind: area?.kind ?? 'gate',
    ticketIds: area?.ticketIds ?? [],
    categoryIds: area?.categoryIds ?? [],
    windows: (area?.timeWindows ?? []).map((w) => ({ start: isoToLocalInput(w.start), end: isoToLocalInput(w.end) })),
    tracksExit: area?.tracksExit ?? true,
    allowsReentry: area?.allowsReentry ?? true,
    autoCheckoutAt: isoToLocalInput(area?.autoCheckoutAt),
    autoCheckoutAfterMinutes: area?.autoCheckoutAfterMinutes ?? '',
    capacity: area?.capacity ?? '',
    capacityMode: area?.capacityMode ?? 'warn',
  };
}

function requestOf(d: TDraft): TAreaCreateRequest {
  return {
    name: d.name,
    kind: d.kind,
    ticketIds: d.ticketIds,
    categoryIds: d.categoryIds,
    timeWindows: d.windows.map((w) => ({ start: localInputToIso(w.start) ?? '', end: localInputToIso(w.end) ?? '' })),
    tracksExit: d.tracksExit,
    allowsReentry: d.allowsReentry,
    autoCheckoutAt: localInputToIso(d.autoCheckoutAt),
    autoCheckoutAfterMinutes: d.autoCheckoutAfterMinutes === '' ? null : d.autoCheckoutAfterMinutes,
    capacity: d.capacity === '' ? null : d.capacity,
    capacityMode: d.capacityMode,
  };
}

/**
 * Create or edit an area: name and kind, access rules (tickets, categories, opening times, exits, re-entry,
 * automatic check-out) and capacity. Editing saves the three parts through their own calls (and access codes).
 */
export function AreaFormModal({ eventId, area, isOpen, onClose }: { eventId: string; area: TArea | null; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(area));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tickets = useTickets(eventId);
  const categories = useCategories(eventId);
  const invalidates = [checkinKeys.areas(eventId), checkinKeys.devices(eventId)];
  const save = useCheckinMutation(async (d: TDraft) => {
    const body = requestOf(d);
    if (!area) return api.createArea(eventId, body);
    await api.updateArea(eventId, area.id, { name: body.name, kind: body.kind });
    const { name: _n, kind: _k, capacity, capacityMode, ...rules } = body;
    await api.putRules(eventId, area.id, rules);
    return api.putCapacity(eventId, area.id, { capacity, capacityMode });
  }, invalidates);
  // Submit → toast → close; the server's field errors land on their fields (timeWindows.0.end …), others in the alert.
  const form = useFormMutation(save, {
    setFieldError: (field, message) => setErrors((prev) => ({ ...prev, [field]: message })),
    success: () => t('checkin.org.saved'),
    onSuccess: onClose,
  });

  useEffect(() => {
    if (isOpen) {
      setDraft(draftOf(area));
      setErrors({});
      save.reset();
      form.setFormError(null);
    }
    // Reset only when the dialog opens for an area.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, area]);

  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    const parsed = ZAreaCreateRequest.safeParse(requestOf(draft));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.');
        const key = issue.message === 'timeCampare' ? 'validation.timeCampare' : issue.code === 'invalid_format' ? 'validation.invalid' : 'validation.required';
        if (!(field in next)) next[field] = t(key, { defaultValue: t('validation.invalid') });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    form.submit(draft);
  };

  const ticketOptions = (tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }));
  const categoryOptions = (categories.data ?? []).map((x) => ({ value: x.id, label: x.name }));

  return (
    <Modal opened={isOpen} onClose={onClose} title={area ? t('checkin.org.editArea', { name: area.name }) : t('checkin.org.newArea')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput label={t('checkin.org.areaName')} required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} data-autofocus />
            <Select
              label={t('checkin.org.areaKind')}
              value={draft.kind}
              allowDeselect={false}
              onChange={(v) => v && set('kind', v as TAreaKind)}
              data={AREA_KINDS.map((k) => ({ value: k, label: t(`checkin.areaKinds.${k}`) }))}
            />
          </Group>
          <Divider label={t('checkin.org.rules')} labelPosition="left" />
          <MultiSelect
            label={t('checkin.org.ticketsLabel')}
            description={t('checkin.org.ticketsHint')}
            placeholder={draft.ticketIds.length ? undefined : t('checkin.org.allTickets')}
            data={ticketOptions}
            value={draft.ticketIds}
            onChange={(v) => set('ticketIds', v)}
            searchable
            clearable
          />
          <MultiSelect
            label={t('checkin.org.categoriesLabel')}
            description={t('checkin.org.categoriesHint')}
            placeholder={draft.categoryIds.length ? undefined : t('checkin.org.allCategories')}
            data={categoryOptions}
            value={draft.categoryIds}
            onChange={(v) => set('categoryIds', v)}
            searchable
            clearable
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('checkin.org.windowsLabel')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('checkin.org.windowsHint')}
            </Text>
            {draft.windows.map((w, i) => (
              <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
                <TextInput
                  type="datetime-local"
                  label={t('checkin.org.windowStart')}
                  value={w.start}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    set('windows', draft.windows.map((x, j) => (j === i ? { ...x, start: v } : x)));
                  }}
                  error={errors[`timeWindows.${i}.start`]}
                  style={{ flex: 1 }}
                />
                <TextInput
                  type="datetime-local"
                  label={t('checkin.org.windowEnd')}
                  value={w.end}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    set('windows', draft.windows.map((x, j) => (j === i ? { ...x, end: v } : x)));
                  }}
                  error={errors[`timeWindows.${i}.end`]}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={errors[`timeWindows.${i}.end`] ? 22 : 2}
                  aria-label={t('checkin.org.removeWindow', { n: i + 1 })}
                  onClick={() => set('windows', draft.windows.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => set('windows', [...draft.windows, { start: '', end: '' }])}>
                {t('checkin.org.addWindow')}
              </Button>
            </Group>
          </Stack>
          <Switch label={t('checkin.org.tracksExit')} description={t('checkin.org.tracksExitHint')} checked={draft.tracksExit} onChange={(e) => set('tracksExit', e.currentTarget.checked)} />
          <Switch label={t('checkin.org.allowsReentry')} checked={draft.allowsReentry} onChange={(e) => set('allowsReentry', e.currentTarget.checked)} />
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('checkin.org.autoCheckoutAt')}
              description={t('checkin.org.autoCheckoutAtHint')}
              value={draft.autoCheckoutAt}
              onChange={(e) => set('autoCheckoutAt', e.currentTarget.value)}
              error={errors.autoCheckoutAt}
            />
            <NumberInput
              label={t('checkin.org.autoCheckoutAfter')}
              description={t('checkin.org.autoCheckoutAfterHint')}
              min={1}
              max={10080}
              allowDecimal={false}
              value={draft.autoCheckoutAfterMinutes}
              onChange={(v) => set('autoCheckoutAfterMinutes', typeof v === 'number' ? v : '')}
              error={errors.autoCheckoutAfterMinutes}
            />
          </Group>
          <Divider label={t('checkin.org.capacity')} labelPosition="left" />
          <Group grow align="flex-start">
            <NumberInput
              label={t('checkin.org.capacityLabel')}
              description={t('checkin.org.capacityHint')}
              min={1}
              allowDecimal={false}
              value={draft.capacity}
              onChange={(v) => set('capacity', typeof v === 'number' ? v : '')}
              error={errors.capacity}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="capacity-mode-label">
                {t('checkin.org.capacityMode')}
              </Text>
              <SegmentedControl
                aria-labelledby="capacity-mode-label"
                value={draft.capacityMode}
                onChange={(v) => set('capacityMode', v as TCapacityMode)}
                data={[
                  { value: 'warn', label: t('checkin.org.capacityWarn') },
                  { value: 'refuse', label: t('checkin.org.capacityRefuse') },
                ]}
              />
            </Stack>
          </Group>
          <FormFooter error={form.formError} isSaving={form.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
