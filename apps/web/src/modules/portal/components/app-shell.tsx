import { ActionIcon, Anchor, Box, Button, Container, Drawer, Group, Image, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconLogout } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TAppMenuTab } from '@pavilion/domain/portal/portal.schemas';
import { performLogout } from '../../../app/logout.ts';
import { useIsLoggedIn } from '../../../app/session-storage.ts';
import { BrandMark } from '../../../ui/brand-logo.tsx';
import { useEventManifest } from '../../share/index.ts';
import { ChatMenuLink } from '../../chat/index.ts';
import { NotificationsBell } from '../../notifications/index.ts';
import { splitMenu } from '../menu-model.ts';
import { iconOf } from '../tab-icons.ts';


/** `/tabs/{name}`, keeping an explicit `?eventId=` (an anonymous visitor's link names the event). */
export function tabHref(tabName: string, search: string): string {
  const eventId = new URLSearchParams(search).get('eventId');
  return `/tabs/${tabName}${eventId ? `?eventId=${encodeURIComponent(eventId)}` : ''}`;
}

function BarLink({ tab, isActive, search }: { tab: TAppMenuTab; isActive: boolean; search: string }) {
  const TabIcon = iconOf(tab.tabName);
  return (
    <UnstyledButton
      component={Link}
      to={tabHref(tab.tabName, search)}
      aria-current={isActive ? 'page' : undefined}
      style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, padding: '8px 2px', color: isActive ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-gray-8)', fontWeight: isActive ? 700 : 500 }}
    >
      <TabIcon size={22} aria-hidden />
      <Text span fz={11} lh={1.2} ta="center" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }} fw="inherit" c="inherit">
        {tab.title}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The attendee app's frame (phone first): a header with the event, the tab's banner and title, the tab, and a bottom
 * bar of the first menu tabs with "More" for the rest, in the organiser's order.
 */
export function AppShell(props: { eventId: string | null; eventName: string | null; tabs: readonly TAppMenuTab[] | null; activeTab: string | null; title: string | null; bannerUrl: string | null; children: ReactNode }) {
  // The event's installable app (share module): its manifest stays linked while the attendee app is open.
  useEventManifest(props.eventId);
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const [isMoreOpen, more] = useDisclosure(false);
  const { bar, more: rest } = splitMenu(props.tabs ?? []);
  const isMoreActive = rest.some((tab) => tab.tabName === props.activeTab);

  return (
    <Box mih="100dvh" bg="gray.0" pb={80}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', position: 'sticky', top: 0, zIndex: 10 }}>
        <Container size={720} py="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <BrandMark size={28} />
              {props.eventName ? (
                <Text fw={700} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="app-event-name">
                  {props.eventName}
                </Text>
              ) : (
                <Skeleton h={20} w={160} />
              )}
            </Group>
            {isLoggedIn ? (
              <Group gap={4} wrap="nowrap">
                {/* Messages with the unread count (modules/chat), for a participant signed in to this event. */}
                <ChatMenuLink eventId={props.eventId} />
                {/* Notifications with the unread count and the inbox (modules/notifications, lazy): announcements, meeting notices. */}
                <Suspense fallback={null}>
                  <NotificationsBell eventId={props.eventId} />
                </Suspense>
                <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t('portal.app.signOut')} onClick={() => void performLogout(navigate)}>
                  <IconLogout size={20} aria-hidden />
                </ActionIcon>
              </Group>
            ) : (
              props.eventId && (
                <Anchor component={Link} to={`/ei/${encodeURIComponent(props.eventId)}`} size="sm" fw={600}>
                  {t('portal.app.signIn')}
                </Anchor>
              )
            )}
          </Group>
        </Container>
      </Box>
      {props.bannerUrl && <Image src={props.bannerUrl} alt="" h={140} fit="cover" data-testid="app-tab-banner" />}
      <Container size={720} py="md" component="main" id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Stack gap="md">
          {props.title && (
            <Title order={1} fz={24}>
              {props.title}
            </Title>
          )}
          {props.children}
        </Stack>
      </Container>
      {bar.length > 0 && (
        <Box component="nav" aria-label={t('portal.app.menuNav')} bg="white" style={{ position: 'fixed', bottom: 0, left: 0, right: 0, borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 10, paddingBottom: 'env(safe-area-inset-bottom)' }}>
          <Container size={720} px={0}>
            <Group gap={0} wrap="nowrap" data-testid="app-tab-bar">
              {bar.map((tab) => (
                <BarLink key={tab.tabName} tab={tab} isActive={tab.tabName === props.activeTab} search={search} />
              ))}
              {rest.length > 0 && (
                <UnstyledButton
                  onClick={more.open}
                  aria-haspopup="dialog"
                  aria-expanded={isMoreOpen}
                  style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, padding: '8px 2px', color: isMoreActive ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-gray-8)', fontWeight: isMoreActive ? 700 : 500 }}
                >
                  <IconDots size={22} aria-hidden />
                  <Text span fz={11} lh={1.2} fw="inherit" c="inherit">
                    {t('portal.app.more')}
                  </Text>
                </UnstyledButton>
              )}
            </Group>
          </Container>
        </Box>
      )}
      <Drawer opened={isMoreOpen} onClose={more.close} position="bottom" title={t('portal.app.moreTitle')} size="auto">
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="app-more-list">
          {rest.map((tab) => {
            const TabIcon = iconOf(tab.tabName);
            return (
              <li key={tab.tabName}>
                <Button component={Link} to={tabHref(tab.tabName, search)} onClick={more.close} variant={tab.tabName === props.activeTab ? 'light' : 'subtle'} color="gray.9" fullWidth justify="flex-start" leftSection={<TabIcon size={20} aria-hidden />} size="md">
                  {tab.title}
                </Button>
              </li>
            );
          })}
        </Stack>
      </Drawer>
    </Box>
  );
}
