import '../exhibition-i18n.ts';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/form-errors.ts';
import { ListEmpty, ListLoading } from '../../../ui/list-states.tsx';
import { myProductOrdersApi } from '../api/product-orders-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { OrdersDownload } from './orders-download.tsx';
import { OrdersToDecide } from './product-order-parts.tsx';

/**
 * My stand: the orders visitors placed on the company's products, approved or rejected by its admin or staff.
 * `isOwnPage`: on the Product orders page, whose title and intro already say what this is (no second heading).
 */
export function CompanyOrders({ eventId, isOwnPage = false }: { eventId: string; isOwnPage?: boolean }) {
  const { t } = useTranslation();
  const orders = useQuery({ queryKey: exhibitionKeys.myProductOrders(eventId), queryFn: ({ signal }) => myProductOrdersApi.orders(eventId, signal), enabled: !!eventId });
  const list = (
    <Stack gap="sm">
      {orders.isPending && <ListLoading rows={2} />}
      {orders.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(orders.error, t)}
        </Alert>
      )}
      {orders.data && orders.data.items.length === 0 && <ListEmpty icon={<IconShoppingCart size={32} />} title={t('exhibition.orders.company.empty')} body={t('exhibition.orders.company.emptyBody')} />}
      {orders.data && orders.data.items.length > 0 && (
        <Group justify="flex-end">
          <OrdersDownload label={t('exhibition.orders.export.mine')} download={(format) => myProductOrdersApi.exportOrders(eventId, format)} />
        </Group>
      )}
      {orders.data && orders.data.items.length > 0 && (
        <OrdersToDecide
          eventId={eventId}
          orders={orders.data.items}
          decider={{
            approve: (id) => myProductOrdersApi.approve(eventId, id),
            reject: (id, reason) => myProductOrdersApi.reject(eventId, id, reason),
            fulfil: (id) => myProductOrdersApi.fulfil(eventId, id),
          }}
        />
      )}
    </Stack>
  );
  if (isOwnPage) return list;
  return (
    <Paper component="section" aria-labelledby="company-orders" withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="company-orders">
            {t('exhibition.orders.company.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('exhibition.orders.company.intro')}
          </Text>
        </div>
        {list}
      </Stack>
    </Paper>
  );
}
