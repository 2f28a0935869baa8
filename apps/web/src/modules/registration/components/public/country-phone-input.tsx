import { useMemo } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { activeCountries, findCountry } from '@pavilion/domain/reference/countries';

/**
 * Country-aware phone entry for international registration: the country picks the calling code, and the number is
 * checked with the domain's per-country length and area-code rules (isValidPhoneForCountry) by the form.
 * Imports the ~40 KB countries table, so only international-reg may use it.
 */
export function CountryPhoneInput({
  countryCode,
  contactNo,
  onCountryChange,
  onContactNoChange,
  countryError,
  contactNoError,
  isRequired = true,
  label,
}: {
  countryCode: string;
  contactNo: string;
  onCountryChange: (code: string) => void;
  onContactNoChange: (value: string) => void;
  countryError?: string | null;
  contactNoError?: string | null;
  isRequired?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => countryOptions(), []);
  const country = findCountry(countryCode);
  const lengthHint = country
    ? country.minPhoneLength === country.maxPhoneLength
      ? t('registration.public.phoneDigitsExact', { count: country.minPhoneLength })
      : t('registration.public.phoneDigitsRange', { min: country.minPhoneLength, max: country.maxPhoneLength })
    : undefined;

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label={t('registration.public.country')}
        data={data}
        value={countryCode || null}
        onChange={(v) => v && onCountryChange(v)}
        searchable
        allowDeselect={false}
        withAsterisk={isRequired}
        error={countryError}
        maxDropdownHeight={300}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: '1 1 200px' }}
        autoComplete="country"
      />
      <TextInput
        label={label ?? t('registration.public.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        withAsterisk={isRequired}
        leftSection={country ? <span aria-hidden>{country.phoneCode}</span> : null}
        leftSectionWidth={country ? 12 + country.phoneCode.length * 9 : undefined}
        value={contactNo}
        onChange={(e) => onContactNoChange(e.currentTarget.value)}
        description={lengthHint}
        error={contactNoError}
        style={{ flex: '1 1 200px' }}
      />
    </Group>
  );
}

export function countryOptions() {
  return activeCountries()
    .map((c) => ({ value: c.countryCode, label: `${c.name} (${c.phoneCode})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
