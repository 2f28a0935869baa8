import '../exhibition-i18n.ts';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { CompanyOrders } from '../components/company-orders.tsx';
import { useStandEventId } from './my-stand-page.tsx';

/** /attendium/stand/orders: the company's product orders for its admin and staff: approve, reject with a reason, fulfil. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const eventId = useStandEventId();
  usePageTitle(t('exhibition.stand.ordersTitle'));
  const stand = `/attendium/stand${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
  return (
    <AttendeePage back={{ to: stand, label: t('exhibition.stand.ordersBack') }} title={t('exhibition.stand.ordersTitle')} intro={t('exhibition.orders.company.intro')}>
      {!eventId && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('exhibition.forms.stand.noEvent')}
        </Alert>
      )}
      {!!eventId && <CompanyOrders eventId={eventId} isOwnPage />}
    </AttendeePage>
  );
}
