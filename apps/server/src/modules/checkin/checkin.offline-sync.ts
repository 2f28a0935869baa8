import { createPublicKey, verify as edVerify, type KeyObject } from 'node:crypto';
import { parseCredential, type TCheckinConflictKind, type TOfflineScan, type TOfflineSyncItem, type TOfflineSyncResponse, type TScanDirection, type TScanResult } from '@pavilion/domain';
import { newId } from '../../platform/ids.ts';
import type { CheckinRepository } from './checkin.repository.ts';
import { admissionRefusal, ruleRefusal, step, type PresenceState } from './checkin.rules.ts';
import type { CheckinShared, DeviceSession, ServiceDeps, SharedRepository } from './checkin.shared.ts';

/** What the offline sync reads and writes. */
export type OfflineSyncRepository = SharedRepository &
  Pick<CheckinRepository, 'transaction' | 'lockPresence' | 'scansByNonce' | 'acceptedScans' | 'insertScans' | 'insertConflicts' | 'setPresence'>;

/**
 * The scanning service's offline half: a device's queued scans, deduplicated by (device, nonce), checked with the
 * event key, replayed in time order against each attendee's history, with the conflicts offline could not prevent.
 */
export function createOfflineSync(deps: ServiceDeps<OfflineSyncRepository>, shared: CheckinShared) {
  const { repo } = deps;
  const { now, log, scheduleFootfall, touch } = shared;
  const publicKeys = new Map<string, KeyObject>();

  async function eventKey(eventId: string): Promise<KeyObject> {
    let k = publicKeys.get(eventId);
    if (!k) {
      const pk = await deps.credentials.publicKey(eventId);
      k = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: pk.publicKey }, format: 'jwk' });
      publicKeys.set(eventId, k);
    }
    return k;
  }

  async function syncOffline(device: DeviceSession, scans: TOfflineScan[]): Promise<TOfflineSyncResponse> {
    const started = performance.now();
    const at = now();
    const eventId = device.eventId;
    const areaRows = new Map((await repo.areasByIds(device.areaIds)).filter((a) => !a.deletedAt).map((a) => [a.id, a]));
    // One decision per nonce: a nonce repeated inside the batch is a duplicate of its first occurrence.
    const seen = new Set<string>();
    type Item = TOfflineScan & { t: Date; result: TScanResult | null; registrationId: string | null; conflict: TCheckinConflictKind | null; duplicate: boolean };
    const items: Item[] = scans.map((s) => {
      const duplicate = seen.has(s.nonce);
      seen.add(s.nonce);
      return { ...s, t: new Date(s.deviceTime), result: null, registrationId: null, conflict: null, duplicate };
    });
    const live = items.filter((i) => !i.duplicate && areaRows.has(i.areaId));
    for (const i of items) if (!i.duplicate && !areaRows.has(i.areaId)) i.result = 'wrong_area';

    // Credentials in bulk: signatures checked in-process with the event key, rows read once.
    const key = await eventKey(eventId);
    const credRows = new Map((await deps.credentials.listForEvent(eventId)).map((c) => [c.registrationId, c]));
    const sigCache = new Map<string, boolean>();
    for (const i of live) {
      const parsed = parseCredential(i.credential);
      if (!parsed) {
        i.result = 'malformed';
        continue;
      }
      if (parsed.eventId !== eventId) {
        i.result = 'other_event';
        continue;
      }
      let ok = sigCache.get(i.credential);
      if (ok === undefined) {
        ok = edVerify(null, Buffer.from(parsed.message), key, Buffer.from(parsed.signature));
        sigCache.set(i.credential, ok);
      }
      if (!ok) {
        i.result = 'forged';
        continue;
      }
      const row = credRows.get(parsed.registrationId);
      if (!row) {
        i.result = 'unknown';
        continue;
      }
      i.registrationId = row.registrationId;
      // Revoked or re-issued before the scan time: refused. After it: the scan was valid when it happened.
      const revoked = (row.status === 'revoked' && row.revokedAt && row.revokedAt <= i.t) || (parsed.version !== row.version && (parsed.version > row.version || row.issuedAt <= i.t));
      if (revoked) i.result = 'revoked';
    }
    const regIds = [...new Set(live.filter((i) => i.registrationId).map((i) => i.registrationId!))];
    const regs = new Map((await deps.registrations(eventId, { ids: regIds })).map((r) => [r.registrationId, r]));
    for (const i of live) {
      if (i.result || !i.registrationId) continue;
      const reg = regs.get(i.registrationId);
      if (!reg) {
        i.result = 'unknown';
        continue;
      }
      i.result = admissionRefusal(reg) ?? ruleRefusal(areaRows.get(i.areaId)!, reg, i.direction, i.t);
    }
    const candidates = live.filter((i) => !i.result).sort((a, b) => a.t.getTime() - b.t.getTime() || (a.nonce < b.nonce ? -1 : 1));
    const pairKey = (a: string, r: string) => `${a}\u0000${r}`;
    const pairs = new Map<string, { areaId: string; registrationId: string }>();
    for (const i of candidates) pairs.set(pairKey(i.areaId, i.registrationId!), { areaId: i.areaId, registrationId: i.registrationId! });

    const outcome = await repo.transaction(async (tx) => {
      const locked = await repo.lockPresence(tx, [...pairs.values()], device.organisationId, eventId, at);
      const known = new Map((await repo.scansByNonce(device.id, [...seen], tx)).map((r) => [r.nonce, r]));
      for (const i of items) {
        const k = known.get(i.nonce);
        if (k) {
          i.duplicate = true;
          i.result = k.result as TScanResult;
          i.conflict = k.conflict as TCheckinConflictKind | null;
        }
      }
      // Replay each pair's history (accepted scans already recorded) merged with the new scans, in time order.
      const fresh = candidates.filter((i) => !i.duplicate);
      const history = await repo.acceptedScans([...new Set([...pairs.values()].map((p) => p.areaId))], [...new Set([...pairs.values()].map((p) => p.registrationId))], tx);
      const timeline = new Map<string, { t: Date; direction: string; item: Item | null }[]>();
      for (const h of history) {
        const k = pairKey(h.areaId, h.registrationId);
        if (pairs.has(k)) (timeline.get(k) ?? timeline.set(k, []).get(k)!).push({ t: h.scannedAt, direction: h.direction, item: null });
      }
      for (const i of fresh) {
        const k = pairKey(i.areaId, i.registrationId!);
        (timeline.get(k) ?? timeline.set(k, []).get(k)!).push({ t: i.t, direction: i.direction, item: i });
      }
      const presenceRows = new Map(locked.map((p) => [pairKey(p.areaId, p.registrationId), p]));
      const newPresence: { areaId: string; registrationId: string; inside: boolean; hasLeft: boolean; enteredAt: Date | null; leftAt: Date | null; entries: number }[] = [];
      for (const [k, events] of timeline) {
        if (!events.some((e) => e.item)) continue;
        const area = areaRows.get(pairs.get(k)!.areaId)!;
        events.sort((a, b) => a.t.getTime() - b.t.getTime() || (a.item ? 1 : 0) - (b.item ? 1 : 0));
        let s: PresenceState = { inside: false, hasLeft: false, enteredAt: null, leftAt: null, entries: 0 };
        for (const e of events) {
          if (!e.item) {
            s = e.direction === 'in' ? { ...s, inside: true, enteredAt: e.t, entries: s.entries + 1 } : { ...s, inside: false, hasLeft: true, leftAt: e.t };
            continue;
          }
          const r = step(area, s, e.direction as TScanDirection, e.t);
          // The device decided at the door: an entry it turned away (full, stale data...) did not happen, whatever
          // the server would answer now. It is recorded with the device's refusal and leaves presence alone.
          if (e.direction === 'in' && r.result === 'admitted' && e.item.localResult !== 'admitted') {
            e.item.result = e.item.localResult;
            continue;
          }
          e.item.result = r.result;
          s = r.state;
        }
        const cur = presenceRows.get(k);
        // Presence closed by an automatic check-out keeps that; the periodic reconciliation writes its ledger row.
        newPresence.push({ ...pairs.get(k)!, inside: s.inside, hasLeft: s.hasLeft || !!cur?.hasLeft, enteredAt: s.enteredAt, leftAt: s.leftAt, entries: s.entries });
      }
      // Conflicts: the device let someone in whom the server refuses.
      for (const i of items) {
        if (i.duplicate || !i.result) continue;
        if (i.direction === 'in' && i.localResult === 'admitted' && i.result !== 'admitted') i.conflict = i.result === 'already_inside' ? 'double_admission' : 'refused_admitted';
      }
      // Capacity: whom offline gates let in is inside, whatever the count. In an area that refuses when full, the
      // latest of this batch's admissions beyond its capacity are flagged for the organiser (over_capacity).
      for (const area of areaRows.values()) {
        if (!area.capacity || area.capacityMode !== 'refuse') continue;
        const insideNow = newPresence.filter((p) => p.areaId === area.id && p.inside);
        if (insideNow.length === 0) continue;
        const before = (await repo.insideCount(area.id, tx)) - locked.filter((p) => p.areaId === area.id && p.inside).length;
        let excess = before + insideNow.length - area.capacity;
        const stillInside = new Set(insideNow.map((p) => p.registrationId));
        const flagged = new Set<string>();
        for (const i of fresh.filter((f) => f.areaId === area.id && f.direction === 'in' && f.result === 'admitted' && !f.conflict).sort((a, b) => b.t.getTime() - a.t.getTime())) {
          if (excess <= 0) break;
          if (!stillInside.has(i.registrationId!) || flagged.has(i.registrationId!)) continue;
          flagged.add(i.registrationId!);
          i.conflict = 'over_capacity';
          excess--;
        }
      }
      const toInsert = items.filter((i) => !i.duplicate && areaRows.has(i.areaId));
      const inserted = await repo.insertScans(
        toInsert.map((i) => ({
          organisationId: device.organisationId,
          eventId,
          areaId: i.areaId,
          deviceId: device.id,
          registrationId: i.registrationId,
          direction: i.direction,
          result: i.result!,
          source: 'offline',
          localResult: i.localResult,
          nonce: i.nonce,
          conflict: i.conflict,
          scannedAt: i.t,
          receivedAt: at,
        })),
        tx,
      );
      const idByNonce = new Map(inserted.map((r) => [r.nonce!, r.id]));
      // A concurrent identical batch got there first: those are duplicates, not ours to count.
      for (const i of toInsert) if (!idByNonce.has(i.nonce)) i.duplicate = true;
      await repo.insertConflicts(
        toInsert
          .filter((i) => i.conflict && idByNonce.has(i.nonce))
          .map((i) => ({
            id: newId(),
            organisationId: device.organisationId,
            eventId,
            areaId: i.areaId,
            deviceId: device.id,
            registrationId: i.registrationId,
            scanId: idByNonce.get(i.nonce)!,
            kind: i.conflict!,
            localResult: i.localResult,
            // Over capacity: the person is inside (the ledger says admitted); online, the server would have said full.
            serverResult: i.conflict === 'over_capacity' ? 'area_full' : i.result!,
            scannedAt: i.t,
            detectedAt: at,
          })),
        tx,
      );
      await repo.setPresence(tx, newPresence, at);
      return { applied: inserted.length };
    });
    const results: TOfflineSyncItem[] = items.map((i) => ({ nonce: i.nonce, result: i.result ?? 'unknown', duplicate: i.duplicate, conflict: i.conflict }));
    const duplicates = items.filter((i) => i.duplicate).length;
    const conflicts = items.filter((i) => !i.duplicate && i.conflict).length;
    const ms = Math.round(performance.now() - started);
    await log(device, 'sync', `offline sync: ${scans.length} received, ${outcome.applied} applied, ${duplicates} duplicates, ${conflicts} conflicts`, {
      received: scans.length,
      applied: outcome.applied,
      duplicates,
      conflicts,
      ms,
    });
    for (const a of new Set(candidates.map((i) => i.areaId))) scheduleFootfall(a);
    // Presence seen at the door, at the device's time (session attendance); a replayed nonce is not told again.
    if (deps.onPresence) {
      for (const i of items) {
        if (i.duplicate || !i.registrationId || !(i.result === 'admitted' || i.result === 'exited' || i.result === 'already_inside')) continue;
        deps
          .onPresence({ eventId, areaId: i.areaId, registrationId: i.registrationId, at: i.t.toISOString(), direction: i.direction })
          .catch((err) => deps.log?.error({ err }, 'presence hook failed'));
      }
    }
    touch(device);
    return { received: scans.length, applied: outcome.applied, duplicates, conflicts, results, ms };
  }

  return syncOffline;
}
