import '../organiser-i18n.ts';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SHARE_OPTIONS, type TShareOption } from '@pavilion/domain/content/share-options';
import { errorMessage } from '../../../app/form-errors.ts';
import { useAccess } from '../../../app/access.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ebadgeOrgApi } from '../api/ebadge-api.ts';
import { ebadgeKeys } from '../api/ebadge-keys.ts';
import { ShareOptionsEditor } from '../components/share-options-editor.tsx';

function ShareOptionsForm({ eventId, initial, canEdit }: { eventId: string; initial: TShareOption[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [value, setValue] = useState(initial);
  const save = useMutation({
    mutationFn: (shareOptions: TShareOption[]) => ebadgeOrgApi.saveShareOptions(eventId, { shareOptions }),
    onSuccess: (data) => {
      qc.setQueryData(ebadgeKeys.shareOptions(eventId), data);
      void qc.invalidateQueries({ queryKey: ebadgeKeys.settings(eventId) });
    },
  });
  const form = useFormMutation(save, { success: () => t('ebadge.org.shareSaved') });
  const missing = DEFAULT_SHARE_OPTIONS.filter((d) => !value.some((o) => o.platform === d.platform));
  const shown = value.filter((o) => o.active).sort((a, b) => a.position - b.position);
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <form
          aria-label={t('ebadge.org.shareTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            form.submit(value);
          }}
        >
          <Stack gap="md">
            <FormAlert message={form.formError} />
            {!canEdit && <Alert color="gray">{t('ebadge.org.shareReadOnly')}</Alert>}
            <ShareOptionsEditor value={value} onChange={setValue} canEdit={canEdit} />
            {canEdit && (
              <Group justify="space-between">
                <Group gap="xs">
                  {missing.map((d) => (
                    <Button key={d.platform} variant="default" size="xs" onClick={() => setValue((v) => [...v, { ...d, position: v.length + 1 }])}>
                      {t('ebadge.org.shareAdd', { name: d.name })}
                    </Button>
                  ))}
                </Group>
                <Button type="submit" loading={form.isPending}>
                  {t('ebadge.org.shareSave')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={3} fz="md" mb="xs">
          {t('ebadge.org.sharePreview')}
        </Title>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('ebadge.org.sharePreviewNone')}
          </Text>
        ) : (
          <Group gap="xs" data-testid="share-preview">
            {shown.map((o) => (
              <Badge key={o.platform} variant="light" size="lg" tt="none">
                {o.title || o.name}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

/** Share Options (T-215, AP-785 view, AP-786 edit): the event's SPEC §3.7 share and add-to-calendar buttons. */
export function ShareOptionsPage() {
  const { t } = useTranslation();
  const [eventId] = useCurrentEventId();
  const access = useAccess();
  const options = useQuery({ queryKey: ebadgeKeys.shareOptions(eventId ?? ''), queryFn: ({ signal }) => ebadgeOrgApi.shareOptions(eventId!, signal), enabled: !!eventId });
  if (!eventId) return <Alert title={t('ebadge.org.noEvent')}>{t('ebadge.org.noEventBody')}</Alert>;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="lg">
          {t('ebadge.org.shareTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('ebadge.org.shareSubtitle')}
        </Text>
      </div>
      {options.isPending ? (
        <Skeleton h={240} />
      ) : options.isError ? (
        <Alert color="red">{errorMessage(options.error, t)}</Alert>
      ) : (
        <ShareOptionsForm key={eventId} eventId={eventId} initial={options.data.shareOptions} canEdit={access.can('AP-786')} />
      )}
    </Stack>
  );
}
