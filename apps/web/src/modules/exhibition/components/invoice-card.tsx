import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TCompanyInvoice } from '@pavilion/domain/exhibition/company-invoices';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from './price.ts';

/** Minor units (cents) as the invoice's currency and two decimals. */
export const money = (minor: number, currency: string) => `${currency} ${formatPrice(minor / 100)}`;

const STATUS_COLOR: Record<TCompanyInvoice['status'], string> = { open: 'red', pending: 'blue', paid: 'teal', refunded: 'gray' };

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

/** The tax's name and rate as the invoice applied it ("VAT 19%"), or "Tax". */
export function taxLabel(inv: Pick<TCompanyInvoice, 'taxName' | 'taxRateBp'>, t: (key: string, o?: Record<string, unknown>) => string): string {
  const name = inv.taxName || t('exhibition.invoices.tax');
  return inv.taxRateBp > 0 ? `${name} ${inv.taxRateBp / 100}%` : name;
}

/** How it was refunded: the credit note, the amount, when, how and why. */
function refundLine(inv: TCompanyInvoice, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  const c = inv.creditNote;
  if (!c) return null;
  const how = c.via === 'offline' ? t('exhibition.invoices.refundedOffline', { reference: c.reference }) : t('exhibition.invoices.refundedOnline', { provider: c.provider });
  return t('exhibition.invoices.refundedLine', { number: c.number, amount: money(c.total, inv.currency), date: new Date(c.at).toLocaleDateString(), how, reason: c.reason });
}

/** One company invoice: number, status, its lines, totals, how it was paid (and refunded), and the caller's actions. */
export function InvoiceCard({ invoice: inv, showCompany = false, actions }: { invoice: TCompanyInvoice; showCompany?: boolean; actions?: ReactNode }) {
  const { t } = useTranslation();
  const headingId = `invoice-${inv.id}`;
  const paid = paidLine(inv, t);
  const refunded = refundLine(inv, t);
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
        {/* Six columns do not fit a phone: the table scrolls sideways in its own focusable region. */}
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('exhibition.invoices.linesOf', { number: inv.number })}>
          <Table striped withTableBorder fz="sm" layout="auto" miw={560} aria-label={t('exhibition.invoices.linesOf', { number: inv.number })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('exhibition.invoices.item')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.quantity')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.net')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.tax')}</Table.Th>
                <Table.Th ta="right">{t('exhibition.invoices.lineTotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inv.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{money(l.unitPrice, inv.currency)}</Table.Td>
                  <Table.Td ta="right">{money(l.net, inv.currency)}</Table.Td>
                  <Table.Td ta="right">{money(l.tax, inv.currency)}</Table.Td>
                  <Table.Td ta="right">{money(l.total, inv.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={5} ta="right">
                  {t('exhibition.invoices.netTotal')}
                </Table.Th>
                <Table.Td ta="right">{money(inv.subtotal, inv.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th colSpan={5} ta="right">
                  {taxLabel(inv, t)}
                </Table.Th>
                <Table.Td ta="right">{money(inv.tax, inv.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th colSpan={5} ta="right">
                  {t('exhibition.invoices.total')}
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {money(inv.total, inv.currency)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Box>
        {/* On a phone the table's totals are off to the side: said once more below it. */}
        <Text size="sm" hiddenFrom="sm">
          {t('exhibition.invoices.totalsLine', { net: money(inv.subtotal, inv.currency), taxLabel: taxLabel(inv, t), tax: money(inv.tax, inv.currency), total: money(inv.total, inv.currency) })}
        </Text>
        {inv.taxId && (
          <Text size="xs" c="dimmed">
            {t('exhibition.invoices.taxId', { taxId: inv.taxId })}
          </Text>
        )}
        {paid && (
          <Text size="sm" c="teal.9">
            {paid}
          </Text>
        )}
        {refunded && (
          <Text size="sm" c="gray.9">
            {refunded}
          </Text>
        )}
        {inv.returnedPayments.map((r) => (
          <Text key={r.at} size="sm" c={r.status === 'failed' ? 'red.9' : 'gray.9'}>
            {t(`exhibition.invoices.returned.${r.status}`, { amount: money(r.amount, inv.currency), provider: r.provider, date: new Date(r.at).toLocaleDateString() })}
          </Text>
        ))}
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
