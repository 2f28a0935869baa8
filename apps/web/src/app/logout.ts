import { logoutLandingPath, type TAuthRecord, type TUserData, type TWhiteLabelType } from '@pavilion/domain';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { sessionExpiredState } from './session-expired.ts';
import { sessionStore } from './session-storage.ts';

/** SPEC §2.2: the landing page depends on the white-label type and the session's user type. */
export function landingPathFor(userData: TUserData | null | undefined, storedWhitelabel?: TWhiteLabelType | null): string {
  return logoutLandingPath({
    whiteLabelType: userData?.whiteLabelType ?? storedWhitelabel ?? null,
    sessionUserType: userData?.sessionUserType ?? null,
    isInternational: userData?.isInternational ?? false,
    isRegionTeam: userData?.isRegionTeam ?? false,
  });
}

let lastLogoutLanding: string | null = null;
/**
 * Where a guarded page sends a visitor who is no longer logged in. Right after a logout that is the §2.2
 * landing, so the guard's own redirect and the logout's redirect agree on the destination.
 */
export function landingAfterSessionEnd(): string {
  return lastLogoutLanding ?? '/';
}
export function forgetLogoutLanding(): void {
  lastLogoutLanding = null;
}

/** Stores a login, signup or auto-login answer as the SPEC §3.4 session and starts a fresh session state. */
export function startSession(record: TAuthRecord): void {
  lastLogoutLanding = null;
  sessionExpiredState.reset();
  queryClient.clear();
  sessionStore.saveAuthRecord(record);
}

const LOGOUT_TIMEOUT_MS = 5000;
let inProgress: Promise<string> | null = null;

/**
 * SPEC §4/§7 logout: POST auth/logoutUser (bearer access or refresh token, no body); on success or error the
 * local data is cleared; then the user is sent to the §2.2 landing. Resolves with that path.
 */
export function performLogout(navigate: (to: string, options?: { replace?: boolean }) => void): Promise<string> {
  if (inProgress) return inProgress;
  inProgress = (async () => {
    const auth = sessionStore.getAuth();
    const landing = landingPathFor(auth?.userData, sessionStore.getWhitelabel());
    if (auth) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), LOGOUT_TIMEOUT_MS);
      try {
        await api.call('POST /api/auth/logoutUser', { canRetryOn401: false, signal: controller.signal });
      } catch {
        // SPEC §7: the local session ends whatever the server answers.
      } finally {
        clearTimeout(timer);
      }
    }
    lastLogoutLanding = landing;
    sessionStore.clear();
    queryClient.clear();
    sessionExpiredState.reset();
    navigate(landing, { replace: true });
    return landing;
  })().finally(() => (inProgress = null));
  return inProgress;
}
