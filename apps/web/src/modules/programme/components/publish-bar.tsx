import { Badge, Button, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProgramme } from '@pavilion/domain/programme/programme.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { programmeOrgApi as api } from '../api/programme-api.ts';
import { useProgrammeMutation } from '../api/use-programme.ts';

/**
 * The Sessions & agenda header's publishing line: the published version, how many sessions have changes waiting in the
 * draft, and "Publish changes" (sessions edit, AP-302), which lists them field by field (old → new) in a confirm dialog.
 */
export function PublishBar({ p, eventId }: { p: TProgramme; eventId: string }) {
  const { t } = useTranslation();
  const publish = useProgrammeMutation(eventId, () => api.publishProgramme(eventId));
  // Session changes and renamed rooms or changed tracks, all waiting for the one publish.
  const pending = p.changes.length + p.roomTrackChanges.length;
  const ask = () =>
    openConfirmModal({
      title: t('programme.org.publish.confirmTitle', { version: p.version + 1 }),
      size: 'lg',
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('programme.org.publish.confirmBody')}</Text>
          <List size="sm" spacing={6} aria-label={t('programme.org.publish.pending', { count: pending })}>
            {p.changes.map((c) => (
              <ChangeItem key={c.sessionId} label={t(`programme.org.publish.${c.kind}`)} name={c.title} isQuiet={c.kind === 'edited' || c.kind === 'added'} details={c.details} />
            ))}
            {p.roomTrackChanges.map((c) => (
              <ChangeItem key={`${c.kind}-${c.id}`} label={t(`programme.org.publish.${c.kind}`)} name={c.name} isQuiet details={c.details} />
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
      {p.version > 0 && p.mail.total > 0 && <MailProgress version={p.version} mail={p.mail} />}
    </Paper>
  );
}

/** One pending change in the confirm dialog: what happens to what, whether anyone is told, one line per field. */
function ChangeItem({ label, name, isQuiet, details }: { label: string; name: string; isQuiet: boolean; details: string[] }) {
  const { t } = useTranslation();
  return (
    <List.Item>
      <Text span size="sm" fw={700}>
        {label}:
      </Text>{' '}
      {name}
      {isQuiet && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({t('programme.org.publish.noNotice')})
        </Text>
      )}
      <List size="sm" withPadding listStyleType="disc">
        {details.map((d) => (
          <List.Item key={d}>{d}</List.Item>
        ))}
      </List>
    </List.Item>
  );
}

/**
 * The last version's "session updated" mails, which a job sends after the publish answered: sent of owed, and those
 * given up on. useProgramme reads the programme again every 2 s while some are still owed, so the bar moves by itself.
 */
export function MailProgress({ version, mail }: { version: number; mail: TProgramme['mail'] }) {
  const { t } = useTranslation();
  const done = mail.sent + mail.failed;
  const isSending = mail.total > done;
  const percent = Math.round((done / mail.total) * 100);
  return (
    <Stack gap={4} mt="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" id="programme-mail-progress" fw={500}>
          {t('programme.org.publish.mailProgress', { version, sent: mail.sent, total: mail.total })}
        </Text>
        <Group gap="xs">
          {mail.failed > 0 && (
            <Badge color="red.9" variant="light">
              {t('programme.org.publish.mailFailed', { count: mail.failed })}
            </Badge>
          )}
          <Text size="xs" c="dimmed" aria-live="polite">
            {isSending ? t('programme.org.publish.mailSending') : t('programme.org.publish.mailDone')}
          </Text>
        </Group>
      </Group>
      <Progress.Root size="lg" aria-labelledby="programme-mail-progress">
        <Progress.Section value={(mail.sent / mail.total) * 100} color="teal.8" aria-label={t('programme.org.publish.mailSentLabel', { count: mail.sent })} />
        {mail.failed > 0 && <Progress.Section value={(mail.failed / mail.total) * 100} color="red.8" aria-label={t('programme.org.publish.mailFailedLabel', { count: mail.failed })} />}
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {t('programme.org.publish.mailPercent', { percent })}
      </Text>
    </Stack>
  );
}
