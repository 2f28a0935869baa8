import '../exhibition-i18n.ts';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/access.ts';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { productOrdersOrgApi as api } from '../api/product-orders-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { OrdersDownload } from './orders-download.tsx';
import { OrdersToDecide, OrderLine, OrderStatusBadge } from './product-order-parts.tsx';

/** The organiser's view of one company's product orders (AP-572), decided with AP-574, downloaded with AP-573. */
export function CompanyProductOrders({ eventId, companyId, companyName }: { eventId: string; companyId: string; companyName: string }) {
  const { t } = useTranslation();
  const access = useAccess();
  const canDecide = access.can('AP-574');
  const orders = useQuery({ queryKey: exhibitionKeys.companyProductOrders(eventId, companyId), queryFn: ({ signal }) => api.orders(eventId, { companyId }, signal) });
  return (
    <Stack gap="xs" component="section" aria-labelledby={`orders-${companyId}`}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} fz="h5" id={`orders-${companyId}`}>
          {t('exhibition.orders.company.title')}
        </Title>
        {access.can('AP-573') && !!orders.data?.items.length && (
          <OrdersDownload isCompact label={t('exhibition.orders.export.company', { name: companyName })} download={(format) => api.exportOrders(eventId, format, companyId)} />
        )}
      </Group>
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
