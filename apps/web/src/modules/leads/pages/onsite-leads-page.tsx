import '../leads-i18n.ts';
import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { IconAddressBook, IconDownload, IconMailForward } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOnsiteLeads, TOnsiteLeadsQuery } from '@pavilion/domain/leads/leads.schemas';
import { ONSITE_LEADS_COLUMNS } from '@pavilion/domain/leads/onsite-leads';
import { TIME_RANGE_FILTER_OPTIONS, TimeRangeFilter } from '@pavilion/domain/analytics/analytics.enums';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../../app/access.ts';
import { isApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { onsiteLeadsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

/** "Send brief bags now" (AP-580): the attendees' brief bags by mail, once the event has ended (the server says 409 before). */
function SendBriefBags({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: () => onsiteLeadsApi.sendBags(eventId),
    onSuccess: (r) => toast(t('leads.onsite.bagsSent', r), 'success'),
    onError: (err) => toast(isApiError(err) ? err.message : t('leads.onsite.bagsError'), 'error'),
  });
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
        {t('leads.onsite.sendBagsHint')}
      </Text>
      <Button variant="light" leftSection={<IconMailForward size={16} aria-hidden />} loading={send.isPending} onClick={() => send.mutate()}>
        {t('leads.onsite.sendBags')}
      </Button>
    </Group>
  );
}

/** The columns the chart stacks per company: every SPEC §9 action (3 to 9), not the leads and their ratings. */
const CHART_SERIES = [
  { key: 'cardTaken', color: 'teal.7' },
  { key: 'cardDropped', color: 'cyan.7' },
  { key: 'briefBag', color: 'grape.7' },
  { key: 'inquiries', color: 'orange.7' },
  { key: 'generalCalls', color: 'blue.7' },
  { key: 'meetings', color: 'indigo.7' },
  { key: 'networking', color: 'pink.7' },
] as const;
/** Bars shown at most: a large fair's chart keeps its most active companies; the table holds them all. */
const CHART_MAX = 15;

/** Actions per company as stacked bars, the most active first (decorative for screen readers: the table states the figures). */
function ActionsChart({ companies }: { companies: TOnsiteLeads['companies'] }) {
  const { t } = useTranslation();
  const columns = new Map(ONSITE_LEADS_COLUMNS.map((c) => [c.key as string, c]));
  const data = companies
    .map((c) => {
      const row: Record<string, string | number> = { company: c.companyName };
      let total = 0;
      for (const s of CHART_SERIES) {
        const n = columns.get(s.key)!.of(c);
        row[s.key] = n;
        total += n;
      }
      return { row, total };
    })
    .filter((r) => r.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, CHART_MAX);
  return (
    <Paper withBorder radius="md" p="md" data-testid="onsite-chart">
      <Title order={2} size="h4" id="onsite-chart-title">
        {t('leads.onsite.chartTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {data.length === 0 ? t('leads.onsite.chartEmpty') : t('leads.onsite.chartHint')}
      </Text>
      {data.length > 0 && (
        <div aria-hidden>
          <BarChart
            h={Math.max(160, data.length * 40 + 60)}
            data={data.map((d) => d.row)}
            dataKey="company"
            type="stacked"
            orientation="vertical"
            series={CHART_SERIES.map((s) => ({ name: s.key, label: t(`leads.onsite.cols.${s.key}`), color: s.color }))}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            gridAxis="x"
            tickLine="none"
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={{ width: 130 }}
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
      )}
    </Paper>
  );
}

/** "Custom dates" in the time-range choice: whole days From/To instead of a SPEC §9 range. */
const CUSTOM_DAYS = 'days';

type TRangeBarProps = {
  choice: string;
  onChoice: (v: string) => void;
  from: string;
  to: string;
  timeZone: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  isInverted: boolean;
};

/**
 * The time range: a SPEC §9 range (Now, last 15 min … All Dates, as the other report tabs) or custom whole days From/To
 * in the event's time zone (an end before the start is said at once, and not asked for).
 */
function RangeBar({ choice, onChoice, from, to, timeZone, onFrom, onTo, isInverted }: TRangeBarProps) {
  const { t } = useTranslation();
  const isDays = choice === CUSTOM_DAYS;
  return (
    <Stack gap={4}>
      <Group align="flex-start" wrap="wrap" gap="sm">
        <Select
          label={t('leads.onsite.rangeLabel')}
          data={[...TIME_RANGE_FILTER_OPTIONS.map((o) => ({ value: String(o.id), label: o.label })), { value: CUSTOM_DAYS, label: t('leads.onsite.customDays') }]}
          value={choice}
          allowDeselect={false}
          onChange={(v) => v && onChoice(v)}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '0 1 190px' }}
        />
        {isDays && (
          <>
            <TextInput type="date" label={t('leads.onsite.from')} value={from} max={to || undefined} onChange={(e) => onFrom(e.currentTarget.value)} style={{ flex: '0 1 170px' }} />
            <TextInput
              type="date"
              label={t('leads.onsite.to')}
              value={to}
              min={from || undefined}
              onChange={(e) => onTo(e.currentTarget.value)}
              error={isInverted ? t('validation.notEquivalent') : undefined}
              style={{ flex: '0 1 170px' }}
            />
          </>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {isDays ? t('leads.onsite.rangeHint', { timeZone }) : t('leads.onsite.rangeFilterHint', { timeZone })}
      </Text>
    </Stack>
  );
}

/** The table as a workbook, for the range it shows. */
function ExportXlsx({ eventId, range, isDisabled }: { eventId: string; range: TOnsiteLeadsQuery; isDisabled: boolean }) {
  const { t } = useTranslation();
  const exportXlsx = useMutation({ mutationFn: () => onsiteLeadsApi.exportXlsx(eventId, range), onError: (err) => toast(errorMessage(err, t), 'error') });
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exportXlsx.isPending} disabled={isDisabled} onClick={() => exportXlsx.mutate()}>
      {t('leads.onsite.exportXlsx')}
    </Button>
  );
}

const rangeOf = (from: string, to: string): TOnsiteLeadsQuery => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) });

/** SPEC §2.6 host report tab Onsite Leads: per exhibiting company, its leads by rating, its visiting cards and every SPEC §9 action. */
export function OnsiteLeadsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? '';
  const access = useAccess();
  // All Dates asks for nothing: every record, as before a range is chosen.
  const [choice, setChoice] = useState(String(TimeRangeFilter.AllDates));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<TOnsiteLeadsQuery>({});
  const isDays = choice === CUSTOM_DAYS;
  const isInverted = isDays && from !== '' && to !== '' && to < from;
  // An inverted range is not asked for (the server would say 400 notEquivalent): the last good table stays.
  const setBounds = (f: string, tTo: string) => {
    setFrom(f);
    setTo(tTo);
    if (!(f !== '' && tTo !== '' && tTo < f)) setRange(rangeOf(f, tTo));
  };
  const choose = (v: string) => {
    setChoice(v);
    if (v === CUSTOM_DAYS) setBounds(from, to);
    else setRange(Number(v) === TimeRangeFilter.AllDates ? {} : { range: Number(v) });
  };
  const report = useQuery({
    queryKey: leadsKeys.onsite(eventId, range),
    queryFn: ({ signal }) => onsiteLeadsApi.onsite(eventId, range, signal),
    enabled: eventId !== '',
    placeholderData: keepPreviousData,
  });
  if (report.isPending) return <Skeleton h={200} />;
  if (report.isError) return <Alert color="red">{t('leads.onsite.loadError')}</Alert>;
  const { companies, totals } = report.data;
  const sendBags = eventId !== '' && access.can('AP-580') ? <SendBriefBags eventId={eventId} /> : null;
  if (companies.length === 0) {
    return (
      <Stack gap="md">
        {sendBags}
        <Paper withBorder radius="md">
          <EmptyState icon={<IconAddressBook size={32} />} title={t('leads.onsite.empty')} description={t('leads.onsite.emptyBody')} headingLevel={2} />
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {sendBags}
      <RangeBar
        choice={choice}
        onChoice={choose}
        from={from}
        to={to}
        timeZone={report.data.range.timeZone}
        onFrom={(v) => setBounds(v, to)}
        onTo={(v) => setBounds(from, v)}
        isInverted={isInverted}
      />
      <ActionsChart companies={companies} />
      <Paper withBorder radius="md" p="md" aria-busy={report.isFetching} style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 320px' }}>
            {t('leads.onsite.intro')}
          </Text>
          <ExportXlsx eventId={eventId} range={range} isDisabled={isInverted} />
        </Group>
        <Table.ScrollContainer minWidth={860}>
          <Table striped aria-label={t('leads.onsite.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('leads.onsite.cols.company')}</Table.Th>
                {ONSITE_LEADS_COLUMNS.map((c) => (
                  <Table.Th key={c.key}>{t(`leads.onsite.cols.${c.key}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.map((c) => (
                <Table.Tr key={c.companyId}>
                  <Table.Td>{c.companyName}</Table.Td>
                  {ONSITE_LEADS_COLUMNS.map((col) => (
                    <Table.Td key={col.key}>{col.of(c)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('leads.onsite.total')}</Table.Th>
                {ONSITE_LEADS_COLUMNS.map((col) => (
                  <Table.Th key={col.key}>{col.of(totals)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
