import '../../organiser-i18n.ts';
import { useEffect } from 'react';
import { Anchor, Button, Divider, Group, Modal, NumberInput, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '@tabler/icons-react';
import type { TRefundRequest } from '@pavilion/domain/registration/payments.schemas';
import type { TOrder } from '@pavilion/domain/registration/registration.schemas';
import { useAccess } from '../../../../app/access.ts';
import { isApiError } from '../../../../app/api-client.ts';
import { translateErrorKey } from '../../../../app/form-errors.ts';
import { useFormMutation } from '../../../../app/use-form-mutation.ts';
import { downloadFile } from '../../../../app/download.ts';
import { errorMessage } from '../../../../app/form-errors.ts';
import { toast } from '../../../../app/toast.ts';
import { organiserFileUrl } from '../../api/organiser-registration-api.ts';
import { FormAlert } from '../../../../ui/form-alert.tsx';
import { organiserPaymentsApi as api } from '../../api/organiser-payments-api.ts';
import { registrationKeys } from '../../api/registration-keys.ts';
import { useRefunds, useRegistrationMutation } from '../../hooks/use-organiser-registration.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { currencyDigits, formatMoney } from '../../lib/money.ts';
import { canRefund, refundableMinor, refundRequest, type TRefundValues } from '../../lib/payments.ts';
import { StatusBadge } from '../status-badge.tsx';
import { ListError, ListLoading } from '../../../../ui/list-states.tsx';

const REFUND_COLORS = { succeeded: 'teal', pending: 'orange', failed: 'red' } as const;
const INITIAL: TRefundValues = { mode: 'full', amount: '', reason: '' };

/** An order's refunds (AP-181) and, for paid orders, a full or partial refund (AP-183). Amounts are typed in major units. */
export function RefundModal({ eventId, order, onClose }: { eventId: string; order: TOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const access = useAccess();
  const refunds = useRefunds(eventId, order?.id ?? null, access.can('AP-181'));
  const currency = order?.currency ?? 'EUR';
  // A refund pending with the provider is reserved: not refundable again until it settles (or fails).
  const remaining = order ? refundableMinor(order, refunds.data) : 0;
  const hasPending = !!refunds.data?.some((r) => r.status === 'pending');
  const form = useForm<TRefundValues>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: (v) => {
      const { error } = refundRequest(v, currency, remaining);
      return error ? { amount: translateErrorKey(t, error) } : {};
    },
  });
  const refund = useFormMutation(
    useRegistrationMutation((body: TRefundRequest) => api.refund(eventId, order!.id, body), [
      registrationKeys.orders(eventId),
      registrationKeys.registrations(eventId),
      registrationKeys.transactions(eventId),
    ]),
    {
      setFieldError: form.setFieldError,
      success: (r) =>
        r.creditNote
          ? t('registration.org.refundDoneCreditNote', { amount: formatMoney(r.amount, r.currency), number: r.creditNote.number })
          : t(r.status === 'pending' ? 'registration.org.refundPendingDone' : 'registration.org.refundDone', { amount: formatMoney(r.amount, r.currency) }),
      onSuccess: () => form.setValues(INITIAL),
      errorText: (e) => (isApiError(e) && e.code === 'ORDER_NOT_PAID' ? t('registration.org.refundNotPaid') : null),
    },
  );
  useEffect(() => {
    form.setValues(INITIAL);
    form.resetDirty(INITIAL);
    refund.setFormError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order?.id]);

  const submit = form.onSubmit((values) => {
    const { request } = refundRequest(values, currency, remaining);
    if (!request) return;
    refund.submit(request);
  });
  const money = (minor: number) => formatMoney(minor, currency);
  const canDownloadCreditNote = access.can('AP-199');
  const downloadCreditNote = async (creditNoteId: string, number: string) => {
    try {
      await downloadFile(organiserFileUrl.creditNote(eventId, order!.id, creditNoteId), {}, `credit-note-${number}.pdf`);
    } catch (e) {
      toast(errorMessage(e, t), 'error');
    }
  };
  const canCreate = !!order && access.can('AP-183') && canRefund(order, refunds.data);

  return (
    <Modal opened={!!order} onClose={onClose} title={order ? t('registration.org.refundTitle', { no: order.registrationNo }) : ''} size="lg">
      {order && (
        <Stack gap="md">
          <Text size="sm">{t('registration.org.refundPaid', { paid: money(order.total), refunded: money(order.refundedAmount), remaining: money(remaining) })}</Text>
          {hasPending && (
            <Text size="sm" c="dimmed">
              {t('registration.org.refundPendingHint')}
            </Text>
          )}
          {canCreate ? (
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <FormAlert message={refund.formError} />
                <Radio.Group label={t('registration.org.refund')} {...form.getInputProps('mode')}>
                  <Stack gap="xs" mt="xs">
                    <Radio value="full" label={t('registration.org.refundFull', { amount: money(remaining) })} description={t('registration.org.refundFullHint')} />
                    <Radio value="partial" label={t('registration.org.refundPartial')} />
                  </Stack>
                </Radio.Group>
                {form.values.mode === 'partial' && (
                  <NumberInput
                    label={t('registration.org.refundAmount', { currency })}
                    description={t('registration.org.refundAmountHint', { amount: money(remaining) })}
                    min={0}
                    decimalScale={currencyDigits(currency)}
                    allowNegative={false}
                    rightSection={<Text size="xs" c="dimmed">{currency}</Text>}
                    rightSectionWidth={48}
                    data-autofocus
                    {...form.getInputProps('amount')}
                  />
                )}
                <TextInput label={t('registration.org.refundReason')} maxLength={500} {...form.getInputProps('reason')} />
                <Group justify="flex-end">
                  <Button variant="default" onClick={onClose}>
                    {t('registration.org.cancel')}
                  </Button>
                  <Button type="submit" loading={refund.isPending}>
                    {form.values.mode === 'full' ? t('registration.org.refundSubmit', { amount: money(remaining) }) : t('registration.org.refundSubmitPartial')}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            order.status === 'paid' && remaining === 0 && !hasPending && <Text size="sm" c="dimmed">{t('registration.org.refundNothingLeft')}</Text>
          )}
          {access.can('AP-181') && (
            <Stack gap="xs">
              <Divider />
              <Title order={3} fz="h5">
                {t('registration.org.refunds')}
              </Title>
              {refunds.isPending && <ListLoading rows={2} />}
              {refunds.isError && <ListError error={refunds.error} onRetry={() => void refunds.refetch()} />}
              {refunds.data && refunds.data.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('registration.org.refundsEmpty')}
                </Text>
              )}
              {refunds.data && refunds.data.length > 0 && (
                <Table verticalSpacing="xs" aria-label={t('registration.org.refunds')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('registration.org.created')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.amount')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.transactionStatus')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.refundReasonColumn')}</Table.Th>
                      <Table.Th scope="col">{t('registration.org.creditNote')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {refunds.data.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.amount, r.currency)}</Table.Td>
                        <Table.Td>
                          <StatusBadge color={REFUND_COLORS[r.status]}>{t(`registration.org.refundStatuses.${r.status}`)}</StatusBadge>
                          {r.settleUrl && (
                            <Anchor href={r.settleUrl} target="_blank" rel="noopener" size="sm" display="block" mt={4}>
                              {t('registration.org.refundSettleOnGateway')}
                            </Anchor>
                          )}
                        </Table.Td>
                        <Table.Td>{r.reason || t('registration.org.none')}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {r.creditNote && canDownloadCreditNote ? (
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              leftSection={<IconDownload size={14} aria-hidden />}
                              aria-label={t('registration.org.creditNotePdf', { number: r.creditNote.number })}
                              onClick={() => void downloadCreditNote(r.creditNote!.id, r.creditNote!.number)}
                            >
                              {r.creditNote.number}
                            </Button>
                          ) : (
                            (r.creditNote?.number ?? t('registration.org.none'))
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
