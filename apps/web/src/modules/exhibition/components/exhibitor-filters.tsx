import { Button, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { findCountry } from '@pavilion/domain/reference/countries';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { hallPlanApi, type TExhibitorFilterValues } from '../api/hall-plan-api.ts';

const FILTER_KEYS = ['category', 'country', 'hall'] as const;

/** The list's filters live in the URL (`category`, `country`, `hall`), so the back button from a company keeps them. */
export function useExhibitorFilters() {
  const [params, setParams] = useSearchParams();
  const values: TExhibitorFilterValues = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) values[k] = v;
  }
  const set = (key: (typeof FILTER_KEYS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const k of FILTER_KEYS) next.delete(k);
    setParams(next, { replace: true });
  };
  return { values, isActive: Object.keys(values).length > 0, set, clear };
}

/** Category, country and hall pickers, their options what the event's companies use (none shown when it has none). */
export function ExhibitorFilters({ eventId, filters, isHallShown = true }: { eventId: string; filters: ReturnType<typeof useExhibitorFilters>; isHallShown?: boolean }) {
  const { t } = useTranslation();
  const options = useQuery({ queryKey: exhibitionKeys.exhibitorFilters(eventId), queryFn: ({ signal }) => hallPlanApi.filterOptions(eventId, signal) });
  const o = options.data;
  if (!o || o.categories.length + o.countries.length + o.halls.length === 0) return null;
  const pick = (key: (typeof FILTER_KEYS)[number], label: string, data: { value: string; label: string }[]) =>
    data.length > 0 && (
      <Select
        key={key}
        size="md"
        label={label}
        placeholder={t('exhibition.plan.all')}
        data={data}
        value={filters.values[key] ?? null}
        onChange={(v) => filters.set(key, v)}
        clearable
        searchable={data.length > 8}
        comboboxProps={{ withinPortal: true }}
      />
    );
  return (
    <Stack gap={6} component="section" aria-labelledby="exhibitor-filters-title">
      <Title order={2} fz="sm" id="exhibitor-filters-title">
        {t('exhibition.plan.filters')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {pick('category', t('exhibition.plan.category'), o.categories.map((c) => ({ value: c, label: c })))}
        {pick('country', t('exhibition.plan.country'), o.countries.map((c) => ({ value: c, label: findCountry(c)?.name ?? c })))}
        {isHallShown && pick('hall', t('exhibition.plan.hall'), o.halls.map((h) => ({ value: h, label: h })))}
      </SimpleGrid>
    </Stack>
  );
}

/** "No exhibitor matches": what was asked for, and a way out. */
export function NoExhibitorMatch({ search, filters }: { search: string; filters: ReturnType<typeof useExhibitorFilters> }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} fz="h4">
          {t('exhibition.plan.noMatch')}
        </Title>
        <Text c="dimmed" size="sm">
          {search ? (filters.isActive ? t('exhibition.plan.noMatchSearch', { search }) : t('exhibition.plan.noMatchOnlySearch', { search })) : t('exhibition.plan.noMatchBody')}
        </Text>
        {filters.isActive && (
          <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={filters.clear}>
            {t('exhibition.plan.clear')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
