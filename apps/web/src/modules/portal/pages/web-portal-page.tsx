import '../portal-i18n.ts';
import { Suspense, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Container, Flex, Group, NavLink, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isPortalEntryKey, portalEntryName } from '@pavilion/domain/navigation/capabilities';
import type { TAppTabName } from '@pavilion/domain/navigation/app-tabs';
import { performLogout } from '../../../app/logout.ts';
import { BrandLogo } from '../../../ui/brand-logo.tsx';
import { NotAvailable } from '../../../ui/not-available.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { AgendaTab, ScheduleTab } from '../../programme/index.ts';
import { SponsorsTab } from '../../sponsors/index.ts';
import { AppTabContent } from '../components/app-tab-content.tsx';
import { useAppEventId, useWebMenu } from '../hooks.ts';

/** `/attendium-v2/{key}`, keeping an explicit `?eventId=`. */
const entryHref = (key: string, search: string): string => {
  const eventId = new URLSearchParams(search).get('eventId');
  return `/attendium-v2/${key}${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
};

/**
 * `attendium-v2`: the desktop web portal. A side menu of the SPEC §2.5 entries this event shows (its mode, before or
 * during it, the organiser's choices; from the server) and the entry's page in the outlet: `home` here, the virtual
 * venue's pages as their own child routes (app/signed-in-routes.tsx), any other entry the honest not-available page.
 */
export function WebPortalLayout() {
  const { t } = useTranslation();
  const eventId = useAppEventId();
  const menu = useWebMenu(eventId);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split('/')[2] ?? '';
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {/* On a phone the word "Pavilion" gives way to the event's name, which may wrap; the button never shrinks. */}
        <Group justify="space-between" px={{ base: 'sm', sm: 'lg' }} py="sm" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Box visibleFrom="sm">
              <BrandLogo size={28} />
            </Box>
            <Box hiddenFrom="sm" aria-label="Pavilion" role="img">
              <BrandLogo size={28} isCompact />
            </Box>
            {menu.data && (
              <Text fw={700} lineClamp={2} style={{ minWidth: 0 }} data-testid="portal-event-name">
                {menu.data.event.name}
              </Text>
            )}
          </Group>
          <Button variant="default" size="sm" style={{ flexShrink: 0 }} leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void performLogout(navigate)}>
            {t('shell.logout')}
          </Button>
        </Group>
      </Box>
      {/* Desktop first (SPEC §2.5); on a phone the menu sits above the page in a short scrolling box, never beside it. */}
      <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap={0}>
        <Box
          component="nav"
          aria-label={t('portal.web.nav')}
          w={{ base: '100%', sm: 240 }}
          miw={{ sm: 200 }}
          mah={{ base: 220, sm: 'none' }}
          mih={{ sm: 'calc(100vh - 61px)' }}
          p="sm"
          bg="white"
          style={{ borderRight: '1px solid var(--mantine-color-gray-3)', borderBottom: '1px solid var(--mantine-color-gray-3)', overflowY: 'auto', flexShrink: 0 }}
        >
          {!eventId && <Text size="sm">{t('portal.app.noEventBody')}</Text>}
          {menu.isPending && eventId && <Skeleton h={240} />}
          {menu.isError && <Alert color="red">{t('portal.app.loadError')}</Alert>}
          {menu.data && (
            <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="portal-menu">
              {menu.data.entries.map((e) => (
                <li key={e.key} data-key={e.key}>
                  <NavLink
                    component={Link}
                    to={entryHref(e.key, search)}
                    label={e.title}
                    active={current === e.key}
                    aria-current={current === e.key ? 'page' : undefined}
                    description={e.isBuilt ? undefined : t('portal.web.soon')}
                  />
                </li>
              ))}
            </Stack>
          )}
        </Box>
        <Container component="main" id="main-content" tabIndex={-1} size="md" py="lg" style={{ flex: 1, outline: 'none' }}>
          {menu.data?.isPreEvent && (
            <Alert color="blue" variant="light" mb="md">
              {t('portal.web.preEvent')}
            </Alert>
          )}
          <Outlet />
        </Container>
      </Flex>
    </Box>
  );
}

/** `attendium-v2` itself opens Home. */
export function WebPortalIndex() {
  const { search } = useLocation();
  return <Navigate to={entryHref('home', search)} replace />;
}

/** `attendium-v2/{entry}` for entries without a page of their own: Home, or the honest not-available page. */
export function WebPortalEntryPage() {
  const { t } = useTranslation();
  const { entry = '' } = useParams();
  const eventId = useAppEventId();
  const menu = useWebMenu(eventId);
  const item = menu.data?.entries.find((e) => e.key === entry);
  const name = item?.title ?? (isPortalEntryKey(entry) ? portalEntryName(entry) : entry);
  usePageTitle(menu.data ? `${name} · ${menu.data.event.name}` : name);
  if (menu.isPending) return <Skeleton h={200} />;
  if (!menu.data) return null;
  // Entries whose capability is an app tab show that tab's content (its own data routes apply the tab's rules).
  const tabOfEntry: Partial<Record<string, TAppTabName>> = { networking: 'networking', 'event-schedule': 'session-list', exhibitors: 'exhibitors', speakers: 'speaker-listing' };
  const tabName = tabOfEntry[entry];
  const frame = (title: string, content: ReactNode) => (
    <Stack gap="md">
      <Title order={1} fz={28}>
        {title}
      </Title>
      {content}
    </Stack>
  );
  if (tabName && item?.isBuilt) return frame(item.title, <AppTabContent tabName={tabName} event={menu.data.event} />);
  // The Agenda entry reads the programme under the portal menu's rule (the app's Agenda tab has its own);
  // My Schedule is the schedule opened on the attendee's own view.
  if ((entry === 'agenda' || entry === 'my-schedule') && item?.isBuilt) {
    return frame(
      item.title,
      <Suspense fallback={<Skeleton h={160} />}>
        {entry === 'agenda' ? <AgendaTab eventId={menu.data.event.id} from="portal" /> : <ScheduleTab eventId={menu.data.event.id} initialView="mine" />}
      </Suspense>,
    );
  }
  // Sponsors reads under the portal menu's rule too (the app's Sponsor tab is off in the SPEC §2.4 defaults).
  if (entry === 'sponsors' && item?.isBuilt) {
    return frame(
      item.title,
      <Suspense fallback={<Skeleton h={160} />}>
        <SponsorsTab eventId={menu.data.event.id} from="portal" />
      </Suspense>,
    );
  }
  if (entry === 'home' && item) {
    return (
      <Stack gap="md">
        <Title order={1} fz={28}>
          {item.title}
        </Title>
        <AppTabContent tabName="event-info" event={menu.data.event} />
        {menu.data.event.description && <AppTabContent tabName="about-the-event" event={menu.data.event} />}
      </Stack>
    );
  }
  return (
    <NotAvailable
      badge={item ? t('portal.app.notAvailableBadge') : t('portal.web.soon')}
      title={item ? t('portal.web.notAvailableTitle', { entry: name }) : t('portal.web.unknownTitle')}
      body={t('portal.web.notAvailableBody')}
      actions={
        <Badge variant="outline" color="gray.7">
          {menu.data.event.name}
        </Badge>
      }
    />
  );
}
