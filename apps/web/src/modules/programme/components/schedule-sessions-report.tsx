import '../attendance-i18n.ts';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarStats, IconLock } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TIME_RANGE_FILTER_OPTIONS, type TTimeRangeFilter } from '@pavilion/domain';
import type { TScheduleSessionsReport } from '@pavilion/domain/programme/session-attendance.schemas';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { programmeKeys, programmeOrgApi } from '../api/programme-api.ts';
import { clockOf, dayLabel } from '../lib/programme-format.ts';

const numberFormat = new Intl.NumberFormat('en-GB');
type TProps = { eventId: string; range: TTimeRangeFilter; onRange: (range: TTimeRangeFilter) => void; headingId: string };

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} mt={4} data-testid={testId}>
        {numberFormat.format(value)}
      </Text>
    </Paper>
  );
}

/** Attended vs booked per session as bars; hidden from screen readers, which get the same figures in a sentence and the table. */
function AttendanceChart({ report }: { report: TScheduleSessionsReport }) {
  const { t } = useTranslation();
  const data = report.sessions.map((s) => ({ label: s.title.length > 24 ? `${s.title.slice(0, 23)}…` : s.title, attended: s.attended, booked: s.booked }));
  const summary = report.sessions.map((s) => `${s.title}: ${s.attended}`).join(', ');
  return (
    <Stack gap={4}>
      <Title order={4} fz="md">
        {t('programme.attendance.report.chartTitle')}
      </Title>
      <div aria-hidden data-testid="sessions-chart">
        <BarChart
          h={240}
          data={data}
          dataKey="label"
          withLegend
          series={[
            { name: 'attended', label: t('programme.attendance.report.attended'), color: 'brand.7' },
            { name: 'booked', label: t('programme.attendance.report.booked'), color: 'gray.5' },
          ]}
          gridAxis="y"
          tickLine="none"
          yAxisProps={{ allowDecimals: false, width: 36 }}
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <Text size="xs" c="dimmed">
        {t('programme.attendance.report.chartSummary', { summary })}
      </Text>
    </Stack>
  );
}

/**
 * The host report tab "Schedule Sessions" (SPEC §2.6, analytics type Schedule 11): per session that began in the SPEC §9
 * range, the people counted at its room's door against its bookings and capacity (Session Reports: View, AP-730).
 */
export function ScheduleSessionsReport({ eventId, range, onRange, headingId }: TProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const isAllowed = can('AP-730');
  const query = useQuery({
    queryKey: programmeKeys.sessionsReport(eventId, range),
    queryFn: ({ signal }) => programmeOrgApi.scheduleSessionsReport(eventId, range, signal),
    placeholderData: keepPreviousData,
    enabled: isAllowed && !!eventId,
    staleTime: 15_000,
  });
  if (!isAllowed) {
    return (
      <Alert color="gray" icon={<IconLock size={18} aria-hidden />} title={t('programme.attendance.report.title')}>
        {t('programme.attendance.report.noAccess')}
      </Alert>
    );
  }
  const r = query.data;
  const rangeLabel = TIME_RANGE_FILTER_OPTIONS.find((o) => o.id === range)?.label ?? '';
  return (
    <Stack gap="md" aria-labelledby={headingId} component="section">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="h3" id={headingId}>
          {t('programme.attendance.report.title')}
        </Title>
        <Select
          label={t('programme.attendance.report.rangeLabel')}
          data={TIME_RANGE_FILTER_OPTIONS.map((o) => ({ value: String(o.id), label: o.label }))}
          value={String(range)}
          allowDeselect={false}
          onChange={(v) => v && onRange(Number(v) as TTimeRangeFilter)}
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {query.isPending && <Skeleton h={200} />}
      {query.isError && (
        <Alert color="red" title={t('programme.attendance.report.error')} role="alert">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(query.error, t)}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('programme.attendance.report.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {r && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={t('programme.attendance.report.sessions')} value={r.totals.sessions} testId="sessions-total" />
            <Figure label={t('programme.attendance.report.attended')} value={r.totals.attended} testId="sessions-attended" />
            <Figure label={t('programme.attendance.report.attendees')} value={r.totals.attendees} testId="sessions-attendees" />
            <Figure label={t('programme.attendance.report.booked')} value={r.totals.booked} testId="sessions-booked" />
          </SimpleGrid>
          {r.sessions.length === 0 ? (
            <Stack align="center" ta="center" gap="xs" py={40}>
              <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
                <IconCalendarStats size={26} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                {t('programme.attendance.report.emptyTitle', { range: rangeLabel })}
              </Title>
              <Text c="dimmed" maw={520}>
                {t('programme.attendance.report.emptyBody')}
              </Text>
            </Stack>
          ) : (
            <>
              <AttendanceChart report={r} />
              <Table.ScrollContainer minWidth={560}>
                <Table striped aria-label={t('programme.attendance.report.tableLabel')} data-testid="sessions-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('programme.attendance.report.session')}</Table.Th>
                      <Table.Th>{t('programme.attendance.report.starts')}</Table.Th>
                      <Table.Th>{t('programme.attendance.report.room')}</Table.Th>
                      <Table.Th>{t('programme.attendance.report.attended')}</Table.Th>
                      <Table.Th>{t('programme.attendance.report.booked')}</Table.Th>
                      <Table.Th>{t('programme.attendance.report.capacity')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.sessions.map((s) => (
                      <Table.Tr key={s.sessionId}>
                        <Table.Td>{s.title}</Table.Td>
                        <Table.Td>
                          {dayLabel(s.start.slice(0, 10))} {clockOf(s.start)}
                        </Table.Td>
                        <Table.Td>
                          {s.roomName ?? '—'}{' '}
                          {!s.isTracked && (
                            <Badge size="xs" variant="outline" color="gray.7">
                              {t('programme.attendance.report.untracked')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td data-testid="session-attended">{numberFormat.format(s.attended)}</Table.Td>
                        <Table.Td>{numberFormat.format(s.booked)}</Table.Td>
                        <Table.Td>{s.capacity === null ? t('programme.attendance.report.unlimited') : numberFormat.format(s.capacity)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
