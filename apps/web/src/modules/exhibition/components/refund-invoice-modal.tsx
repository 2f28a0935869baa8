import { NumberInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZRefundCompanyInvoiceInput, type TCompanyInvoice, type TRefundCompanyInvoiceInput } from '@pavilion/domain/exhibition/company-invoices';
import { refundAmountProblem } from '@pavilion/domain/registration/refunds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { schemaValidator, translateErrorKey } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { toMinor } from '../../registration/index.ts';
import { companyInvoicesApi, invoiceKeys } from '../api/company-invoices-api.ts';
import { money } from './invoice-card.tsx';

type TValues = { amount: string | number; reason: string; reference: string };

/**
 * The organiser refunds a paid invoice, all that remains (the amount's default) or a part, with a reason: online
 * through the provider that took it, offline with the reference of the money given back. The server issues a credit
 * note per refund (at once, or when a provider that answered `pending` confirms it).
 */
export function RefundInvoiceModal({ eventId, invoice, onClose }: { eventId: string; invoice: TCompanyInvoice; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const isOffline = invoice.paid?.via === 'offline';
  const remaining = invoice.refundableAmount;
  const toMajor = (minor: number) => (minor / 100).toFixed(2);
  const request = (v: TValues): TRefundCompanyInvoiceInput => ({ amount: toMinor(v.amount, invoice.currency) ?? 0, reason: v.reason, reference: isOffline ? v.reference : '' });
  const validateSchema = schemaValidator<TValues>(ZRefundCompanyInvoiceInput, t, request);
  const form = useForm<TValues>({
    initialValues: { amount: toMajor(remaining), reason: '', reference: '' },
    validate: (v) => {
      const errors = validateSchema(v);
      const minor = toMinor(v.amount, invoice.currency);
      const problem = minor === null ? 'invalid' : refundAmountProblem(minor, remaining);
      if (String(v.amount).trim() === '') errors.amount = translateErrorKey(t, 'required');
      else if (problem) errors.amount = translateErrorKey(t, problem);
      if (isOffline && !v.reference.trim()) errors.reference = translateErrorKey(t, 'referenceRequired');
      return errors;
    },
  });
  const refund = useFormMutation(
    useMutation({
      mutationFn: (body: TRefundCompanyInvoiceInput) => companyInvoicesApi.refund(eventId, invoice.id, body),
      onSuccess: () => void qc.invalidateQueries({ queryKey: invoiceKeys.org(eventId) }),
    }),
    {
      setFieldError: form.setFieldError,
      success: (inv) => {
        const last = inv.refunds.at(-1);
        const amount = money(last?.amount ?? 0, inv.currency);
        return last?.creditNote ? t('exhibition.invoices.refundedToast', { amount, number: inv.number, creditNote: last.creditNote.number }) : t('exhibition.invoices.refundPendingToast', { amount });
      },
      onSuccess: onClose,
    },
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('exhibition.invoices.refundTitle', { number: invoice.number })}
      onSubmit={form.onSubmit((values) => refund.submit(request(values)))}
      formError={refund.formError}
      isPending={refund.isPending}
      submitLabel={t('exhibition.invoices.refundConfirm')}
      cancelLabel={t('exhibition.invoices.cancel')}
      submitColor="red.9"
    >
      <Text size="sm">{t('exhibition.invoices.refundIntro', { total: money(invoice.total, invoice.currency), refundable: money(remaining, invoice.currency) })}</Text>
      <Text size="sm" c="dimmed">
        {isOffline ? t('exhibition.invoices.refundOfflineHint') : t('exhibition.invoices.refundOnlineHint', { provider: invoice.paid?.provider ?? '' })}
      </Text>
      <NumberInput
        label={t('exhibition.invoices.refundAmount', { currency: invoice.currency })}
        description={t('exhibition.invoices.refundAmountHint', { amount: money(remaining, invoice.currency) })}
        required
        min={0}
        decimalScale={2}
        allowNegative={false}
        data-autofocus
        {...form.getInputProps('amount')}
      />
      <Textarea label={t('exhibition.invoices.refundReason')} required maxLength={500} autosize minRows={2} {...form.getInputProps('reason')} />
      {isOffline && <TextInput label={t('exhibition.invoices.refundReference')} description={t('exhibition.invoices.refundReferenceHint')} required maxLength={120} {...form.getInputProps('reference')} />}
    </FormModal>
  );
}
