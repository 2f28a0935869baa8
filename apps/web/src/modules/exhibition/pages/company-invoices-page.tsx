import '../exhibition-i18n.ts';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCash, IconDownload, IconFileInvoice, IconReceiptRefund } from '@tabler/icons-react';
import { COMPANY_INVOICE_STATUSES, OFFLINE_PAYMENT_METHODS, ZMarkInvoicePaidInput, type TCompanyInvoice, type TCompanyInvoiceStatus, type TMarkInvoicePaidInput } from '@pavilion/domain/exhibition/company-invoices';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/access.ts';
import { applyServerFieldErrors, errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { companyInvoicesApi, invoiceKeys } from '../api/company-invoices-api.ts';
import { CreditNoteButton, InvoiceCard } from '../components/invoice-card.tsx';
import { InvoiceTaxForm } from '../components/invoice-tax-form.tsx';
import { RefundInvoiceModal } from '../components/refund-invoice-modal.tsx';

/** The organiser records an offline payment: how (bank transfer, cheque, cash) and its reference. */
function MarkPaidModal({ eventId, invoice, onClose }: { eventId: string; invoice: TCompanyInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useForm<TMarkInvoicePaidInput>({ initialValues: { method: 'bank_transfer', reference: '' }, validate: schemaValidator(ZMarkInvoicePaidInput, t) });
  const mark = useMutation({
    mutationFn: (values: TMarkInvoicePaidInput) => companyInvoicesApi.markPaid(eventId, invoice.id, values),
    onSuccess: (inv) => {
      toast(t('exhibition.invoices.markedPaid', { number: inv.number }), 'success');
      void qc.invalidateQueries({ queryKey: invoiceKeys.org(eventId) });
      onClose();
    },
    onError: (err) => {
      if (!applyServerFieldErrors(err, form.setFieldError, t)) toast(errorMessage(err, t), 'error');
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('exhibition.invoices.markPaidTitle', { number: invoice.number })}>
      <form onSubmit={form.onSubmit((values) => mark.mutate(values))} noValidate>
        <Stack gap="sm">
          <Select
            label={t('exhibition.invoices.methodLabel')}
            data={OFFLINE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`exhibition.invoices.methods.${m}`) }))}
            allowDeselect={false}
            {...form.getInputProps('method')}
          />
          <TextInput label={t('exhibition.invoices.reference')} description={t('exhibition.invoices.referenceHint')} required maxLength={120} data-autofocus {...form.getInputProps('reference')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('exhibition.invoices.cancel')}
            </Button>
            <Button type="submit" loading={mark.isPending}>
              {t('exhibition.invoices.markPaidConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /app/exhibitors/invoices: every company's invoice for approved priced orders (AP-191), its PDF (AP-193), mark paid
 * offline (AP-180), the event's tax on them (AP-206, AP-207), refund a paid one (AP-183) and its credit note (AP-199).
 */
export function CompanyInvoicesPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const access = useAccess();
  usePageTitle(t('exhibition.invoices.title'));
  const [status, setStatus] = useState<TCompanyInvoiceStatus | ''>('');
  const [marking, setMarking] = useState<TCompanyInvoice | null>(null);
  const [refunding, setRefunding] = useState<TCompanyInvoice | null>(null);
  const list = useQuery({
    queryKey: [...invoiceKeys.org(eventId), status],
    queryFn: ({ signal }) => companyInvoicesApi.list(eventId, status ? { status } : {}, signal),
    enabled: !!eventId,
  });
  const items = list.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t('exhibition.invoices.intro')}
      </Text>
      {access.can('AP-206') && <InvoiceTaxForm eventId={eventId} canEdit={access.can('AP-207')} />}
      <Select
        label={t('exhibition.invoices.filterStatus')}
        w={220}
        data={[{ value: '', label: t('exhibition.invoices.all') }, ...COMPANY_INVOICE_STATUSES.map((s) => ({ value: s, label: t(`exhibition.invoices.status.${s}`) }))]}
        value={status}
        onChange={(v) => setStatus((v ?? '') as TCompanyInvoiceStatus | '')}
        allowDeselect={false}
      />
      {list.isPending && <ListLoading />}
      {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && <ListEmpty icon={<IconFileInvoice size={32} />} title={t('exhibition.invoices.empty')} body={t('exhibition.invoices.emptyBody')} />}
      {items.map((inv) => (
        <InvoiceCard
          key={inv.id}
          invoice={inv}
          showCompany
          creditNoteAction={
            access.can('AP-199')
              ? (c) => (
                  <CreditNoteButton number={c.number} onDownload={() => companyInvoicesApi.downloadCreditNote(eventId, inv.id, c.id, c.number)} />
                )
              : undefined
          }
          actions={
            <>
              {access.can('AP-193') && (
                <Button
                  size="sm"
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  aria-label={t('exhibition.invoices.pdfOf', { number: inv.number })}
                  onClick={() => void companyInvoicesApi.downloadPdf(eventId, inv.id, inv.number).catch((err: unknown) => toast(errorMessage(err, t), 'error'))}
                >
                  {t('exhibition.invoices.pdf')}
                </Button>
              )}
              {access.can('AP-183') && (inv.status === 'paid' || inv.status === 'partially_refunded') && inv.refundableAmount > 0 && (
                <Button size="sm" variant="outline" color="red.9" leftSection={<IconReceiptRefund size={16} aria-hidden />} aria-label={t('exhibition.invoices.refundOf', { number: inv.number })} onClick={() => setRefunding(inv)}>
                  {t('exhibition.invoices.refund')}
                </Button>
              )}
              {access.can('AP-180') && (inv.status === 'open' || inv.status === 'pending') && (
                <Button size="sm" leftSection={<IconCash size={16} aria-hidden />} aria-label={t('exhibition.invoices.markPaidOf', { number: inv.number })} onClick={() => setMarking(inv)}>
                  {t('exhibition.invoices.markPaid')}
                </Button>
              )}
            </>
          }
        />
      ))}
      {marking && <MarkPaidModal eventId={eventId} invoice={marking} onClose={() => setMarking(null)} />}
      {refunding && <RefundInvoiceModal eventId={eventId} invoice={refunding} onClose={() => setRefunding(null)} />}
    </Stack>
  );
}
