import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ORGANISER_USER_TYPE, UserType, type TUserData } from '@pavilion/domain';
import { landingAfterSessionEnd } from './logout.ts';
import { sessionStore, useIsLoggedIn } from './session-storage.ts';

export const HOME_AFTER_LOGIN = '/list/events';

/** Users of an exhibiting company (company white labels) or a service provider: theirs is the company portal. */
export function isPortalUser(user: Pick<TUserData, 'userType' | 'whiteLabelType'> | undefined): boolean {
  if (!user) return false;
  return user.whiteLabelType === 'company' || user.whiteLabelType === 'companyTeam' || user.userType === UserType.ServiceProvider || user.userType === UserType.ServicePerson;
}

/**
 * Participants (attendees, exhibitors, speakers, sponsors, drivers ...) hold no organisation role. Until their own
 * product areas are built, their home is the event home (/attendium), which says what works for them today.
 */
export function isParticipant(user: Pick<TUserData, 'userType' | 'whiteLabelType'> | undefined): boolean {
  return !!user && user.userType !== ORGANISER_USER_TYPE && !isPortalUser(user);
}

export const PARTICIPANT_HOME = '/attendium';

/** Where a logged-in user belongs: participants to their event home, everyone else to the event list. */
export function homeForCurrentUser(): string {
  return isParticipant(sessionStore.getAuth()?.userData) ? PARTICIPANT_HOME : HOME_AFTER_LOGIN;
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
