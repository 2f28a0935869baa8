import { AreaChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { TEventOverview } from '@pavilion/domain';

const formats = {
  minute: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }),
  hour: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }),
} as const;

/** Page views per bucket (minute, hour or day, as the server chose for the range). */
export function chartPoints(overview: Pick<TEventOverview, 'bucket' | 'pageViews'>): { label: string; views: number }[] {
  const format = formats[overview.bucket];
  return overview.pageViews.series.map((s) => ({ label: format.format(new Date(s.at)), views: s.count }));
}

export function PageViewsChart({ overview, seriesLabel }: { overview: TEventOverview; seriesLabel: string }) {
  return (
    <AreaChart
      h={220}
      data={chartPoints(overview)}
      dataKey="label"
      series={[{ name: 'views', label: seriesLabel, color: 'brand.7' }]}
      curveType="monotone"
      withDots={overview.pageViews.series.length < 40}
      gridAxis="y"
      tickLine="none"
      yAxisProps={{ allowDecimals: false, width: 40 }}
      // The figure has a text summary for screen readers; the drawing itself is decorative and must not take focus.
      areaChartProps={{ accessibilityLayer: false }}
    />
  );
}
