import '../eposters-i18n.ts';
import { Anchor, Badge, Button, Card, CloseButton, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconFileTypePdf, IconPhoto, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { TEposterSummary, TEposterView } from '@pavilion/domain/eposters/eposters.schemas';
import { isApiError } from '../../../app/api-client.ts';
import { useEventData } from '../../../app/session-storage.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { NotAvailable } from '../../../ui/not-available.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { epostersKeys, epostersPortalApi, noRetryOn4xx } from '../api/eposters-api.ts';
import { PdfPages } from '../components/pdf-pages.tsx';
import { formatSize } from '../lib/format-size.ts';

const REFUSALS = { EPOSTER_NOT_PARTICIPANT: 'refused', TAB_NOT_AVAILABLE: 'notShown', EPOSTER_NOT_FOUND: 'notFound' } as const;
const refusalOf = (error: unknown): (typeof REFUSALS)[keyof typeof REFUSALS] | null =>
  isApiError(error) && typeof error.code === 'string' && error.code in REFUSALS ? REFUSALS[error.code as keyof typeof REFUSALS] : null;

/** `/attendium-v2/e-poster[/{id}]`, keeping an explicit `?eventId=` as the portal's menu does. */
function useEntryHref() {
  const { search } = useLocation();
  const eventId = new URLSearchParams(search).get('eventId');
  return (rest = '') => `/attendium-v2/e-poster${rest}${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
}

function Refused({ kind, action }: { kind: 'refused' | 'notShown' | 'notFound' | 'noEvent'; action?: ReactNode }) {
  const { t } = useTranslation();
  return <NotAvailable badge={t('eposters.portal.title')} title={t(`eposters.portal.${kind}Title`)} body={t(`eposters.portal.${kind}Body`)} actions={action} />;
}

const authorsLine = (p: Pick<TEposterSummary, 'authors'>) => p.authors.map((a) => a.name).join(', ');

function PosterCard({ poster, href }: { poster: TEposterSummary; href: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" radius="md" component="article" data-testid="eposter-card">
      <Group gap="xs" mb={6} wrap="nowrap">
        {poster.file.kind === 'pdf' ? <IconFileTypePdf size={18} aria-hidden color="var(--mantine-color-red-7)" /> : <IconPhoto size={18} aria-hidden color="var(--mantine-color-blue-7)" />}
        <Badge variant="outline" color="gray.7">
          {poster.topic}
        </Badge>
      </Group>
      <Title order={2} fz="lg" lh={1.3}>
        <Anchor component={Link} to={href} aria-label={t('eposters.portal.open', { title: poster.title })} c="inherit" underline="hover">
          {poster.title}
        </Anchor>
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {authorsLine(poster)}
      </Text>
      {poster.session && (
        <Text size="xs" mt={6}>
          {t('eposters.portal.session', { title: poster.session.title })}
        </Text>
      )}
    </Card>
  );
}

/** The web portal's E-Poster entry: the event's posters, searched by title, topic or author and filtered by topic. */
export function PortalEpostersPage() {
  const { t } = useTranslation();
  const eventId = useEventData()?.eventId ?? '';
  const href = useEntryHref();
  const [q, setQ] = useState('');
  const [topic, setTopic] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const query = { ...(debounced ? { q: debounced } : {}), ...(topic ? { topic } : {}) };
  const list = useQuery({
    queryKey: epostersKeys.browse(eventId, query),
    queryFn: ({ signal }) => epostersPortalApi.browse(eventId, query, signal),
    enabled: eventId !== '',
    retry: noRetryOn4xx,
    placeholderData: keepPreviousData,
  });
  usePageTitle(t('eposters.portal.title'));
  const refusal = refusalOf(list.error);
  const heading = (
    <Title order={1} fz={28}>
      {t('eposters.portal.title')}
    </Title>
  );

  if (!eventId) return <Refused kind="noEvent" />;
  if (refusal) return <Refused kind={refusal} />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        {heading}
        <Skeleton h={36} />
        <Skeleton h={120} />
        <Skeleton h={120} />
      </Stack>
    );
  }
  const data = list.data;
  if (data.total === 0) {
    return (
      <Stack gap="md">
        {heading}
        <Paper withBorder shadow="xs">
          <EmptyState headingLevel={2} icon={<IconPhoto size={32} />} title={t('eposters.portal.none')} description={t('eposters.portal.noneBody')} />
        </Paper>
      </Stack>
    );
  }
  const clear = () => {
    setQ('');
    setTopic('');
  };
  return (
    <Stack gap="md">
      {heading}
      <Group gap="sm" align="flex-end" wrap="wrap" role="search">
        <TextInput
          label={t('eposters.portal.search')}
          placeholder={t('eposters.portal.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          maxLength={100}
          rightSection={q ? <CloseButton aria-label={t('eposters.portal.clear')} onClick={() => setQ('')} size="sm" /> : null}
          style={{ flex: '1 1 220px' }}
        />
        <NativeSelect
          label={t('eposters.portal.topic')}
          value={topic}
          onChange={(e) => setTopic(e.currentTarget.value)}
          data={[{ value: '', label: t('eposters.portal.allTopics') }, ...data.topics.map((x) => ({ value: x, label: x }))]}
          style={{ flex: '0 1 200px' }}
        />
      </Group>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {t('eposters.portal.results', { count: data.items.length })}
      </Text>
      {data.items.length === 0 ? (
        <Paper withBorder shadow="xs">
          <EmptyState
            headingLevel={2}
            icon={<IconSearch size={32} />}
            title={t('eposters.portal.noMatch')}
            description={t('eposters.portal.noMatchBody')}
            action={
              <Button variant="light" onClick={clear}>
                {t('eposters.portal.clear')}
              </Button>
            }
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {data.items.map((p) => (
            <PosterCard key={p.id} poster={p} href={href(`/${encodeURIComponent(p.id)}`)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Preview({ poster }: { poster: TEposterView }) {
  const { t } = useTranslation();
  const download = (
    <Button component="a" href={poster.fileUrl} download={poster.file.fileName} variant="light" leftSection={<IconDownload size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
      {t('eposters.portal.download', { size: formatSize(poster.file.byteSize) })}
    </Button>
  );
  if (poster.file.kind === 'image') {
    return (
      <Stack gap="sm">
        <Paper withBorder p="xs" bg="white">
          <img src={poster.fileUrl} alt={t('eposters.portal.posterImage', { title: poster.title })} style={{ display: 'block', maxWidth: '100%', height: 'auto', margin: '0 auto' }} data-testid="eposter-image" />
        </Paper>
        {download}
      </Stack>
    );
  }
  // Drawn by pdf.js into the page (every browser, phones included), with the download beside it.
  return (
    <Stack gap="sm">
      <PdfPages url={poster.fileUrl} title={poster.title} />
      {download}
    </Stack>
  );
}

/** One poster's page in the portal: the poster previewed in the browser, its authors, abstract and session. */
export function PortalEposterPage() {
  const { t } = useTranslation();
  const eventId = useEventData()?.eventId ?? '';
  const { posterId = '' } = useParams();
  const href = useEntryHref();
  const view = useQuery({
    queryKey: epostersKeys.view(eventId, posterId),
    queryFn: ({ signal }) => epostersPortalApi.view(eventId, posterId, signal),
    enabled: eventId !== '' && posterId !== '',
    retry: noRetryOn4xx,
    // The file's signed address lasts 30 minutes: read the page again before it runs out.
    staleTime: 10 * 60_000,
    refetchInterval: 20 * 60_000,
  });
  usePageTitle(view.data ? `${view.data.title} · ${t('eposters.portal.title')}` : t('eposters.portal.title'));
  const back = (
    <Anchor component={Link} to={href()} size="sm">
      ← {t('eposters.portal.back')}
    </Anchor>
  );
  const refusal = refusalOf(view.error);
  if (!eventId) return <Refused kind="noEvent" />;
  if (refusal) return <Refused kind={refusal} action={back} />;
  if (view.isError) return <ListError error={view.error} onRetry={() => void view.refetch()} />;
  if (view.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={20} w={120} />
        <Skeleton h={36} w="70%" />
        <Skeleton h={420} />
      </Stack>
    );
  }
  const p = view.data;
  return (
    <Stack gap="md">
      {back}
      <Stack gap={6}>
        <Badge variant="outline" color="gray.7" style={{ alignSelf: 'flex-start' }}>
          {p.topic}
        </Badge>
        <Title order={1} fz={28}>
          {p.title}
        </Title>
        <Text size="sm" component="div">
          <Text span fw={600} size="sm">
            {t('eposters.portal.authors')}:{' '}
          </Text>
          {p.authors.map((a) => (a.affiliation ? `${a.name} (${a.affiliation})` : a.name)).join(', ')}
        </Text>
        {p.session && (
          <Text size="sm" c="dimmed">
            {t('eposters.portal.session', { title: p.session.title })}
          </Text>
        )}
      </Stack>
      <Preview poster={p} />
      {p.abstract && (
        <Paper withBorder p="md">
          <Title order={2} fz="lg" mb="xs">
            {t('eposters.portal.abstract')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {p.abstract}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
