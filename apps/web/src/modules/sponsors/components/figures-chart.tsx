import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * My sponsorship's last 14 days: the Sponsors list's viewers and the website's visitors per UTC day. Decorative for
 * screen readers: the totals are stated in text above it.
 */
export function FiguresChart({ days, viewsLabel, clicksLabel }: { days: { day: string; views: number; clicks: number }[]; viewsLabel: string; clicksLabel: string }) {
  const data = days.map((d) => ({ label: dayFormat.format(new Date(`${d.day}T00:00:00Z`)), views: d.views, clicks: d.clicks }));
  return (
    <div aria-hidden>
      <BarChart
        h={180}
        data={data}
        dataKey="label"
        series={[
          { name: 'views', label: viewsLabel, color: 'brand.7' },
          { name: 'clicks', label: clicksLabel, color: 'teal.8' },
        ]}
        gridAxis="y"
        tickLine="none"
        withLegend
        yAxisProps={{ allowDecimals: false, width: 32 }}
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
