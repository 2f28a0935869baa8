import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCertificate, IconId, IconLock } from '@tabler/icons-react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIME_RANGE_FILTER_OPTIONS, type TReportWindow, type TTimeRangeFilter } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api.ts';
import type { TReportSeries } from './report-series-chart.tsx';
import { TimeRangeSelect } from './time-range-select.tsx';

// recharts is large: load it only when there is something to draw.
const ReportSeriesChart = lazy(() => import('./report-series-chart.tsx').then((m) => ({ default: m.ReportSeriesChart })));

const numberFormat = new Intl.NumberFormat('en-GB');
const rangeLabelOf = (range: TTimeRangeFilter) => TIME_RANGE_FILTER_OPTIONS.find((o) => o.id === range)?.label ?? '';

type TPanelProps = { eventId: string; range: TTimeRangeFilter; onRange: (range: TTimeRangeFilter) => void; headingId: string };

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

/**
 * The frame both print reports share: title and SPEC §9 range picker, the figures, the chart (or an empty state that
 * says where the data comes from) and the breakdown tables.
 */
function ReportFrame({
  title,
  headingId,
  range,
  onRange,
  query,
  figures,
  isEmpty,
  empty,
  chart,
  tables,
}: Omit<TPanelProps, 'eventId'> & {
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; isPlaceholderData: boolean; isFetching: boolean; data?: TReportWindow };
  figures: ReactNode;
  isEmpty: boolean;
  empty: ReactNode;
  chart: { summary: string; series: TReportSeries[]; points: ({ at: string } & Record<string, number | string>)[] } | null | undefined;
  tables: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} fz="h3" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('reports.window', { range: rangeLabelOf(range), timeZone: query.data?.timeZone ?? '…' })}
          </Text>
        </div>
        <TimeRangeSelect value={range} onChange={onRange} />
      </Group>
      {query.isError && (
        <Alert color="red" variant="light" role="alert" title={t('reports.loadError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {errorMessage(query.error, t)}
        </Alert>
      )}
      {query.isPending && <Skeleton h={320} radius="md" />}
      {query.data && (
        <Stack gap="md" aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
            {figures}
          </SimpleGrid>
          {isEmpty ? (
            <Paper withBorder radius="md">
              {empty}
            </Paper>
          ) : (
            <>
              {chart && (
                <Paper withBorder p="md" radius="md" component="figure" m={0} aria-labelledby={`${headingId}-chart`}>
                  <Text fw={600} size="sm" id={`${headingId}-chart`} component="figcaption">
                    {t('reports.chartTitle', { range: rangeLabelOf(range) })}
                  </Text>
                  <Box mt="sm">
                    <VisuallyHidden>{chart.summary}</VisuallyHidden>
                    <div aria-hidden="true" data-testid="report-chart">
                      <Suspense fallback={<Skeleton h={240} />}>
                        <ReportSeriesChart window={query.data} points={chart.points} series={chart.series} />
                      </Suspense>
                    </div>
                  </Box>
                </Paper>
              )}
              {tables}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function NoAccess({ code }: { code: string }) {
  const { t } = useTranslation();
  return <EmptyState icon={<IconLock size={30} />} title={t('reports.noAccessTitle')} description={t('reports.noAccessBody', { code })} headingLevel={2} />;
}

function useReport<T>(key: readonly unknown[], fetch: (signal: AbortSignal) => Promise<T>, isEnabled: boolean) {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => fetch(signal), placeholderData: keepPreviousData, enabled: isEnabled, staleTime: 30_000 });
}

/** Badge Print (SPEC §2.6, analytics type 28): badges printed in the range, reprints, per bucket and per template. */
export function BadgePrintReport({ eventId, range, onRange, headingId }: TPanelProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const isAllowed = can('AP-732');
  const query = useReport(dashboardKeys.report(eventId, 'badge-print', range), (signal) => dashboardApi.badgePrintActivity(eventId, range, signal), isAllowed);
  if (!isAllowed) return <NoAccess code="AP-732" />;
  const r = query.data;
  const rangeLabel = rangeLabelOf(range);
  return (
    <ReportFrame
      title={t('reports.badgePrint.title')}
      headingId={headingId}
      range={range}
      onRange={onRange}
      query={query}
      isEmpty={!r || r.totals.prints === 0}
      figures={
        r && (
          <>
            <Figure label={t('reports.badgePrint.prints')} value={r.totals.prints} testId="report-total" />
            <Figure label={t('reports.badgePrint.attendees')} value={r.totals.attendees} testId="report-attendees" />
            <Figure label={t('reports.badgePrint.reprints')} value={r.totals.reprints} testId="report-reprints" />
            <Figure label={t('reports.badgePrint.fromBulkJobs')} value={r.totals.fromBulkJobs} testId="report-bulk" />
          </>
        )
      }
      empty={
        <EmptyState
          icon={<IconId size={30} />}
          title={t('reports.badgePrint.emptyTitle', { range: rangeLabel })}
          description={t('reports.badgePrint.emptyBody')}
          headingLevel={3}
          action={
            can('AP-235') && (
              <Button component={Link} to="/app/badges/printing" variant="light">
                {t('reports.badgePrint.emptyAction')}
              </Button>
            )
          }
        />
      }
      chart={
        r && {
          summary: t('reports.badgePrint.summary', { prints: r.totals.prints, attendees: r.totals.attendees, reprints: r.totals.reprints, range: rangeLabel }),
          series: [
            { name: 'first', label: t('reports.badgePrint.firstPrints'), color: 'brand.7' },
            { name: 'reprints', label: t('reports.badgePrint.reprints'), color: 'orange.6' },
          ],
          points: r.series.map((p) => ({ at: p.at, first: p.prints - p.reprints, reprints: p.reprints })),
        }
      }
      tables={
        r && (
          <DataTable columns={[t('reports.template'), t('reports.badgePrint.prints'), t('reports.badgePrint.reprints')]} minWidth={300} aria-label={t('reports.byTemplate')} data-testid="report-table">
            {r.byTemplate.map((row) => (
              <Table.Tr key={row.templateName}>
                <Table.Td>{row.templateName}</Table.Td>
                <Table.Td>{numberFormat.format(row.prints)}</Table.Td>
                <Table.Td>{numberFormat.format(row.reprints)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )
      }
    />
  );
}

/** Certificate Printing (SPEC §2.6, analytics type 45): certificates issued, mailed and revoked in the range. */
export function CertificatePrintingReport({ eventId, range, onRange, headingId }: TPanelProps) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const isAllowed = can('AP-258');
  const query = useReport(dashboardKeys.report(eventId, 'certificate-printing', range), (signal) => dashboardApi.certificateActivity(eventId, range, signal), isAllowed);
  if (!isAllowed) return <NoAccess code="AP-258" />;
  const r = query.data;
  const rangeLabel = rangeLabelOf(range);
  const isEmpty = !r || r.totals.issued + r.totals.emailed + r.totals.revoked === 0;
  return (
    <ReportFrame
      title={t('reports.certificates.title')}
      headingId={headingId}
      range={range}
      onRange={onRange}
      query={query}
      isEmpty={isEmpty}
      figures={
        r && (
          <>
            <Figure label={t('reports.certificates.issued')} value={r.totals.issued} testId="report-total" />
            <Figure label={t('reports.certificates.emailed')} value={r.totals.emailed} testId="report-emailed" />
            <Figure label={t('reports.certificates.revoked')} value={r.totals.revoked} testId="report-revoked" />
            <Figure label={t('reports.certificates.templates')} value={r.byTemplate.length} testId="report-templates" />
          </>
        )
      }
      empty={
        <EmptyState
          icon={<IconCertificate size={30} />}
          title={t('reports.certificates.emptyTitle', { range: rangeLabel })}
          description={t('reports.certificates.emptyBody')}
          headingLevel={3}
          action={
            can('AP-254') && (
              <Button component={Link} to="/app/certificates/issue" variant="light">
                {t('reports.certificates.emptyAction')}
              </Button>
            )
          }
        />
      }
      chart={
        r && {
          summary: t('reports.certificates.summary', { issued: r.totals.issued, emailed: r.totals.emailed, revoked: r.totals.revoked, range: rangeLabel }),
          series: [{ name: 'issued', label: t('reports.certificates.issued'), color: 'brand.7' }],
          points: r.series,
        }
      }
      tables={
        r && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <DataTable columns={[t('reports.template'), t('reports.certificates.issued')]} minWidth={280} aria-label={t('reports.byTemplate')} data-testid="report-table">
              {r.byTemplate.map((row) => (
                <Table.Tr key={row.templateId}>
                  <Table.Td>{row.templateName}</Table.Td>
                  <Table.Td>{numberFormat.format(row.issued)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <DataTable columns={[t('reports.certificates.channel'), t('reports.certificates.issued')]} minWidth={280} aria-label={t('reports.byChannel')}>
              {r.byChannel.map((row) => (
                <Table.Tr key={row.issuedVia}>
                  <Table.Td>{t(`reports.certificates.via.${row.issuedVia}`)}</Table.Td>
                  <Table.Td>{numberFormat.format(row.issued)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </SimpleGrid>
        )
      }
    />
  );
}
