import { Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZRefundCompanyInvoiceInput, type TCompanyInvoice, type TRefundCompanyInvoiceInput } from '@pavilion/domain/exhibition/company-invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { companyInvoicesApi, invoiceKeys } from '../api/company-invoices-api.ts';
import { money } from './invoice-card.tsx';

/**
 * The organiser refunds a paid invoice whole, with a reason: online through the provider that took it, offline with
 * the reference of the money given back. The server issues the credit note.
 */
export function RefundInvoiceModal({ eventId, invoice, onClose }: { eventId: string; invoice: TCompanyInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const isOffline = invoice.paid?.via === 'offline';
  const form = useForm<TRefundCompanyInvoiceInput>({ initialValues: { reason: '', reference: '' }, validate: schemaValidator(ZRefundCompanyInvoiceInput, t) });
  const refund = useFormMutation(
    useMutation({
      mutationFn: (values: TRefundCompanyInvoiceInput) => companyInvoicesApi.refund(eventId, invoice.id, isOffline ? values : { reason: values.reason, reference: '' }),
      onSuccess: () => void qc.invalidateQueries({ queryKey: invoiceKeys.org(eventId) }),
    }),
    { setFieldError: form.setFieldError, success: (inv) => t('exhibition.invoices.refundedToast', { number: inv.number, creditNote: inv.creditNote?.number ?? '' }), onSuccess: onClose },
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('exhibition.invoices.refundTitle', { number: invoice.number })}
      onSubmit={form.onSubmit((values) => refund.submit(values))}
      formError={refund.formError}
      isPending={refund.isPending}
      submitLabel={t('exhibition.invoices.refundConfirm')}
      cancelLabel={t('exhibition.invoices.cancel')}
      submitColor="red.9"
    >
      <Text size="sm">{t('exhibition.invoices.refundIntro', { amount: money(invoice.total, invoice.currency) })}</Text>
      <Text size="sm" c="dimmed">
        {isOffline ? t('exhibition.invoices.refundOfflineHint') : t('exhibition.invoices.refundOnlineHint', { provider: invoice.paid?.provider ?? '' })}
      </Text>
      <Textarea label={t('exhibition.invoices.refundReason')} required maxLength={500} autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
      {isOffline && <TextInput label={t('exhibition.invoices.refundReference')} description={t('exhibition.invoices.refundReferenceHint')} required maxLength={120} {...form.getInputProps('reference')} />}
    </FormModal>
  );
}
