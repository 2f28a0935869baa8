import '../exhibition-i18n.ts';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/access.ts';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { productOrdersOrgApi as api } from '../api/product-orders-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { OrdersToDecide, OrderLine, OrderStatusBadge } from './product-order-parts.tsx';

/** The organiser's view of one company's product orders (AP-572), decided with AP-574. */
export function CompanyProductOrders({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const canDecide = useAccess().can('AP-574');
  const orders = useQuery({ queryKey: exhibitionKeys.companyProductOrders(eventId, companyId), queryFn: ({ signal }) => api.orders(eventId, { companyId }, signal) });
  return (
    <Stack gap="xs" component="section" aria-labelledby={`orders-${companyId}`}>
      <Title order={3} fz="h5" id={`orders-${companyId}`}>
        {t('exhibition.orders.company.title')}
      </Title>
      {orders.isPending && <ListLoading rows={1} />}
      {orders.isError && <ListError error={orders.error} onRetry={() => void orders.refetch()} />}
      {orders.data?.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('exhibition.orders.company.emptyBody')}
        </Text>
      )}
      {orders.data && orders.data.items.length > 0 && canDecide && (
        <OrdersToDecide
          eventId={eventId}
          orders={orders.data.items}
          decider={{ approve: (id) => api.approve(eventId, id), reject: (id, reason) => api.reject(eventId, id, reason), fulfil: (id) => api.fulfil(eventId, id) }}
        />
      )}
      {orders.data && orders.data.items.length > 0 && !canDecide && (
        <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {orders.data.items.map((o) => (
            <li key={o.id}>
              <OrderLine order={o} /> <OrderStatusBadge status={o.status} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
