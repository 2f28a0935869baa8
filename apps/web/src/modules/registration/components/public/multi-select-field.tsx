import { MultiSelect, type MultiSelectProps } from '@mantine/core';

/** A multiple-choice question; loaded on demand so the combobox code (~10 KB) reaches only forms that use it. */
export function MultiSelectField(props: MultiSelectProps) {
  return <MultiSelect {...props} comboboxProps={{ withinPortal: true }} />;
}
