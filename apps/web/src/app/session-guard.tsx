import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { tokenRefresher } from './api-client.ts';
import { performLogout } from './logout.ts';
import { useSessionExpired } from './session-expired.ts';
import { sessionStore, useIsLoggedIn } from './session-storage.ts';
import { startIdleWatchdog, startRefreshScheduler } from './session-watchdog.ts';

/** Runs the SPEC §4 idle logout and token-refresh timers while someone is logged in. Renders nothing. */
export function SessionWatchdog() {
  const isLoggedIn = useIsLoggedIn();
  const isExpired = useSessionExpired();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isLoggedIn) return;
    return startIdleWatchdog({ target: document, onIdle: () => void performLogout(navigate) });
  }, [isLoggedIn, navigate]);

  useEffect(() => {
    if (!isLoggedIn || isExpired) return;
    return startRefreshScheduler({
      getAccessToken: () => sessionStore.getAuth()?.accessToken,
      refresh: () => tokenRefresher.refresh(),
    });
  }, [isLoggedIn, isExpired]);

  return null;
}
