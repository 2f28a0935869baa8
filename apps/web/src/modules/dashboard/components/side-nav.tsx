import { UserType } from '@pavilion/domain';
import type { ReactNode } from 'react';
import { Alert, Button, NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAward,
  IconBuildingStore,
  IconCalendarStats,
  IconChartBar,
  IconDeviceMobile,
  IconCircleDot,
  IconFileAnalytics,
  IconHistory,
  IconHome,
  IconHotelService,
  IconIdBadge2,
  IconList,
  IconLock,
  IconMail,
  IconMapPin,
  IconMessages,
  IconMessageReport,
  IconArmchair,
  IconPalette,
  IconPresentation,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccess } from '../../../app/access.ts';
import { useAuth } from '../../../app/session-storage.ts';
import { DASHBOARD_MENU, isEntryActive, visibleMenu, type TMenuGroup } from '../dashboard-menu.ts';
import { useMailOutboxStatus } from '../../mail-outbox/index.ts';

const ICONS: Record<string, ReactNode> = {
  events: <IconList size={18} aria-hidden />,
  overview: <IconHome size={18} aria-hidden />,
  settings: <IconSettings size={18} aria-hidden />,
  reports: <IconFileAnalytics size={18} aria-hidden />,
  registration: <IconTicket size={18} aria-hidden />,
  exhibitors: <IconBuildingStore size={18} aria-hidden />,
  sponsors: <IconAward size={18} aria-hidden />,
  sessions: <IconPresentation size={18} aria-hidden />,
  meetings: <IconMessages size={18} aria-hidden />,
  'chat-moderation': <IconMessageReport size={18} aria-hidden />,
  'networking-tables': <IconArmchair size={18} aria-hidden />,
  announcements: <IconSpeakerphone size={18} aria-hidden />,
  onsite: <IconIdBadge2 size={18} aria-hidden />,
  analytics: <IconChartBar size={18} aria-hidden />,
  marketing: <IconSpeakerphone size={18} aria-hidden />,
  'stay-travel': <IconHotelService size={18} aria-hidden />,
  team: <IconUsers size={18} aria-hidden />,
  roles: <IconShieldLock size={18} aria-hidden />,
  audit: <IconHistory size={18} aria-hidden />,
  'white-label': <IconPalette size={18} aria-hidden />,
  regions: <IconMapPin size={18} aria-hidden />,
  'mail-outbox': <IconMail size={18} aria-hidden />,
  portal: <IconDeviceMobile size={18} aria-hidden />,
};
const FALLBACK_ICON = <IconCircleDot size={18} aria-hidden />;

const GROUP_LABELS: Record<TMenuGroup, string | null> = {
  main: null,
  event: 'shell.events',
  later: 'shell.comingLater',
  organisation: 'shell.organisation',
};

function GroupHeading({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4} style={{ letterSpacing: '0.05em' }}>
      {children}
    </Text>
  );
}

/** The side menu: only the entries whose code the user holds (my-access), grouped. */
export function SideNav({ hasEvent, onNavigate }: { hasEvent: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const access = useAccess();
  // The mail outbox entry appears only where the server serves it (development or MAIL_OUTBOX_UI=1).
  const mailOutbox = useMailOutboxStatus(access.can('AP-647'));
  const groups = visibleMenu(DASHBOARD_MENU, access.can, hasEvent, (feature) => feature === 'mailOutbox' && mailOutbox.data?.enabled === true);
  const canSeeEvents = access.can('AP-6');
  const userData = useAuth()?.userData;
  const wl = userData?.whiteLabelType;
  // Company and service-provider users belong to their company, not to the organisation: "your role" does not apply.
  const isCompanyUser =
    wl === 'company' || wl === 'companyTeam' || userData?.userType === UserType.ServiceProvider || userData?.userType === UserType.ServicePerson;

  return (
    <ScrollArea h="100%" type="scroll">
      <Stack gap={2} p="sm">
        {access.isPending && (
          <Stack gap={6} aria-busy="true" aria-label={t('app.loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={34} radius="md" />
            ))}
          </Stack>
        )}
        {access.isError && (
          <Alert color="red" variant="light" p="xs" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
            <Text size="sm">{t('access.loadError')}</Text>
            <Button size="compact-xs" variant="white" color="red" mt={4} onClick={access.refetch}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
        {groups.map(({ group, entries }) => (
          <div key={group} role="group" aria-label={GROUP_LABELS[group] ? t(GROUP_LABELS[group]) : t('shell.mainNav')}>
            {GROUP_LABELS[group] && <GroupHeading>{t(GROUP_LABELS[group])}</GroupHeading>}
            {entries.map((entry) => {
              const isActive = isEntryActive(entry, pathname);
              return (
                <NavLink
                  key={entry.id}
                  component={Link}
                  to={entry.to}
                  label={t(entry.label)}
                  leftSection={ICONS[entry.id] ?? FALLBACK_ICON}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={onNavigate}
                  styles={{ root: { borderRadius: 8 }, label: { fontWeight: isActive ? 600 : 500 } }}
                />
              );
            })}
          </div>
        ))}
        {!access.isPending && !access.isError && groups.length === 0 && !isCompanyUser && (
          <Text size="sm" c="dimmed" px="sm" pt="md">
            <IconLock size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            {t('access.emptyRoleNav')}
          </Text>
        )}
        {!hasEvent && canSeeEvents && (
          <Text size="sm" c="dimmed" px="sm" pt="md">
            <IconCalendarStats size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            {t('dashboard.noEventBody')}
          </Text>
        )}
      </Stack>
    </ScrollArea>
  );
}
