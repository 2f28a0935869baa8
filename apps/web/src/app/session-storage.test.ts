import { describe, expect, it, vi } from 'vitest';
import type { TAuthRecord } from '@pavilion/domain';
import { createSessionStore, getVisitorId, STORAGE_KEYS, VISITOR_ID_KEY } from './session-storage.ts';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

const record: TAuthRecord = {
  accessToken: 'a',
  refreshToken: 'r',
  isLogin: true,
  userData: {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'L',
    email: 'ada@example.com',
    contactNo: '',
    logo: '',
    userType: 4,
    isInternational: true,
    role: 'Attendee',
    whiteLabelType: 'company',
    sessionUserType: 1,
    isRegionTeam: false,
  },
  eventData: { eventUserId: 'eu1', eventId: 'e1', accessCodeToken: 'uat' },
};

describe('createSessionStore', () => {
  it('stores a login answer as the SPEC §3.4 items', () => {
    const storage = memory();
    const store = createSessionStore(storage);
    store.saveAuthRecord(record);
    expect(JSON.parse(storage.getItem('auth')!)).toEqual({ accessToken: 'a', refreshToken: 'r', isLogin: true, userData: record.userData });
    expect(JSON.parse(storage.getItem('eventData')!)).toEqual({ eventUserId: 'eu1', eventId: 'e1', accessCodeToken: 'uat' });
    expect(JSON.parse(storage.getItem('whitelabel')!)).toBe('company');
    expect(store.isLoggedIn()).toBe(true);
  });

  it('uses the spec key names for every item', () => {
    expect(STORAGE_KEYS).toEqual({
      auth: 'auth',
      eventData: 'eventData',
      settingTabData: 'settingTabData',
      whitelabel: 'whitelabel',
      dashboardLPSetting: 'dashboardLPSetting',
    });
    const storage = memory();
    const store = createSessionStore(storage);
    store.setSettingTabData({ domain: 'expo.example.com', timeZone: 'Asia/Kolkata' });
    store.setDashboardLPSetting({ dashboardFavicon: '/f.ico' });
    expect(JSON.parse(storage.getItem('settingTabData')!)).toEqual({ domain: 'expo.example.com', timeZone: 'Asia/Kolkata' });
    expect(JSON.parse(storage.getItem('dashboardLPSetting')!)).toEqual({ dashboardFavicon: '/f.ico' });
  });

  it('clear() removes the session items but keeps the analytics visitor id', () => {
    const storage = memory();
    const store = createSessionStore(storage);
    const visitor = getVisitorId(storage);
    store.saveAuthRecord(record);
    store.setSettingTabData({ domain: '', timeZone: 'UTC' });
    store.clear();
    for (const key of Object.values(STORAGE_KEYS)) expect(storage.getItem(key)).toBeNull();
    expect(storage.getItem(VISITOR_ID_KEY)).toBe(visitor);
    expect(store.isLoggedIn()).toBe(false);
  });

  it('updateTokens keeps the refresh token unless a rotated one is given', () => {
    const store = createSessionStore(memory());
    store.saveAuthRecord(record);
    store.updateTokens('a2');
    expect(store.getAuth()).toMatchObject({ accessToken: 'a2', refreshToken: 'r' });
    store.updateTokens('a3', 'r3');
    expect(store.getAuth()).toMatchObject({ accessToken: 'a3', refreshToken: 'r3' });
  });

  it('ignores malformed stored data and notifies subscribers of changes', () => {
    const storage = memory();
    storage.setItem('auth', '{not json');
    const store = createSessionStore(storage);
    expect(store.getAuth()).toBeNull();
    const listener = vi.fn();
    store.subscribe(listener);
    store.saveAuthRecord(record);
    expect(listener).toHaveBeenCalled();
    expect(store.getAuth()).toBe(store.getAuth()); // stable reference for useSyncExternalStore
  });

  it('gives a persistent random visitor id', () => {
    const storage = memory();
    const a = getVisitorId(storage);
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(getVisitorId(storage)).toBe(a);
    expect(getVisitorId(memory())).not.toBe(a);
  });
});
