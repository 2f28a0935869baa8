import type { ReactNode } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarStats,
  IconChartBar,
  IconHome,
  IconHotelService,
  IconIdBadge2,
  IconList,
  IconMessages,
  IconPresentation,
  IconSettings,
  IconSpeakerphone,
  IconTicket,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DASHBOARD_LATER_FEATURES } from '../dashboard-features.ts';

const FEATURE_ICONS: Record<(typeof DASHBOARD_LATER_FEATURES)[number]['path'], ReactNode> = {
  registration: <IconTicket size={18} aria-hidden />,
  exhibitors: <IconBuildingStore size={18} aria-hidden />,
  sessions: <IconPresentation size={18} aria-hidden />,
  networking: <IconMessages size={18} aria-hidden />,
  onsite: <IconIdBadge2 size={18} aria-hidden />,
  analytics: <IconChartBar size={18} aria-hidden />,
  marketing: <IconSpeakerphone size={18} aria-hidden />,
  'stay-travel': <IconHotelService size={18} aria-hidden />,
};

function Item({ to, label, icon, isActive, onNavigate, right }: { to: string; label: string; icon: ReactNode; isActive: boolean; onNavigate: () => void; right?: ReactNode }) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      rightSection={right}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
      styles={{ root: { borderRadius: 8 }, label: { fontWeight: isActive ? 600 : 500 } }}
    />
  );
}

export function SideNav({ hasEvent, onNavigate }: { hasEvent: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <ScrollArea h="100%" type="scroll">
      <Stack gap={2} p="sm">
        <Item to="/list/events" label={t('shell.myEvents')} icon={<IconList size={18} aria-hidden />} isActive={pathname.startsWith('/list')} onNavigate={onNavigate} />
        {hasEvent && (
          <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4} style={{ letterSpacing: '0.05em' }}>
              {t('shell.events')}
            </Text>
            <Item to="/app" label={t('shell.overview')} icon={<IconHome size={18} aria-hidden />} isActive={pathname === '/app'} onNavigate={onNavigate} />
            <Item to="/app/settings" label={t('shell.settings')} icon={<IconSettings size={18} aria-hidden />} isActive={pathname === '/app/settings'} onNavigate={onNavigate} />
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4} style={{ letterSpacing: '0.05em' }}>
              {t('shell.comingLater')}
            </Text>
            {DASHBOARD_LATER_FEATURES.map((f) => (
              <Item
                key={f.path}
                to={`/app/${f.path}`}
                label={t(`features.${f.feature}`)}
                icon={FEATURE_ICONS[f.path]}
                isActive={pathname === `/app/${f.path}`}
                onNavigate={onNavigate}
              />
            ))}
          </>
        )}
        {!hasEvent && (
          <Text size="sm" c="dimmed" px="sm" pt="md">
            <IconCalendarStats size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            {t('dashboard.noEventBody')}
          </Text>
        )}
      </Stack>
    </ScrollArea>
  );
}
