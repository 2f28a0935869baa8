import { Badge } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../app/access.ts';
import { useRegions } from '../hooks/use-workspace.ts';

/** "Region: {name}" for a region team (its lists are scoped by the server); nothing for everyone else. */
export function RegionBadge() {
  const { t } = useTranslation();
  const access = useAccess();
  const regionId = access.data?.regionId ?? null;
  const isRegionTeam = !!access.data?.isRegionTeam;
  const regions = useRegions(isRegionTeam && access.can('AP-804'));
  if (!isRegionTeam) return null;
  const name = regionId ? regions.data?.find((r) => r.id === regionId)?.name : undefined;
  return (
    <Badge size="lg" variant="outline" color="teal.9" radius="sm" leftSection={<IconMapPin size={14} aria-hidden />} tt="none">
      {name ? t('regions.badge', { name }) : t('regions.badgeNoName')}
    </Badge>
  );
}
