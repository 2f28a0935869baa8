import '../badges-i18n.ts';
import { useState } from 'react';
import { Button, Grid, Group, Loader, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPrinter, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBadgeAttendee } from '@pavilion/domain/badges/badges.schemas';
import { useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ListPager } from '../../../ui/pager.tsx';
import { badgesApi, saveFile } from '../api/badges-api.ts';
import { badgesKeys } from '../api/badges-keys.ts';
import { useBadgeFields, useBadgeTemplates } from '../lib/use-badges.ts';
import { JobProgress } from './job-progress.tsx';
import { ToneBadge } from './tone-badge.tsx';

/**
 * The print queue: filters (category, ticket, search), one print per row, and "print all" as a bulk job with a
 * progress bar. Used by the dashboard's Printing tab and the full-screen print station.
 */
export function PrintQueue({ eventId, registrationNo, registrationId }: { eventId: string; registrationNo?: string; registrationId?: string }) {
  const { t } = useTranslation();
  const access = useAccess();
  const qc = useQueryClient();
  const fields = useBadgeFields(eventId);
  const templates = useBadgeTemplates(eventId);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [ticketId, setTicketId] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [jobId, setJobId] = useState<string | null>(null);
  const q = { page, pageSize: 10, ...(categoryId ? { categoryId } : {}), ...(ticketId ? { ticketId } : {}), ...(debounced ? { search: debounced } : {}), ...(registrationNo ? { registrationNo } : {}) };
  const list = useQuery({ queryKey: badgesKeys.attendeeList(eventId, q), queryFn: ({ signal }) => badgesApi.attendees(eventId, q, signal) });

  const printOne = useMutation({
    mutationFn: (a: TBadgeAttendee) => badgesApi.print(eventId, { registrationId: a.registrationId, ...(templateId ? { templateId } : {}) }),
    onSuccess: (file) => {
      saveFile(file);
      toast(t('badges.printing.printed'), 'success');
      void qc.invalidateQueries({ queryKey: badgesKeys.attendees(eventId) });
    },
    onError: (e: { message?: string }) => toast(e.message ?? t('badges.loadError'), 'error'),
  });
  const bulk = useMutation({
    mutationFn: () =>
      badgesApi.createJob(eventId, {
        ...(templateId ? { templateId } : {}),
        ...(registrationNo && list.data ? { registrationIds: list.data.items.map((a) => a.registrationId) } : {}),
        ...(!registrationNo && categoryId ? { categoryId } : {}),
        ...(!registrationNo && ticketId ? { ticketId } : {}),
        ...(!registrationNo && debounced ? { search: debounced } : {}),
      }),
    onSuccess: (job) => setJobId(job.id),
    onError: (e: { message?: string }) => toast(e.message ?? t('badges.loadError'), 'error'),
  });

  const canPrint = access.can('AP-237');
  const hasTemplates = (templates.data?.length ?? 0) > 0;
  const items = (list.data?.items ?? []).filter((a) => !registrationId || a.registrationId === registrationId);

  return (
    <Stack>
      {!registrationNo && (
        <Paper withBorder p="md">
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <Select
                label={t('badges.printing.category')}
                placeholder={t('badges.printing.anyCategory')}
                data={(fields.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={categoryId}
                onChange={(v) => {
                  setCategoryId(v);
                  setPage(1);
                }}
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <Select
                label={t('badges.printing.ticket')}
                placeholder={t('badges.printing.anyTicket')}
                data={(fields.data?.tickets ?? []).map((c) => ({ value: c.id, label: c.name }))}
                value={ticketId}
                onChange={(v) => {
                  setTicketId(v);
                  setPage(1);
                }}
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <TextInput
                label={t('badges.printing.search')}
                value={search}
                maxLength={100}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
              <Select
                label={t('badges.printing.template')}
                placeholder={t('badges.printing.autoTemplate')}
                data={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
                value={templateId}
                onChange={setTemplateId}
                clearable
              />
            </Grid.Col>
          </Grid>
        </Paper>
      )}
      {!hasTemplates && templates.isSuccess && <Text c="red.8">{t('badges.printing.noTemplate')}</Text>}
      {canPrint && hasTemplates && (list.data?.total ?? 0) > 0 && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group>
              <Button leftSection={<IconPrinter size={16} />} onClick={() => bulk.mutate()} loading={bulk.isPending}>
                {categoryId && !registrationNo ? t('badges.printing.printCategory') : t('badges.printing.printAll')} ({list.data?.total})
              </Button>
            </Group>
            {jobId && <JobProgress eventId={eventId} jobId={jobId} />}
          </Stack>
        </Paper>
      )}
      <Paper withBorder shadow="xs">
        {list.isLoading ? (
          <Group p="lg">
            <Loader size="sm" aria-label={t('badges.printing.columns.name')} />
          </Group>
        ) : items.length === 0 ? (
          <EmptyState icon={<IconUsers size={32} />} title={t('badges.printing.noAttendees')} description={t('badges.printing.noAttendeesBody')} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('badges.printing.columns.name')}</Table.Th>
                  <Table.Th>{t('badges.printing.columns.regNo')}</Table.Th>
                  <Table.Th>{t('badges.printing.columns.category')}</Table.Th>
                  <Table.Th>{t('badges.printing.columns.ticket')}</Table.Th>
                  <Table.Th>{t('badges.printing.columns.printed')}</Table.Th>
                  <Table.Th>{t('badges.printing.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((a) => (
                  <Table.Tr key={a.registrationId}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {a.firstName} {a.lastName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {a.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{a.registrationNo}</Table.Td>
                    <Table.Td>{a.categoryName || '—'}</Table.Td>
                    <Table.Td>{a.ticketName}</Table.Td>
                    <Table.Td>
                      {a.printCount > 0 ? (
                        <ToneBadge color="teal">
                          {t('badges.printing.printedTimes', { count: a.printCount })}
                        </ToneBadge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t('badges.printing.notPrinted')}
                        </Text>
                      )}
                      {!a.isAdmissible && (
                        <ToneBadge color="orange" ml={4}>
                          {t('badges.printing.notAdmissible')}
                        </ToneBadge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canPrint && hasTemplates && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconPrinter size={14} />}
                          aria-label={t('badges.printing.printFor', { name: `${a.firstName} ${a.lastName}` })}
                          loading={printOne.isPending && printOne.variables?.registrationId === a.registrationId}
                          onClick={() => printOne.mutate(a)}
                        >
                          {t('badges.printing.printOne')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {list.data && !registrationNo && <ListPager data={list.data} onChange={setPage} />}
    </Stack>
  );
}
