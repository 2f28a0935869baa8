import '../leads-i18n.ts';
import { Alert, Paper, Skeleton, Table, Text } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReportAction } from '@pavilion/domain/analytics/analytics.enums';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { onsiteLeadsApi } from '../api/leads-api.ts';
import { leadsKeys } from '../api/leads-keys.ts';

/** SPEC §2.6 host report tab Onsite Leads: per exhibiting company, its leads by rating and its visiting cards. */
export function OnsiteLeadsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? '';
  const report = useQuery({ queryKey: leadsKeys.onsite(eventId), queryFn: ({ signal }) => onsiteLeadsApi.onsite(eventId, signal), enabled: eventId !== '' });
  if (report.isPending) return <Skeleton h={200} />;
  if (report.isError) return <Alert color="red">{t('leads.onsite.loadError')}</Alert>;
  const { companies, totals } = report.data;
  if (companies.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState icon={<IconAddressBook size={32} />} title={t('leads.onsite.empty')} description={t('leads.onsite.emptyBody')} headingLevel={2} />
      </Paper>
    );
  }
  const cols = ['company', 'leads', 'hot', 'warm', 'cold', 'cardTaken', 'cardDropped', 'meetings', 'networking'] as const;
  // SPEC §9 report actions 8 (meetings) and 9 (networking), counted per company.
  const actionCount = (actions: Record<string, number>, action: number) => actions[String(action)] ?? 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" mb="sm">
        {t('leads.onsite.intro')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
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
              <Table.Th>{actionCount(totals.actions, ReportAction.Meetings)}</Table.Th>
              <Table.Th>{actionCount(totals.actions, ReportAction.Networking)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
