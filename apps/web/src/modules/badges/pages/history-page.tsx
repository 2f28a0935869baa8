import '../badges-i18n.ts';
import { useState } from 'react';
import { Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/access.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { badgesApi, saveFile } from '../api/badges-api.ts';
import { badgesKeys } from '../api/badges-keys.ts';
import { ToneBadge } from '../components/tone-badge.tsx';

/** /app/badges/history: every printed badge, newest first. */
export function BadgeHistoryPage() {
  const { t, i18n } = useTranslation();
  const [eventId] = useCurrentEventId();
  const id = eventId ?? '';
  const access = useAccess();
  const [page, setPage] = useState(1);
  const q = { page, pageSize: 10 };
  const list = useQuery({ queryKey: badgesKeys.history(id, q), queryFn: ({ signal }) => badgesApi.history(id, q, signal), enabled: Boolean(id) });
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (list.isLoading) return <Loader aria-label={t('badges.tabs.history')} />;
  const items = list.data?.items ?? [];
  return (
    <Stack>
      {access.can('AP-240') && items.length > 0 && (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void fetchCsv(id)}>
            {t('badges.history.export')}
          </Button>
        </Group>
      )}
      <Paper withBorder shadow="xs">
        {items.length === 0 ? (
          <EmptyState icon={<IconHistory size={32} />} title={t('badges.history.empty')} description={t('badges.history.emptyBody')} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('badges.history.columns.when')}</Table.Th>
                  <Table.Th>{t('badges.history.columns.name')}</Table.Th>
                  <Table.Th>{t('badges.history.columns.regNo')}</Table.Th>
                  <Table.Th>{t('badges.history.columns.template')}</Table.Th>
                  <Table.Th>{t('badges.history.columns.kind')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((h) => (
                  <Table.Tr key={h.id}>
                    <Table.Td>{fmt.format(new Date(h.printedAt))}</Table.Td>
                    <Table.Td>{h.name}</Table.Td>
                    <Table.Td>{h.registrationNo}</Table.Td>
                    <Table.Td>{h.templateName}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <ToneBadge color={h.isReprint ? 'orange' : 'teal'}>
                          {h.isReprint ? t('badges.history.reprint') : t('badges.history.first')}
                        </ToneBadge>
                        {h.jobId && <ToneBadge color="gray">{t('badges.history.bulk')}</ToneBadge>}
                        {h.hasOverrides && <ToneBadge color="gray">{t('badges.history.edited')}</ToneBadge>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {list.data && <ListPager data={list.data} onChange={setPage} />}
      {list.isError && <Text c="red.8">{t('badges.loadError')}</Text>}
    </Stack>
  );
}

async function fetchCsv(eventId: string) {
  const file = await badgesApi.historyCsv(eventId).catch(() => null);
  if (file) saveFile(file);
}
