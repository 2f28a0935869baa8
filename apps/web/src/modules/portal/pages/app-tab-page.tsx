import '../portal-i18n.ts';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { APP_TAB_NAMES, APP_TAB_TITLES, type TAppTabName } from '@pavilion/domain/navigation/app-tabs';
import { httpStatusOf, isApiError } from '../../../app/api-client.ts';
import { useIsLoggedIn } from '../../../app/session-storage.ts';
import { NotAvailable } from '../../../ui/not-available.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { AttendeeHome } from '../../attendee/index.ts';
import { useMyEbadges } from '../../ebadge/index.ts';
import { AppShell, tabHref } from '../components/app-shell.tsx';
import { AppTabContent } from '../components/app-tab-content.tsx';
import { useAppEventId, useAppMenu, useAppTab } from '../hooks.ts';

const isTabName = (name: string): name is TAppTabName => (APP_TAB_NAMES as readonly string[]).includes(name);

/** Why the tab is refused, in words, with the way on where there is one. */
function Refusal({ error, title, eventId }: { error: unknown; title: string; eventId: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const status = httpStatusOf(error);
  const code = isApiError(error) ? error.code : '';
  if (status === 401 || status === 403) {
    const kind = status === 401 ? 'loginRequired' : code === 'TAB_NOT_PARTICIPANT' ? 'notParticipant' : 'restricted';
    return (
      <Paper withBorder p="lg" radius="md" data-testid="app-tab-refused" data-code={code}>
        <Stack gap="sm" align="flex-start">
          <IconLock size={28} aria-hidden />
          <Text fw={700} fz="lg">
            {t(`portal.app.${kind}Title`, { tab: title })}
          </Text>
          <Text c="dimmed">{t(`portal.app.${kind}Body`)}</Text>
          {status === 401 ? (
            <Button component={Link} to={`/ei/${encodeURIComponent(eventId)}`}>
              {t('portal.app.signIn')}
            </Button>
          ) : (
            <Button component={Link} to={tabHref('event-info', search)} variant="light">
              {t('portal.app.backHome')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  if (status === 404) return <TabNotAvailable title={title} />;
  return <Alert color="red">{t('portal.app.loadError')}</Alert>;
}

function TabNotAvailable({ title }: { title: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <NotAvailable
      badge={t('portal.app.notAvailableBadge')}
      title={t('portal.app.notAvailableTitle', { tab: title })}
      body={t('portal.app.notAvailableBody')}
      actions={
        <Button component={Link} to={tabHref('event-info', search)} variant="light">
          {t('portal.app.backHome')}
        </Button>
      }
    />
  );
}

/** Without an event: the signed-in participant's events (from their e-badges), or the way to sign in. */
function ChooseEvent() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  return (
    <AppShell eventId={null} eventName={t('portal.app.noEventTitle')} tabs={null} activeTab={null} title={t('portal.app.noEventTitle')} bannerUrl={null}>
      <Text>{t('portal.app.noEventBody')}</Text>
      {isLoggedIn ? (
        <>
          <MyEvents />
          <AttendeeHome eventId="" />
        </>
      ) : (
        <Button component={Link} to="/">
          {t('portal.app.signIn')}
        </Button>
      )}
    </AppShell>
  );
}

function MyEvents() {
  const { t } = useTranslation();
  const badges = useMyEbadges();
  if (badges.isPending) return <Skeleton h={48} />;
  const events = [...new Map((badges.data ?? []).map((b) => [b.eventId, b.eventName])).entries()];
  return (
    <Stack gap="xs">
      {events.map(([eventId, name]) => (
        <Button key={eventId} component={Link} to={`/tabs/event-info?eventId=${encodeURIComponent(eventId)}`} variant="default" justify="flex-start">
          {t('portal.app.openEvent', { name })}
        </Button>
      ))}
    </Stack>
  );
}

function TabView({ eventId, tabName }: { eventId: string; tabName: string }) {
  const { t } = useTranslation();
  const menu = useAppMenu(eventId);
  const known = isTabName(tabName);
  const tab = useAppTab(known ? eventId : null, tabName);
  const defaultTitle = known ? APP_TAB_TITLES[tabName] : tabName;
  const title = tab.data?.title ?? menu.data?.tabs.find((x) => x.tabName === tabName)?.title ?? defaultTitle;
  usePageTitle(menu.data ? `${title} · ${menu.data.event.name}` : title);
  if (menu.isError) {
    return (
      <AppShell eventId={eventId} eventName="" tabs={null} activeTab={null} title={null} bannerUrl={null}>
        <Alert color="red">{httpStatusOf(menu.error) === 404 ? t('portal.app.eventNotFound') : t('portal.app.loadError')}</Alert>
      </AppShell>
    );
  }
  let body;
  if (!known) body = <TabNotAvailable title={tabName} />;
  else if (tab.isPending) body = <Skeleton h={160} />;
  else if (tab.isError) body = <Refusal error={tab.error} title={defaultTitle} eventId={eventId} />;
  else if (!tab.data.isBuilt || !tab.data.content) body = <TabNotAvailable title={tab.data.title} />;
  else body = <AppTabContent tabName={tab.data.tabName} event={tab.data.content.event} />;
  return (
    <AppShell eventId={eventId} eventName={menu.data?.event.name ?? null} tabs={menu.data?.tabs ?? null} activeTab={tabName} title={tab.isError || !known ? null : title} bannerUrl={tab.data?.bannerUrl ?? null}>
      {body}
    </AppShell>
  );
}

/** `/tabs/{tabName}`: one tab of the attendee app, for anyone (a login-required tab asks them to sign in). */
export function AppTabPage() {
  const { tabName = '' } = useParams();
  const eventId = useAppEventId();
  if (!eventId) return <ChooseEvent />;
  return <TabView key={`${eventId}:${tabName}`} eventId={eventId} tabName={tabName} />;
}

/**
 * `attendium`, `attendium/{eventUserId}`: the signed-in participant lands in the app on its first menu tab (shown in
 * place, so the address stays the one the sign-in and the mails name).
 */
export function AttendeeAppPage() {
  const { t } = useTranslation();
  const eventId = useAppEventId();
  const menu = useAppMenu(eventId);
  if (!eventId) return <ChooseEvent />;
  if (menu.data) {
    const first = menu.data.tabs[0];
    if (first) return <TabView key={`${eventId}:${first.tabName}`} eventId={eventId} tabName={first.tabName} />;
    return (
      <AppShell eventId={eventId} eventName={menu.data.event.name} tabs={[]} activeTab={null} title={menu.data.event.name} bannerUrl={null}>
        <Text c="dimmed">{t('portal.app.noTabs')}</Text>
      </AppShell>
    );
  }
  return (
    <AppShell eventId={eventId} eventName={null} tabs={null} activeTab={null} title={null} bannerUrl={null}>
      {menu.isError ? <Alert color="red">{t('portal.app.loadError')}</Alert> : <Skeleton h={160} aria-label={t('portal.app.loading')} />}
    </AppShell>
  );
}
