import { Checkbox, Group, NumberInput, Paper, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TShareOption } from '@pavilion/domain/content/share-options';

/**
 * The event's SPEC §3.7 share options, one card per platform: active, button title, position, message and whether the
 * current page's link goes with it. Used by E-Badge Settings (T-67) and by Share Options (T-215).
 */
export function ShareOptionsEditor({ value, onChange, canEdit }: { value: TShareOption[]; onChange: (next: TShareOption[]) => void; canEdit: boolean }) {
  const { t } = useTranslation();
  const setOption = (i: number, patch: Partial<TShareOption>) => onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <Stack gap="sm">
      {value.map((o, i) => (
        <Paper key={o.platform} withBorder p="sm" radius="md">
          <Group align="flex-start" wrap="wrap" gap="md">
            <Checkbox label={`${o.name} — ${t('ebadge.org.active')}`} checked={o.active} onChange={(e) => setOption(i, { active: e.currentTarget.checked })} disabled={!canEdit} miw={220} />
            <TextInput label={t('ebadge.org.optionTitle')} value={o.title} onChange={(e) => setOption(i, { title: e.currentTarget.value })} disabled={!canEdit} maxLength={200} style={{ flex: 1, minWidth: 180 }} />
            <NumberInput label={t('ebadge.org.position')} value={o.position} onChange={(v) => typeof v === 'number' && v >= 1 && setOption(i, { position: v })} min={1} max={99} allowDecimal={false} disabled={!canEdit} w={96} />
            <TextInput label={t('ebadge.org.message')} value={o.message} onChange={(e) => setOption(i, { message: e.currentTarget.value })} disabled={!canEdit} maxLength={2000} style={{ flex: 1, minWidth: 200 }} />
            <Checkbox label={t('ebadge.org.includeLink')} checked={o.includeCurrentPageLink} onChange={(e) => setOption(i, { includeCurrentPageLink: e.currentTarget.checked })} disabled={!canEdit} mt={28} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
