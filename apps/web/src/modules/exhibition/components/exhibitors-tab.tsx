import '../exhibition-i18n.ts';
import { Suspense, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title, TypographyStylesProvider, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconBuildingStore, IconChevronRight, IconMail, IconSearch, IconWorld } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TBoothRef, TExhibitorSummary } from '@pavilion/domain/exhibition/exhibition.schemas';
import { findCountry } from '@pavilion/domain/reference/countries';
import { httpStatusOf } from '../../../app/api-client.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { AskCompany, CompanyDocuments, DropCardButton } from '../../leads/index.ts';
import { exhibitorsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { CompanyVideos } from './company-videos.tsx';
import { OpenDocumentButton, useBoothViewed } from './booth-actions.tsx';
import { ExhibitorsViews } from './attendee-hall-plan.tsx';
import { ExhibitorFilters, NoExhibitorMatch, useExhibitorFilters } from './exhibitor-filters.tsx';
import { CompanyProducts } from './company-products.tsx';
import { CompanyAvatar } from './company-logo.tsx';

function BoothBadges({ booths }: { booths: TBoothRef[] }) {
  const { t } = useTranslation();
  if (booths.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('exhibition.attendee.noBooth')}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {booths.map((b) => (
        <Badge key={b.id} variant="outline" color="teal.9" size="lg" radius="sm" styles={{ root: { textTransform: 'none' } }}>
          {t('exhibition.attendee.booth', { number: b.number, hall: b.hall })}
        </Badge>
      ))}
    </Group>
  );
}

function ExhibitorRow({ company, onOpen }: { company: TExhibitorSummary; onOpen: () => void }) {
  const country = company.countryCode ? (findCountry(company.countryCode)?.name ?? company.countryCode) : '';
  return (
    <UnstyledButton onClick={onOpen} w="100%" p="md" style={{ minHeight: 64 }} data-testid="exhibitor-row">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <CompanyAvatar name={company.name} logoUrl={company.logoUrl} size={48} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700}>{company.name}</Text>
            {(company.category || country) && (
              <Text size="sm" c="dimmed">
                {[company.category, country].filter(Boolean).join(' · ')}
              </Text>
            )}
            <BoothBadges booths={company.booths} />
          </Stack>
        </Group>
        <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}

function ExhibitorList({ eventId, onOpen }: { eventId: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const filters = useExhibitorFilters();
  const list = useInfiniteQuery({
    queryKey: exhibitionKeys.exhibitors(eventId, debounced, filters.values),
    queryFn: ({ signal, pageParam }) => exhibitorsApi.list(eventId, debounced, pageParam, signal, filters.values),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        size="md"
        label={t('exhibition.attendee.search')}
        placeholder={t('exhibition.attendee.searchPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ExhibitorFilters eventId={eventId} filters={filters} />
      {list.isPending && <Skeleton h={160} />}
      {list.isError && <Alert color="red">{t('exhibition.attendee.loadError')}</Alert>}
      {list.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('exhibition.attendee.count', { count: total })}
        </Text>
      )}
      {list.data && items.length === 0 && (debounced || filters.isActive) && <NoExhibitorMatch search={debounced} filters={filters} />}
      {list.data && items.length === 0 && !(debounced || filters.isActive) && (
        <Paper withBorder radius="md">
          <EmptyState icon={<IconBuildingStore size={32} />} title={t('exhibition.attendee.empty')} description={t('exhibition.attendee.emptyBody')} headingLevel={2} />
        </Paper>
      )}
      {items.length > 0 && (
        <Paper withBorder radius="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0, overflow: 'hidden' }}>
          {items.map((c, i) => (
            <li key={c.id} style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}>
              <ExhibitorRow company={c} onOpen={() => onOpen(c.id)} />
            </li>
          ))}
        </Paper>
      )}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} fullWidth>
          {t('exhibition.attendee.more', { shown: items.length, total })}
        </Button>
      )}
    </Stack>
  );
}

function ExhibitorPage({ eventId, companyId, onBack }: { eventId: string; companyId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const page = useQuery({ queryKey: exhibitionKeys.exhibitor(eventId, companyId), queryFn: ({ signal }) => exhibitorsApi.company(eventId, companyId, signal) });
  useBoothViewed(eventId, companyId, page.isSuccess);
  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack} w="fit-content" px={0}>
      {t('exhibition.attendee.back')}
    </Button>
  );
  if (page.isPending) return <Skeleton h={200} />;
  if (page.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color={httpStatusOf(page.error) === 404 ? 'gray' : 'red'}>{httpStatusOf(page.error) === 404 ? t('exhibition.attendee.notFound') : t('exhibition.attendee.loadError')}</Alert>
      </Stack>
    );
  }
  const { company, products } = page.data;
  const country = company.countryCode ? (findCountry(company.countryCode)?.name ?? company.countryCode) : '';
  return (
    <Stack gap="md" data-testid="exhibitor-page">
      {back}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="md" wrap="nowrap">
            <CompanyAvatar name={company.name} logoUrl={company.logoUrl} size={64} />
            <Title order={2} fz="h3">
              {company.name}
            </Title>
          </Group>
          {(company.category || country) && (
            <Text size="sm" c="dimmed">
              {[company.category, country].filter(Boolean).join(' · ')}
            </Text>
          )}
          <BoothBadges booths={company.booths} />
          <Suspense fallback={null}>
            <DropCardButton eventId={eventId} companyId={company.id} companyName={company.name} />
          </Suspense>
          {company.profileHtml && (
            // Sanitised on save (server) and on arrival (the API client's DOMPurify pass).
            <TypographyStylesProvider>
              <div dangerouslySetInnerHTML={{ __html: company.profileHtml }} />
            </TypographyStylesProvider>
          )}
          <Group gap="md">
            {company.website && (
              <Anchor href={company.website} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span">
                  <IconWorld size={16} aria-hidden />
                  {t('exhibition.attendee.website')}
                </Group>
              </Anchor>
            )}
            {company.contactEmail && (
              <Anchor href={`mailto:${company.contactEmail}`} size="sm">
                <Group gap={4} component="span">
                  <IconMail size={16} aria-hidden />
                  {company.contactEmail}
                </Group>
              </Anchor>
            )}
          </Group>
        </Stack>
      </Paper>
      <Suspense fallback={null}>
        <CompanyDocuments eventId={eventId} companyId={company.id} open={(d) => <OpenDocumentButton eventId={eventId} companyId={company.id} documentId={d.id} title={d.title} />} />
      </Suspense>
      <CompanyVideos eventId={eventId} companyId={company.id} />
      <Suspense fallback={null}>
        <AskCompany eventId={eventId} companyId={company.id} />
      </Suspense>
      <CompanyProducts eventId={eventId} companyId={company.id} companyName={company.name} products={products} />
    </Stack>
  );
}

/** The app's Exhibitors tab (SPEC §2.4 `exhibitors`): the list with search, and a company's page (`?company=`). */
export function ExhibitorsTab({ eventId }: { eventId: string }) {
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company');
  const go = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('company', id);
    else next.delete('company');
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  return companyId ? <ExhibitorPage eventId={eventId} companyId={companyId} onBack={() => go(null)} /> : <ExhibitorsViews eventId={eventId} onOpen={go} list={<ExhibitorList eventId={eventId} onOpen={go} />} />;
}
