import '../video-i18n.ts';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TCallsReport, TTablesReport } from '@pavilion/domain/video/video.schemas';
import { videoKeys, videoOrgApi } from '../api/video-api.ts';

type TKind = 'lounge' | 'discussion' | 'calls';
const DAY_OPTIONS = [7, 14, 30, 90];

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Paper>
  );
}

/** Counts and minutes per day as bars; decorative for screen readers (the figures are stated in text beside it). */
function PerDay({ data, countLabel }: { data: { date: string; count: number; minutes: number }[]; countLabel: string }) {
  const { t } = useTranslation();
  const points = data.map((d) => ({ label: new Date(`${d.date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }), count: d.count }));
  const summary = data.filter((d) => d.count > 0).map((d) => `${d.date}: ${d.count}`).join(', ') || '0';
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {t('video.report.perDay')}
      </Title>
      <div aria-hidden>
        <BarChart h={220} data={points} dataKey="label" series={[{ name: 'count', label: countLabel, color: 'brand.7' }]} gridAxis="y" tickLine="none" yAxisProps={{ allowDecimals: false, width: 36 }} barChartProps={{ accessibilityLayer: false }} />
      </div>
      <Text size="xs" c="dimmed">
        {t('video.report.chartLabel', { summary })}
      </Text>
    </Stack>
  );
}

function TablesReport({ report }: { report: TTablesReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
        <Stat label={t('video.report.tables')} value={report.tables} />
        <Stat label={t('video.report.joins')} value={report.joins} />
        <Stat label={t('video.report.people')} value={report.people} />
        <Stat label={t('video.report.messages')} value={report.messages} />
        <Stat label={t('video.report.totalMinutes')} value={report.totalMinutes} />
        <Stat label={t('video.report.averageMinutes')} value={report.averageMinutes} />
      </SimpleGrid>
      <PerDay data={report.byDay} countLabel={t('video.report.joins')} />
      {report.rows.length === 0 ? (
        <Text c="dimmed">{t('video.report.noTables')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('video.report.topic')}</Table.Th>
                <Table.Th>{t('video.report.seats')}</Table.Th>
                <Table.Th>{t('video.report.joins')}</Table.Th>
                <Table.Th>{t('video.report.people')}</Table.Th>
                <Table.Th>{t('video.report.messages')}</Table.Th>
                <Table.Th>{t('video.report.minutes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((r) => (
                <Table.Tr key={r.tableId}>
                  <Table.Td>{r.topic}</Table.Td>
                  <Table.Td>{r.seats}</Table.Td>
                  <Table.Td>{r.joins}</Table.Td>
                  <Table.Td>{r.people}</Table.Td>
                  <Table.Td>{r.messages}</Table.Td>
                  <Table.Td>{r.minutes}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const duration = (s: number | null) => (s === null ? '—' : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);

function CallsReport({ report }: { report: TCallsReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
        <Stat label={t('video.report.calls')} value={report.calls} />
        <Stat label={t('video.report.answered')} value={report.answered} />
        <Stat label={t('video.report.missed')} value={report.missed} />
        <Stat label={t('video.report.declined')} value={report.declined} />
        <Stat label={t('video.report.talkMinutes')} value={report.totalMinutes} />
        <Stat label={t('video.report.averageCall')} value={report.averageMinutes} />
      </SimpleGrid>
      <PerDay data={report.byDay} countLabel={t('video.report.calls')} />
      {report.recent.length === 0 ? (
        <Text c="dimmed">{t('video.report.noCalls')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('video.report.started')}</Table.Th>
                <Table.Th>{t('video.report.caller')}</Table.Th>
                <Table.Th>{t('video.report.callee')}</Table.Th>
                <Table.Th>{t('video.report.status')}</Table.Th>
                <Table.Th>{t('video.report.duration')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.recent.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{new Date(c.startedAt).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                  <Table.Td>{c.caller}</Table.Td>
                  <Table.Td>{c.callee}</Table.Td>
                  <Table.Td>{t(`video.report.statuses.${c.status}`)}</Table.Td>
                  <Table.Td>{duration(c.durationSeconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * The SPEC §2.6 host report tabs Networking Lounge (type 16), Discussion Table (17) and Video Calls (18): counts,
 * minutes, a chart per day, and the tables or the latest calls.
 */
export function VideoReport({ eventId, kind, title, headingId }: { eventId: string; kind: TKind; title: string; headingId?: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(14);
  const report = useQuery<TCallsReport | TTablesReport>({
    queryKey: videoKeys.report(eventId, kind, days),
    queryFn: ({ signal }): Promise<TCallsReport | TTablesReport> =>
      kind === 'calls' ? videoOrgApi.callsReport(eventId, days, signal) : kind === 'lounge' ? videoOrgApi.loungeReport(eventId, days, signal) : videoOrgApi.discussionReport(eventId, days, signal),
    placeholderData: (prev) => prev,
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h3" id={headingId}>
          {title}
        </Title>
        <NativeSelect label={t('video.report.days')} value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))} data={DAY_OPTIONS.map((n) => ({ value: String(n), label: t('video.report.lastDays', { n }) }))} w={160} />
      </Group>
      {report.isPending ? (
        <Skeleton h={220} aria-label={t('video.report.loading')} />
      ) : report.isError ? (
        <Alert color="red.8" title={t('video.report.error')} />
      ) : 'calls' in report.data ? (
        <CallsReport report={report.data} />
      ) : (
        <TablesReport report={report.data} />
      )}
    </Stack>
  );
}
