import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

const hourFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** `hour` (ISO, the hour's start) → "09:00" in the viewer's time zone. */
export function hourLabel(iso: string): string {
  return hourFormat.format(new Date(iso));
}

/**
 * Entries per hour as bars (footfall screen and attendance tab). The drawing is decorative for screen readers: the
 * page states the figures in text next to it.
 */
export function HourlyChart({
  data,
  h = 240,
  entriesLabel,
  exitsLabel,
  isLarge = false,
}: {
  data: { hour: string; entries: number; exits?: number }[];
  h?: number;
  entriesLabel: string;
  exitsLabel?: string;
  isLarge?: boolean;
}) {
  const points = data.map((d) => ({ label: hourLabel(d.hour), entries: d.entries, ...(exitsLabel ? { exits: d.exits ?? 0 } : {}) }));
  return (
    <BarChart
      h={h}
      data={points}
      dataKey="label"
      series={[{ name: 'entries', label: entriesLabel, color: 'brand.7' }, ...(exitsLabel ? [{ name: 'exits', label: exitsLabel, color: 'gray.6' }] : [])]}
      gridAxis="y"
      tickLine="none"
      withLegend={!!exitsLabel}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      xAxisProps={isLarge ? { tick: { fontSize: 18 } } : undefined}
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
