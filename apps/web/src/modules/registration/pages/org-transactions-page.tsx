import '../organiser-i18n.ts';
import { useEffect, useState } from 'react';
import { Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@pavilion/domain/common/pagination';
import { PAYMENT_RECORD_STATUSES, type TPaymentRecordStatus } from '@pavilion/domain/registration/payments.schemas';
import { PAYMENT_PROVIDERS, type TPaymentProvider } from '@pavilion/domain/registration/registration.schemas';
import { ListPager } from '../../../ui/pager.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useTransactions } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { formatMoney } from '../lib/money.ts';
import { DataTable } from '../../../ui/data-table.tsx';

const STATUS_COLORS: Record<TPaymentRecordStatus, string> = { created: 'orange', captured: 'teal', failed: 'red', refunded: 'grape', partially_refunded: 'grape' };

/** /app/registration/transactions: every payment attempt of the event (AP-217), filterable by status and provider. */
export function OrgTransactionsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const [status, setStatus] = useState('');
  const [provider, setProvider] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [status, provider]);
  const q = {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    ...(status ? { status: status as TPaymentRecordStatus } : {}),
    ...(provider ? { provider: provider as TPaymentProvider } : {}),
  };
  const transactions = useTransactions(eventId, q);
  usePageTitle(t('registration.org.transactionsTitle'));
  const data = transactions.data;
  const hasFilters = !!(status || provider);

  if (data && data.total === 0 && !hasFilters) {
    return <ListEmpty icon={<IconCreditCard size={32} />} title={t('registration.org.transactionsEmpty')} body={t('registration.org.transactionsEmptyBody')} />;
  }
  return (
    <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('registration.org.transactionStatus')}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
            data={[{ value: '', label: t('registration.org.all') }, ...PAYMENT_RECORD_STATUSES.map((s) => ({ value: s, label: t(`registration.org.transactionStatuses.${s}`) }))]}
          />
          <NativeSelect
            label={t('registration.org.provider')}
            value={provider}
            onChange={(e) => setProvider(e.currentTarget.value)}
            data={[{ value: '', label: t('registration.org.all') }, ...PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`registration.org.providers.${p}`) }))]}
          />
        </Group>
        {transactions.isPending && <ListLoading rows={5} />}
        {transactions.isError && <ListError error={transactions.error} onRetry={() => void transactions.refetch()} />}
        {data && data.items.length === 0 && hasFilters && <Text c="dimmed">{t('registration.org.noMatchBody')}</Text>}
        {data && data.items.length > 0 && (
          <DataTable columns={[t('registration.org.created'), t('registration.org.provider'), t('registration.org.reference'), t('registration.org.amount'), t('registration.org.refunded'), t('registration.org.transactionStatus'), t('registration.org.captured')]} minWidth={820} isFramed={false}>
            {data.items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDateTime(p.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`registration.org.providers.${p.provider}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} maw={220}>
                    {p.providerPaymentId ?? p.sessionId}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600}>
                    {formatMoney(p.amount, p.currency)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{p.refundedAmount > 0 ? formatMoney(p.refundedAmount, p.currency) : t('registration.org.none')}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge color={STATUS_COLORS[p.status]}>{t(`registration.org.transactionStatuses.${p.status}`)}</StatusBadge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{p.capturedAt ? formatDateTime(p.capturedAt) : t('registration.org.none')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        {data && <ListPager data={data} onChange={setPage} />}
      </Stack>
    </Paper>
  );
}
