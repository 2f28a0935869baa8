import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { UserType } from '@pavilion/domain';
import { landingAfterSessionEnd } from './logout.ts';
import { sessionStore, useIsLoggedIn } from './session-storage.ts';

export const HOME_AFTER_LOGIN = '/list/events';

/** Where a logged-in user belongs: attendees to their event area, everyone else to the event list. */
export function homeForCurrentUser(): string {
  const auth = sessionStore.getAuth();
  if (auth?.userData.userType === UserType.Attendee && sessionStore.getEventData()?.eventId) return '/attendium';
  return HOME_AFTER_LOGIN;
}

/**
 * SPEC §2.1/§5: login pages are blocked for logged-in users. Checked on each navigation, not on every storage
 * change: a successful login on this very page navigates on its own, and must not race a guard redirect.
 */
export function GuestOnly() {
  const location = useLocation();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const isLoggedIn = useMemo(() => sessionStore.isLoggedIn(), [location.key]);
  if (isLoggedIn) return <Navigate to={homeForCurrentUser()} replace />;
  return <Outlet />;
}

/** Pages that need a session send anonymous visitors to the login (or, right after a logout, to §2.2's landing). */
export function RequireAuth() {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!isLoggedIn) {
    return <Navigate to={landingAfterSessionEnd()} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}
