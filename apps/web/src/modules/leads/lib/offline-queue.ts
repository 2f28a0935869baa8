import type { TLeadScanInput, TLeadSyncItem } from '@pavilion/domain/leads/leads.schemas';

/**
 * The phone's queue of lead scans not yet on the server, as check-in's scanner keeps its own: each scan gets a nonce
 * when it is made, so sending it twice (a retry after a lost answer, a sync after a live call that did arrive) is
 * counted once by the server (unique per staff member and nonce). Storage is IndexedDB in the browser
 * (`idbQueueStorage`) and a Map in tests; the logic is here, written once.
 */
export type TQueuedLead = TLeadScanInput & { nonce: string; queuedAt: string; label: string };

export type TQueueStorage = {
  all(): Promise<TQueuedLead[]>;
  put(item: TQueuedLead): Promise<void>;
  remove(nonces: string[]): Promise<void>;
};

export const SYNC_SLICE = 200;

/** A random nonce (URL-safe, 22 characters). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export type TSyncOutcome = { saved: number; duplicates: number; refused: TLeadSyncItem[]; isOffline: boolean };

/**
 * Sends the queue in order, a slice at a time. Saved and duplicate scans leave the queue; refused ones leave it too
 * and are reported (the server will never take them: a revoked badge stays revoked). A network failure keeps what
 * is left for the next try.
 */
export async function syncQueue(storage: TQueueStorage, send: (scans: TLeadScanInput[]) => Promise<{ results: TLeadSyncItem[] }>): Promise<TSyncOutcome> {
  const outcome: TSyncOutcome = { saved: 0, duplicates: 0, refused: [], isOffline: false };
  const queue = (await storage.all()).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  for (let i = 0; i < queue.length; i += SYNC_SLICE) {
    const slice = queue.slice(i, i + SYNC_SLICE);
    let results: TLeadSyncItem[];
    try {
      results = (await send(slice.map(({ queuedAt: _q, label: _l, ...scan }) => scan))).results;
    } catch (err) {
      if ((err as { code?: unknown } | null)?.code === 'NETWORK_ERROR') {
        outcome.isOffline = true;
        return outcome;
      }
      throw err;
    }
    for (const r of results) {
      if (r.status === 'saved') outcome.saved++;
      else if (r.status === 'duplicate') outcome.duplicates++;
      else outcome.refused.push(r);
    }
    await storage.remove(results.map((r) => r.nonce));
  }
  return outcome;
}

/** The browser's storage: one IndexedDB store per origin, keyed by nonce, per event. */
export function idbQueueStorage(eventId: string): TQueueStorage {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('pavilion-leads', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('queue', { keyPath: 'nonce' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const run = async <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> => {
    const db = await open();
    return new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction('queue', mode);
      const req = fn(tx.objectStore('queue'));
      tx.oncomplete = () => {
        db.close();
        resolve(req ? req.result : undefined);
      };
      tx.onerror = () => reject(tx.error);
    });
  };
  return {
    async all() {
      const rows = ((await run<TQueuedLead[]>('readonly', (s) => s.getAll() as IDBRequest<TQueuedLead[]>)) ?? []) as (TQueuedLead & { eventId?: string })[];
      return rows.filter((r) => r.eventId === eventId).map(({ eventId: _e, ...r }) => r);
    },
    async put(item) {
      await run('readwrite', (s) => {
        s.put({ ...item, eventId });
      });
    },
    async remove(nonces) {
      await run('readwrite', (s) => {
        for (const n of nonces) s.delete(n);
      });
    },
  };
}
