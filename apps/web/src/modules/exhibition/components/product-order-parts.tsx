import '../exhibition-i18n.ts';
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TProductOrder, TProductOrderAction, TProductOrderStatus } from '@pavilion/domain/exhibition/product-orders';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { formatShortDateTime } from '../../../ui/format.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { formatMoney } from './price.ts';

const COLOURS: Record<TProductOrderStatus, string> = { pending: 'blue', approved: 'teal', rejected: 'red', fulfilled: 'grape' };

/** An order's status as a badge (dark text on a light tint: readable contrast). */
export function OrderStatusBadge({ status }: { status: TProductOrderStatus }) {
  const { t } = useTranslation();
  const c = COLOURS[status];
  // teal-9 on teal's light tint is 4.46:1 (axe wants 4.5 for badge-sized text): that one reads in near-black.
  const text = c === 'teal' ? 'var(--mantine-color-dark-8)' : `var(--mantine-color-${c}-9)`;
  return (
    <Badge variant="light" color={c} styles={{ root: { color: text } }} data-testid="order-status">
      {t(`exhibition.orders.status.${status}`)}
    </Badge>
  );
}

/** Quantity × product, with the server's price (or "Quote requested"). */
export function OrderLine({ order }: { order: TProductOrder }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {order.quantity} × {order.productName}
      {' · '}
      {order.isQuote ? t('exhibition.orders.attendee.quote') : formatMoney(order.total ?? 0, order.currency)}
    </Text>
  );
}

export type OrderDecider = {
  approve: (orderId: string) => Promise<unknown>;
  reject: (orderId: string, reason: string) => Promise<unknown>;
  fulfil: (orderId: string) => Promise<unknown>;
};

/**
 * The orders a company (or the organiser) decides: each with who ordered, what, the note, and the buttons of the
 * moves the rule allows (the server's `allowedActions`). A reject asks for the reason the visitor will read.
 */
export function OrdersToDecide({ eventId, orders, decider, showCompany = false }: { eventId: string; orders: TProductOrder[]; decider: OrderDecider; showCompany?: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState<TProductOrder | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: async (v: { order: TProductOrder; action: TProductOrderAction; reason?: string }) => {
      if (v.action === 'approve') await decider.approve(v.order.id);
      else if (v.action === 'reject') await decider.reject(v.order.id, v.reason ?? '');
      else await decider.fulfil(v.order.id);
      return v.action;
    },
    onSuccess: (action) => {
      toast(t(`exhibition.orders.company.${action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'fulfilled'}`), 'success');
      setRejecting(null);
      setReason('');
    },
    onError: (err) => {
      if (rejecting) setReasonError(errorMessage(err, t));
      else toast(errorMessage(err, t), 'error');
    },
    // A 409 (someone decided first) also changes what is shown: read the list again either way.
    onSettled: () => void qc.invalidateQueries({ queryKey: exhibitionKeys.productOrders(eventId) }),
  });
  return (
    <>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {orders.map((o) => {
          const labels = { product: o.productName, name: o.attendeeName };
          return (
            <Paper key={o.id} component="li" withBorder p="sm" radius="sm" data-testid="company-order">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <OrderLine order={o} />
                  <OrderStatusBadge status={o.status} />
                </Group>
                <Text size="xs" c="dimmed">
                  {showCompany ? `${o.companyName} · ` : ''}
                  {t('exhibition.orders.company.who', { name: o.attendeeName, email: o.attendeeEmail })} · {formatShortDateTime(o.createdAt)}
                </Text>
                {o.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {t('exhibition.orders.company.note', { note: o.note })}
                  </Text>
                )}
                {o.status === 'rejected' && o.rejectionReason && (
                  <Text size="sm" c="red.9">
                    {t('exhibition.orders.attendee.reason', { reason: o.rejectionReason })}
                  </Text>
                )}
                {o.allowedActions.length > 0 && (
                  <Group gap="xs">
                    {o.allowedActions.includes('approve') && (
                      <Button size="xs" aria-label={t('exhibition.orders.company.approveLabel', labels)} loading={act.isPending && act.variables?.order.id === o.id && act.variables.action === 'approve'} onClick={() => act.mutate({ order: o, action: 'approve' })}>
                        {t('exhibition.orders.company.approve')}
                      </Button>
                    )}
                    {o.allowedActions.includes('reject') && (
                      <Button size="xs" variant="default" color="red" aria-label={t('exhibition.orders.company.rejectLabel', labels)} onClick={() => { setReasonError(null); setRejecting(o); }}>
                        {t('exhibition.orders.company.reject')}
                      </Button>
                    )}
                    {o.allowedActions.includes('fulfil') && (
                      <Button size="xs" variant="light" aria-label={t('exhibition.orders.company.fulfilLabel', labels)} loading={act.isPending && act.variables?.order.id === o.id && act.variables.action === 'fulfil'} onClick={() => act.mutate({ order: o, action: 'fulfil' })}>
                        {t('exhibition.orders.company.fulfil')}
                      </Button>
                    )}
                  </Group>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Modal opened={!!rejecting} onClose={() => setRejecting(null)} title={t('exhibition.orders.company.rejectTitle')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setReasonError(t('validation.required'));
              return;
            }
            if (rejecting) act.mutate({ order: rejecting, action: 'reject', reason });
          }}
          noValidate
        >
          <Stack gap="sm">
            {rejecting && <OrderLine order={rejecting} />}
            <Textarea label={t('exhibition.orders.company.rejectReason')} required autosize minRows={2} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={reasonError} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(null)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={act.isPending}>
                {t('exhibition.orders.company.rejectConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
