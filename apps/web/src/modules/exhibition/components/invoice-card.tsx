import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TCompanyInvoice } from '@pavilion/domain/exhibition/company-invoices';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from './price.ts';

/** Minor units (cents) as the invoice's currency and two decimals. */
export const money = (minor: number, currency: string) => `${currency} ${formatPrice(minor / 100)}`;

const STATUS_COLOR: Record<TCompanyInvoice['status'], string> = { open: 'red', pending: 'blue', paid: 'green' };

/** An invoice's status (dark text and outline on white: readable contrast, also on a phone). */
export function InvoiceStatusBadge({ status }: { status: TCompanyInvoice['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={`${STATUS_COLOR[status]}.9`} bg="white">
      {t(`exhibition.invoices.status.${status}`)}
    </Badge>
  );
}

/** How an invoice was paid, in a sentence (online with which provider, or offline with its method and reference). */
export function paidLine(inv: TCompanyInvoice, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  if (!inv.paid) return null;
  const date = new Date(inv.paid.at).toLocaleDateString();
  if (inv.paid.via === 'online') return t('exhibition.invoices.paidOnline', { provider: inv.paid.provider ?? '', date });
  return t('exhibition.invoices.paidOffline', { method: t(`exhibition.invoices.methods.${inv.paid.method ?? 'bank_transfer'}`), date, reference: inv.paid.reference ?? '', by: inv.paid.byName ?? '' });
}

/** One company invoice: number, status, its lines, totals, how it was paid, and the caller's actions. */
export function InvoiceCard({ invoice: inv, showCompany = false, actions }: { invoice: TCompanyInvoice; showCompany?: boolean; actions?: ReactNode }) {
  const { t } = useTranslation();
  const headingId = `invoice-${inv.id}`;
  const paid = paidLine(inv, t);
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={3} fz="h5" id={headingId}>
              {t('exhibition.invoices.number', { number: inv.number })}
              {showCompany ? ` · ${inv.company.name}` : ''}
            </Title>
            <Text size="xs" c="dimmed">
              {t('exhibition.invoices.issued', { date: new Date(inv.createdAt).toLocaleDateString() })}
            </Text>
          </div>
          <Group gap="xs">
            <InvoiceStatusBadge status={inv.status} />
            <Text fw={700}>
              {money(inv.total, inv.currency)}
            </Text>
          </Group>
        </Group>
          <Table striped withTableBorder fz="sm" layout="auto" aria-label={t('exhibition.invoices.linesOf', { number: inv.number })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('exhibition.invoices.item')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.quantity')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.lineTotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{money(l.unitPrice, inv.currency)}</Table.Td>
                  <Table.Td ta="right">{money(l.total, inv.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  {t('exhibition.invoices.subtotal')}
                </Table.Th>
                <Table.Td ta="right">{money(inv.subtotal, inv.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  {t('exhibition.invoices.tax')}
                </Table.Th>
                <Table.Td ta="right">{money(inv.tax, inv.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  {t('exhibition.invoices.total')}
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {money(inv.total, inv.currency)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        {paid && (
          <Text size="sm" c="green.9">
            {paid}
          </Text>
        )}
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
