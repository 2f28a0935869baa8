import type { CSSProperties } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** A list's search box: labelled, a search input (Escape clears it in browsers), growing to fill the filter row. */
export function SearchField({ label, placeholder, value, onChange, style }: { label: string; placeholder?: string; value: string; onChange: (value: string) => void; style?: CSSProperties }) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      type="search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      style={style ?? { flex: '1 1 240px' }}
    />
  );
}

/** A list filter: "all" (the empty value) first, then the options. */
export function FilterSelect({ label, allLabel, value, onChange, options }: { label: string; allLabel: string; value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[] }) {
  return <NativeSelect label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} data={[{ value: '', label: allLabel }, ...options]} />;
}
