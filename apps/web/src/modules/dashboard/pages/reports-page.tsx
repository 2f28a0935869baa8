import { Suspense } from 'react';
import { Badge, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Tabs, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AnalyticsType, TimeRangeFilter, type TReportTab, type TTimeRangeFilter } from '@pavilion/domain';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { BadgePrintReport, CertificatePrintingReport } from '../components/print-reports.tsx';
import { reportSlug, reportTabs, resolveReport, type TReportView } from '../components/report-tabs-model.ts';
import { parseTimeRange } from '../components/time-range.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { MeetingsReport } from '../../meetings/index.ts';
import { VideoReport } from '../../video/index.ts';
import { ScheduleSessionsReport } from '../../programme/index.ts';

/** A tab whose module has not landed: it names its analytics type and says what it will show. */
function NotYetPanel({ tab, view }: { tab: TReportTab; view: TReportView }) {
  const { t } = useTranslation();
  const slug = reportSlug(tab);
  return (
    <Stack align="center" ta="center" gap="sm" py={56} px="md">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconHourglassEmpty size={28} />
      </ThemeIcon>
      <Group gap="xs" justify="center">
        <Badge variant="light" radius="sm">
          {t('notAvailable.badge')}
        </Badge>
        {tab.analyticsType !== null && (
          <Badge variant="outline" color="gray.7" radius="sm" tt="none">
            {t('reports.analyticsType', { id: tab.analyticsType })}
          </Badge>
        )}
      </Group>
      <Title order={2} fz="h3">
        {t('reports.tabTitle', { name: tab.name, view: t(view === 'host' ? 'reports.host' : 'reports.exhibitor') })}
      </Title>
      <Text c="dimmed" maw={520}>
        {t('reports.notYet', { name: tab.name })}
      </Text>
      <Text maw={520} size="sm">
        {t(`reports.comes.${slug}`, { defaultValue: '' }) || null}
      </Text>
    </Stack>
  );
}

/**
 * `/app/reports`: the SPEC §2.6 report tabs for hosts and exhibitors. Badge Print and Certificate Printing show the
 * selected event's data for a SPEC §9 time range (`?range=`, default All Dates); the other tabs say plainly that they
 * are not available yet and what they will show.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [eventId] = useCurrentEventId();
  const { view, tab } = resolveReport(params.get('view'), params.get('tab'));
  const range = parseTimeRange(params.get('range'), TimeRangeFilter.AllDates);
  const tabs = reportTabs(view);
  // A phone has no room for a column of fourteen tabs: the reports are picked from a list above the report instead.
  const isNarrow = useMediaQuery('(max-width: 47.99em)');
  usePageTitle(`${tab.name} · ${t('reports.title')}`);

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  const go = (nextView: TReportView, slug?: string) => setParam({ view: nextView, tab: slug ?? null });
  const onRange = (next: TTimeRangeFilter) => setParam({ range: String(next) });

  const panel = (r: TReportTab) => {
    const headingId = `report-${reportSlug(r)}-heading`;
    if (eventId && view === 'host' && r.analyticsType === AnalyticsType.BadgePrint) return <BadgePrintReport eventId={eventId} range={range} onRange={onRange} headingId={headingId} />;
    if (eventId && view === 'host' && r.analyticsType === AnalyticsType.CertificatePrinting) {
      return <CertificatePrintingReport eventId={eventId} range={range} onRange={onRange} headingId={headingId} />;
    }
    // Schedule Sessions (modules/programme, lazy): attendance per session counted at the rooms' doors, for the range.
    if (eventId && view === 'host' && r.analyticsType === AnalyticsType.Schedule) {
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <ScheduleSessionsReport eventId={eventId} range={range} onRange={onRange} headingId={headingId} />
        </Suspense>
      );
    }
    // Meetings and Scheduled Meetings (modules/meetings, lazy): the event's meetings, all or approved.
    if (eventId && view === 'host' && (reportSlug(r) === 'meetings' || reportSlug(r) === 'scheduled-meetings')) {
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <MeetingsReport eventId={eventId} scheduled={reportSlug(r) === 'scheduled-meetings'} headingId={headingId} />
        </Suspense>
      );
    }
    // Networking Lounge, Discussion Table and Video Calls (modules/video, lazy): counts, minutes, a chart per day.
    const videoKind = r.analyticsType === AnalyticsType.NetworkingLounge ? 'lounge' : r.analyticsType === AnalyticsType.DiscussionTable ? 'discussion' : r.analyticsType === AnalyticsType.VideoCalls ? 'calls' : null;
    if (eventId && view === 'host' && videoKind) {
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <VideoReport eventId={eventId} kind={videoKind} title={r.name} headingId={headingId} />
        </Suspense>
      );
    }
    return <NotYetPanel tab={r} view={view} />;
  };

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        description={t('reports.subtitle')}
        actions={
          <div>
            <VisuallyHidden id="report-view-label">{t('reports.viewLabel')}</VisuallyHidden>
            <SegmentedControl
              aria-labelledby="report-view-label"
              value={view}
              onChange={(v) => go(v as TReportView)}
              data={[
                { value: 'host', label: t('reports.host') },
                { value: 'exhibitor', label: t('reports.exhibitor') },
              ]}
            />
          </div>
        }
      />
      <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
        {isNarrow ? (
          <>
            <Select
              label={t('reports.pick')}
              data={tabs.map((r) => ({ value: reportSlug(r), label: r.name }))}
              value={reportSlug(tab)}
              allowDeselect={false}
              onChange={(slug) => slug && go(view, slug)}
              mb="md"
              comboboxProps={{ withinPortal: true }}
            />
            {panel(tab)}
          </>
        ) : (
          <Tabs
            orientation="vertical"
            value={reportSlug(tab)}
            onChange={(slug) => slug && go(view, slug)}
            keepMounted={false}
            variant="pills"
            styles={{
              root: { alignItems: 'flex-start' },
              list: { minWidth: 220, gap: 2 },
              tab: { justifyContent: 'flex-start' },
              tabLabel: { textAlign: 'start' },
              panel: { paddingLeft: 'var(--mantine-spacing-lg)', minWidth: 0 },
            }}
          >
            <Tabs.List aria-label={t(view === 'host' ? 'reports.hostTabs' : 'reports.exhibitorTabs')}>
              {tabs.map((r) => (
                <Tabs.Tab key={reportSlug(r)} value={reportSlug(r)}>
                  {r.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map((r) => (
              <Tabs.Panel key={reportSlug(r)} value={reportSlug(r)}>
                {panel(r)}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Paper>
    </>
  );
}
