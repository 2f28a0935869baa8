import { VIDEO_TOKEN_TTL_SECONDS } from '@pavilion/domain/constants/limits';
import { api, httpStatusOf, tokenRefresher } from '../../../app/api-client.ts';
import { sessionExpiredState } from '../../../app/session-expired.ts';
import { sessionStore } from '../../../app/session-storage.ts';

export type VideoTokenDeps = {
  /** POST chatservices/api/video/generateRtcToken, without the API client's own 401 retry. */
  request: (body: { cn: string; uId: string; rtcr: 'publisher' | 'subscriber'; tet: number }) => Promise<{ key: string }>;
  /** Renews the access token (null: the refresh was refused). */
  refresh: () => Promise<string | null>;
  userId: () => string | null;
  /** SPEC §8: the session-expired dialog. */
  onExpired: () => void;
  /** The HTTP status of a failed request. */
  statusOf: (err: unknown) => number | undefined;
};

/** The video token could not be had: the session is over (the dialog is showing). */
export class VideoSessionExpired extends Error {}

/**
 * SPEC §4/§7/§8 video token: one request in flight at a time (a second caller waits for the first to finish, then
 * makes its own); a 401 renews the access token and retries once; a second 401, or a refused renewal, shows the
 * session-expired dialog.
 */
export function createVideoTokenClient(deps: VideoTokenDeps) {
  let queue: Promise<unknown> = Promise.resolve();
  async function once(cn: string): Promise<string> {
    const uId = deps.userId();
    if (!uId) {
      deps.onExpired();
      throw new VideoSessionExpired('Not signed in');
    }
    const body = { cn, uId, rtcr: 'publisher' as const, tet: VIDEO_TOKEN_TTL_SECONDS };
    try {
      return (await deps.request(body)).key;
    } catch (err) {
      if (deps.statusOf(err) !== 401) throw err;
    }
    const renewed = await deps.refresh();
    if (renewed) {
      try {
        return (await deps.request(body)).key;
      } catch (err) {
        if (deps.statusOf(err) !== 401) throw err;
      }
    }
    deps.onExpired();
    throw new VideoSessionExpired('Session expired');
  }
  return {
    token(cn: string): Promise<string> {
      const run = queue.then(() => once(cn));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

const expiredListeners = new Set<() => void>();
let isVideoExpired = false;
/** Whether the video token ended the session (the call host then shows the dialog on attendee pages too). */
export const videoExpiry = {
  get: () => isVideoExpired,
  subscribe(fn: () => void) {
    expiredListeners.add(fn);
    return () => void expiredListeners.delete(fn);
  },
};

export const videoToken = createVideoTokenClient({
  request: (body) => api.call('POST /api/chatservices/api/video/generateRtcToken', { body, canRetryOn401: false, isSilent: true }),
  refresh: () => tokenRefresher.refresh(),
  userId: () => sessionStore.getAuth()?.userData.id ?? null,
  statusOf: httpStatusOf,
  onExpired: () => {
    isVideoExpired = true;
    sessionExpiredState.markExpired();
    for (const fn of expiredListeners) fn();
  },
});
