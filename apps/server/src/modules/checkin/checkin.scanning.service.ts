import {
  SCAN_RESULT_LABELS,
  isAdmittingResult,
  type TCheckinConflict,
  type TCheckinConflictKind,
  type TCheckinScan,
  type TDeviceSnapshot,
  type TPage,
  type TRelayResult,
  type TScanDirection,
  type TScanResponse,
  type TScanResult,
  type TScanSource,
  type TSnapshotCredential,
} from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { createBatcher } from '../../platform/batcher.ts';
import { retryOnLockLoss } from '../../platform/db.ts';
import { resolveWithRegistrations } from '../credentials/index.ts';
import type { CheckinRegistrationView } from '../registration/index.ts';
import type { CheckinDevicesService } from './checkin.devices.service.ts';
import { checkinErrors } from './checkin.errors.ts';
import { createOfflineSync, type OfflineSyncRepository } from './checkin.offline-sync.ts';
import { putRelay } from './checkin.relay.ts';
import type { AreaRow, CheckinRepository, ScanBatchItem, ScanFilters, ScanInsert } from './checkin.repository.ts';
import { admissionRefusal, ruleRefusal } from './checkin.rules.ts';
import { CACHE_TTL_MS, csvLine, iso, pageOf, type CheckinShared, type DeviceSession, type ServiceDeps } from './checkin.shared.ts';

/** What the scanning service reads and writes. */
export type ScanningRepository = OfflineSyncRepository &
  Pick<
    CheckinRepository,
    | 'scanBatch'
    | 'tryEnter'
    | 'tryExit'
    | 'forceEnter'
    | 'readPresence'
    | 'lockArea'
    | 'insertScan'
    | 'devicesBoundToArea'
    | 'updateDevice'
    | 'presenceOf'
    | 'listScans'
    | 'listConflicts'
    | 'findConflict'
    | 'resolveConflict'
  >;

type ScanContext = { organisationId: string; eventId: string; area: AreaRow; deviceId: string | null; device: DeviceSession | null; actorUserId: string | null; source: TScanSource };

/** Scan batches: at most this many in the database at once (each for reads and for writes), of at most this many scans. */
const BATCH_IN_FLIGHT = 3;
const BATCH_MAX = 64;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Scanning: the gate's decision (credential, admissibility, the area's rules, presence and capacity), admissions and
 * exits from devices and by hand, the device snapshot, offline sync, and the scan ledger with its conflicts.
 */
export function createCheckinScanningService(deps: ServiceDeps<ScanningRepository>, shared: CheckinShared, devices: Pick<CheckinDevicesService, 'deviceSelf'>) {
  const { repo, testing } = deps;
  const { now, relayCache, areaById, areaInEvent, coloursOf, attendeeOf, nameOf, log, logLater, touch, scheduleFootfall, enrich, scanView } = shared;
  const syncOffline = createOfflineSync(deps, shared);

  // ---------------------------------------------------------------- the gate's two round trips, batched
  // Scans that arrive while earlier ones are in the database leave together: one read of all their credentials and
  // registrations, one statement for all their presence changes and ledger rows. An idle gate's scan leaves at once.
  const lookups = createBatcher(
    (items: { eventId: string; credential: string }[]) =>
      resolveWithRegistrations(deps.credentials, (eventId, ids) => deps.registrations(eventId, { ids }), (r: CheckinRegistrationView) => r.registrationId, items),
    { maxInFlight: BATCH_IN_FLIGHT, maxBatch: BATCH_MAX },
  );
  const writes = createBatcher<ScanBatchItem, string>(
    // A batch that lost a deadlock with another instance's runs again (platform/db.ts).
    (items) => retryOnLockLoss(() => repo.scanBatch(items)),
    { maxInFlight: BATCH_IN_FLIGHT, maxBatch: BATCH_MAX, key: (i) => (i.fixed === null ? `${i.areaId} ${i.registrationId}` : null) },
  );

  // ---------------------------------------------------------------- relay
  async function relayFor(ctx: ScanContext): Promise<TRelayResult | null> {
    let target: { id: string; organisationId: string; eventId: string; relayUrl: string } | null = null;
    if (ctx.device?.relayEnabled && ctx.device.relayUrl) target = { ...ctx.device, relayUrl: ctx.device.relayUrl };
    else {
      let hit = relayCache.get(ctx.area.id);
      if (!hit || hit.until < Date.now()) {
        hit = { devices: await repo.devicesBoundToArea(ctx.area.id), until: Date.now() + CACHE_TTL_MS };
        relayCache.set(ctx.area.id, hit);
      }
      const d = hit.devices.find((x) => x.relayEnabled && x.relayUrl);
      if (d) target = { id: d.id, organisationId: d.organisationId, eventId: d.eventId, relayUrl: d.relayUrl! };
    }
    if (!target) return null;
    return fireRelay(target, ctx.deviceId ? `admission by device ${ctx.deviceId}` : 'manual admission');
  }
  async function fireRelay(target: { id: string; organisationId: string; eventId: string; relayUrl: string }, why: string): Promise<TRelayResult> {
    const r = await putRelay(target.relayUrl);
    const at = now();
    repo
      .updateDevice(target.id, { lastRelayAt: at, lastRelayStatus: r.ok ? `HTTP ${r.httpStatus}` : (r.error ?? 'failed') })
      .then(() => log(target, 'relay', `PUT relay: ${r.ok ? 'ok' : r.error} (${why})`, { ...r }))
      .catch((err) => deps.log?.error({ err }, 'relay log failed'));
    return r;
  }

  // ---------------------------------------------------------------- the online decision
  async function decide(ctx: ScanContext, input: { credential?: string; registrationId?: string; direction: TScanDirection }): Promise<TScanResponse> {
    const at = now();
    let result: TScanResult | null = null;
    let registrationId: string | null = null;
    let reg: CheckinRegistrationView | undefined;
    if (input.credential !== undefined) {
      const found = await lookups.add({ eventId: ctx.eventId, credential: input.credential });
      registrationId = found.resolution.credential?.registrationId ?? null;
      if (found.resolution.status !== 'valid') result = found.resolution.status;
      reg = found.registration ?? undefined;
    } else {
      registrationId = input.registrationId ?? null;
      reg = registrationId ? (await deps.registrations(ctx.eventId, { ids: [registrationId] }))[0] : undefined;
    }
    if (!reg) {
      if (input.credential === undefined) throw checkinErrors.registrationNotFound();
      result ??= 'unknown';
      registrationId = null;
    }
    if (!result && reg) result = admissionRefusal(reg) ?? ruleRefusal(ctx.area, reg, input.direction, at);

    let warning: TScanResponse['warning'] = null;
    if (!result && reg) {
      result = await applyPresence(ctx, reg.registrationId, input.direction, at);
      if (result === 'admitted' && ctx.area.capacity && ctx.area.capacityMode === 'warn' && (await repo.insideCount(ctx.area.id)) >= ctx.area.capacity) warning = 'capacity_reached';
    } else {
      await writes.add({ ...batchItem(ctx, registrationId, input.direction, at), fixed: result! });
    }
    const accepted = isAdmittingResult(result!);
    if (accepted) scheduleFootfall(ctx.area.id);
    if (result === 'exited' && reg && deps.onExit) deps.onExit(ctx.eventId, reg.registrationId).catch((err) => deps.log?.error({ err }, 'after-exit hook failed'));
    if ((accepted || result === 'already_inside') && reg && deps.onPresence) {
      deps
        .onPresence({ eventId: ctx.eventId, areaId: ctx.area.id, registrationId: reg.registrationId, at: at.toISOString(), direction: input.direction })
        .catch((err) => deps.log?.error({ err }, 'presence hook failed'));
    }
    if (ctx.device) touch(ctx.device);
    const relay = result === 'admitted' ? await relayFor(ctx) : null;
    return {
      result: result!,
      label: SCAN_RESULT_LABELS[result!],
      accepted,
      direction: input.direction,
      areaId: ctx.area.id,
      areaName: ctx.area.name,
      attendee: reg ? attendeeOf(reg, await coloursOf(ctx.eventId)) : null,
      warning,
      relay,
      at: at.toISOString(),
    };
  }

  function ledgerRow(ctx: ScanContext, registrationId: string | null, direction: TScanDirection, result: TScanResult, at: Date): ScanInsert {
    return {
      organisationId: ctx.organisationId,
      eventId: ctx.eventId,
      areaId: ctx.area.id,
      deviceId: ctx.deviceId,
      registrationId,
      direction,
      result,
      source: ctx.source,
      actorUserId: ctx.actorUserId,
      scannedAt: at,
      receivedAt: at,
    };
  }

  function batchItem(ctx: ScanContext, registrationId: string | null, direction: TScanDirection, at: Date): Omit<ScanBatchItem, 'fixed'> {
    return { direction, areaId: ctx.area.id, registrationId, organisationId: ctx.organisationId, eventId: ctx.eventId, deviceId: ctx.deviceId, actorUserId: ctx.actorUserId, source: ctx.source, at };
  }

  /** The presence change and its ledger row, in one transaction. */
  async function applyPresence(ctx: ScanContext, registrationId: string, direction: TScanDirection, at: Date): Promise<TScanResult> {
    const area = ctx.area;
    const hasAuto = !!(area.autoCheckoutAt || area.autoCheckoutAfterMinutes);
    const needsCapacity = direction === 'in' && !!area.capacity && area.capacityMode === 'refuse';
    // Common case, batched with other gates' scans into one statement: re-entry allowed (or an exit), no automatic
    // check-out, no hard capacity.
    if (!testing.unsafeDisableLocking && !hasAuto && !needsCapacity && (direction === 'out' || area.allowsReentry)) {
      return (await writes.add({ ...batchItem(ctx, registrationId, direction, at), fixed: null })) as TScanResult;
    }
    const result = await repo.transaction(async (tx) => {
      if (hasAuto) await repo.autoCheckout(at, { areaId: area.id, registrationId }, tx);
      let r: TScanResult;
      if (direction === 'out') {
        r = (await repo.tryExit(tx, area.id, registrationId, at)) ? 'exited' : 'not_inside';
      } else if (testing.unsafeDisableLocking) {
        const cur = await repo.readPresence(tx, area.id, registrationId);
        if (cur?.inside) r = 'already_inside';
        else if (cur?.hasLeft && !area.allowsReentry) r = 'no_reentry';
        else {
          if (testing.raceWindowMs) await sleep(testing.raceWindowMs);
          await repo.forceEnter(tx, { areaId: area.id, registrationId, organisationId: ctx.organisationId, eventId: ctx.eventId, at });
          r = 'admitted';
        }
      } else {
        if (area.capacity && area.capacityMode === 'refuse') {
          await repo.lockArea(tx, area.id);
          if ((await repo.insideCount(area.id, tx)) >= area.capacity) {
            const cur = await repo.readPresence(tx, area.id, registrationId);
            r = cur?.inside ? 'already_inside' : 'area_full';
            await repo.insertScan(ledgerRow(ctx, registrationId, direction, r, at), tx);
            return r;
          }
        }
        if (await repo.tryEnter(tx, { areaId: area.id, registrationId, organisationId: ctx.organisationId, eventId: ctx.eventId, at, allowsReentry: area.allowsReentry })) r = 'admitted';
        else r = (await repo.readPresence(tx, area.id, registrationId))?.inside ? 'already_inside' : 'no_reentry';
      }
      await repo.insertScan(ledgerRow(ctx, registrationId, direction, r, at), tx);
      return r;
    });
    return result;
  }

  const service = {
    async deviceScan(device: DeviceSession, input: { credential: string; areaId: string; direction: TScanDirection }): Promise<TScanResponse> {
      if (!device.areaIds.includes(input.areaId)) throw checkinErrors.areaNotAssigned();
      const area = await areaById(input.areaId);
      if (!area || area.eventId !== device.eventId) throw checkinErrors.areaNotFound();
      return decide({ organisationId: device.organisationId, eventId: device.eventId, area, deviceId: device.id, device, actorUserId: null, source: 'online' }, input);
    },
    async manualScan(caller: AuthUser, organisationId: string, eventId: string, direction: TScanDirection, input: { areaId: string; credential?: string; registrationId?: string }): Promise<TScanResponse> {
      await deps.assertEvent(caller, organisationId, eventId);
      const area = await areaInEvent(organisationId, eventId, input.areaId);
      return decide({ organisationId, eventId, area, deviceId: null, device: null, actorUserId: caller.userId, source: 'manual' }, { credential: input.credential, registrationId: input.registrationId, direction });
    },
    async snapshot(device: DeviceSession, since?: string): Promise<TDeviceSnapshot> {
      const generatedAt = now();
      await deps.credentials.ensureForEvent(device.eventId);
      await repo.autoCheckout(generatedAt, { eventId: device.eventId });
      const self = await devices.deviceSelf(device);
      const areas = (await repo.areasByIds(device.areaIds)).filter((a) => !a.deletedAt);
      const creds = await deps.credentials.listForEvent(device.eventId);
      const colours = await coloursOf(device.eventId);
      let regs: CheckinRegistrationView[];
      let credList = creds;
      if (since) {
        const s = new Date(since);
        const changed = new Set((await deps.registrations(device.eventId, { since: s })).map((r) => r.registrationId));
        for (const c of creds) if (c.issuedAt > s || (c.revokedAt && c.revokedAt > s)) changed.add(c.registrationId);
        credList = creds.filter((c) => changed.has(c.registrationId));
        regs = await deps.registrations(device.eventId, { ids: [...changed] });
      } else regs = await deps.registrations(device.eventId);
      const regById = new Map(regs.map((r) => [r.registrationId, r]));
      const credentials: TSnapshotCredential[] = [];
      for (const c of credList) {
        const r = regById.get(c.registrationId);
        if (!r) continue;
        const areaIds = areas.filter((a) => (a.ticketIds.length === 0 || a.ticketIds.includes(r.ticketId)) && (a.categoryIds.length === 0 || (!!r.categoryId && a.categoryIds.includes(r.categoryId)))).map((a) => a.id);
        if (areaIds.length === 0) continue;
        credentials.push({
          registrationId: c.registrationId,
          version: c.version,
          revoked: c.status === 'revoked',
          isApproved: r.approvalStatus === 'approved',
          isPaid: r.orderStatus === 'paid',
          ticketId: r.ticketId,
          categoryId: r.categoryId,
          areaIds,
          attendee: attendeeOf(r, colours),
        });
      }
      const presence = (await repo.presenceOf(device.eventId, areas.map((a) => a.id))).map((p) => ({ areaId: p.areaId, registrationId: p.registrationId, inside: p.inside, hasLeft: p.hasLeft }));
      logLater(device, 'snapshot', `snapshot sent (${since ? 'incremental' : 'full'}, ${credentials.length} credentials)`, { full: !since, credentials: credentials.length });
      touch(device);
      return {
        eventId: device.eventId,
        publicKey: await deps.credentials.publicKey(device.eventId),
        device: self,
        areas: self.areas,
        full: !since,
        // Five seconds back: a registration committed just after our read but stamped before it is sent again next time.
        cursor: new Date(generatedAt.getTime() - 5000).toISOString(),
        generatedAt: generatedAt.toISOString(),
        credentials,
        presence,
      };
    },
    syncOffline,

    // ---------------------------------------------------------------- ledger, conflicts, reports
    async listScans(caller: AuthUser, organisationId: string, eventId: string, q: ScanFilters & { page: number; pageSize: number }): Promise<TPage<TCheckinScan>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { items, total } = await repo.listScans(eventId, q, q.pageSize, (q.page - 1) * q.pageSize);
      const e = await enrich(eventId, items);
      return pageOf(
        items.map((s) => scanView(s, e.areas, e.devices, e.regs)),
        total,
        q,
      );
    },
    async exportScans(caller: AuthUser, organisationId: string, eventId: string, q: ScanFilters): Promise<string> {
      await deps.assertEvent(caller, organisationId, eventId);
      const lines = [csvLine(['scannedAt', 'receivedAt', 'area', 'device', 'registrationId', 'attendee', 'direction', 'result', 'source', 'localResult', 'conflict'])];
      for (let offset = 0; offset < 1_000_000; offset += 5000) {
        const { items } = await repo.listScans(eventId, q, 5000, offset);
        const e = await enrich(eventId, items);
        for (const s of items) {
          const v = scanView(s, e.areas, e.devices, e.regs);
          lines.push(csvLine([v.scannedAt, v.receivedAt, v.areaName, v.deviceName, v.registrationId, v.attendeeName, v.direction, v.result, v.source, v.localResult, v.conflict]));
        }
        if (items.length < 5000) break;
      }
      return `${lines.join('\n')}\n`;
    },
    async listConflicts(caller: AuthUser, organisationId: string, eventId: string, q: { page: number; pageSize: number; areaId?: string; deviceId?: string; kind?: string; resolved?: boolean }): Promise<TPage<TCheckinConflict>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { items, total } = await repo.listConflicts(eventId, q, q.pageSize, (q.page - 1) * q.pageSize);
      const e = await enrich(eventId, items);
      return pageOf(
        items.map((c) => ({
          id: c.id,
          kind: c.kind as TCheckinConflictKind,
          areaId: c.areaId,
          areaName: e.areas.get(c.areaId)?.name ?? '',
          deviceId: c.deviceId,
          deviceName: c.deviceId ? (e.devices.get(c.deviceId)?.name ?? null) : null,
          registrationId: c.registrationId,
          attendeeName: c.registrationId ? nameOf(e.regs.get(c.registrationId)) : null,
          localResult: c.localResult as TScanResult,
          serverResult: c.serverResult as TScanResult,
          scannedAt: c.scannedAt.toISOString(),
          detectedAt: c.detectedAt.toISOString(),
          resolvedAt: iso(c.resolvedAt),
          note: c.note,
        })),
        total,
        q,
      );
    },
    async resolveConflict(caller: AuthUser, organisationId: string, eventId: string, conflictId: string, note?: string): Promise<TCheckinConflict> {
      await deps.assertEvent(caller, organisationId, eventId);
      const c = await repo.findConflict(eventId, conflictId);
      if (!c || c.organisationId !== organisationId) throw checkinErrors.conflictNotFound();
      await repo.resolveConflict(conflictId, { resolvedAt: now(), resolvedBy: caller.userId, note: note ?? null });
      const page = await service.listConflicts(caller, organisationId, eventId, { page: 1, pageSize: 100 });
      return page.items.find((i) => i.id === conflictId) ?? (await service.listConflicts(caller, organisationId, eventId, { page: 1, pageSize: 100, resolved: true })).items.find((i) => i.id === conflictId)!;
    },
  };
  return service;
}
export type CheckinScanningService = ReturnType<typeof createCheckinScanningService>;
