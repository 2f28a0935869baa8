import { describe, expect, it } from 'vitest';
import type { TLeadScanInput, TLeadSyncItem } from '@pavilion/domain/leads/leads.schemas';
import { newNonce, syncQueue, type TQueuedLead, type TQueueStorage } from './offline-queue.ts';

function memoryStorage(items: TQueuedLead[]): TQueueStorage & { map: Map<string, TQueuedLead> } {
  const map = new Map(items.map((i) => [i.nonce, i]));
  return {
    map,
    all: async () => [...map.values()],
    put: async (i) => void map.set(i.nonce, i),
    remove: async (ns) => ns.forEach((n) => map.delete(n)),
  };
}
const item = (nonce: string, at: string): TQueuedLead => ({ nonce, credential: `PV1:${nonce}`, queuedAt: at, label: nonce });

describe('syncQueue', () => {
  it('sends the queue oldest first and empties it of saved, duplicate and refused scans', async () => {
    const storage = memoryStorage([item('bbbbbbbb', '2027-03-02T10:01:00Z'), item('aaaaaaaa', '2027-03-02T10:00:00Z'), item('cccccccc', '2027-03-02T10:02:00Z')]);
    const sent: string[] = [];
    const outcome = await syncQueue(storage, async (scans: TLeadScanInput[]) => {
      sent.push(...scans.map((s) => s.nonce));
      expect(scans.every((s) => !('queuedAt' in s) && !('label' in s))).toBe(true);
      const statuses: TLeadSyncItem['status'][] = ['saved', 'duplicate', 'refused'];
      return { results: scans.map((s, i) => ({ nonce: s.nonce, status: statuses[i]!, leadId: null, code: i === 2 ? 'LEADS_CREDENTIAL_REVOKED' : null, message: null })) };
    });
    expect(sent).toEqual(['aaaaaaaa', 'bbbbbbbb', 'cccccccc']);
    expect(outcome).toMatchObject({ saved: 1, duplicates: 1, isOffline: false });
    expect(outcome.refused.map((r) => r.code)).toEqual(['LEADS_CREDENTIAL_REVOKED']);
    expect(storage.map.size).toBe(0);
  });

  it('keeps the queue when the network is down', async () => {
    const storage = memoryStorage([item('aaaaaaaa', '2027-03-02T10:00:00Z')]);
    const outcome = await syncQueue(storage, async () => {
      throw { status: 'ERROR', code: 'NETWORK_ERROR', message: 'offline' };
    });
    expect(outcome.isOffline).toBe(true);
    expect(storage.map.size).toBe(1);
  });

  it('makes distinct URL-safe nonces the server accepts', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newNonce()).not.toBe(a);
  });
});
