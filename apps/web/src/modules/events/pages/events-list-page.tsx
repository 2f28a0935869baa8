import { useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, SegmentedControl, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarPlus, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, EVENT_MODE_LABELS } from '@pavilion/domain';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { SearchField } from '../../../ui/filter-fields.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { RegionBadge } from '../../workspace/index.ts';
import { CreateEventModal } from '../components/create-event-modal.tsx';
import { EventsTable } from '../components/events-table.tsx';
import { useEventsList } from '../hooks/use-events.ts';

type TWhen = 'upcoming' | 'past' | 'all';

/** `/list/events`: the organiser's events, searchable, filterable and paged (SPEC §9 pager). */
export function EventsListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [when, setWhen] = useState<TWhen>('all');
  const [mode, setMode] = useState('');
  const [page, setPage] = useState(1);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const canCreate = useAccess().can('AP-840');
  usePageTitle(t('events.listTitle'));

  useEffect(() => setPage(1), [debouncedSearch, when, mode]);

  const query = {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    when,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(mode ? { eventMode: Number(mode) } : {}),
  };
  const list = useEventsList(query);
  const data = list.data;
  const hasFilters = debouncedSearch !== '' || when !== 'all' || mode !== '';
  const isFirstEmpty = !!data && data.total === 0 && !hasFilters;

  const clearFilters = () => {
    setSearch('');
    setWhen('all');
    setMode('');
  };


  return (
    <>
      <PageHeader
        title={t('events.listTitle')}
        description={t('events.listSubtitle')}
        actions={
          <>
            <RegionBadge />
            {!isFirstEmpty && canCreate && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreateOpen(true)}>
                {t('events.create')}
              </Button>
            )}
          </>
        }
      />

      {isFirstEmpty ? (
        <Paper withBorder shadow="xs">
          <EmptyState
            icon={<IconCalendarPlus size={32} />}
            title={t('events.emptyTitle')}
            description={canCreate ? t('events.emptyBody') : t('events.emptyBodyMember')}
            action={
              canCreate && (
                <Button mt="sm" size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreateOpen(true)}>
                  {t('events.create')}
                </Button>
              )
            }
          />
        </Paper>
      ) : (
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SearchField label={t('events.search')} placeholder={t('events.searchPlaceholder')} value={search} onChange={setSearch} />
              <div>
                <VisuallyHidden id="when-filter-label">{t('events.when')}</VisuallyHidden>
                <SegmentedControl
                  aria-labelledby="when-filter-label"
                  value={when}
                  onChange={(v) => setWhen(v as TWhen)}
                  data={[
                    { value: 'upcoming', label: t('events.whenUpcoming') },
                    { value: 'past', label: t('events.whenPast') },
                    { value: 'all', label: t('events.whenAll') },
                  ]}
                />
              </div>
              <NativeSelect
                label={t('events.mode')}
                value={mode}
                onChange={(e) => setMode(e.currentTarget.value)}
                data={[{ value: '', label: t('events.allModes') }, ...Object.entries(EVENT_MODE_LABELS).map(([value, label]) => ({ value, label }))]}
                style={{ flex: '0 1 180px' }}
              />
            </Group>

            {list.isError && (
              <Alert color="red" variant="light" role="alert" title={t('events.loadError')} styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
                {errorMessage(list.error, t)}
                <Button variant="white" color="red" size="xs" ml="sm" onClick={() => void list.refetch()}>
                  {t('common.retry')}
                </Button>
              </Alert>
            )}

            {list.isPending && (
              <Stack gap="xs" aria-busy="true" aria-label={t('app.loading')}>
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} h={40} />
                ))}
              </Stack>
            )}

            {data && data.items.length > 0 && (
              <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
                <EventsTable events={data.items} />
              </div>
            )}

            {data && data.items.length === 0 && hasFilters && (
              <EmptyState
                icon={<IconSearchOff size={32} />}
                title={t('events.noMatchTitle')}
                description={t('events.noMatchBody')}
                action={
                  <Button variant="default" onClick={clearFilters}>
                    {t('events.clearFilters')}
                  </Button>
                }
              />
            )}

            {data && <ListPager data={data} onChange={setPage} />}
          </Stack>
        </Paper>
      )}

      {canCreate && <CreateEventModal isOpen={isCreateOpen} onClose={() => setCreateOpen(false)} />}
    </>
  );
}
