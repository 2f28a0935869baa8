import { Alert, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { certificatesApi } from '../api/certificates-api.ts';
import { certificatesKeys } from '../api/certificates-keys.ts';

/**
 * A bulk certificate mail as the server's job sends it: a progress bar (sent, failed, of the total) polled every
 * second while it runs, then the result and each recipient that could not be mailed, with the reason.
 */
export function MailBatchProgress({ eventId, batchId, onDismiss }: { eventId: string; batchId: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const batch = useQuery({
    queryKey: certificatesKeys.mailBatch(eventId, batchId),
    queryFn: ({ signal }) => certificatesApi.mailBatch(eventId, batchId, signal),
    refetchInterval: (q) => (q.state.data?.status === 'done' ? false : 1000),
  });
  const isDone = batch.data?.status === 'done';
  // The list's "Emailed" badges follow once the job has finished.
  useEffect(() => {
    if (isDone) void qc.invalidateQueries({ queryKey: certificatesKeys.issued(eventId) });
  }, [isDone, eventId, qc]);

  if (batch.isError) return <Alert color="red">{errorMessage(batch.error, t)}</Alert>;
  if (!batch.data) return null;
  const b = batch.data;
  const pct = (n: number) => (b.total === 0 ? 0 : (n / b.total) * 100);
  const k = 'certificates.org.printing.mail';
  return (
    <Paper withBorder p="md" data-testid="mail-batch">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5">
            {t(`${k}.title`)}
          </Title>
          {isDone && (
            <Button size="xs" variant="default" onClick={onDismiss}>
              {t(`${k}.dismiss`)}
            </Button>
          )}
        </Group>
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={pct(b.sent)} color="teal.8" />
          <Progress.Section value={pct(b.failed)} color="red.8" />
        </Progress.Root>
        <Text
          size="sm"
          role="progressbar"
          aria-label={t(`${k}.progressLabel`)}
          aria-valuemin={0}
          aria-valuemax={b.total}
          aria-valuenow={b.sent + b.failed}
          aria-live="polite"
          data-testid="mail-batch-progress"
        >
          {t(`${k}.progress`, { sent: b.sent, total: b.total, failed: b.failed })}
        </Text>
        {!isDone ? (
          <Text size="sm" c="dimmed">
            {t(`${k}.sending`)}
          </Text>
        ) : b.total === 0 ? (
          <Alert color="blue">{t(`${k}.nobody`)}</Alert>
        ) : b.failed === 0 ? (
          <Alert color="teal" role="status">
            {t(`${k}.done`, { sent: b.sent })}
          </Alert>
        ) : (
          <Alert color="orange" role="status">
            {t(`${k}.doneWithFailures`, { sent: b.sent, failed: b.failed })}
          </Alert>
        )}
        {b.failures.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" data-testid="mail-batch-failures">
              <Table.Caption>{t(`${k}.failuresTitle`)}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${k}.recipient`)}</Table.Th>
                  <Table.Th>{t(`${k}.reason`)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {b.failures.map((f) => (
                  <Table.Tr key={f.certificateId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {f.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {f.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{f.error}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
