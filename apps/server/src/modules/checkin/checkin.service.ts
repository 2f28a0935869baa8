import { createPublicKey, randomBytes, randomUUID, verify as edVerify, type KeyObject } from 'node:crypto';
import {
  TimeRangeFilter,
  timeRangeBounds,
  DEVICE_CODE_TTL_HOURS,
  FOOTFALL_SOCKET_EVENT,
  SCAN_RESULT_LABELS,
  isAdmittingResult,
  parseCredential,
  type TArea,
  type TAreaCapacity,
  type TAreaCreateRequest,
  type TAreaKind,
  type TAreaRules,
  type TAreaRulesInput,
  type TAreaUpdateRequest,
  type TAreaAttendance,
  type TAttendanceDetail,
  type TAttendanceRow,
  type TCheckinConflict,
  type TCheckinConflictKind,
  type TCheckinScan,
  type TDevice,
  type TDeviceArea,
  type TDeviceCommandResult,
  type TDeviceCreateRequest,
  type TDeviceKind,
  type TDeviceLogEntry,
  type TDeviceLogKind,
  type TDevicePairResponse,
  type TDeviceSelf,
  type TDeviceSnapshot,
  type TDeviceUpdateRequest,
  type TDeviceGroup,
  type TDeviceGroupCreateRequest,
  type TDeviceGroupUpdateRequest,
  type TFootfall,
  type TFootfallMessage,
  type THospitalityDeviceEvent,
  type TOccupancy,
  type TOfflineScan,
  type TOfflineSyncItem,
  type TOfflineSyncResponse,
  type TPage,
  type TRelayConfig,
  type TRelayConfigRequest,
  type TRelayResult,
  type TScanAttendee,
  type TScanDirection,
  type TScanResponse,
  type TScanResult,
  type TScanSource,
  type TSnapshotCredential,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import { createBatcher } from '../../platform/batcher.ts';
import { isRetryableLockError, sqlState } from '../../platform/db.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { hashSecret, newId } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { CredentialResolution, CredentialsService } from '../credentials/index.ts';
import type { CheckinRegistrationView } from '../registration/index.ts';
import { checkinErrors } from './checkin.errors.ts';
import { putRelay } from './checkin.relay.ts';
import type { AreaRow, CheckinRepository, DeviceGroupRow, DeviceRow, ScanBatchItem, ScanFilters, ScanInsert, ScanRow } from './checkin.repository.ts';
import { admissionRefusal, attendanceOf, autoExpiry, ruleRefusal, step, type PresenceState } from './checkin.rules.ts';

export type CheckinTesting = {
  /** Race-test control: read presence, then write without the atomic condition. Never set outside tests. */
  unsafeDisableLocking: boolean;
  /** Pause between the read and the write of the unsafe path, so the race shows. */
  raceWindowMs: number;
};

export type CheckinDeps = {
  repo: CheckinRepository;
  credentials: Pick<CredentialsService, 'resolve' | 'resolveMany' | 'publicKey' | 'ensureForEvent' | 'listForEvent'>;
  registrations: (eventId: string, q?: { ids?: string[]; since?: Date }) => Promise<CheckinRegistrationView[]>;
  /** The signed URL of an attendee's photo, or null (registration module). */
  photoUrlOf: (registrationId: string, photoUpdatedAt: Date | null) => string | null;
  /** The event's visitor-category colours (`#rrggbb` by category id; the badges module's event-wide colours). */
  categoryColours?: (eventId: string) => Promise<Record<string, string>>;
  /** Throws (404) unless the caller may see this event. */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<{ organisationId: string; name: string; timeZone: string } | null>;
  realtime: () => Realtime | null;
  audit: Audit;
  now?: () => Date;
  testing: CheckinTesting;
  log?: { error(obj: unknown, msg?: string): void };
  /** After an accepted check-out (online or manual): certificates' attendance rules run for that attendee. */
  onExit?: (eventId: string, registrationId: string) => Promise<unknown>;
};

/** A device as the hot path needs it. */
export type DeviceSession = { id: string; organisationId: string; eventId: string; name: string; kind: TDeviceKind; areaIds: string[]; relayUrl: string | null; relayEnabled: boolean };

type ScanContext = { organisationId: string; eventId: string; area: AreaRow; deviceId: string | null; device: DeviceSession | null; actorUserId: string | null; source: TScanSource };

const CACHE_TTL_MS = 3000;
/** Scan batches: at most this many in the database at once (each for reads and for writes), of at most this many scans. */
const BATCH_IN_FLIGHT = 3;
const BATCH_MAX = 64;
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A short, human-typeable pairing code: 8 Crockford characters (40 bits), shown as XXXX-XXXX. */
function newPairingCode(): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += CODE_ALPHABET[b & 31];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}
/** What the user typed, back to the stored form: case, dashes and spaces ignored, I/L → 1, O → 0. */
export function normaliseCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

export function csvLine(cells: (string | number | boolean | null | undefined)[]): string {
  return cells
    .map((c) => {
      let v = c === null || c === undefined ? '' : String(c);
      // Spreadsheet formula injection: a cell starting with = + - @ is shown as text.
      if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
      return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    })
    .join(',');
}

export function createCheckinService(deps: CheckinDeps) {
  const { repo, testing } = deps;
  const now = deps.now ?? (() => new Date());
  const deviceCache = new Map<string, { device: DeviceSession | null; until: number }>();
  const areaCache = new Map<string, { area: AreaRow | null; until: number }>();
  const relayCache = new Map<string, { devices: DeviceRow[]; until: number }>();
  const seenAt = new Map<string, number>();
  const publicKeys = new Map<string, KeyObject>();
  const footfallLast = new Map<string, number>();
  const footfallTimers = new Map<string, NodeJS.Timeout>();

  // ---------------------------------------------------------------- the gate's two round trips, batched
  // Scans that arrive while earlier ones are in the database leave together: one read of all their credentials and
  // registrations, one statement for all their presence changes and ledger rows. An idle gate's scan leaves at once.
  const lookups = createBatcher<{ eventId: string; credential: string }, { resolution: CredentialResolution; registration?: CheckinRegistrationView }>(
    async (items) => {
      const out = new Array<{ resolution: CredentialResolution; registration?: CheckinRegistrationView }>(items.length);
      const byEvent = new Map<string, number[]>();
      items.forEach((it, i) => {
        const idx = byEvent.get(it.eventId);
        if (idx) idx.push(i);
        else byEvent.set(it.eventId, [i]);
      });
      await Promise.all(
        [...byEvent].map(async ([eventId, idx]) => {
          // The registrations are read while the credentials resolve (their ids are in the QR codes); one is used only
          // if its credential resolves to that same registration.
          const claimed = idx.flatMap((i) => {
            const c = parseCredential(items[i]!.credential);
            return c && c.eventId === eventId ? [c.registrationId] : [];
          });
          const [resolved, regs] = await Promise.all([
            deps.credentials.resolveMany(
              idx.map((i) => items[i]!.credential),
              eventId,
            ),
            claimed.length ? deps.registrations(eventId, { ids: [...new Set(claimed)] }) : Promise.resolve([]),
          ]);
          const byId = new Map(regs.map((r) => [r.registrationId, r]));
          idx.forEach((i, k) => {
            const resolution = resolved[k]!;
            out[i] = { resolution, registration: resolution.credential ? byId.get(resolution.credential.registrationId) : undefined };
          });
        }),
      );
      return out;
    },
    { maxInFlight: BATCH_IN_FLIGHT, maxBatch: BATCH_MAX },
  );
  const writes = createBatcher<ScanBatchItem, string>(
    async (items) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await repo.scanBatch(items);
        } catch (err) {
          // Lost a deadlock with another instance's batch: the statement was rolled back whole, so it can run again.
          if (attempt >= 3 || !isRetryableLockError(err)) throw err;
        }
      }
    },
    { maxInFlight: BATCH_IN_FLIGHT, maxBatch: BATCH_MAX, key: (i) => (i.fixed === null ? `${i.areaId} ${i.registrationId}` : null) },
  );

  // ---------------------------------------------------------------- caches
  function invalidateDevice(deviceId: string) {
    for (const [k, v] of deviceCache) if (!v.device || v.device.id === deviceId) deviceCache.delete(k);
    relayCache.clear();
  }
  function invalidateArea(areaId: string) {
    areaCache.delete(areaId);
  }
  async function areaById(areaId: string): Promise<AreaRow | null> {
    const hit = areaCache.get(areaId);
    if (hit && hit.until > Date.now()) return hit.area;
    const area = await repo.findArea(areaId);
    areaCache.set(areaId, { area, until: Date.now() + CACHE_TTL_MS });
    return area;
  }
  async function areaInEvent(organisationId: string, eventId: string, areaId: string): Promise<AreaRow> {
    const area = await repo.findArea(areaId);
    if (!area || area.organisationId !== organisationId || area.eventId !== eventId) throw checkinErrors.areaNotFound();
    return area;
  }
  async function deviceInEvent(organisationId: string, eventId: string, deviceId: string): Promise<DeviceRow> {
    const d = await repo.findDevice(deviceId);
    if (!d || d.organisationId !== organisationId || d.eventId !== eventId) throw checkinErrors.deviceNotFound();
    return d;
  }
  async function groupInEvent(organisationId: string, eventId: string, groupId: string): Promise<DeviceGroupRow> {
    const g = await repo.findDeviceGroup(groupId);
    if (!g || g.organisationId !== organisationId || g.eventId !== eventId) throw checkinErrors.deviceGroupNotFound();
    return g;
  }
  /** Every listed device must be a live device of this event. */
  async function assertDevices(organisationId: string, eventId: string, deviceIds: string[]) {
    const known = new Set((await repo.listDevices(organisationId, eventId)).map((d) => d.id));
    if (deviceIds.some((id) => !known.has(id))) throw checkinErrors.unknownDevices();
  }
  const sessionOf = (d: DeviceRow): DeviceSession => ({
    id: d.id,
    organisationId: d.organisationId,
    eventId: d.eventId,
    name: d.name,
    kind: d.kind as TDeviceKind,
    areaIds: d.areaIds,
    relayUrl: d.relayUrl,
    relayEnabled: d.relayEnabled,
  });

  // ---------------------------------------------------------------- views
  function areaView(a: AreaRow, inside: number): TArea {
    return {
      id: a.id,
      eventId: a.eventId,
      name: a.name,
      kind: a.kind as TAreaKind,
      ticketIds: a.ticketIds,
      categoryIds: a.categoryIds,
      timeWindows: a.timeWindows,
      tracksExit: a.tracksExit,
      allowsReentry: a.allowsReentry,
      autoCheckoutAt: iso(a.autoCheckoutAt),
      autoCheckoutAfterMinutes: a.autoCheckoutAfterMinutes,
      capacity: a.capacity,
      capacityMode: a.capacityMode as 'refuse' | 'warn',
      displayKey: a.displayKey,
      inside,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    };
  }
  function deviceAreaView(a: AreaRow): TDeviceArea {
    const { displayKey: _k, inside: _i, eventId: _e, createdAt: _c, updatedAt: _u, ...rest } = areaView(a, 0);
    return rest;
  }
  function roomSize(room: string): number {
    const rt = deps.realtime();
    return rt?.hospitality.sockets.adapter.rooms.get(room)?.size ?? 0;
  }
  function deviceView(d: DeviceRow): TDevice {
    return {
      id: d.id,
      eventId: d.eventId,
      name: d.name,
      kind: d.kind as TDeviceKind,
      areaIds: d.areaIds,
      status: d.status as TDevice['status'],
      codeExpiresAt: d.codeHash && d.codeExpiresAt && d.codeExpiresAt > now() ? d.codeExpiresAt.toISOString() : null,
      pairedAt: iso(d.pairedAt),
      lastSeenAt: iso(d.lastSeenAt),
      revokedAt: iso(d.revokedAt),
      relayUrl: d.relayUrl,
      relayEnabled: d.relayEnabled,
      groupId: d.groupId,
      isOnline: roomSize(`device:${d.id}`) > 0,
      createdAt: d.createdAt.toISOString(),
    };
  }
  // Category colours change rarely and every scan shows one: read at most once per CACHE_TTL_MS per event.
  const colourCache = new Map<string, { colours: Record<string, string>; until: number }>();
  async function coloursOf(eventId: string): Promise<Record<string, string>> {
    if (!deps.categoryColours) return {};
    const hit = colourCache.get(eventId);
    if (hit && hit.until > Date.now()) return hit.colours;
    const colours = await deps.categoryColours(eventId);
    colourCache.set(eventId, { colours, until: Date.now() + CACHE_TTL_MS });
    return colours;
  }
  const attendeeOf = (r: CheckinRegistrationView, colours: Record<string, string>): TScanAttendee => ({
    registrationId: r.registrationId,
    registrationNo: r.registrationNo,
    firstName: r.firstName,
    lastName: r.lastName,
    ticketName: r.ticketName,
    categoryName: r.categoryName,
    categoryColour: r.categoryId ? (colours[r.categoryId] ?? null) : null,
    photoUrl: deps.photoUrlOf(r.registrationId, r.photoUpdatedAt),
  });
  const nameOf = (r: CheckinRegistrationView | undefined) => (r ? `${r.firstName} ${r.lastName}`.trim() : null);

  async function assertAreas(organisationId: string, eventId: string, areaIds: string[]) {
    const areas = await repo.listAreas(organisationId, eventId);
    const known = new Set(areas.map((a) => a.id));
    if (areaIds.some((id) => !known.has(id))) throw checkinErrors.unknownAreas();
  }

  async function log(d: { organisationId: string; eventId: string; id: string }, kind: TDeviceLogKind, message: string, meta: Record<string, unknown> = {}) {
    await repo.insertLog({ organisationId: d.organisationId, eventId: d.eventId, deviceId: d.id, kind, message, meta, createdAt: now() });
  }
  function logLater(d: { organisationId: string; eventId: string; id: string }, kind: TDeviceLogKind, message: string, meta: Record<string, unknown> = {}) {
    log(d, kind, message, meta).catch((err) => deps.log?.error({ err }, 'device log failed'));
  }

  // ---------------------------------------------------------------- realtime
  function emitDevice(room: string, event: THospitalityDeviceEvent, eventId: string, deviceId: string | null, reason: string | null): number {
    const rt = deps.realtime();
    if (!rt) return 0;
    rt.hospitality.to(room).emit(event, { event, eventId, deviceId, reason, at: now().toISOString() });
    return roomSize(room);
  }
  function disconnectLater(room: string) {
    const rt = deps.realtime();
    if (!rt) return;
    // Let the deviceLogout packet leave before the socket closes.
    setTimeout(() => rt.hospitality.in(room).disconnectSockets(true), 250).unref();
  }

  // "Today" on a door screen is the venue's day: the event's time zone, read once a minute at most per event.
  const zoneCache = new Map<string, { timeZone: string; until: number }>();
  async function eventZone(eventId: string): Promise<string> {
    const hit = zoneCache.get(eventId);
    if (hit && hit.until > Date.now()) return hit.timeZone;
    const timeZone = (await deps.findEvent(eventId))?.timeZone ?? 'UTC';
    zoneCache.set(eventId, { timeZone, until: Date.now() + 60_000 });
    return timeZone;
  }
  async function startOfEventDay(area: AreaRow, t: Date): Promise<Date> {
    return timeRangeBounds(TimeRangeFilter.Today, t, await eventZone(area.eventId)).from!;
  }

  async function footfallFigures(area: AreaRow): Promise<Omit<TFootfall, 'hours'>> {
    const t = now();
    const dayStart = await startOfEventDay(area, t);
    const [inside, lastHour, today] = await Promise.all([repo.insideCount(area.id), repo.entriesSince(area.id, new Date(t.getTime() - 3_600_000)), repo.entriesSince(area.id, dayStart)]);
    return { areaId: area.id, areaName: area.name, kind: area.kind as TAreaKind, capacity: area.capacity, inside, entriesLastHour: lastHour, entriesToday: today, at: t.toISOString() };
  }
  async function emitFootfall(areaId: string) {
    footfallLast.set(areaId, Date.now());
    const rt = deps.realtime();
    if (!rt) return;
    const area = await areaById(areaId);
    if (!area) return;
    // The event's dashboards refetch their inside / checked-in figures (throttled per event by realtime).
    rt.emitCountsChanged(area.eventId, 'check_in');
    const f = await footfallFigures(area);
    const msg: TFootfallMessage = { areaId, inside: f.inside, entriesLastHour: f.entriesLastHour, entriesToday: f.entriesToday, at: f.at };
    rt.hospitality.to(`area:${areaId}`).emit(FOOTFALL_SOCKET_EVENT, msg);
  }
  /** At most one footfall message per second per area: leading edge, then one trailing message. */
  function scheduleFootfall(areaId: string) {
    if (!deps.realtime()) return;
    if (footfallTimers.has(areaId)) return;
    const since = Date.now() - (footfallLast.get(areaId) ?? 0);
    const fire = () => {
      footfallTimers.delete(areaId);
      emitFootfall(areaId).catch((err) => deps.log?.error({ err }, 'footfall emit failed'));
    };
    if (since >= 1000) {
      footfallLast.set(areaId, Date.now());
      fire();
      return;
    }
    const timer = setTimeout(fire, 1000 - since);
    timer.unref();
    footfallTimers.set(areaId, timer);
  }

  async function reconcileEvent(eventId: string) {
    const areas = await repo.autoCheckout(now(), { eventId });
    for (const a of areas) scheduleFootfall(a);
  }

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
      reg = found.registration;
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

  function touch(d: DeviceSession) {
    const last = seenAt.get(d.id) ?? 0;
    if (Date.now() - last < 30_000) return;
    seenAt.set(d.id, Date.now());
    repo.touchDevices([d.id], now()).catch(() => undefined);
  }

  // ---------------------------------------------------------------- offline
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
    touch(device);
    return { received: scans.length, applied: outcome.applied, duplicates, conflicts, results, ms };
  }

  // ---------------------------------------------------------------- attendance
  const areaRulesOf = (a: AreaRow) => ({ ...a, kind: a.kind as TAreaKind });
  async function attendanceFor(eventId: string, registrationIds: string[] | null, areaFilter: (a: AreaRow) => boolean) {
    const evt = await deps.findEvent(eventId);
    const areas = evt ? (await repo.listAreas(evt.organisationId, eventId)).filter(areaFilter) : [];
    const byId = new Map(areas.map((a) => [a.id, a]));
    const scans = (await repo.acceptedScansOfEvent(eventId, registrationIds)).filter((s) => byId.has(s.areaId));
    const grouped = new Map<string, Map<string, { direction: string; scannedAt: Date }[]>>();
    for (const s of scans) {
      const perReg = grouped.get(s.registrationId) ?? grouped.set(s.registrationId, new Map()).get(s.registrationId)!;
      (perReg.get(s.areaId) ?? perReg.set(s.areaId, []).get(s.areaId)!).push(s);
    }
    const t = now();
    const out = new Map<string, TAreaAttendance[]>();
    for (const [regId, perArea] of grouped) {
      const list: TAreaAttendance[] = [];
      for (const [areaId, events] of perArea) {
        const a = byId.get(areaId)!;
        const f = attendanceOf(areaRulesOf(a), events, t);
        list.push({ areaId, areaName: a.name, areaKind: a.kind as TAreaKind, entries: f.entries, exits: f.exits, minutes: f.minutes, firstEntryAt: iso(f.firstEntryAt), lastExitAt: iso(f.lastExitAt), inside: f.inside });
      }
      out.set(regId, list);
    }
    return out;
  }

  function scanView(s: ScanRow, areas: Map<string, AreaRow>, devices: Map<string, DeviceRow>, regs: Map<string, CheckinRegistrationView>): TCheckinScan {
    return {
      id: String(s.id),
      areaId: s.areaId,
      areaName: areas.get(s.areaId)?.name ?? '',
      deviceId: s.deviceId,
      deviceName: s.deviceId ? (devices.get(s.deviceId)?.name ?? null) : null,
      registrationId: s.registrationId,
      attendeeName: s.registrationId ? nameOf(regs.get(s.registrationId)) : null,
      direction: s.direction as TScanDirection,
      result: s.result as TScanResult,
      source: s.source as TScanSource,
      localResult: (s.localResult as TScanResult | null) ?? null,
      conflict: (s.conflict as TCheckinConflictKind | null) ?? null,
      scannedAt: s.scannedAt.toISOString(),
      receivedAt: s.receivedAt.toISOString(),
    };
  }
  async function enrich(eventId: string, rows: { areaId: string; deviceId: string | null; registrationId: string | null }[]) {
    const [areas, devices, regs] = await Promise.all([
      repo.areasByIds([...new Set(rows.map((r) => r.areaId))]),
      repo.devicesByIds([...new Set(rows.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))]),
      deps.registrations(eventId, { ids: [...new Set(rows.flatMap((r) => (r.registrationId ? [r.registrationId] : [])))] }),
    ]);
    return { areas: new Map(areas.map((a) => [a.id, a])), devices: new Map(devices.map((d) => [d.id, d])), regs: new Map(regs.map((r) => [r.registrationId, r])) };
  }

  async function issueCode(d: DeviceRow): Promise<{ device: DeviceRow; code: string; codeExpiresAt: Date }> {
    for (let attempt = 0; ; attempt++) {
      const code = newPairingCode();
      const codeExpiresAt = new Date(now().getTime() + DEVICE_CODE_TTL_HOURS * 3_600_000);
      try {
        const row = await repo.updateDevice(d.id, { codeHash: hashSecret(normaliseCode(code)), codeExpiresAt, updatedAt: now() });
        return { device: row!, code, codeExpiresAt };
      } catch (err) {
        if (attempt >= 3) throw err; // a 40-bit collision among outstanding codes: try another
      }
    }
  }

  /**
   * A dashboard command to one device (`target` its id), to a device group's devices (`{ groupId }`, each sent the
   * single-device event in its own room), or to every device of the event (`null`, the *All events).
   */
  async function command(caller: AuthUser, organisationId: string, eventId: string, target: string | { groupId: string } | null, event: THospitalityDeviceEvent): Promise<TDeviceCommandResult> {
    await deps.assertEvent(caller, organisationId, eventId);
    let ids: string[];
    let reached = 0;
    if (target) {
      if (typeof target !== 'string') await groupInEvent(organisationId, eventId, target.groupId);
      const devices =
        typeof target === 'string'
          ? [await deviceInEvent(organisationId, eventId, target)]
          : (await repo.listDevices(organisationId, eventId)).filter((d) => d.groupId === target.groupId && d.status !== 'revoked');
      ids = devices.map((d) => d.id);
      for (const d of devices) {
        if (event === 'deviceLogout') {
          await repo.updateDevice(d.id, { tokenHash: null, status: d.status === 'revoked' ? 'revoked' : 'pending', updatedAt: now() });
          invalidateDevice(d.id);
        }
        const got = emitDevice(`device:${d.id}`, event, eventId, d.id, 'dashboard');
        reached += got;
        if (event === 'deviceLogout') disconnectLater(`device:${d.id}`);
        await log(d, event === 'deviceLogout' ? 'logout' : 'command', `${event} from the dashboard${typeof target === 'string' ? '' : ' (device group)'}`, { reached: got, by: caller.userId });
      }
    } else {
      const all = await repo.listDevices(organisationId, eventId);
      ids = all.map((d) => d.id);
      if (event === 'deviceLogoutAll') {
        await repo.updateDevicesOfEvent(organisationId, eventId, { tokenHash: null, updatedAt: now() });
        // Signed-out devices wait for a new pairing; revoked ones stay revoked.
        const active = all.filter((d) => d.status === 'active').map((d) => d.id);
        if (active.length) await repo.setDevicesStatus(active, 'pending');
        for (const d of all) invalidateDevice(d.id);
      }
      reached = emitDevice(`event:${eventId}:devices`, event, eventId, null, 'dashboard');
      if (event === 'deviceLogoutAll') disconnectLater(`event:${eventId}:devices`);
      const at = now();
      const kind: TDeviceLogKind = event === 'deviceLogoutAll' ? 'logout' : 'command';
      await repo.insertLogs(all.map((d) => ({ organisationId: d.organisationId, eventId: d.eventId, deviceId: d.id, kind, message: `${event} from the dashboard`, meta: { by: caller.userId }, createdAt: at })));
    }
    return { event, deviceIds: ids, reached };
  }

  const pageOf = <T>(items: T[], total: number, q: { page: number; pageSize: number }): TPage<T> => ({ items, total, page: q.page, pageSize: q.pageSize });

  function deviceGroupView(g: DeviceGroupRow, devices: DeviceRow[]): TDeviceGroup {
    const members = devices.filter((d) => d.groupId === g.id);
    return {
      id: g.id,
      eventId: g.eventId,
      name: g.name,
      description: g.description,
      deviceIds: members.map((d) => d.id),
      onlineCount: members.filter((d) => roomSize(`device:${d.id}`) > 0).length,
      createdAt: g.createdAt.toISOString(),
      updatedAt: g.updatedAt.toISOString(),
    };
  }
  const groupNameTaken = (err: unknown): never => {
    if (sqlState(err) === '23505') throw checkinErrors.deviceGroupNameTaken();
    throw err;
  };

  const service = {
    testing,
    // ---------------------------------------------------------------- areas
    async listAreas(caller: AuthUser, organisationId: string, eventId: string): Promise<TArea[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      await reconcileEvent(eventId);
      const [areas, counts] = await Promise.all([repo.listAreas(organisationId, eventId), repo.insideCounts(eventId)]);
      return areas.map((a) => areaView(a, counts.get(a.id) ?? 0));
    },
    async getArea(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await reconcileEvent(eventId);
      const a = await areaInEvent(organisationId, eventId, areaId);
      return areaView(a, await repo.insideCount(a.id));
    },
    async createArea(caller: AuthUser, organisationId: string, eventId: string, input: TAreaCreateRequest & TAreaRules & TAreaCapacity): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      const t = now();
      const a = await repo.insertArea({
        id: newId(),
        organisationId,
        eventId,
        name: input.name,
        kind: input.kind,
        ticketIds: input.ticketIds,
        categoryIds: input.categoryIds,
        timeWindows: input.timeWindows,
        tracksExit: input.tracksExit,
        allowsReentry: input.allowsReentry,
        autoCheckoutAt: input.autoCheckoutAt ? new Date(input.autoCheckoutAt) : null,
        autoCheckoutAfterMinutes: input.autoCheckoutAfterMinutes,
        capacity: input.capacity,
        capacityMode: input.capacityMode,
        displayKey: randomBytes(18).toString('base64url'),
        createdAt: t,
        updatedAt: t,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.area.create', target: a.id, meta: { eventId, name: a.name } });
      return areaView(a, 0);
    },
    async updateArea(caller: AuthUser, organisationId: string, eventId: string, areaId: string, patch: TAreaUpdateRequest): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const a = await repo.updateArea(areaId, { ...patch, updatedAt: now() });
      invalidateArea(areaId);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async rotateDisplayKey(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const a = await repo.updateArea(areaId, { displayKey: randomBytes(18).toString('base64url'), updatedAt: now() });
      invalidateArea(areaId);
      const rt = deps.realtime();
      rt?.hospitality.in(`area:${areaId}`).disconnectSockets(true);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async getRules(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TAreaRules> {
      const a = await service.getArea(caller, organisationId, eventId, areaId);
      return { ticketIds: a.ticketIds, categoryIds: a.categoryIds, timeWindows: a.timeWindows, tracksExit: a.tracksExit, allowsReentry: a.allowsReentry, autoCheckoutAt: a.autoCheckoutAt, autoCheckoutAfterMinutes: a.autoCheckoutAfterMinutes };
    },
    async setRules(caller: AuthUser, organisationId: string, eventId: string, areaId: string, rules: TAreaRules | TAreaRulesInput): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const r = rules as TAreaRules;
      const a = await repo.updateArea(areaId, {
        ticketIds: r.ticketIds,
        categoryIds: r.categoryIds,
        timeWindows: r.timeWindows,
        tracksExit: r.tracksExit,
        allowsReentry: r.allowsReentry,
        autoCheckoutAt: r.autoCheckoutAt ? new Date(r.autoCheckoutAt) : null,
        autoCheckoutAfterMinutes: r.autoCheckoutAfterMinutes,
        updatedAt: now(),
      });
      invalidateArea(areaId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.area.rules', target: areaId, meta: { eventId } });
      await reconcileEvent(eventId);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async getCapacity(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TAreaCapacity & { inside: number }> {
      const a = await service.getArea(caller, organisationId, eventId, areaId);
      return { capacity: a.capacity, capacityMode: a.capacityMode, inside: a.inside };
    },
    async setCapacity(caller: AuthUser, organisationId: string, eventId: string, areaId: string, c: TAreaCapacity): Promise<TArea> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      const a = await repo.updateArea(areaId, { capacity: c.capacity, capacityMode: c.capacityMode, updatedAt: now() });
      invalidateArea(areaId);
      return areaView(a!, await repo.insideCount(areaId));
    },
    async deleteArea(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<{ deleted: true }> {
      await deps.assertEvent(caller, organisationId, eventId);
      await areaInEvent(organisationId, eventId, areaId);
      if ((await repo.devicesBoundToArea(areaId)).length > 0) throw checkinErrors.areaInUse();
      await repo.updateArea(areaId, { deletedAt: now(), updatedAt: now() });
      invalidateArea(areaId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.area.delete', target: areaId, meta: { eventId } });
      return { deleted: true };
    },
    async exportAreas(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      const areas = await service.listAreas(caller, organisationId, eventId);
      const lines = [csvLine(['id', 'name', 'kind', 'inside', 'capacity', 'capacityMode', 'ticketIds', 'categoryIds', 'timeWindows', 'tracksExit', 'allowsReentry', 'autoCheckoutAt', 'autoCheckoutAfterMinutes'])];
      for (const a of areas)
        lines.push(
          csvLine([
            a.id,
            a.name,
            a.kind,
            a.inside,
            a.capacity,
            a.capacityMode,
            a.ticketIds.join(' '),
            a.categoryIds.join(' '),
            a.timeWindows.map((w) => `${w.start}/${w.end}`).join(' '),
            a.tracksExit,
            a.allowsReentry,
            a.autoCheckoutAt,
            a.autoCheckoutAfterMinutes,
          ]),
        );
      return `${lines.join('\n')}\n`;
    },

    // ---------------------------------------------------------------- devices
    async listDevices(caller: AuthUser, organisationId: string, eventId: string): Promise<TDevice[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      return (await repo.listDevices(organisationId, eventId)).map(deviceView);
    },
    async getDevice(caller: AuthUser, organisationId: string, eventId: string, deviceId: string): Promise<TDevice> {
      await deps.assertEvent(caller, organisationId, eventId);
      return deviceView(await deviceInEvent(organisationId, eventId, deviceId));
    },
    async createDevice(caller: AuthUser, organisationId: string, eventId: string, input: TDeviceCreateRequest) {
      await deps.assertEvent(caller, organisationId, eventId);
      await assertAreas(organisationId, eventId, input.areaIds);
      const t = now();
      const d = await repo.insertDevice({
        id: newId(),
        organisationId,
        eventId,
        name: input.name,
        kind: input.kind,
        areaIds: [...new Set(input.areaIds)],
        status: 'pending',
        relayUrl: input.relayUrl ?? null,
        relayEnabled: !!input.relayUrl,
        createdAt: t,
        updatedAt: t,
      });
      const issued = await issueCode(d);
      await log(d, 'code', 'device created, pairing code issued', { by: caller.userId });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device.create', target: d.id, meta: { eventId, name: d.name } });
      return { device: deviceView(issued.device), code: issued.code, codeExpiresAt: issued.codeExpiresAt.toISOString() };
    },
    async updateDevice(caller: AuthUser, organisationId: string, eventId: string, deviceId: string, patch: TDeviceUpdateRequest): Promise<TDevice> {
      await deps.assertEvent(caller, organisationId, eventId);
      await deviceInEvent(organisationId, eventId, deviceId);
      if (patch.areaIds) await assertAreas(organisationId, eventId, patch.areaIds);
      if (patch.groupId) await groupInEvent(organisationId, eventId, patch.groupId).catch(() => Promise.reject(checkinErrors.unknownDeviceGroup()));
      const d = await repo.updateDevice(deviceId, { ...patch, ...(patch.areaIds ? { areaIds: [...new Set(patch.areaIds)] } : {}), updatedAt: now() });
      invalidateDevice(deviceId);
      emitDevice(`device:${deviceId}`, 'deviceRefresh', eventId, deviceId, 'configuration changed');
      return deviceView(d!);
    },
    async newCode(caller: AuthUser, organisationId: string, eventId: string, deviceId: string) {
      await deps.assertEvent(caller, organisationId, eventId);
      const d = await deviceInEvent(organisationId, eventId, deviceId);
      if (d.status === 'revoked') throw checkinErrors.deviceRevoked();
      const issued = await issueCode(d);
      await log(d, 'code', 'new pairing code issued', { by: caller.userId });
      return { device: deviceView(issued.device), code: issued.code, codeExpiresAt: issued.codeExpiresAt.toISOString() };
    },
    async revokeDevice(caller: AuthUser, organisationId: string, eventId: string, deviceId: string, remove = false): Promise<TDevice> {
      await deps.assertEvent(caller, organisationId, eventId);
      await deviceInEvent(organisationId, eventId, deviceId);
      const t = now();
      const d = await repo.updateDevice(deviceId, { status: 'revoked', tokenHash: null, codeHash: null, codeExpiresAt: null, revokedAt: t, updatedAt: t, ...(remove ? { deletedAt: t } : {}) });
      invalidateDevice(deviceId);
      emitDevice(`device:${deviceId}`, 'deviceLogout', eventId, deviceId, remove ? 'deleted' : 'revoked');
      disconnectLater(`device:${deviceId}`);
      await log(d!, 'revoke', remove ? 'device deleted' : 'device revoked', { by: caller.userId });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: remove ? 'checkin.device.delete' : 'checkin.device.revoke', target: deviceId, meta: { eventId } });
      return deviceView(d!);
    },
    async exportDevices(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      const devices = await service.listDevices(caller, organisationId, eventId);
      const lines = [csvLine(['id', 'name', 'kind', 'status', 'areaIds', 'pairedAt', 'lastSeenAt', 'revokedAt', 'relayUrl', 'relayEnabled'])];
      for (const d of devices) lines.push(csvLine([d.id, d.name, d.kind, d.status, d.areaIds.join(' '), d.pairedAt, d.lastSeenAt, d.revokedAt, d.relayUrl, d.relayEnabled]));
      return `${lines.join('\n')}\n`;
    },
    command,

    // ---------------------------------------------------------------- device groups (AP-283..287)
    async listDeviceGroups(caller: AuthUser, organisationId: string, eventId: string): Promise<TDeviceGroup[]> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [groups, devices] = await Promise.all([repo.listDeviceGroups(organisationId, eventId), repo.listDevices(organisationId, eventId)]);
      return groups.map((g) => deviceGroupView(g, devices));
    },
    async createDeviceGroup(caller: AuthUser, organisationId: string, eventId: string, input: TDeviceGroupCreateRequest): Promise<TDeviceGroup> {
      await deps.assertEvent(caller, organisationId, eventId);
      const deviceIds = [...new Set(input.deviceIds ?? [])];
      await assertDevices(organisationId, eventId, deviceIds);
      const t = now();
      const g = await repo
        .transaction(async (tx) => {
          const row = await repo.insertDeviceGroup({ id: newId(), organisationId, eventId, name: input.name, description: input.description ?? '', createdAt: t, updatedAt: t }, tx);
          await repo.setGroupMembers(organisationId, eventId, row.id, deviceIds, tx);
          return row;
        })
        .catch(groupNameTaken);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device_group.create', target: g.id, meta: { eventId, name: g.name, devices: deviceIds.length } });
      return deviceGroupView(g, await repo.listDevices(organisationId, eventId));
    },
    async updateDeviceGroup(caller: AuthUser, organisationId: string, eventId: string, groupId: string, patch: TDeviceGroupUpdateRequest): Promise<TDeviceGroup> {
      await deps.assertEvent(caller, organisationId, eventId);
      await groupInEvent(organisationId, eventId, groupId);
      const deviceIds = patch.deviceIds ? [...new Set(patch.deviceIds)] : null;
      if (deviceIds) await assertDevices(organisationId, eventId, deviceIds);
      const g = await repo
        .transaction(async (tx) => {
          const { deviceIds: _members, ...fields } = patch;
          const row = await repo.updateDeviceGroup(groupId, { ...fields, updatedAt: now() }, tx);
          if (deviceIds) await repo.setGroupMembers(organisationId, eventId, groupId, deviceIds, tx);
          return row!;
        })
        .catch(groupNameTaken);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device_group.update', target: groupId, meta: { eventId, ...(deviceIds ? { devices: deviceIds.length } : {}) } });
      return deviceGroupView(g, await repo.listDevices(organisationId, eventId));
    },
    async deleteDeviceGroup(caller: AuthUser, organisationId: string, eventId: string, groupId: string): Promise<void> {
      await deps.assertEvent(caller, organisationId, eventId);
      const g = await groupInEvent(organisationId, eventId, groupId);
      await repo.deleteDeviceGroup(groupId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device_group.delete', target: groupId, meta: { eventId, name: g.name } });
    },
    async exportDeviceGroups(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      const groups = await service.listDeviceGroups(caller, organisationId, eventId);
      const names = new Map((await repo.listDevices(organisationId, eventId)).map((d) => [d.id, d.name]));
      const lines = [csvLine(['id', 'name', 'description', 'devices', 'deviceNames', 'createdAt'])];
      for (const g of groups) lines.push(csvLine([g.id, g.name, g.description, g.deviceIds.length, g.deviceIds.map((id) => names.get(id) ?? id).join('; '), g.createdAt]));
      return `${lines.join('\n')}\n`;
    },
    async getRelay(caller: AuthUser, organisationId: string, eventId: string, deviceId: string): Promise<TRelayConfig> {
      await deps.assertEvent(caller, organisationId, eventId);
      const d = await deviceInEvent(organisationId, eventId, deviceId);
      return { relayUrl: d.relayUrl, relayEnabled: d.relayEnabled, lastRelayAt: iso(d.lastRelayAt), lastRelayStatus: d.lastRelayStatus };
    },
    async setRelay(caller: AuthUser, organisationId: string, eventId: string, deviceId: string, input: TRelayConfigRequest): Promise<TRelayConfig> {
      await deps.assertEvent(caller, organisationId, eventId);
      await deviceInEvent(organisationId, eventId, deviceId);
      const d = await repo.updateDevice(deviceId, { relayUrl: input.relayUrl, relayEnabled: input.relayEnabled && !!input.relayUrl, updatedAt: now() });
      invalidateDevice(deviceId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'checkin.device.relay', target: deviceId, meta: { eventId, relayUrl: input.relayUrl } });
      return { relayUrl: d!.relayUrl, relayEnabled: d!.relayEnabled, lastRelayAt: iso(d!.lastRelayAt), lastRelayStatus: d!.lastRelayStatus };
    },
    async toggleRelay(caller: AuthUser, organisationId: string, eventId: string, deviceId: string): Promise<TRelayResult> {
      await deps.assertEvent(caller, organisationId, eventId);
      const d = await deviceInEvent(organisationId, eventId, deviceId);
      if (!d.relayUrl) throw checkinErrors.relayNotConfigured();
      const r = await putRelay(d.relayUrl);
      await repo.updateDevice(d.id, { lastRelayAt: now(), lastRelayStatus: r.ok ? `HTTP ${r.httpStatus}` : (r.error ?? 'failed') });
      await log(d, 'relay', `PUT relay: ${r.ok ? 'ok' : r.error} (toggled from the dashboard)`, { ...r, by: caller.userId });
      return r;
    },
    async listLogs(caller: AuthUser, organisationId: string, eventId: string, q: { page: number; pageSize: number; deviceId?: string; kind?: TDeviceLogKind }): Promise<TPage<TDeviceLogEntry>> {
      await deps.assertEvent(caller, organisationId, eventId);
      const { items, total } = await repo.listLogs(eventId, { deviceId: q.deviceId, kind: q.kind, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const devices = new Map((await repo.devicesByIds([...new Set(items.map((i) => i.device_id))])).map((d) => [d.id, d]));
      return pageOf(
        items.map((i) => ({ id: i.id, deviceId: i.device_id, deviceName: devices.get(i.device_id)?.name ?? '', kind: i.kind as TDeviceLogKind, message: i.message, meta: i.meta ?? {}, at: new Date(i.at).toISOString() })),
        total,
        q,
      );
    },
    async exportLogs(caller: AuthUser, organisationId: string, eventId: string, q: { deviceId?: string; kind?: TDeviceLogKind }): Promise<string> {
      const lines = [csvLine(['at', 'deviceId', 'deviceName', 'kind', 'message'])];
      for (let page = 1; page <= 1000; page++) {
        const p = await service.listLogs(caller, organisationId, eventId, { ...q, page, pageSize: 100 });
        for (const i of p.items) lines.push(csvLine([i.at, i.deviceId, i.deviceName, i.kind, i.message]));
        if (page * 100 >= p.total) break;
      }
      return `${lines.join('\n')}\n`;
    },

    // ---------------------------------------------------------------- device side
    /** The device behind a token, cached for a few seconds; revocation invalidates this instance's cache at once. */
    async authenticateDevice(token: string): Promise<DeviceSession | null> {
      if (!token.startsWith('pvd_') || token.length > 200) return null;
      const h = hashSecret(token);
      const hit = deviceCache.get(h);
      if (hit && hit.until > Date.now()) return hit.device;
      const row = await repo.findDeviceByToken(h);
      const device = row ? sessionOf(row) : null;
      deviceCache.set(h, { device, until: Date.now() + CACHE_TTL_MS });
      return device;
    },
    async pair(code: string): Promise<TDevicePairResponse> {
      const h = hashSecret(normaliseCode(code));
      const token = `pvd_${randomBytes(32).toString('base64url')}`;
      const row = await repo.consumeCode(h, hashSecret(token), now());
      if (!row) {
        const d = await repo.findDeviceByCode(h);
        if (d?.status === 'revoked') throw checkinErrors.deviceRevoked();
        throw checkinErrors.codeInvalid();
      }
      invalidateDevice(row.id);
      await log(row, 'pair', 'device paired with its one-time code');
      return { deviceToken: token, device: await service.deviceSelf(sessionOf(row)) };
    },
    async deviceSelf(device: DeviceSession): Promise<TDeviceSelf> {
      const evt = await deps.findEvent(device.eventId);
      const areas = (await repo.areasByIds(device.areaIds)).filter((a) => !a.deletedAt);
      return {
        id: device.id,
        name: device.name,
        kind: device.kind,
        eventId: device.eventId,
        eventName: evt?.name ?? '',
        areas: areas.map(deviceAreaView),
        hasRelay: !!(device.relayEnabled && device.relayUrl),
      };
    },
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
      const self = await service.deviceSelf(device);
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
    async footfall(caller: AuthUser, organisationId: string, eventId: string, areaId: string): Promise<TFootfall> {
      await deps.assertEvent(caller, organisationId, eventId);
      return service.footfallOf(await areaInEvent(organisationId, eventId, areaId));
    },
    async footfallOf(area: AreaRow): Promise<TFootfall> {
      await repo.autoCheckout(now(), { areaId: area.id });
      const f = await footfallFigures(area);
      const t = new Date(f.at);
      const dayStart = await startOfEventDay(area, t);
      const rows = new Map((await repo.hourly(area.id, dayStart)).map((r) => [r.hour.getTime(), r]));
      const hours = [];
      for (let h = dayStart.getTime(); h <= t.getTime(); h += 3_600_000) {
        const r = rows.get(h);
        hours.push({ hour: new Date(h).toISOString(), entries: r?.entries ?? 0, exits: r?.exits ?? 0 });
      }
      return { ...f, hours };
    },
    /** Public footfall page: the area and its display key must match (404 otherwise, so keys cannot be probed). */
    async publicFootfall(areaId: string, key: string): Promise<TFootfall> {
      const area = await service.checkDisplayKey(areaId, key);
      if (!area) throw checkinErrors.areaNotFound();
      return service.footfallOf(area);
    },
    async checkDisplayKey(areaId: string, key: string): Promise<AreaRow | null> {
      const area = await repo.findArea(areaId);
      if (!area || area.displayKey.length !== key.length) return null;
      const { timingSafeEqual } = await import('node:crypto');
      return timingSafeEqual(Buffer.from(area.displayKey), Buffer.from(key)) ? area : null;
    },
    async exportFootfall(caller: AuthUser, organisationId: string, eventId: string): Promise<string> {
      await deps.assertEvent(caller, organisationId, eventId);
      const lines = [csvLine(['area', 'hour', 'entries', 'exits'])];
      for (const a of await repo.listAreas(organisationId, eventId)) {
        const f = await service.footfallOf(a);
        for (const h of f.hours) lines.push(csvLine([a.name, h.hour, h.entries, h.exits]));
      }
      return `${lines.join('\n')}\n`;
    },
    async occupancy(caller: AuthUser, organisationId: string, eventId: string): Promise<TOccupancy> {
      const areas = await service.listAreas(caller, organisationId, eventId);
      return {
        items: areas.map((a) => ({ areaId: a.id, areaName: a.name, kind: a.kind, inside: a.inside, capacity: a.capacity })),
        totalInside: areas.reduce((n, a) => n + a.inside, 0),
        at: now().toISOString(),
      };
    },
    async attendance(caller: AuthUser, organisationId: string, eventId: string, q: { page: number; pageSize: number; areaId?: string; kind?: TAreaKind }): Promise<TPage<TAttendanceRow>> {
      await deps.assertEvent(caller, organisationId, eventId);
      await reconcileEvent(eventId);
      const areas = (await repo.listAreas(organisationId, eventId)).filter((a) => (!q.areaId || a.id === q.areaId) && (!q.kind || a.kind === q.kind));
      const filter = q.areaId || q.kind ? areas.map((a) => a.id) : null;
      const { ids, total } = await repo.attendeePage(eventId, filter, q.pageSize, (q.page - 1) * q.pageSize);
      const ids2 = new Set(areas.map((a) => a.id));
      const att = await attendanceFor(eventId, ids, (a) => ids2.has(a.id));
      const regs = new Map((await deps.registrations(eventId, { ids })).map((r) => [r.registrationId, r]));
      const colours = await coloursOf(eventId);
      return pageOf(
        ids.map((id) => {
          const list = att.get(id) ?? [];
          const r = regs.get(id);
          return { registrationId: id, attendee: r ? attendeeOf(r, colours) : null, totalMinutes: list.reduce((n, a) => n + a.minutes, 0), areas: list };
        }),
        total,
        q,
      );
    },
    async exportAttendance(caller: AuthUser, organisationId: string, eventId: string, q: { areaId?: string; kind?: TAreaKind }): Promise<string> {
      const lines = [csvLine(['registrationId', 'registrationNo', 'firstName', 'lastName', 'ticket', 'category', 'area', 'areaKind', 'entries', 'exits', 'minutes', 'firstEntryAt', 'lastExitAt', 'inside'])];
      for (let page = 1; page <= 10_000; page++) {
        const p = await service.attendance(caller, organisationId, eventId, { ...q, page, pageSize: 100 });
        for (const row of p.items)
          for (const a of row.areas)
            lines.push(
              csvLine([
                row.registrationId,
                row.attendee?.registrationNo,
                row.attendee?.firstName,
                row.attendee?.lastName,
                row.attendee?.ticketName,
                row.attendee?.categoryName,
                a.areaName,
                a.areaKind,
                a.entries,
                a.exits,
                a.minutes,
                a.firstEntryAt,
                a.lastExitAt,
                a.inside,
              ]),
            );
        if (page * 100 >= p.total) break;
      }
      return `${lines.join('\n')}\n`;
    },
    async attendanceDetail(caller: AuthUser, organisationId: string, eventId: string, registrationId: string): Promise<TAttendanceDetail> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [reg] = await deps.registrations(eventId, { ids: [registrationId] });
      if (!reg || reg.organisationId !== organisationId) throw checkinErrors.registrationNotFound();
      await reconcileEvent(eventId);
      const att = await attendanceFor(eventId, [registrationId], () => true);
      const { items } = await repo.listScans(eventId, { registrationId }, 1000, 0);
      const e = await enrich(eventId, items);
      return { registrationId, attendee: attendeeOf(reg, await coloursOf(eventId)), areas: att.get(registrationId) ?? [], scans: items.reverse().map((s) => scanView(s, e.areas, e.devices, e.regs)) };
    },
    /** For certificate attendance rules: minutes and entries per area of every registration with accepted scans. */
    async attendanceSummaries(eventId: string): Promise<{ registrationId: string; areas: { areaId: string; areaKind: TAreaKind; minutes: number; entries: number }[] }[]> {
      await repo.autoCheckout(now(), { eventId });
      const att = await attendanceFor(eventId, null, () => true);
      return [...att].map(([registrationId, areas]) => ({ registrationId, areas: areas.map((a) => ({ areaId: a.areaId, areaKind: a.areaKind, minutes: a.minutes, entries: a.entries })) }));
    },
    /** Dashboard overview: distinct registrations admitted in the range, and people inside now. */
    async overviewFigures(organisationId: string, eventId: string, from: Date | null, to: Date): Promise<{ checkIns: number; liveFootfall: number }> {
      await repo.autoCheckout(now(), { eventId });
      const [checkIns, liveFootfall] = await Promise.all([repo.eventAdmissions(organisationId, eventId, from, to), repo.eventInside(organisationId, eventId)]);
      return { checkIns, liveFootfall };
    },
    /** The periodic automatic check-out (all events). */
    async reconcileAll(): Promise<void> {
      const areas = await repo.autoCheckout(now());
      for (const a of areas) scheduleFootfall(a);
    },
    expiryOf: autoExpiry,
    nonce: randomUUID,
    close() {
      for (const t of footfallTimers.values()) clearTimeout(t);
      footfallTimers.clear();
    },
  };
  return service;
}
export type CheckinService = ReturnType<typeof createCheckinService>;
