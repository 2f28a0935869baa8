import { useSyncExternalStore } from 'react';
import type { TAuthRecord, TEventData, TUserData, TWhiteLabelType } from '@pavilion/domain';
import { rememberSignedIn } from './first-view-signed-in.ts';

/** SPEC §3.4 local items, under the key names the product has always used. */
export const STORAGE_KEYS = {
  auth: 'auth',
  eventData: 'eventData',
  settingTabData: 'settingTabData',
  whitelabel: 'whitelabel',
  dashboardLPSetting: 'dashboardLPSetting',
} as const;
/** Not session data: survives logout so analytics can count returning visitors. */
export const VISITOR_ID_KEY = 'pavilion.visitorId';

export type TStoredAuth = {
  accessToken: string;
  refreshToken: string;
  isLogin: boolean;
  userData: TUserData;
};
export type TSettingTabData = { domain: string; timeZone: string };
export type TDashboardLPSetting = { dashboardFavicon: string };

type TItems = {
  auth: TStoredAuth;
  eventData: TEventData;
  settingTabData: TSettingTabData;
  whitelabel: TWhiteLabelType;
  dashboardLPSetting: TDashboardLPSetting;
};
type TKey = keyof TItems;

/** localStorage can throw (Safari private mode, quota, disabled storage): fall back to memory. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

export function browserStorage(): Storage {
  try {
    const s = globalThis.localStorage;
    const probe = '__pavilion_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStorage();
  }
}

function isAuthShape(v: unknown): v is TStoredAuth {
  const a = v as Partial<TStoredAuth> | null;
  return !!a && typeof a === 'object' && typeof a.accessToken === 'string' && typeof a.refreshToken === 'string' && !!a.userData;
}

/**
 * The one owner of stored session data. Reads are cached per key so React (useSyncExternalStore) gets stable
 * references; other tabs' writes arrive through the `storage` event.
 */
export function createSessionStore(storage: Storage) {
  const cache = new Map<TKey, unknown>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((l) => l());

  function read<K extends TKey>(key: K): TItems[K] | null {
    if (cache.has(key)) return cache.get(key) as TItems[K] | null;
    let value: TItems[K] | null = null;
    try {
      const raw = storage.getItem(STORAGE_KEYS[key]);
      if (raw !== null) value = (key === 'whitelabel' && !raw.startsWith('"') ? raw : JSON.parse(raw)) as TItems[K];
    } catch {
      value = null;
    }
    if (key === 'auth' && value !== null && !isAuthShape(value)) value = null;
    cache.set(key, value);
    return value;
  }

  function write<K extends TKey>(key: K, value: TItems[K] | null): void {
    cache.set(key, value);
    try {
      if (value === null) storage.removeItem(STORAGE_KEYS[key]);
      else storage.setItem(STORAGE_KEYS[key], JSON.stringify(value));
    } catch {
      // Quota or disabled storage: the in-memory cache still carries the session for this tab.
    }
    if (key === 'auth') rememberSignedIn(isLoggedIn());
    emit();
  }

  function isLoggedIn(): boolean {
    const a = read('auth');
    return !!a && a.isLogin && (a.accessToken !== '' || a.refreshToken !== '');
  }

  return {
    getAuth: () => read('auth'),
    setAuth: (v: TStoredAuth | null) => write('auth', v),
    getEventData: () => read('eventData'),
    setEventData: (v: TEventData | null) => write('eventData', v),
    getSettingTabData: () => read('settingTabData'),
    setSettingTabData: (v: TSettingTabData | null) => write('settingTabData', v),
    getWhitelabel: () => read('whitelabel'),
    setWhitelabel: (v: TWhiteLabelType | null) => write('whitelabel', v),
    getDashboardLPSetting: () => read('dashboardLPSetting'),
    setDashboardLPSetting: (v: TDashboardLPSetting | null) => write('dashboardLPSetting', v),

    isLoggedIn,

    /** Stores a login / signup / auto-login answer as SPEC §3.4 items. */
    saveAuthRecord(record: TAuthRecord): void {
      const { accessToken, refreshToken, isLogin, userData } = record;
      write('auth', { accessToken, refreshToken, isLogin, userData });
      write('eventData', record.eventData ?? null);
      write('whitelabel', userData.whiteLabelType ?? null);
    },

    updateTokens(accessToken: string, refreshToken?: string | null): void {
      const a = read('auth');
      if (!a) return;
      write('auth', { ...a, accessToken, refreshToken: refreshToken || a.refreshToken });
    },

    /** Clears every session item (SPEC §7 logout); the visitor id is not session data and stays. */
    clear(): void {
      (Object.keys(STORAGE_KEYS) as TKey[]).forEach((k) => write(k, null));
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Drops the cache for items another tab changed. */
    onExternalChange(storageKey: string | null): void {
      const keys = (Object.keys(STORAGE_KEYS) as TKey[]).filter((k) => storageKey === null || STORAGE_KEYS[k] === storageKey);
      if (keys.length === 0) return;
      keys.forEach((k) => cache.delete(k));
      if (keys.includes('auth')) rememberSignedIn(isLoggedIn());
      emit();
    },
  };
}

export type TSessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore = createSessionStore(browserStorage());
// A session stored before the signed-in cookie existed (first-view-signed-in.ts) gets it on the next visit.
rememberSignedIn(sessionStore.isLoggedIn());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.storageArea === globalThis.localStorage) sessionStore.onExternalChange(e.key);
  });
}

export function useAuth(): TStoredAuth | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getAuth, sessionStore.getAuth);
}

export function useEventData(): TEventData | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getEventData, sessionStore.getEventData);
}

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.isLoggedIn, sessionStore.isLoggedIn);
}

/** A random id per browser, kept in localStorage, for ZPageViewRequest.visitorId. */
export function getVisitorId(storage: Storage = browserStorage()): string {
  let id = storage.getItem(VISITOR_ID_KEY);
  if (!id || id.length < 8 || id.length > 64) {
    id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
    try {
      storage.setItem(VISITOR_ID_KEY, id);
    } catch {
      // Storage unavailable: a per-load id is still a valid visitor id.
    }
  }
  return id;
}
