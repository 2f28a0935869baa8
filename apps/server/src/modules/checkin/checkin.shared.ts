import {
  TimeRangeFilter,
  timeRangeBounds,
  FOOTFALL_SOCKET_EVENT,
  type TAreaKind,
  type TCheckinConflictKind,
  type TCheckinScan,
  type TDeviceKind,
  type TDeviceLogKind,
  type TFootfall,
  type TFootfallMessage,
  type TPage,
  type TScanAttendee,
  type TScanDirection,
  type TScanResult,
  type TScanSource,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser } from '../../platform/auth-guard.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { CredentialsService } from '../credentials/index.ts';
import type { CheckinRegistrationView } from '../registration/index.ts';
import { checkinErrors } from './checkin.errors.ts';
import type { AreaRow, CheckinRepository, DeviceRow, ScanRow } from './checkin.repository.ts';

// What the four check-in services (areas, devices, scanning, attendance) share: the module's dependencies, a few pure
// helpers, and one small set of caches and notifiers built once per module (createCheckinShared), so that a change
// made through one service (an area edited, a device revoked) is seen at once by the others.

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
  /** The sockets (null in service tests). */
  realtime: Realtime | null;
  audit: Audit;
  now?: () => Date;
  testing: CheckinTesting;
  log?: { error(obj: unknown, msg?: string): void };
  /** After an accepted check-out (online or manual): certificates' attendance rules run for that attendee. */
  onExit?: (eventId: string, registrationId: string) => Promise<unknown>;
  /**
   * After a scan that put someone through an area's door (admitted, exited, or already inside: a person present),
   * online or from an offline sync: programme counts session attendance from it (the `checkin.admitted` event).
   */
  onPresence?: (fact: CheckinPresence) => Promise<unknown>;
};

/** A person seen at an area's door at `at` (ISO instant), going in or out (`checkin.admitted`). */
export type CheckinPresence = { eventId: string; areaId: string; registrationId: string; at: string; direction: 'in' | 'out' };

/** A device as the hot path needs it. */
export type DeviceSession = { id: string; organisationId: string; eventId: string; name: string; kind: TDeviceKind; areaIds: string[]; relayUrl: string | null; relayEnabled: boolean };

/** The repository methods the shared helpers use. Each service names the rest of what it needs (its own Pick). */
export type SharedRepository = Pick<CheckinRepository, 'findArea' | 'areasByIds' | 'devicesByIds' | 'insertLog' | 'touchDevices' | 'insideCount' | 'entriesSince' | 'autoCheckout'>;

/** A service's dependencies: the module's, with the repository narrowed to the methods that service uses. */
export type ServiceDeps<R> = Omit<CheckinDeps, 'repo'> & { repo: R };

export const CACHE_TTL_MS = 3000;
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const pageOf = <T>(items: T[], total: number, q: { page: number; pageSize: number }): TPage<T> => ({ items, total, page: q.page, pageSize: q.pageSize });

/** One CSV line of an export (platform/csv.ts: quoting and the formula-injection guard). */
export { csvLine } from '../../platform/csv.ts';

export function createCheckinShared(deps: ServiceDeps<SharedRepository>) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const deviceCache = new Map<string, { device: DeviceSession | null; until: number }>();
  const areaCache = new Map<string, { area: AreaRow | null; until: number }>();
  const relayCache = new Map<string, { devices: DeviceRow[]; until: number }>();
  const seenAt = new Map<string, number>();
  const footfallLast = new Map<string, number>();
  const footfallTimers = new Map<string, NodeJS.Timeout>();

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
  function roomSize(room: string): number {
    const rt = deps.realtime;
    return rt?.hospitality.sockets.adapter.rooms.get(room)?.size ?? 0;
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

  async function log(d: { organisationId: string; eventId: string; id: string }, kind: TDeviceLogKind, message: string, meta: Record<string, unknown> = {}) {
    await repo.insertLog({ organisationId: d.organisationId, eventId: d.eventId, deviceId: d.id, kind, message, meta, createdAt: now() });
  }
  function logLater(d: { organisationId: string; eventId: string; id: string }, kind: TDeviceLogKind, message: string, meta: Record<string, unknown> = {}) {
    log(d, kind, message, meta).catch((err) => deps.log?.error({ err }, 'device log failed'));
  }


  /** A device's last-seen time, written at most every 30 s. */
  function touch(d: DeviceSession) {
    const last = seenAt.get(d.id) ?? 0;
    if (Date.now() - last < 30_000) return;
    seenAt.set(d.id, Date.now());
    repo.touchDevices([d.id], now()).catch(() => undefined);
  }

  // ---------------------------------------------------------------- footfall
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
    const rt = deps.realtime;
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
    if (!deps.realtime) return;
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

  // ---------------------------------------------------------------- the scan ledger's rows, named
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


  return {
    now,
    deviceCache,
    relayCache,
    invalidateDevice,
    invalidateArea,
    areaById,
    areaInEvent,
    roomSize,
    coloursOf,
    attendeeOf,
    nameOf,
    log,
    logLater,
    touch,
    startOfEventDay,
    footfallFigures,
    scheduleFootfall,
    reconcileEvent,
    scanView,
    enrich,
    close() {
      for (const t of footfallTimers.values()) clearTimeout(t);
      footfallTimers.clear();
    },
  };
}
export type CheckinShared = ReturnType<typeof createCheckinShared>;
