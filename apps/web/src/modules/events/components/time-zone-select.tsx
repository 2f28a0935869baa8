import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { findTimeZone, TIME_ZONES } from '@pavilion/domain';

type TZoneOption = { value: string; label: string };

let cached: TZoneOption[] | null = null;

/** SPEC §3.3 zones from the domain table, west to east; the value is the IANA name the server validates. */
export function timeZoneOptions(extra: string[] = []): TZoneOption[] {
  if (!cached) {
    cached = [...TIME_ZONES]
      .sort((a, b) => a.minutes - b.minutes || a.name.localeCompare(b.name))
      .map((tz) => ({ value: tz.name, label: `${tz.name.replace(/_/g, ' ')} — ${tz.description}` }));
  }
  // A stored zone that is not (or no longer) in the table must still display.
  const missing = extra.filter((z) => z && !cached!.some((o) => o.value === z));
  return missing.length ? [...cached, ...missing.map((value) => ({ value, label: value }))] : cached;
}

/** The browser's zone, as the table's canonical name ("Asia/Calcutta" → "Asia/Kolkata", "UTC" → "Etc/UTC"). */
export function browserTimeZone(): string {
  let zone = 'Etc/UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || zone;
  } catch {
    // Very old runtimes: UTC.
  }
  return findTimeZone(zone)?.name ?? zone;
}

export function TimeZoneSelect(props: Omit<SelectProps, 'data'> & { value?: string | null }) {
  const value = props.value ?? '';
  const data = useMemo(() => timeZoneOptions(value ? [value] : []), [value]);
  return (
    <Select
      searchable
      limit={80}
      maxDropdownHeight={280}
      nothingFoundMessage="No matching time zone"
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
    />
  );
}
