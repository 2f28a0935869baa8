import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { countryOptions } from './country-phone-input.tsx';

/**
 * A country question of a registration form. Loaded on demand (React.lazy) by FormFieldsRenderer so the countries
 * table reaches only the pages whose form really asks for a country.
 */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const data = useMemo(() => countryOptions(), []);
  return <Select {...props} data={data} searchable maxDropdownHeight={300} comboboxProps={{ withinPortal: true }} />;
}
