import { Badge, Box, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { TCompanyInvoice } from '@pavilion/domain/exhibition/company-invoices';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { formatPrice } from './price.ts';

/** Minor units (cents) as the invoice's currency and two decimals. */
export const money = (minor: number, currency: string) => `${currency} ${formatPrice(minor / 100)}`;

const STATUS_COLOR: Record<TCompanyInvoice['status'], string> = { open: 'red', pending: 'blue', paid: 'teal', partially_refunded: 'orange', refunded: 'gray' };

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

type TRefund = TCompanyInvoice['refunds'][number];

/** Downloads one credit note's PDF (the organiser's or the company admin's route, given as `onDownload`). */
export function CreditNoteButton({ number, onDownload }: { number: string; onDownload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={t('exhibition.invoices.creditNotePdfOf', { number })}
      onClick={() => void onDownload().catch((err: unknown) => toast(errorMessage(err, t), 'error'))}
    >
      {t('exhibition.invoices.creditNotePdf')}
    </Button>
  );
}
type TCreditNote = NonNullable<TRefund['creditNote']>;

/** One refund in a sentence: its amount, when, how, and its credit note (or that the provider has yet to confirm it). */
function refundLine(inv: TCompanyInvoice, r: TRefund, t: (key: string, o?: Record<string, unknown>) => string): string {
  const how = r.via === 'offline' ? t('exhibition.invoices.refundedOffline', { reference: r.reference }) : t('exhibition.invoices.refundedOnline', { provider: r.provider });
  const o = { amount: money(r.amount, inv.currency), date: new Date(r.at).toLocaleDateString(), how, reason: r.reason, number: r.creditNote?.number ?? '' };
  return t(`exhibition.invoices.refundLine.${r.status}`, o);
}

/** An invoice's refunds (oldest first) with their credit notes, and what is refunded and still refundable. */
function Refunds({ inv, creditNoteAction }: { inv: TCompanyInvoice; creditNoteAction?: (c: TCreditNote) => ReactNode }) {
  const { t } = useTranslation();
  if (inv.refunds.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('exhibition.invoices.refundSummary', { refunded: money(inv.refundedAmount, inv.currency), refundable: money(inv.refundableAmount, inv.currency) })}
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('exhibition.invoices.refundsOf', { number: inv.number })}>
        {inv.refunds.map((r) => (
          <Group component="li" key={r.id} gap="xs" wrap="wrap" justify="space-between">
            <Text size="sm" c={r.status === 'failed' ? 'red.9' : 'gray.9'} style={{ flex: '1 1 16rem' }}>
              {refundLine(inv, r, t)}
            </Text>
            {r.creditNote && creditNoteAction?.(r.creditNote)}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** One company invoice: number, status, its lines, totals, how it was paid, its refunds and credit notes, and the caller's actions. */
export function InvoiceCard({
  invoice: inv,
  showCompany = false,
  actions,
  creditNoteAction,
}: {
  invoice: TCompanyInvoice;
  showCompany?: boolean;
  actions?: ReactNode;
  /** The caller's download of one credit note (the organiser's or the company admin's route). */
  creditNoteAction?: (c: TCreditNote) => ReactNode;
}) {
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
        <Refunds inv={inv} creditNoteAction={creditNoteAction} />
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
