import '../organiser-i18n.ts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash, IconFileInvoice, IconReceipt, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@pavilion/domain/common/pagination';
import { ORDER_STATUSES, PAYMENT_STATUSES, type TOrder, type TOrderStatus, type TPaymentStatus } from '@pavilion/domain/registration/registration.schemas';
import { useAccess } from '../../../app/access.ts';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListPager } from '../../../ui/pager.tsx';
import { FilterSelect, SearchField } from '../../../ui/filter-fields.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { downloadFile } from '../../../app/download.ts';
import { organiserFileUrl, organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { RefundModal } from '../components/organiser/refund-modal.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { seatKeys, useOrders, useRegistrationMutation } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { formatMoney } from '../lib/money.ts';
import { canRefund } from '../lib/payments.ts';
import { PAYMENT_COLORS } from '../lib/status-colors.ts';
import { SEAT_STATUS_COLORS, seatStatus } from '../lib/registration-status.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { RowMenu } from '../../../ui/row-menu.tsx';

const ORDER_COLORS: Record<TOrderStatus, string> = { pending: 'orange', paid: 'teal', cancelled: 'gray', expired: 'gray' };

/** /app/registration/orders: the event's orders (AP-175) with totals, coupon and payment; mark paid, cancel, invoice, refund. */
export function OrgOrdersPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const access = useAccess();
  // `?search=` opens the list already searched (the failed-refund alert links to its order number).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState('');
  const [paymentStatus, setPaymentStatus] = useState('');
  const [page, setPage] = useState(1);
  const [refundOrderId, setRefundOrderId] = useState<string | null>(null);
  useEffect(() => setPage(1), [debounced, status, paymentStatus]);
  const q = {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    ...(debounced ? { search: debounced } : {}),
    ...(status ? { status: status as TOrderStatus } : {}),
    ...(paymentStatus ? { paymentStatus: paymentStatus as TPaymentStatus } : {}),
  };
  const orders = useOrders(eventId, q);
  const markPaid = useRegistrationMutation((orderId: string) => api.markPaid(eventId, orderId), seatKeys(eventId));
  const cancel = useRegistrationMutation((orderId: string) => api.cancelOrder(eventId, orderId), seatKeys(eventId));
  usePageTitle(t('registration.org.ordersTitle'));
  const data = orders.data;
  const hasFilters = !!(debounced || status || paymentStatus);
  // The modal reads the listed order, so amounts refresh after a refund.
  const refundOrder = data?.items.find((o) => o.id === refundOrderId) ?? null;

  const confirm = (o: TOrder, kind: 'paid' | 'cancel') =>
    openConfirmModal({
      title: kind === 'paid' ? t('registration.org.markPaidTitle', { no: o.registrationNo }) : t('registration.org.cancelTitle', { no: o.registrationNo }),
      children: kind === 'paid' ? t('registration.org.markPaidBody') : t('registration.org.cancelBody'),
      labels: { confirm: kind === 'paid' ? t('registration.org.markPaid') : t('registration.org.cancelOrder'), cancel: t('registration.org.cancel') },
      confirmProps: kind === 'cancel' ? { color: 'red' } : {},
      onConfirm: () =>
        (kind === 'paid' ? markPaid : cancel).mutate(o.id, {
          onSuccess: () => toast(t('registration.org.saved'), 'success'),
          onError: (e) => toast(errorMessage(e, t), 'error'),
        }),
    });

  const invoice = async (o: TOrder) => {
    try {
      await downloadFile(organiserFileUrl.invoice(eventId, o.id), {}, `invoice-${o.registrationNo}.pdf`);
    } catch (e) {
      toast(errorMessage(e, t), 'error');
    }
  };

  return (
    <Stack gap="md">
      {data && data.total === 0 && !hasFilters ? (
        <ListEmpty icon={<IconReceipt size={32} />} title={t('registration.org.ordersEmpty')} body={t('registration.org.registrationsEmptyBody')} />
      ) : (
        <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <SearchField label={t('registration.org.search')} placeholder={t('registration.org.ordersSearchPlaceholder')} value={search} onChange={setSearch} />
              <FilterSelect
                label={t('registration.org.orderStatus')}
                allLabel={t('registration.org.all')}
                value={status}
                onChange={setStatus}
                options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`registration.org.orderStatuses.${s}`) }))}
              />
              <FilterSelect
                label={t('registration.org.filterPayment')}
                allLabel={t('registration.org.all')}
                value={paymentStatus}
                onChange={setPaymentStatus}
                options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`registration.org.paymentStatus.${s}`) }))}
              />
            </Group>
            {orders.isPending && <ListLoading rows={5} />}
            {orders.isError && <ListError error={orders.error} onRetry={() => void orders.refetch()} />}
            {data && data.items.length === 0 && hasFilters && <Text c="dimmed">{t('registration.org.noMatchBody')}</Text>}
            {data && data.items.length > 0 && (
              <DataTable columns={[t('registration.org.regNo'), t('registration.org.buyer'), t('registration.org.orderItems'), t('registration.public.total'), t('registration.org.orderStatus'), t('registration.org.payment'), t('registration.org.registered'), { label: t('registration.org.actions'), isHidden: true }]} minWidth={860} isFramed={false}>
                {data.items.map((o) => {
                  const buyer = `${o.buyer.firstName} ${o.buyer.lastName}`.trim();
                  const canMarkPaid = access.can('AP-180') && o.status === 'pending';
                  const canCancel = access.can('AP-190') && o.status === 'pending';
                  const canInvoice = access.can('AP-193') && !!o.invoiceNumber;
                  const canRefunds = (access.can('AP-183') && canRefund(o)) || (access.can('AP-181') && o.refundedAmount > 0);
                  return (
                    <Table.Tr key={o.id}>
                      <Table.Td>
                        <Text size="sm" ff="monospace" fw={600}>
                          {o.registrationNo}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {buyer}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {o.buyer.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={2} maw={220}>
                          {o.lines.map((l) => `${l.quantity} × ${l.ticketName}`).join(', ')}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600}>
                          {o.total === 0 ? t('registration.public.free') : formatMoney(o.total, o.currency)}
                        </Text>
                        {o.refundedAmount > 0 && (
                          <Text size="xs" c="dimmed">
                            {t('registration.org.refundedOf', { amount: formatMoney(o.refundedAmount, o.currency) })}
                          </Text>
                        )}
                        {o.couponCode && (
                          <Text size="xs" c="dimmed" ff="monospace">
                            {o.couponCode}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {seatStatus({ paymentStatus: o.paymentStatus, orderStatus: o.status }) === 'payment_failed' ? (
                          <StatusBadge color={SEAT_STATUS_COLORS.payment_failed}>{t('registration.org.seatStatus.payment_failed')}</StatusBadge>
                        ) : (
                          <StatusBadge color={ORDER_COLORS[o.status]}>{t(`registration.org.orderStatuses.${o.status}`)}</StatusBadge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge color={PAYMENT_COLORS[o.paymentStatus]}>{t(`registration.org.paymentStatus.${o.paymentStatus}`)}</StatusBadge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDateTime(o.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {(canMarkPaid || canCancel || canInvoice || canRefunds) && (
                          <RowMenu label={t('registration.org.actionsFor', { name: o.registrationNo })}>
                            {canInvoice && (
                              <Menu.Item leftSection={<IconFileInvoice size={16} aria-hidden />} onClick={() => void invoice(o)}>
                                {t('registration.public.downloadInvoice')}
                              </Menu.Item>
                            )}
                            {canRefunds && (
                              <Menu.Item leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setRefundOrderId(o.id)}>
                                {canRefund(o) && access.can('AP-183') ? t('registration.org.refund') : t('registration.org.refunds')}
                              </Menu.Item>
                            )}
                            {canMarkPaid && (
                              <Menu.Item leftSection={<IconCash size={16} aria-hidden />} onClick={() => confirm(o, 'paid')}>
                                {t('registration.org.markPaid')}
                              </Menu.Item>
                            )}
                            {canCancel && (
                              <Menu.Item color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => confirm(o, 'cancel')}>
                                {t('registration.org.cancelOrder')}
                              </Menu.Item>
                            )}
                          </RowMenu>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </DataTable>
            )}
            {data && <ListPager data={data} onChange={setPage} />}
          </Stack>
        </Paper>
      )}
      <RefundModal eventId={eventId} order={refundOrder} onClose={() => setRefundOrderId(null)} />
    </Stack>
  );
}
