import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { badgesApi, saveFile } from '../api/badges-api.ts';
import { useBadgeJob } from '../lib/use-badges.ts';

/** A bulk print's progress bar (polled) and, when done, its download button. */
export function JobProgress({ eventId, jobId }: { eventId: string; jobId: string }) {
  const { t } = useTranslation();
  const job = useBadgeJob(eventId, jobId);
  const j = job.data;
  if (!j) return null;
  const pct = j.total > 0 ? Math.round((j.done / j.total) * 100) : 0;
  if (j.status === 'failed') return <Alert color="red">{t('badges.printing.jobFailed', { error: j.error ?? '' })}</Alert>;
  return (
    <Stack gap="xs" data-testid="badge-job">
      <Text size="sm" aria-live="polite">
        {j.status === 'done' ? t('badges.printing.jobDone', { total: j.total, pages: j.pages ?? 0 }) : t('badges.printing.jobRunning', { done: j.done, total: j.total })}
      </Text>
      <Progress value={j.status === 'done' ? 100 : pct} aria-label={t('badges.printing.jobRunning', { done: j.done, total: j.total })} animated={j.status !== 'done'} />
      {j.status === 'done' && (
        <Group>
          {j.parts.map((p) => (
            <Button key={p.partNo} leftSection={<IconDownload size={16} />} onClick={() => void badgesApi.jobPdf(eventId, j.id, p.partNo).then(saveFile)}>
              {j.parts.length > 1 ? t('badges.printing.downloadPart', { from: p.firstIndex + 1, to: p.firstIndex + p.badges }) : t('badges.printing.download')}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
