import '../exhibition-i18n.ts';
import { Button, Group } from '@mantine/core';
import { IconChartBar, IconScan, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What the company's admin and staff both use from My stand: Reports, Product orders, Leads (each its own page). */
export function StandLinks({ eventId, size = 'sm' }: { eventId: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const q = `?eventId=${encodeURIComponent(eventId)}`;
  return (
    <Group gap="xs" component="nav" aria-label={t('exhibition.stand.nav')}>
      <Button component={Link} to={`/attendium/stand/report${q}`} size={size} variant="light" leftSection={<IconChartBar size={16} aria-hidden />} aria-label={t('exhibition.report.openLabel')}>
        {t('exhibition.stand.reports')}
      </Button>
      <Button component={Link} to={`/attendium/stand/orders${q}`} size={size} variant="light" leftSection={<IconShoppingCart size={16} aria-hidden />}>
        {t('exhibition.stand.orders')}
      </Button>
      <Button component={Link} to={`/tabs/lead${q}`} size={size} variant="light" leftSection={<IconScan size={16} aria-hidden />}>
        {t('exhibition.stand.leads')}
      </Button>
    </Group>
  );
}
