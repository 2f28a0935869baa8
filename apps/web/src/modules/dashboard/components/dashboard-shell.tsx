import { Suspense, useEffect } from 'react';
import { AppShell, Burger, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useAccess } from '../../../app/access.ts';
import { sessionStore } from '../../../app/session-storage.ts';
import { BrandLogo } from '../../../ui/brand-logo.tsx';
import { useLiveCounts } from '../hooks/use-live-counts.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { EventSwitcher } from '../../../app/event-switcher.tsx';
import { OrganiserBell } from '../../notifications/index.ts';
import { SideNav } from './side-nav.tsx';
import { UserMenu } from './user-menu.tsx';

/** A white-label favicon (SPEC §3.4 dashboardLPSetting) replaces Pavilion's inside the dashboard. */
function useDashboardFavicon() {
  useEffect(() => {
    const favicon = sessionStore.getDashboardLPSetting()?.dashboardFavicon;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!favicon || !link || !/^(https?:\/\/|\/)/.test(favicon)) return;
    const original = link.href;
    link.href = favicon;
    return () => {
      link.href = original;
    };
  }, []);
}

/** The organiser dashboard: header (brand, event switcher, the member's notifications, account), side menu, page. */
export function DashboardShell() {
  const { t } = useTranslation();
  const [isNavOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const [eventId] = useCurrentEventId();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  // The switcher lists events, which needs AP-6 (Basic Info: View); without it there is nothing to switch to.
  const canSwitch = useAccess().can('AP-6');
  useDashboardFavicon();
  useLiveCounts(eventId);

  useEffect(() => nav.close(), [pathname, nav]);

  return (
    <AppShell
      header={{ height: { base: 112, sm: 64 } }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h={{ base: 56, sm: '100%' }} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={isNavOpen} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.toggleNav')} aria-expanded={isNavOpen} />
            <Link to="/list/events" aria-label={`${t('app.name')} – ${t('shell.myEvents')}`} style={{ textDecoration: 'none' }}>
              <BrandLogo size={30} />
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap">
            {isWide && canSwitch && <EventSwitcher />}
            <Suspense fallback={null}>
              <OrganiserBell />
            </Suspense>
            <UserMenu />
          </Group>
        </Group>
        {!isWide && canSwitch && (
          <Group px="md" pb="sm">
            <EventSwitcher />
          </Group>
        )}
      </AppShell.Header>

      <AppShell.Navbar aria-label={t('shell.mainNav')}>
        <SideNav hasEvent={!!eventId} onNavigate={nav.close} />
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="xl" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
