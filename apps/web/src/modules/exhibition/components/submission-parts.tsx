import { Anchor, Badge, Stack, Table, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSubmission, TSubmissionHistoryEntry, TSubmissionStatus } from '@pavilion/domain/exhibition/service-forms';
import { formatShortDateTime } from '../../../ui/format.ts';
import { formatPrice } from './price.ts';

const STATUS_COLOURS: Record<TSubmissionStatus, string> = { draft: 'gray', submitted: 'blue', approved: 'teal', rejected: 'red', fulfilled: 'grape' };

/** A submission's status as a badge (dark text and outline on white: readable contrast, also on a phone's small badge). */
export function StatusBadge({ status }: { status: TSubmissionStatus }) {
  const { t } = useTranslation();
  const c = STATUS_COLOURS[status];
  return (
    <Badge variant="outline" color={`${c}.9`} bg="white">
      {t(`exhibition.forms.status.${status}`)}
    </Badge>
  );
}

/** The ordered lines with the total the server computed. */
export function LinesTable({ submission }: { submission: Pick<TSubmission, 'lines' | 'total' | 'currency'> }) {
  const { t } = useTranslation();
  if (submission.lines.length === 0) return null;
  return (
    <Table withTableBorder verticalSpacing={4} aria-label={t('exhibition.forms.submissions.lines')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('exhibition.forms.settings.particularName')}</Table.Th>
          <Table.Th scope="col">{t('exhibition.forms.submissions.qty')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('exhibition.forms.submissions.amount')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {submission.lines.map((l) => (
          <Table.Tr key={l.name}>
            <Table.Td>
              {l.name}
              <Text span size="xs" c="dimmed">
                {' '}
                · {t('exhibition.forms.fill.each', { rate: `${l.currency} ${formatPrice(l.rate)}`, unit: l.unit || '1' })}
              </Text>
            </Table.Td>
            <Table.Td>{l.quantity}</Table.Td>
            <Table.Td ta="right">{formatPrice(l.amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row" colSpan={2}>
            {t('exhibition.forms.fill.total')}
          </Table.Th>
          <Table.Td ta="right" fw={700}>
            {submission.currency} {formatPrice(submission.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** Who did what, and when. */
export function HistoryTimeline({ history }: { history: TSubmissionHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <Timeline bulletSize={14} lineWidth={2} active={history.length - 1}>
      {history.map((h, i) => (
        <Timeline.Item key={i} title={t('exhibition.forms.submissions.historyEntry', { action: t(`exhibition.forms.actions.${h.action}`), name: h.actorName || '—' })}>
          <Text size="xs" c="dimmed">
            {formatShortDateTime(h.at)}
          </Text>
          {h.note && <Text size="sm">{h.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The answers and the attachment of a submission. */
export function AnswersAndFile({ submission, onDownload }: { submission: Pick<TSubmission, 'answers' | 'attachment'>; onDownload: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {submission.answers.map((a) => (
        <div key={a.label}>
          <Text size="xs" c="dimmed">
            {a.label}
          </Text>
          <Text size="sm">{a.value || '—'}</Text>
        </div>
      ))}
      {submission.attachment && (
        <Anchor component="button" type="button" size="sm" onClick={onDownload}>
          {t('exhibition.forms.submissions.download', { name: submission.attachment.fileName })}
        </Anchor>
      )}
    </Stack>
  );
}
