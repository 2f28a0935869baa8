import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@mantine/hooks';
import { hasSeenDesktopHint, needsConfirmModals, wantsDesktopHint, SMALL_SCREEN_QUERY } from './dialog-rules.ts';
import { loadingCounter, useIsLoading } from './loading-counter.ts';
import { sendPageView } from './page-views.ts';
import { queryClient } from './query-client.ts';
import { shouldShowSessionExpiredDialog, useSessionExpired } from './session-expired.ts';
import { SessionWatchdog } from './session-guard.tsx';
import { getVisitorId, sessionStore, useEventData } from './session-storage.ts';

/*
 * The app-wide dialogs and the @mantine/modals host are loaded when they are due, not with the shell: Mantine's
 * Modal brings ScrollArea, floating-ui, focus trap and scroll lock, which a public page's first download (budget:
 * scripts/check-bundle-budget.ts) must not carry.
 */
const loadDialogs = () => import('./dialogs.tsx');
const SessionExpiredDialog = lazy(() => loadDialogs().then((m) => ({ default: m.SessionExpiredDialog })));
const DesktopHintDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DesktopHintDialog })));
const ModalsHost = lazy(() => import('./modals-host.tsx').then((m) => ({ default: m.ModalsHost })));
/**
 * modules/video: rings an incoming call on any attendee page of a participant signed in to an event. The door itself is
 * imported on demand (a static import would put its lazy() declarations in every page's first download), and the call
 * host it loads is a plain component: the door exports its loader, not a lazy() component (a lazy() around another breaks React, error 306).
 */
const CallHost = lazy(() =>
  import('../modules/video/index.ts')
    .then((m) => m.loadCallHost())
    .then((m) => ({ default: m.CallHost })),
);
const isAttendeeCallPath = (pathname: string) => pathname.startsWith('/attendium') || pathname.startsWith('/tabs/');

function DeferredCallHost() {
  const { pathname } = useLocation();
  const eventData = useEventData();
  if (!eventData?.eventId || !eventData.eventUserId || !isAttendeeCallPath(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <CallHost />
    </Suspense>
  );
}

/** Stays true once the condition has been true, so a dialog loaded on demand can play its closing transition. */
function useLatch(condition: boolean): boolean {
  const [isLatched, setLatched] = useState(condition);
  useEffect(() => {
    if (condition) setLatched(true);
  }, [condition]);
  return isLatched || condition;
}

/** The dialogs of dialogs.tsx (SPEC §2.3/§4), mounted once one of them may open. */
function DeferredDialogs() {
  const { pathname } = useLocation();
  const isExpired = useSessionExpired();
  const eventData = useEventData();
  const isSmall = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  const needsExpired = useLatch(isExpired && shouldShowSessionExpiredDialog(pathname, !!eventData?.eventId));
  const needsHint = useLatch(!!isSmall && wantsDesktopHint(pathname) && !hasSeenDesktopHint());
  // Dashboard pages and My stand open confirmations through `modals.open…()`; public pages made for phones never do.
  const needsModals = useLatch(needsConfirmModals(pathname));
  return (
    <Suspense fallback={null}>
      {needsExpired && <SessionExpiredDialog />}
      {needsHint && <DesktopHintDialog />}
      {needsModals && <ModalsHost />}
    </Suspense>
  );
}

/** Top progress bar: visible while the nested loading counter is above zero (SPEC §4). */
function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isRouteLoading = navigation.state !== 'idle';
  useEffect(() => {
    if (!isRouteLoading) return;
    loadingCounter.show();
    return () => loadingCounter.hide();
  }, [isRouteLoading]);
  const isVisible = useIsLoading();
  if (!isVisible) return null;
  return <div className="route-progress" role="progressbar" aria-label={t('app.loading')} aria-busy="true" />;
}

/**
 * SPEC §2.1: navigation scrolls to the top, and requesting the URL already shown reloads the page (its
 * components remount and its queries refetch), like Angular's onSameUrlNavigation: 'reload'.
 */
function useNavigationEffects(): number {
  const location = useLocation();
  const previous = useRef<{ key: string; href: string } | null>(null);
  const [reloadCount, setReloadCount] = useState(0);

  useEffect(() => {
    const href = `${location.pathname}${location.search}`;
    const prev = previous.current;
    previous.current = { key: location.key, href };
    if (prev && prev.key === location.key) return;
    if (location.hash === '') window.scrollTo({ top: 0, left: 0 });
    if (prev && prev.href === href) {
      setReloadCount((c) => c + 1);
      void queryClient.invalidateQueries();
    }
    sendPageView({
      path: location.pathname,
      referrer: prev ? prev.href.split('?')[0] : document.referrer || undefined,
      eventId: sessionStore.getEventData()?.eventId || undefined,
      visitorId: getVisitorId(),
    });
  }, [location]);

  return reloadCount;
}

export function RootLayout() {
  const { t } = useTranslation();
  const reloadCount = useNavigationEffects();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <LoadingBar />
      <SessionWatchdog />
      <Outlet key={reloadCount} />
      <DeferredDialogs />
      <DeferredCallHost />
      <ScrollRestorationOff />
    </>
  );
}

/** History restoration would fight "navigation scrolls to the top"; only turn off the browser's own. */
function ScrollRestorationOff() {
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  return null;
}

