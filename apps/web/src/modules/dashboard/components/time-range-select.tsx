import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIME_RANGE_FILTER_OPTIONS, type TTimeRangeFilter } from '@pavilion/domain';

/** The SPEC §9 time-range picker of the overview and the reports, in the spec's order and words. */
export function TimeRangeSelect({ value, onChange }: { value: TTimeRangeFilter; onChange: (range: TTimeRangeFilter) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('dashboard.timeRange')}
      data={TIME_RANGE_FILTER_OPTIONS.map((opt) => ({ value: String(opt.id), label: opt.label }))}
      value={String(value)}
      allowDeselect={false}
      onChange={(v) => v && onChange(Number(v) as TTimeRangeFilter)}
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
