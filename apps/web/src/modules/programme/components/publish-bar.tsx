import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProgramme } from '@pavilion/domain/programme/programme.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { programmeOrgApi as api } from '../api/programme-api.ts';
import { useProgrammeMutation } from '../api/use-programme.ts';

/**
 * The Sessions & agenda header's publishing line: the published version, how many moves and deletions wait in the
 * draft, and "Publish changes" (sessions edit, AP-302), which lists them in a confirm dialog first.
 */
export function PublishBar({ p, eventId }: { p: TProgramme; eventId: string }) {
  const { t } = useTranslation();
  const publish = useProgrammeMutation(eventId, () => api.publishProgramme(eventId));
  const pending = p.changes.length;
  const ask = () =>
    modals.openConfirmModal({
      title: t('programme.org.publish.confirmTitle', { version: p.version + 1 }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('programme.org.publish.confirmBody')}</Text>
          <List size="sm" spacing={4} aria-label={t('programme.org.publish.pending', { count: pending })}>
            {p.changes.map((c) => (
              <List.Item key={c.sessionId}>
                <Text span fw={700}>
                  {t(`programme.org.publish.${c.kind}`)}:
                </Text>{' '}
                {c.text}
              </List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: t('programme.org.publish.confirm'), cancel: t('programme.org.publish.cancel') },
      onConfirm: () =>
        publish.mutate(undefined, {
          onSuccess: (r) => toast(t('programme.org.publish.done', { version: r.version, count: r.notified }), 'success'),
          onError: (err) => toast(errorMessage(err, t), 'error'),
        }),
    });
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('programme.org.publish.label')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Badge variant="filled" color={p.version > 0 ? 'teal.9' : 'gray.7'} size="lg">
            {p.version > 0 ? t('programme.org.publish.version', { version: p.version }) : t('programme.org.publish.neverPublished')}
          </Badge>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {pending ? t('programme.org.publish.pending', { count: pending }) : t('programme.org.publish.upToDate')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('programme.org.publish.hint')}
            </Text>
          </Stack>
        </Group>
        <Can rule="AP-302">
          <Button leftSection={<IconSend size={16} aria-hidden />} disabled={pending === 0} loading={publish.isPending} onClick={ask}>
            {t('programme.org.publish.button')}
          </Button>
        </Can>
      </Group>
    </Paper>
  );
}
