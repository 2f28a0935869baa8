import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListEmpty, ListLoading } from '../../../ui/list-states.tsx';
import { invoiceKeys, myInvoicesApi } from '../api/company-invoices-api.ts';
import { CreditNoteButton, InvoiceCard } from './invoice-card.tsx';

/** My stand's "Invoices": the company's invoices, their PDF, and "Pay online" on the provider's hosted page. */
export function MyInvoices({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  // The payment page's outcome (`?payment=paid|failed`) is told once: kept for this visit, then taken out of the
  // address, so a reload or a bookmark later (after a refund, say) does not thank for a payment that is no more.
  const [outcome] = useState(() => search.get('payment'));
  useEffect(() => {
    if (!search.has('payment')) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch]);
  const list = useQuery({ queryKey: invoiceKeys.mine(eventId), queryFn: ({ signal }) => myInvoicesApi.list(eventId, signal), enabled: !!eventId });
  const pay = useMutation({
    mutationFn: (invoiceId: string) => myInvoicesApi.pay(eventId, invoiceId, { provider: list.data?.providers[0] ?? 'test' }),
    onSuccess: (session) => {
      if (session.redirectUrl) window.location.assign(session.redirectUrl);
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const items = list.data?.items ?? [];
  const canPayOnline = (list.data?.providers.length ?? 0) > 0;
  return (
    <Paper component="section" aria-labelledby="my-invoices" withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="my-invoices">
            {t('exhibition.invoices.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('exhibition.invoices.myIntro')}
          </Text>
        </div>
        {outcome === 'paid' && (
          <Alert color="green" variant="light" role="status">
            {t('exhibition.invoices.paymentDone')}
          </Alert>
        )}
        {outcome === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {t('exhibition.invoices.paymentFailed')}
          </Alert>
        )}
        {list.isPending && <ListLoading rows={1} />}
        {list.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(list.error, t)}
          </Alert>
        )}
        {list.data && items.length === 0 && <ListEmpty icon={<IconFileInvoice size={32} />} title={t('exhibition.invoices.empty')} body={t('exhibition.invoices.myEmptyBody')} />}
        {list.data && items.some((i) => i.status === 'open' || i.status === 'pending') && !canPayOnline && (
          <Text size="sm" c="dimmed">
            {t('exhibition.invoices.noOnline')}
          </Text>
        )}
        {items.map((inv) => (
          <InvoiceCard
            key={inv.id}
            invoice={inv}
            creditNoteAction={(c) => <CreditNoteButton number={c.number} onDownload={() => myInvoicesApi.downloadCreditNote(eventId, inv.id, c.id, c.number)} />}
            actions={
              <>
                <Button
                  size="sm"
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  aria-label={t('exhibition.invoices.pdfOf', { number: inv.number })}
                  onClick={() => void myInvoicesApi.downloadPdf(eventId, inv.id, inv.number).catch((err: unknown) => toast(errorMessage(err, t), 'error'))}
                >
                  {t('exhibition.invoices.pdf')}
                </Button>
                {(inv.status === 'open' || inv.status === 'pending') && canPayOnline && (
                  <Button
                    size="sm"
                    leftSection={<IconCreditCard size={16} aria-hidden />}
                    aria-label={t('exhibition.invoices.payOnlineOf', { number: inv.number })}
                    loading={pay.isPending && pay.variables === inv.id}
                    onClick={() => pay.mutate(inv.id)}
                  >
                    {t('exhibition.invoices.payOnline')}
                  </Button>
                )}
              </>
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}
