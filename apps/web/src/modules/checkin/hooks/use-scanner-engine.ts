import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { HOSPITALITY_DEVICE_EVENTS, SCAN_RESULT_LABELS, isAdmittingResult, type TScanResult } from '@pavilion/domain/checkin/checkin.enums';
import type { TDeviceSnapshot, TOfflineScan, TScanAttendee } from '@pavilion/domain/checkin/checkin.schemas';
import { DeviceApiError, deviceApi } from '../api/device-api.ts';
import { chosenArea, deviceSession, type TDeviceSession } from '../lib/device-session.ts';
import { decideLocally, nextPresence, presenceKey } from '../lib/local-decision.ts';
import { OfflineStore, registrationIdFromRaw, type TLastSync, type TSnapshotMeta } from '../lib/offline-store.ts';
import { cacheSnapshotPhotos } from '../lib/pwa.ts';

/** What the result screen shows for one scan. */
export type TScanOutcome = {
  id: number;
  result: TScanResult;
  label: string;
  isAccepted: boolean;
  attendee: TScanAttendee | null;
  areaName: string;
  isOffline: boolean;
  warning: 'capacity_reached' | null;
};

export type TEngineStatus = {
  isOffline: boolean;
  queueLength: number;
  lastSync: TLastSync | null;
  snapshot: TSnapshotMeta | null;
  isSyncing: boolean;
  isSocketConnected: boolean;
  /** A notice from the dashboard or a failed sync, shown under the status bar. */
  notice: { kind: 'info' | 'error'; key: string; values?: Record<string, string | number> } | null;
};

const SYNC_BATCH = 500;
const PROBE_MS = 15_000;

/**
 * The scanner's engine: online scans (the server decides), offline scans (decided here against the downloaded
 * snapshot, queued with a nonce), sync when the network is back, and the dashboard's device commands on the
 * hospitality socket. The page around it is only layout.
 */
export function useScannerEngine(session: TDeviceSession, onLoggedOut: (reason: 'logout' | 'invalid') => void, onDeviceChanged: (s: TDeviceSession) => void) {
  const [store, setStore] = useState<OfflineStore | null>(null);
  const [status, setStatus] = useState<TEngineStatus>({
    isOffline: typeof navigator !== 'undefined' && !navigator.onLine,
    queueLength: 0,
    lastSync: null,
    snapshot: null,
    isSyncing: false,
    isSocketConnected: false,
    notice: null,
  });
  const sessionRef = useRef(session);
  const storeRef = useRef<OfflineStore | null>(null);
  const syncingRef = useRef(false);
  const outcomeId = useRef(0);
  const callbacks = useRef({ onLoggedOut, onDeviceChanged });
  useEffect(() => {
    sessionRef.current = session;
    callbacks.current = { onLoggedOut, onDeviceChanged };
  });

  const patch = useCallback((p: Partial<TEngineStatus>) => setStatus((s) => ({ ...s, ...p })), []);

  const refreshCounts = useCallback(async () => {
    const s = storeRef.current;
    if (!s) return;
    const [queueLength, lastSync, snapshot] = await Promise.all([s.queueLength(), s.lastSync(), s.snapshotMeta()]);
    patch({ queueLength, lastSync, snapshot });
  }, [patch]);

  const handleAuthError = useCallback(async (err: unknown): Promise<boolean> => {
    if (err instanceof DeviceApiError && err.isTokenInvalid) {
      const deviceId = sessionRef.current.device.id;
      storeRef.current?.close();
      storeRef.current = null;
      await OfflineStore.destroy(deviceId).catch(() => undefined);
      deviceSession.clear();
      callbacks.current.onLoggedOut('invalid');
      return true;
    }
    return false;
  }, []);

  // Open the device's IndexedDB.
  useEffect(() => {
    let isActive = true;
    let opened: OfflineStore | null = null;
    // The worker keeps the snapshot's photos for offline scans: all of them whenever it takes control of this page
    // (the first snapshot usually arrives before it does), then each snapshot's (see downloadSnapshot).
    const handOverPhotos = () => void storeRef.current?.photoUrls().then((urls) => cacheSnapshotPhotos(urls, true));
    navigator.serviceWorker?.addEventListener('controllerchange', handOverPhotos);
    void OfflineStore.open(session.device.id).then((s) => {
      if (!isActive) return s.close();
      opened = s;
      storeRef.current = s;
      setStore(s);
      void refreshCounts();
      handOverPhotos();
    });
    return () => {
      isActive = false;
      navigator.serviceWorker?.removeEventListener('controllerchange', handOverPhotos);
      opened?.close();
      if (storeRef.current === opened) storeRef.current = null;
    };
  }, [session.device.id, refreshCounts]);

  const applySnapshot = useCallback(async (snap: TDeviceSnapshot) => {
    const s = storeRef.current;
    if (!s) return;
    await s.saveSnapshot(
      { full: snap.full, credentials: snap.credentials, presence: snap.presence },
      { eventId: snap.eventId, publicKey: snap.publicKey, device: snap.device, areas: snap.areas, cursor: snap.cursor, generatedAt: snap.generatedAt, downloadedAt: new Date().toISOString() },
    );
    const current = sessionRef.current;
    if (JSON.stringify(current.device) !== JSON.stringify(snap.device)) {
      const next = { ...current, device: snap.device };
      deviceSession.save(next);
      callbacks.current.onDeviceChanged(next);
    }
  }, []);

  /** Downloads the snapshot (incremental after the first, unless `isFull`). */
  const downloadSnapshot = useCallback(
    async (isFull = false) => {
      const s = storeRef.current;
      if (!s) return false;
      try {
        const meta = await s.snapshotMeta();
        const snap = await deviceApi.snapshot(sessionRef.current.token, isFull ? undefined : meta?.cursor);
        await applySnapshot(snap);
        cacheSnapshotPhotos(
          snap.credentials.flatMap((c) => (c.attendee?.photoUrl ? [c.attendee.photoUrl] : [])),
          snap.full,
        );
        await refreshCounts();
        return true;
      } catch (err) {
        if (await handleAuthError(err)) return false;
        if (err instanceof DeviceApiError && err.isNetwork) patch({ isOffline: true });
        return false;
      }
    },
    [applySnapshot, refreshCounts, handleAuthError, patch],
  );

  /** Uploads the queue in batches, then pulls what changed. True when everything went up. */
  const syncNow = useCallback(async (): Promise<boolean> => {
    const s = storeRef.current;
    if (!s || syncingRef.current) return false;
    syncingRef.current = true;
    patch({ isSyncing: true });
    try {
      let applied = 0;
      let duplicates = 0;
      let conflicts = 0;
      let hadAny = false;
      for (;;) {
        const batch = await s.queued(SYNC_BATCH);
        if (batch.length === 0) break;
        hadAny = true;
        const scans: TOfflineScan[] = batch.map(({ nonce, deviceTime, credential, areaId, direction, localResult }) => ({ nonce, deviceTime, credential, areaId, direction, localResult }));
        const res = await deviceApi.sync(sessionRef.current.token, { scans });
        applied += res.applied;
        duplicates += res.duplicates;
        conflicts += res.conflicts;
        await s.dequeue(batch.map((b) => b.nonce));
        if (batch.length < SYNC_BATCH) break;
      }
      await s.setLastSync({ at: new Date().toISOString(), applied, duplicates, conflicts });
      // An empty sync keeps the last notice (e.g. the result of the automatic sync a moment ago).
      patch({ isOffline: false, ...(hadAny ? { notice: { kind: 'info' as const, key: 'synced', values: { applied, conflicts } } } : {}) });
      await downloadSnapshot(false);
      await refreshCounts();
      return true;
    } catch (err) {
      if (!(await handleAuthError(err))) {
        const isNetwork = err instanceof DeviceApiError && err.isNetwork;
        patch({ ...(isNetwork ? { isOffline: true } : {}), notice: { kind: 'error', key: isNetwork ? 'syncOffline' : 'syncFailed' } });
      }
      await refreshCounts();
      return false;
    } finally {
      syncingRef.current = false;
      patch({ isSyncing: false });
    }
  }, [patch, downloadSnapshot, refreshCounts, handleAuthError]);

  const decideOffline = useCallback(async (raw: string): Promise<TScanOutcome> => {
    const s = storeRef.current;
    const current = sessionRef.current;
    const area = chosenArea(current);
    const meta = s ? await s.snapshotMeta() : null;
    const now = new Date();
    let result: TScanResult = 'unknown';
    let attendee: TScanAttendee | null = null;
    let warning: TScanOutcome['warning'] = null;
    let registrationId = registrationIdFromRaw(raw);
    if (s && meta && area) {
      const localArea = meta.areas.find((a) => a.id === area.id) ?? area;
      const regId = registrationIdFromRaw(raw);
      const key = presenceKey(localArea.id, regId);
      const [credential, presence, insideCount] = await Promise.all([s.credential(regId), s.presence(key), s.insideCount(localArea.id)]);
      const decision = await decideLocally({
        raw,
        eventId: meta.eventId,
        publicKey: meta.publicKey.publicKey,
        area: localArea,
        direction: current.direction,
        credential,
        presence,
        insideCount,
        now,
      });
      result = decision.result;
      attendee = decision.attendee;
      warning = decision.warning;
      registrationId = decision.claims?.registrationId ?? regId;
      const next = decision.claims ? nextPresence(presence, localArea.id, decision.claims.registrationId, result, now) : null;
      if (next) await s.putPresence(next);
    }
    if (s && area) {
      await s.enqueue({
        nonce: crypto.randomUUID(),
        deviceTime: now.toISOString(),
        credential: raw.slice(0, 512),
        areaId: area.id,
        direction: current.direction,
        localResult: result,
        attendeeName: attendee ? `${attendee.firstName} ${attendee.lastName}`.trim() : registrationId || null,
      });
    }
    await refreshCounts();
    outcomeId.current += 1;
    return {
      id: outcomeId.current,
      result,
      label: SCAN_RESULT_LABELS[result],
      isAccepted: isAdmittingResult(result),
      attendee,
      areaName: area?.name ?? '',
      isOffline: true,
      warning,
    };
  }, [refreshCounts]);

  const isOfflineRef = useRef(status.isOffline);
  useEffect(() => {
    isOfflineRef.current = status.isOffline;
  }, [status.isOffline]);

  /** One scan: online when the network is there, otherwise (or when the call fails for lack of network) offline. */
  const scan = useCallback(
    async (raw: string): Promise<TScanOutcome | null> => {
      const current = sessionRef.current;
      const area = chosenArea(current);
      if (!area) return null;
      if (isOfflineRef.current || !navigator.onLine) return decideOffline(raw);
      try {
        const res = await deviceApi.scan(current.token, { credential: raw.slice(0, 512), areaId: area.id, direction: current.direction });
        const s = storeRef.current;
        if (s && res.attendee) {
          const key = presenceKey(area.id, res.attendee.registrationId);
          const next = nextPresence(await s.presence(key), area.id, res.attendee.registrationId, res.result, new Date(res.at));
          if (next) await s.putPresence(next);
        }
        outcomeId.current += 1;
        return {
          id: outcomeId.current,
          result: res.result,
          label: SCAN_RESULT_LABELS[res.result] ?? res.label,
          isAccepted: res.accepted,
          attendee: res.attendee,
          areaName: res.areaName,
          isOffline: false,
          warning: res.warning,
        };
      } catch (err) {
        if (await handleAuthError(err)) return null;
        if (err instanceof DeviceApiError && err.isNetwork) {
          patch({ isOffline: true, notice: { kind: 'info', key: 'wentOffline' } });
          isOfflineRef.current = true;
          return decideOffline(raw);
        }
        // 403 AREA_NOT_ASSIGNED and the like: the organiser changed this device; reload its settings.
        patch({ notice: { kind: 'error', key: 'scanFailed', values: { message: err instanceof Error ? err.message : '' } } });
        void deviceApi.me(current.token).then((device) => {
          const next = { ...sessionRef.current, device };
          deviceSession.save(next);
          callbacks.current.onDeviceChanged(next);
        }, () => undefined);
        return null;
      }
    },
    [decideOffline, handleAuthError, patch],
  );

  /** Back online: upload the queue, then go on online. */
  const goOnline = useCallback(async () => {
    const isOk = await syncNow();
    if (isOk) {
      isOfflineRef.current = false;
      patch({ isOffline: false });
    }
    return isOk;
  }, [syncNow, patch]);

  // First start: fetch the snapshot so offline mode is ready before the network goes.
  useEffect(() => {
    if (!store) return;
    void (async () => {
      const meta = await store.snapshotMeta();
      if (navigator.onLine) {
        if ((await store.queueLength()) > 0) await goOnline();
        else await downloadSnapshot(!meta);
      }
    })();
  }, [store, downloadSnapshot, goOnline]);

  // The browser's own online/offline signals, plus a probe while offline (a captive Wi-Fi says "online" too early).
  useEffect(() => {
    const onOffline = () => {
      isOfflineRef.current = true;
      patch({ isOffline: true, notice: { kind: 'info', key: 'wentOffline' } });
    };
    const onOnline = () => void goOnline();
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => {
      if (isOfflineRef.current && navigator.onLine) void goOnline();
    }, PROBE_MS);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [goOnline, patch]);

  // Hospitality socket: the dashboard's device commands (SPEC §7).
  useEffect(() => {
    const socket: Socket = io({ path: '/hospitalityservices', auth: { deviceToken: session.token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 });
    const logout = async () => {
      const deviceId = sessionRef.current.device.id;
      storeRef.current?.close();
      storeRef.current = null;
      await OfflineStore.destroy(deviceId).catch(() => undefined);
      deviceSession.clear();
      callbacks.current.onLoggedOut('logout');
    };
    const refresh = async () => {
      try {
        const device = await deviceApi.me(sessionRef.current.token);
        const next = { ...sessionRef.current, device };
        deviceSession.save(next);
        callbacks.current.onDeviceChanged(next);
        await downloadSnapshot(true);
        patch({ notice: { kind: 'info', key: 'refreshed' } });
      } catch (err) {
        await handleAuthError(err);
      }
    };
    const handlers: Record<(typeof HOSPITALITY_DEVICE_EVENTS)[number], () => void> = {
      deviceLogout: () => void logout(),
      deviceLogoutAll: () => void logout(),
      deviceSync: () => void syncNow(),
      deviceSyncAll: () => void syncNow(),
      deviceRefresh: () => void refresh(),
      deviceRefreshAll: () => void refresh(),
    };
    for (const event of HOSPITALITY_DEVICE_EVENTS) socket.on(event, handlers[event]);
    socket.on('connect', () => patch({ isSocketConnected: true }));
    socket.on('disconnect', () => patch({ isSocketConnected: false }));
    socket.on('connect_error', (err: Error) => {
      patch({ isSocketConnected: false });
      // A refused handshake usually means the token was ended while we were away: ask the API to be sure.
      if (err.message === 'UNAUTHORISED') void deviceApi.me(sessionRef.current.token).catch((e: unknown) => handleAuthError(e));
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [session.token, syncNow, downloadSnapshot, handleAuthError, patch]);

  return { status, scan, syncNow: goOnline, downloadSnapshot, isReady: !!store, dismissNotice: () => patch({ notice: null }) };
}
