import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconChartAreaLine, IconCoin, IconDoorEnter, IconEye, IconTicket, IconUsers, IconWalk } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TIME_RANGE_FILTER_OPTIONS, TimeRangeFilter, type TEventOverview } from '@pavilion/domain';
import { errorMessage } from '../../../app/form-errors.ts';
import { formatSeats } from '../../registration/index.ts';
import { useEventOverview } from '../hooks/use-event-overview.ts';
import { parseTimeRange } from './time-range.ts';
import { TimeRangeSelect } from './time-range-select.tsx';

// recharts is large: load it only when there is something to draw.
const PageViewsChart = lazy(() => import('./page-views-chart.tsx').then((m) => ({ default: m.PageViewsChart })));

const numberFormat = new Intl.NumberFormat('en-GB');

function formatRevenue(revenue: NonNullable<TEventOverview['revenue']>): string {
  if (revenue.length === 0) return '0';
  return revenue
    .map((r) => {
      try {
        return new Intl.NumberFormat('en-GB', { style: 'currency', currency: r.currency }).format(r.amountMinor / 100);
      } catch {
        return `${(r.amountMinor / 100).toFixed(2)} ${r.currency}`;
      }
    })
    .join(' · ');
}

function Kpi({ icon, label, value, note, isLoading }: { icon: ReactNode; label: string; value: string | null; note: string; isLoading: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ letterSpacing: '0.04em' }} aria-hidden>
            {label}
          </Text>
          {isLoading ? (
            <Skeleton h={30} w={80} mt={6} />
          ) : value === null ? (
            <Text fz={28} fw={700} lh={1.2} mt={4} c="dimmed" aria-hidden="true">
              —
            </Text>
          ) : (
            <Text fz={28} fw={700} lh={1.2} mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="kpi-value">
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {note}
      </Text>
    </Paper>
  );
}

/**
 * The overview's figures for the selected event and SPEC §9 time range (kept in the URL as `?range=`). Figures whose
 * module has not landed are null from the server and say when they will fill, never a made-up number.
 */
export function LiveOverview({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // The overview opens on the whole story so far (as Reports does); a narrower range is one pick away.
  const range = parseTimeRange(params.get('range'), TimeRangeFilter.AllDates);
  const rangeLabel = TIME_RANGE_FILTER_OPTIONS.find((o) => o.id === range)?.label ?? '';
  const overview = useEventOverview(eventId, range);
  const o = overview.data;
  const isLoading = overview.isPending;
  const hasViews = !!o && o.pageViews.series.some((s) => s.count > 0);
  const pending = (value: number | null | undefined, when: string, now: string) => (value === null ? when : now);

  return (
    <section aria-labelledby="live-overview-heading">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Title order={2} fz="h4" id="live-overview-heading">
            {t('dashboard.liveTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.liveSubtitle', { range: rangeLabel })}
          </Text>
        </div>
        <TimeRangeSelect
          value={range}
          onChange={(v) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('range', String(v));
                return next;
              },
              { replace: true },
            )
          }
        />
      </Group>
      {overview.isError && (
        <Alert color="red" variant="light" role="alert" mb="md" title={t('dashboard.overviewError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
          {errorMessage(overview.error, t)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" aria-busy={overview.isFetching} style={{ opacity: overview.isPlaceholderData ? 0.6 : 1 }}>
        <Kpi
          icon={<IconEye size={22} />}
          label={t('dashboard.kpi.pageViews')}
          value={o ? numberFormat.format(o.pageViews.total) : null}
          note={t('dashboard.kpi.pageViewsNote', { count: o?.pageViews.uniqueVisitors ?? 0 })}
          isLoading={isLoading}
        />
        <Kpi
          icon={<IconUsers size={22} />}
          label={t('dashboard.kpi.participants')}
          value={o ? numberFormat.format(o.participants.total) : null}
          note={t('dashboard.kpi.participantsNote')}
          isLoading={isLoading}
        />
        <Kpi
          icon={<IconTicket size={22} />}
          label={t('dashboard.kpi.registrations')}
          value={o?.registrations != null ? numberFormat.format(o.registrations) : null}
          note={
            o?.seats
              ? `${pending(o.registrations, t('dashboard.kpi.whenRegistration'), t('dashboard.kpi.inRange'))} · ${t('dashboard.kpi.seatsNow', { seats: formatSeats(t, o.seats, 'dashboard.kpi.seatsCount') })}`
              : pending(o?.registrations, t('dashboard.kpi.whenRegistration'), t('dashboard.kpi.inRange'))
          }
          isLoading={isLoading}
        />
        <Kpi
          icon={<IconCoin size={22} />}
          label={t('dashboard.kpi.revenue')}
          value={o?.revenue ? formatRevenue(o.revenue) : null}
          note={o && o.revenue === null ? t('dashboard.kpi.whenRegistration') : t('dashboard.kpi.inRange')}
          isLoading={isLoading}
        />
        <Kpi
          icon={<IconDoorEnter size={22} />}
          label={t('dashboard.kpi.checkIns')}
          value={o?.checkIns != null ? numberFormat.format(o.checkIns) : null}
          note={pending(o?.checkIns, t('dashboard.kpi.whenCheckIn'), t('dashboard.kpi.inRange'))}
          isLoading={isLoading}
        />
        <Kpi
          icon={<IconWalk size={22} />}
          label={t('dashboard.kpi.footfall')}
          value={o?.liveFootfall != null ? numberFormat.format(o.liveFootfall) : null}
          note={pending(o?.liveFootfall, t('dashboard.kpi.whenCheckIn'), t('dashboard.kpi.footfallNow'))}
          isLoading={isLoading}
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" mt="md" component="figure" m={0} aria-labelledby="page-views-chart-title">
        <Text fw={600} size="sm" id="page-views-chart-title" component="figcaption">
          {t('dashboard.chartTitle', { range: rangeLabel })}
        </Text>
        {isLoading && <Skeleton h={220} mt="sm" />}
        {o && hasViews && (
          <Box mt="sm">
            <VisuallyHidden>{t('dashboard.chartSummary', { total: o.pageViews.total, visitors: o.pageViews.uniqueVisitors, range: rangeLabel })}</VisuallyHidden>
            <div aria-hidden="true">
              <Suspense fallback={<Skeleton h={220} />}>
                <PageViewsChart overview={o} seriesLabel={t('dashboard.kpi.pageViews')} />
              </Suspense>
            </div>
          </Box>
        )}
        {o && !hasViews && (
          <Box
            mt="sm"
            h={220}
            style={{
              borderLeft: '1px solid var(--mantine-color-gray-4)',
              borderBottom: '1px solid var(--mantine-color-gray-4)',
              backgroundImage: 'repeating-linear-gradient(to top, transparent 0, transparent 54px, var(--mantine-color-gray-2) 54px, var(--mantine-color-gray-2) 55px)',
            }}
          >
            <Stack align="center" justify="center" h="100%" gap={6}>
              <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
                <IconChartAreaLine size={24} />
              </ThemeIcon>
              <Text size="sm" fw={600}>
                {t('dashboard.chartEmptyTitle')}
              </Text>
              <Text size="xs" c="dimmed" maw={380} ta="center">
                {t('dashboard.chartEmptyBody')}
              </Text>
            </Stack>
          </Box>
        )}
      </Paper>
    </section>
  );
}
