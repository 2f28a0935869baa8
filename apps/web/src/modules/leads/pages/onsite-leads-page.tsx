import '../leads-i18n.ts';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAddressBook, IconMailForward } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReportAction } from '@pavilion/domain/analytics/analytics.enums';
import { useSearchParams } from 'react-router';
import { useAccess } from '../../../app/access.ts';
import { isApiError } from '../../../app/api-client.ts';
import { toast } from '../../../app/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { onsiteLeadsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

/** "Send brief bags now" (AP-580): the attendees' brief bags by mail, once the event has ended (the server says 409 before). */
function SendBriefBags({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: () => onsiteLeadsApi.sendBags(eventId),
    onSuccess: (r) => toast(t('leads.onsite.bagsSent', r), 'success'),
    onError: (err) => toast(isApiError(err) ? err.message : t('leads.onsite.bagsError'), 'error'),
  });
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
        {t('leads.onsite.sendBagsHint')}
      </Text>
      <Button variant="light" leftSection={<IconMailForward size={16} aria-hidden />} loading={send.isPending} onClick={() => send.mutate()}>
        {t('leads.onsite.sendBags')}
      </Button>
    </Group>
  );
}

/** SPEC §2.6 host report tab Onsite Leads: per exhibiting company, its leads by rating and its visiting cards. */
export function OnsiteLeadsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? '';
  const access = useAccess();
  const report = useQuery({ queryKey: leadsKeys.onsite(eventId), queryFn: ({ signal }) => onsiteLeadsApi.onsite(eventId, signal), enabled: eventId !== '' });
  if (report.isPending) return <Skeleton h={200} />;
  if (report.isError) return <Alert color="red">{t('leads.onsite.loadError')}</Alert>;
  const { companies, totals } = report.data;
  const sendBags = eventId !== '' && access.can('AP-580') ? <SendBriefBags eventId={eventId} /> : null;
  if (companies.length === 0) {
    return (
      <Stack gap="md">
        {sendBags}
        <Paper withBorder radius="md">
          <EmptyState icon={<IconAddressBook size={32} />} title={t('leads.onsite.empty')} description={t('leads.onsite.emptyBody')} headingLevel={2} />
        </Paper>
      </Stack>
    );
  }
  const cols = ['company', 'leads', 'hot', 'warm', 'cold', 'cardTaken', 'cardDropped', 'generalCalls', 'meetings', 'networking'] as const;
  // SPEC §9 report actions 7 (general call), 8 (meetings) and 9 (networking), counted per company.
  const actionCount = (actions: Record<string, number>, action: number) => actions[String(action)] ?? 0;
  return (
    <Stack gap="md">
      {sendBags}
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed" mb="sm">
          {t('leads.onsite.intro')}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('leads.onsite.title')}>
            <Table.Thead>
              <Table.Tr>
                {cols.map((c) => (
                  <Table.Th key={c}>{t(`leads.onsite.cols.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.map((c) => (
                <Table.Tr key={c.companyId}>
                  <Table.Td>{c.companyName}</Table.Td>
                  <Table.Td>{c.leads}</Table.Td>
                  <Table.Td>{c.hot}</Table.Td>
                  <Table.Td>{c.warm}</Table.Td>
                  <Table.Td>{c.cold}</Table.Td>
                  <Table.Td>{c.cardsTaken}</Table.Td>
                  <Table.Td>{c.cardsDropped}</Table.Td>
                  <Table.Td>{actionCount(c.actions, ReportAction.GeneralCall)}</Table.Td>
                  <Table.Td>{actionCount(c.actions, ReportAction.Meetings)}</Table.Td>
                  <Table.Td>{actionCount(c.actions, ReportAction.Networking)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('leads.onsite.total')}</Table.Th>
                <Table.Th>{totals.leads}</Table.Th>
                <Table.Th>{totals.hot}</Table.Th>
                <Table.Th>{totals.warm}</Table.Th>
                <Table.Th>{totals.cold}</Table.Th>
                <Table.Th>{totals.cardsTaken}</Table.Th>
                <Table.Th>{totals.cardsDropped}</Table.Th>
                <Table.Th>{actionCount(totals.actions, ReportAction.GeneralCall)}</Table.Th>
                <Table.Th>{actionCount(totals.actions, ReportAction.Meetings)}</Table.Th>
                <Table.Th>{actionCount(totals.actions, ReportAction.Networking)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
