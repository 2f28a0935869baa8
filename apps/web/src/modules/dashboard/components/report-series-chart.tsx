import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { TReportWindow } from '@pavilion/domain';

const FORMATS = {
  minute: { hour: '2-digit', minute: '2-digit' },
  hour: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
} as const;

/** A bucket's start as the event's wall clock ("09:00", "21 Nov 09:00", "21 Nov"). */
export function bucketLabel(at: string, window: Pick<TReportWindow, 'bucket' | 'timeZone'>): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { ...FORMATS[window.bucket], timeZone: window.timeZone }).format(new Date(at));
  } catch {
    return new Intl.DateTimeFormat('en-GB', FORMATS[window.bucket]).format(new Date(at));
  }
}

export type TReportSeries = { name: string; label: string; color: string };

/**
 * A report's counts per time bucket as bars (stacked when there are several series). The drawing is decorative for
 * screen readers: the report states its figures in text and in a table next to it.
 */
export function ReportSeriesChart({
  window,
  points,
  series,
}: {
  window: Pick<TReportWindow, 'bucket' | 'timeZone'>;
  points: ({ at: string } & Record<string, number | string>)[];
  series: TReportSeries[];
}) {
  return (
    <BarChart
      h={240}
      data={points.map((p) => ({ ...p, label: bucketLabel(p.at, window) }))}
      dataKey="label"
      type={series.length > 1 ? 'stacked' : 'default'}
      maxBarWidth={56}
      series={series}
      gridAxis="y"
      tickLine="none"
      withLegend={series.length > 1}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
