import '../badges-i18n.ts';
import { useState } from 'react';
import { Alert, Button, ColorInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/access.ts';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { isApiError } from '../../../app/api-client.ts';
import { toast } from '../../../app/toast.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { badgesApi } from '../api/badges-api.ts';
import { badgesKeys } from '../api/badges-keys.ts';
import { useBadgeFields } from '../lib/use-badges.ts';

const SWATCHES = ['#c92a2a', '#e8590c', '#f08c00', '#2f9e44', '#0c8599', '#1971c2', '#5f3dc4', '#9c36b5', '#495057'];

/**
 * /app/badges/colours (Badge Fields, AP-231 view / AP-232 edit): one colour per visitor category for the event. A
 * badge template's band can take it, and the gate's scanner shows it with the attendee's result.
 */
export function CategoryColoursPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const fields = useBadgeFields(eventId ?? '');
  const canEdit = useAccess().can('AP-232');
  const qc = useQueryClient();
  // Edits over what the server has: a category's new colour, or null to clear it.
  const [edits, setEdits] = useState<Record<string, string | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => badgesApi.updateFields(eventId!, { categoryColors: edits }),
    onSuccess: (data) => {
      qc.setQueryData(badgesKeys.fields(eventId!), data);
      setEdits({});
      setErrors({});
      toast(t('badges.colours.saved'), 'success');
    },
    onError: (err) => {
      if (isApiError(err) && err.errors?.length) setErrors(Object.fromEntries(err.errors.map((e) => [e.field.replace(/^categoryColors\./, ''), translateErrorKey(t, e.key)])));
      else toast(errorMessage(err, t), 'error');
    },
  });
  usePageTitle(t('badges.tabs.colours'));
  const categories = fields.data?.categories ?? [];
  const valueOf = (id: string, saved: string | null) => (id in edits ? (edits[id] ?? '') : (saved ?? ''));
  const isDirty = Object.keys(edits).length > 0;

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm" maw={720}>
        {t('badges.colours.intro')}
      </Text>
      {fields.isPending && <ListLoading rows={3} />}
      {fields.isError && <ListError error={fields.error} onRetry={() => void fields.refetch()} />}
      {fields.data && categories.length === 0 && <ListEmpty icon={<IconPalette size={32} />} title={t('badges.colours.empty')} body={t('badges.colours.emptyBody')} />}
      {categories.length > 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="md">
            <DataTable columns={[t('badges.colours.category'), t('badges.colours.colour')]} minWidth={520}>
              {categories.map((c) => {
                const value = valueOf(c.id, c.color);
                return (
                  <Table.Tr key={c.id} data-testid={`category-colour-${c.id}`}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, flex: 'none', background: value || 'var(--mantine-color-gray-3)', border: '1px solid var(--mantine-color-gray-5)' }} />
                        <Text fw={600} size="sm">
                          {c.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <ColorInput
                        aria-label={t('badges.colours.colourOf', { name: c.name })}
                        placeholder={t('badges.colours.none')}
                        format="hex"
                        swatches={SWATCHES}
                        eyeDropperButtonProps={{ 'aria-label': t('badges.colours.pickFromScreen', { name: c.name }) }}
                        // Swatches, a typed hex value or the eye dropper: the free picker's sliders have no accessible names.
                        withPicker={false}
                        value={value}
                        disabled={!canEdit}
                        error={errors[c.id]}
                        maw={260}
                        onChange={(v) => setEdits((cur) => ({ ...cur, [c.id]: v === '' ? null : v.toLowerCase() }))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </DataTable>
            {save.isError && !Object.keys(errors).length && (
              <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
                {errorMessage(save.error, t)}
              </Alert>
            )}
            {canEdit && (
              <Group justify="flex-end">
                <Button variant="default" disabled={!isDirty || save.isPending} onClick={() => {
                    setEdits({});
                    setErrors({});
                  }}>
                  {t('badges.colours.discard')}
                </Button>
                <Button type="submit" disabled={!isDirty} loading={save.isPending}>
                  {t('badges.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
      {fields.data && (
        <Paper withBorder p="md">
          <Title order={2} fz="h5" mb={4}>
            {t('badges.colours.printableTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {[...fields.data.sources.map((s) => s.label), ...fields.data.answerKeys.map((a) => a.label)].join(' · ')}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
