import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TScanDirection, TScanResult } from '@pavilion/domain/checkin/checkin.enums';
import type { TDeviceArea, TDeviceSelf, TScanAttendee, TSnapshotCredential } from '@pavilion/domain/checkin/checkin.schemas';
import type { TEventPublicKey } from '@pavilion/domain/checkin/credential.schemas';
import type { TLocalPresence } from './local-decision.ts';

/** A scan decided on this device while offline, waiting to be synced. `nonce` makes the server drop a replay. */
export type TQueuedScan = {
  nonce: string;
  deviceTime: string;
  credential: string;
  areaId: string;
  direction: TScanDirection;
  localResult: TScanResult;
  attendeeName: string | null;
};

/** What the last snapshot download brought, besides the credentials and presence rows. */
export type TSnapshotMeta = {
  eventId: string;
  publicKey: TEventPublicKey;
  device: TDeviceSelf;
  areas: TDeviceArea[];
  cursor: string;
  generatedAt: string;
  downloadedAt: string;
  credentialCount: number;
};

type TMetaValue = TSnapshotMeta | { at: string; applied: number; duplicates: number; conflicts: number };

// idb's DBSchema is an interface; a type alias that satisfies it keeps the house rule (type over interface).
type ScannerDb = DBSchema & {
  meta: { key: string; value: TMetaValue };
  credentials: { key: string; value: TSnapshotCredential };
  presence: { key: string; value: TLocalPresence; indexes: { byArea: string } };
  queue: { key: string; value: TQueuedScan; indexes: { byTime: string } };
};

export type TLastSync = { at: string; applied: number; duplicates: number; conflicts: number };

/**
 * The scanner's offline data in IndexedDB (one database per device token, so a re-paired phone starts clean):
 * the snapshot (event key, areas, credentials, presence) and the queue of offline scans.
 */
export class OfflineStore {
  private constructor(private readonly db: IDBPDatabase<ScannerDb>) {}

  static async open(deviceId: string): Promise<OfflineStore> {
    const db = await openDB<ScannerDb>(`pavilion-scanner-${deviceId}`, 1, {
      upgrade(d) {
        d.createObjectStore('meta');
        d.createObjectStore('credentials', { keyPath: 'registrationId' });
        d.createObjectStore('presence', { keyPath: 'key' }).createIndex('byArea', 'areaId');
        d.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('byTime', 'deviceTime');
      },
    });
    return new OfflineStore(db);
  }

  static async destroy(deviceId: string): Promise<void> {
    const { deleteDB } = await import('idb');
    await deleteDB(`pavilion-scanner-${deviceId}`);
  }

  close() {
    this.db.close();
  }

  async snapshotMeta(): Promise<TSnapshotMeta | null> {
    return ((await this.db.get('meta', 'snapshot')) as TSnapshotMeta | undefined) ?? null;
  }

  async lastSync(): Promise<TLastSync | null> {
    return ((await this.db.get('meta', 'lastSync')) as TLastSync | undefined) ?? null;
  }

  async setLastSync(value: TLastSync): Promise<void> {
    await this.db.put('meta', value, 'lastSync');
  }

  /**
   * Stores a snapshot. A full one replaces credentials and presence; an incremental one merges by id. Presence of
   * scans still in the queue is kept: the server has not seen them yet, so its view is older than ours.
   */
  async saveSnapshot(
    snapshot: { full: boolean; credentials: TSnapshotCredential[]; presence: Omit<TLocalPresence, 'key' | 'enteredAt'>[] },
    meta: Omit<TSnapshotMeta, 'credentialCount'>,
  ): Promise<TSnapshotMeta> {
    const tx = this.db.transaction(['meta', 'credentials', 'presence', 'queue'], 'readwrite');
    const queued = await tx.objectStore('queue').getAll();
    const pendingRegs = new Set(queued.map((q) => `${q.areaId}:${registrationIdFromRaw(q.credential)}`));
    if (snapshot.full) await tx.objectStore('credentials').clear();
    for (const c of snapshot.credentials) await tx.objectStore('credentials').put(c);
    const presenceStore = tx.objectStore('presence');
    if (snapshot.full) {
      const existing = await presenceStore.getAll();
      for (const p of existing) if (!pendingRegs.has(p.key)) await presenceStore.delete(p.key);
    }
    for (const p of snapshot.presence) {
      const key = `${p.areaId}:${p.registrationId}`;
      if (pendingRegs.has(key)) continue;
      await presenceStore.put({ ...p, key, enteredAt: null });
    }
    const credentialCount = await tx.objectStore('credentials').count();
    const full: TSnapshotMeta = { ...meta, credentialCount };
    await tx.objectStore('meta').put(full, 'snapshot');
    await tx.done;
    return full;
  }

  /** Every attendee photo URL of the stored snapshot (for the worker to keep offline). */
  async photoUrls(): Promise<string[]> {
    const all = await this.db.getAll('credentials');
    return all.flatMap((c) => (c.attendee?.photoUrl ? [c.attendee.photoUrl] : []));
  }

  async credential(registrationId: string): Promise<TSnapshotCredential | undefined> {
    return this.db.get('credentials', registrationId);
  }

  async presence(key: string): Promise<TLocalPresence | undefined> {
    return this.db.get('presence', key);
  }

  async insideCount(areaId: string): Promise<number> {
    const rows = await this.db.getAllFromIndex('presence', 'byArea', areaId);
    return rows.filter((r) => r.inside).length;
  }

  async putPresence(p: TLocalPresence): Promise<void> {
    await this.db.put('presence', p);
  }

  async enqueue(scan: TQueuedScan): Promise<void> {
    await this.db.put('queue', scan);
  }

  async queued(limit?: number): Promise<TQueuedScan[]> {
    return this.db.getAllFromIndex('queue', 'byTime', undefined, limit);
  }

  async queueLength(): Promise<number> {
    return this.db.count('queue');
  }

  async dequeue(nonces: string[]): Promise<void> {
    const tx = this.db.transaction('queue', 'readwrite');
    for (const n of nonces) await tx.store.delete(n);
    await tx.done;
  }

  static attendee(c: TSnapshotCredential | undefined): TScanAttendee | null {
    return c?.attendee ?? null;
  }
}

/** The registration id inside a PV1 credential string (no signature check: only used to key pending presence). */
export function registrationIdFromRaw(raw: string): string {
  const parts = raw.trim().split(':');
  return parts.length === 5 ? (parts[2] ?? '') : '';
}
