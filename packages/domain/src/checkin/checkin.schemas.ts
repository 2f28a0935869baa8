import { z } from 'zod';
import { ZPageQuery, zPage } from '../common/pagination.ts';
import { isNonBlank } from '../validation/text.ts';
import { ZEventPublicKey } from './credential.schemas.ts';
import { AREA_KINDS, DEVICE_KINDS, HOSPITALITY_DEVICE_EVENTS, SCAN_DIRECTIONS, SCAN_RESULTS } from './checkin.enums.ts';

// Onsite check-in: areas, devices, scans (online and offline), presence, footfall and attendance (issue #5).
// Routes: checkin.routes.ts beside this file. Times are ISO 8601 with an offset.

const zId = z.string().min(1).max(64);
const zName = (max = 120) => z.string().trim().min(1).max(max).refine(isNonBlank, { message: 'required' });
const zDateTime = z.iso.datetime({ offset: true });
/** A credential string as scanned: bounded so a hostile QR cannot make the server parse megabytes. */
const zCredentialRaw = z.string().min(1).max(512);

// ---------------------------------------------------------------- enums local to the API
/** What a full area does: refuse further entries (`area_full`) or admit with a warning. */
export const CAPACITY_MODES = ['refuse', 'warn'] as const;
export type TCapacityMode = (typeof CAPACITY_MODES)[number];

/** Where a ledger row came from. `auto` = automatic check-out by the area's rule. */
export const SCAN_SOURCES = ['online', 'offline', 'manual', 'auto'] as const;
export type TScanSource = (typeof SCAN_SOURCES)[number];

/**
 * What the server flags after an offline sync:
 * - double_admission: the device admitted, but the credential was already inside this area at that time
 *   (two offline gates, or an online gate and an offline one).
 * - refused_admitted: the device admitted, but the server refuses the scan for another reason (revoked before the
 *   scan time, re-issued, not approved, not paid, wrong area, outside the window, no re-entry...).
 * - over_capacity: the device admitted while offline, and with it the area (capacity mode refuse) holds more people
 *   than its capacity; the person is counted inside, and the conflict's server result is area_full.
 */
export const CHECKIN_CONFLICT_KINDS = ['double_admission', 'refused_admitted', 'over_capacity'] as const;
export type TCheckinConflictKind = (typeof CHECKIN_CONFLICT_KINDS)[number];

export const DEVICE_STATUSES = ['pending', 'active', 'revoked'] as const;
export type TDeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DEVICE_LOG_KINDS = ['pair', 'scan', 'sync', 'snapshot', 'relay', 'logout', 'revoke', 'code', 'command'] as const;
export type TDeviceLogKind = (typeof DEVICE_LOG_KINDS)[number];

/** Header a device may use instead of `Authorization: Bearer <deviceToken>`. */
export const DEVICE_TOKEN_HEADER = 'x-device-token';
/** A pairing (one-time) code lives this long. */
export const DEVICE_CODE_TTL_HOURS = 24;
/** Largest offline batch one sync call takes. */
export const MAX_OFFLINE_BATCH = 10_000;
/** Socket event carrying live footfall to room `area:<areaId>` on /hospitalityservices. */
export const FOOTFALL_SOCKET_EVENT = 'footfall';

// ---------------------------------------------------------------- params
export const ZCheckinEventParams = z.object({ eventId: zId });
export const ZCheckinAreaParams = z.object({ eventId: zId, areaId: zId });
export const ZCheckinDeviceParams = z.object({ eventId: zId, deviceId: zId });
export const ZCheckinRegistrationParams = z.object({ eventId: zId, registrationId: zId });
export const ZCheckinConflictParams = z.object({ eventId: zId, conflictId: zId });
export const ZPublicFootfallParams = z.object({ areaId: zId });
export const ZPublicFootfallQuery = z.object({ key: z.string().min(8).max(128) });

// ---------------------------------------------------------------- areas
export const ZAreaTimeWindow = z
  .strictObject({ start: zDateTime, end: zDateTime })
  .superRefine((v, ctx) => {
    if (Date.parse(v.end) <= Date.parse(v.start)) ctx.addIssue({ code: 'custom', message: 'timeCampare', path: ['end'] });
  });
export type TAreaTimeWindow = z.infer<typeof ZAreaTimeWindow>;

/** Access rules (AP-266/267). Empty ticketIds / categoryIds = every ticket / category. No windows = always open. */
export const ZAreaRules = z.strictObject({
  ticketIds: z.array(zId).max(200).default([]),
  categoryIds: z.array(zId).max(200).default([]),
  timeWindows: z.array(ZAreaTimeWindow).max(50).default([]),
  /** Exit scans are accepted and presence is tracked out. When false, an `out` scan is refused as `wrong_area`. */
  tracksExit: z.boolean().default(true),
  /** After an exit, a new entry is allowed; otherwise `no_reentry`. */
  allowsReentry: z.boolean().default(true),
  /** Everyone still inside is checked out at this instant (e.g. the hall closes). */
  autoCheckoutAt: zDateTime.nullable().default(null),
  /** Each presence is closed this many minutes after its entry (e.g. a 60-minute session). */
  autoCheckoutAfterMinutes: z.number().int().min(1).max(7 * 24 * 60).nullable().default(null),
});
export type TAreaRules = z.infer<typeof ZAreaRules>;
export type TAreaRulesInput = z.input<typeof ZAreaRules>;

/** Capacity (AP-268/269). null = unlimited. */
export const ZAreaCapacity = z.strictObject({
  capacity: z.number().int().min(1).max(1_000_000).nullable().default(null),
  capacityMode: z.enum(CAPACITY_MODES).default('warn'),
});
export type TAreaCapacity = z.infer<typeof ZAreaCapacity>;

export const ZAreaCreateRequest = z.strictObject({
  name: zName(),
  kind: z.enum(AREA_KINDS),
  ...ZAreaRules.shape,
  ...ZAreaCapacity.shape,
});
export type TAreaCreateRequest = z.input<typeof ZAreaCreateRequest>;

/** AP-263: name and kind only; rules and capacity have their own calls (and codes). */
export const ZAreaUpdateRequest = z.strictObject({ name: zName().optional(), kind: z.enum(AREA_KINDS).optional() });
export type TAreaUpdateRequest = z.infer<typeof ZAreaUpdateRequest>;

/** What a device needs of an area to decide offline (snapshot) and to show its name. */
export const ZDeviceArea = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(AREA_KINDS),
  ticketIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  timeWindows: z.array(z.object({ start: z.string(), end: z.string() })),
  tracksExit: z.boolean(),
  allowsReentry: z.boolean(),
  autoCheckoutAt: z.string().nullable(),
  autoCheckoutAfterMinutes: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  capacityMode: z.enum(CAPACITY_MODES),
});
export type TDeviceArea = z.infer<typeof ZDeviceArea>;

/** An area as the organiser sees it: what devices get, plus its event, footfall key, live count and times. */
export const ZArea = ZDeviceArea.extend({
  eventId: z.string(),
  /** Secret of the public footfall page: `footfall-ct/<areaId>?key=<displayKey>`. Rotate to revoke old links. */
  displayKey: z.string(),
  /** People inside now (after automatic check-out). */
  inside: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TArea = z.infer<typeof ZArea>;

// ---------------------------------------------------------------- devices
const zRelayUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { message: 'invalidRelayUrl' },
  );

export const ZDeviceCreateRequest = z.strictObject({
  name: zName(),
  kind: z.enum(DEVICE_KINDS),
  areaIds: z.array(zId).min(1).max(50),
  relayUrl: zRelayUrl.nullable().optional(),
});
export type TDeviceCreateRequest = z.infer<typeof ZDeviceCreateRequest>;

export const ZDeviceUpdateRequest = z.strictObject({
  name: zName().optional(),
  kind: z.enum(DEVICE_KINDS).optional(),
  areaIds: z.array(zId).min(1).max(50).optional(),
  /** The device group it belongs to (AP-283..287); null takes it out of its group. */
  groupId: zId.nullable().optional(),
});
export type TDeviceUpdateRequest = z.infer<typeof ZDeviceUpdateRequest>;

export const ZDevice = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  areaIds: z.array(z.string()),
  status: z.enum(DEVICE_STATUSES),
  /** A pairing code is outstanding until this time (null: none). The code itself is shown only once. */
  codeExpiresAt: z.string().nullable(),
  pairedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  relayUrl: z.string().nullable(),
  relayEnabled: z.boolean(),
  /** Its device group, if any (a device is in at most one). */
  groupId: z.string().nullable(),
  /** Connected to the hospitality socket on this instance now. */
  isOnline: z.boolean(),
  createdAt: z.string(),
});
export type TDevice = z.infer<typeof ZDevice>;

// ---------------------------------------------------------------- device groups (T-81, AP-283..287)
/** Devices grouped to be managed together (a hall's gates, the registration desk): sync, refresh or sign out at once. */
export const ZCheckinDeviceGroupParams = z.object({ eventId: zId, groupId: zId });
export const ZDeviceGroupCreateRequest = z.strictObject({
  name: zName(),
  description: z.string().trim().max(500).default(''),
  /** The devices to put in the group; each leaves the group it was in. */
  deviceIds: z.array(zId).max(500).default([]),
});
export type TDeviceGroupCreateRequest = z.input<typeof ZDeviceGroupCreateRequest>;
export const ZDeviceGroupUpdateRequest = z.strictObject({
  name: zName().optional(),
  description: z.string().trim().max(500).optional(),
  /** The group's whole membership: listed devices join, the others leave. */
  deviceIds: z.array(zId).max(500).optional(),
});
export type TDeviceGroupUpdateRequest = z.infer<typeof ZDeviceGroupUpdateRequest>;
export const ZDeviceGroup = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  description: z.string(),
  deviceIds: z.array(z.string()),
  /** Of its devices, how many are connected to the hospitality socket on this instance now. */
  onlineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDeviceGroup = z.infer<typeof ZDeviceGroup>;

/** Answer of create and of a new code: the one-time pairing code, shown once (e.g. `K7QM-4XPD`). */
export const ZDeviceWithCode = z.object({ device: ZDevice, code: z.string(), codeExpiresAt: z.string() });
export type TDeviceWithCode = z.infer<typeof ZDeviceWithCode>;

/** Public: a device exchanges its one-time code for its long-lived token. Dashes/spaces and case are ignored. */
export const ZDevicePairRequest = z.strictObject({ code: z.string().trim().min(4).max(32) });
export type TDevicePairRequest = z.infer<typeof ZDevicePairRequest>;

export const ZDeviceSelf = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  eventId: z.string(),
  eventName: z.string(),
  areas: z.array(ZDeviceArea),
  hasRelay: z.boolean(),
});
export type TDeviceSelf = z.infer<typeof ZDeviceSelf>;

export const ZDevicePairResponse = z.object({ deviceToken: z.string(), device: ZDeviceSelf });
export type TDevicePairResponse = z.infer<typeof ZDevicePairResponse>;

// ---------------------------------------------------------------- relay (AP-278..280)
export const ZRelayConfig = z.object({
  relayUrl: z.string().nullable(),
  relayEnabled: z.boolean(),
  lastRelayAt: z.string().nullable(),
  lastRelayStatus: z.string().nullable(),
});
export type TRelayConfig = z.infer<typeof ZRelayConfig>;
export const ZRelayConfigRequest = z.strictObject({ relayUrl: zRelayUrl.nullable(), relayEnabled: z.boolean() });
export type TRelayConfigRequest = z.infer<typeof ZRelayConfigRequest>;
/** Outcome of one PUT to the relay: `ok` when it answered 2xx within the timeout. */
export const ZRelayResult = z.object({ ok: z.boolean(), httpStatus: z.number().int().nullable(), ms: z.number().int(), error: z.string().nullable() });
export type TRelayResult = z.infer<typeof ZRelayResult>;

// ---------------------------------------------------------------- device log (AP-281/282)
export const ZDeviceLogQuery = ZPageQuery.extend({
  deviceId: zId.optional(),
  kind: z.enum(DEVICE_LOG_KINDS).optional(),
});
export type TDeviceLogQuery = z.infer<typeof ZDeviceLogQuery>;
export const ZDeviceLogEntry = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  kind: z.enum(DEVICE_LOG_KINDS),
  message: z.string(),
  /** For `scan`: the result; for `sync`: counts; for `relay`: the HTTP outcome. */
  meta: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type TDeviceLogEntry = z.infer<typeof ZDeviceLogEntry>;
export const ZDeviceLogPage = zPage(ZDeviceLogEntry);

// ---------------------------------------------------------------- hospitality socket payloads (SPEC §7)
/** Payload of every device event; `deviceId` null for the *All variants (room `event:<eventId>:devices`). */
export const ZHospitalityDeviceMessage = z.object({
  event: z.enum(HOSPITALITY_DEVICE_EVENTS),
  eventId: z.string(),
  deviceId: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type THospitalityDeviceMessage = z.infer<typeof ZHospitalityDeviceMessage>;
/** Answer of the dashboard calls that emit device events: how many sockets it reached on this instance (0 = offline). */
export const ZDeviceCommandResult = z.object({ event: z.enum(HOSPITALITY_DEVICE_EVENTS), deviceIds: z.array(z.string()), reached: z.number().int() });
export type TDeviceCommandResult = z.infer<typeof ZDeviceCommandResult>;

// ---------------------------------------------------------------- scans
/** What a scanner shows next to the verdict. null when the credential did not resolve to a registration. */
export const ZScanAttendee = z.object({
  registrationId: z.string(),
  registrationNo: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  ticketName: z.string().nullable(),
  categoryName: z.string().nullable(),
  /** Category colour (#rrggbb) when the category has one; null otherwise. */
  categoryColour: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type TScanAttendee = z.infer<typeof ZScanAttendee>;

/** Online scan by a device (device token). */
export const ZDeviceScanRequest = z.strictObject({
  credential: zCredentialRaw,
  areaId: zId,
  direction: z.enum(SCAN_DIRECTIONS).default('in'),
});
export type TDeviceScanRequest = z.input<typeof ZDeviceScanRequest>;

/** Manual check-in (AP-290) / check-out (AP-291) by an organiser: by credential string or by registration id. */
export const ZManualScanRequest = z
  .strictObject({ areaId: zId, credential: zCredentialRaw.optional(), registrationId: zId.optional() })
  .superRefine((v, ctx) => {
    if (!v.credential === !v.registrationId) ctx.addIssue({ code: 'custom', message: 'required', path: ['registrationId'] });
  });
export type TManualScanRequest = z.infer<typeof ZManualScanRequest>;

export const ZScanResponse = z.object({
  result: z.enum(SCAN_RESULTS),
  /** SCAN_RESULT_LABELS[result] (English); the scanner may translate by `result`. */
  label: z.string(),
  /** true for admitted / exited. */
  accepted: z.boolean(),
  direction: z.enum(SCAN_DIRECTIONS),
  areaId: z.string(),
  areaName: z.string(),
  attendee: ZScanAttendee.nullable(),
  /** `capacity_reached` when a warn-mode area is at or over capacity after this entry. */
  warning: z.enum(['capacity_reached']).nullable(),
  /** Whether the server PUT the device's relay for this admission (turnstile), and how it went. */
  relay: ZRelayResult.nullable(),
  /** Server time of the decision. */
  at: z.string(),
});
export type TScanResponse = z.infer<typeof ZScanResponse>;

// ---------------------------------------------------------------- offline snapshot and sync
export const ZSnapshotQuery = z.object({
  /** The `cursor` of the previous snapshot: only credentials changed since are sent (`full: false`). */
  since: zDateTime.optional(),
});
export type TSnapshotQuery = z.infer<typeof ZSnapshotQuery>;

export const ZSnapshotCredential = z.object({
  registrationId: z.string(),
  /** The current version: a scanned credential with another version is revoked (re-issued). */
  version: z.number().int(),
  revoked: z.boolean(),
  isApproved: z.boolean(),
  isPaid: z.boolean(),
  ticketId: z.string(),
  categoryId: z.string().nullable(),
  /** Ids of the device's areas this registration may enter by ticket/category (time windows checked locally). */
  areaIds: z.array(z.string()),
  attendee: ZScanAttendee,
});
export type TSnapshotCredential = z.infer<typeof ZSnapshotCredential>;

export const ZSnapshotPresence = z.object({ areaId: z.string(), registrationId: z.string(), inside: z.boolean(), hasLeft: z.boolean() });
export type TSnapshotPresence = z.infer<typeof ZSnapshotPresence>;

export const ZDeviceSnapshot = z.object({
  eventId: z.string(),
  publicKey: ZEventPublicKey,
  device: ZDeviceSelf,
  areas: z.array(ZDeviceArea),
  /** true: replace the local list; false: merge by registrationId (incremental since `since`). */
  full: z.boolean(),
  /** Pass as `since` next time. */
  cursor: z.string(),
  generatedAt: z.string(),
  credentials: z.array(ZSnapshotCredential),
  /** Current presence in the device's areas (who is inside / has left), so offline re-entry rules hold. */
  presence: z.array(ZSnapshotPresence),
});
export type TDeviceSnapshot = z.infer<typeof ZDeviceSnapshot>;

export const ZOfflineScan = z.strictObject({
  /** Client-made UUID; the server drops a (device, nonce) it has seen. */
  nonce: z.uuid(),
  deviceTime: zDateTime,
  credential: zCredentialRaw,
  areaId: zId,
  direction: z.enum(SCAN_DIRECTIONS),
  /** What the device decided offline. */
  localResult: z.enum(SCAN_RESULTS),
});
export type TOfflineScan = z.infer<typeof ZOfflineScan>;

export const ZOfflineSyncRequest = z.strictObject({ scans: z.array(ZOfflineScan).min(1).max(MAX_OFFLINE_BATCH) });
export type TOfflineSyncRequest = z.infer<typeof ZOfflineSyncRequest>;

export const ZOfflineSyncItem = z.object({
  nonce: z.string(),
  /** The server's decision (for a duplicate: the decision recorded the first time). */
  result: z.enum(SCAN_RESULTS),
  duplicate: z.boolean(),
  conflict: z.enum(CHECKIN_CONFLICT_KINDS).nullable(),
});
export type TOfflineSyncItem = z.infer<typeof ZOfflineSyncItem>;

export const ZOfflineSyncResponse = z.object({
  received: z.number().int(),
  /** Newly recorded scans (received − duplicates). */
  applied: z.number().int(),
  duplicates: z.number().int(),
  conflicts: z.number().int(),
  results: z.array(ZOfflineSyncItem),
  ms: z.number().int(),
});
export type TOfflineSyncResponse = z.infer<typeof ZOfflineSyncResponse>;

// ---------------------------------------------------------------- ledger, conflicts (AP-288/289)
export const ZCheckinListQuery = ZPageQuery.extend({
  areaId: zId.optional(),
  deviceId: zId.optional(),
  registrationId: zId.optional(),
  result: z.enum(SCAN_RESULTS).optional(),
  source: z.enum(SCAN_SOURCES).optional(),
  direction: z.enum(SCAN_DIRECTIONS).optional(),
  /** Only scans flagged by a sync conflict. */
  conflict: z.enum(['true', 'false']).optional(),
  from: zDateTime.optional(),
  to: zDateTime.optional(),
});
export type TCheckinListQuery = z.infer<typeof ZCheckinListQuery>;

export const ZCheckinScan = z.object({
  id: z.string(),
  areaId: z.string(),
  areaName: z.string(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
  registrationId: z.string().nullable(),
  attendeeName: z.string().nullable(),
  direction: z.enum(SCAN_DIRECTIONS),
  result: z.enum(SCAN_RESULTS),
  source: z.enum(SCAN_SOURCES),
  localResult: z.enum(SCAN_RESULTS).nullable(),
  conflict: z.enum(CHECKIN_CONFLICT_KINDS).nullable(),
  scannedAt: z.string(),
  receivedAt: z.string(),
});
export type TCheckinScan = z.infer<typeof ZCheckinScan>;
export const ZCheckinScanPage = zPage(ZCheckinScan);

export const ZConflictListQuery = ZPageQuery.extend({
  areaId: zId.optional(),
  deviceId: zId.optional(),
  kind: z.enum(CHECKIN_CONFLICT_KINDS).optional(),
  resolved: z.enum(['true', 'false']).optional(),
});
export type TConflictListQuery = z.infer<typeof ZConflictListQuery>;

export const ZCheckinConflict = z.object({
  id: z.string(),
  kind: z.enum(CHECKIN_CONFLICT_KINDS),
  areaId: z.string(),
  areaName: z.string(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
  registrationId: z.string().nullable(),
  attendeeName: z.string().nullable(),
  localResult: z.enum(SCAN_RESULTS),
  serverResult: z.enum(SCAN_RESULTS),
  scannedAt: z.string(),
  detectedAt: z.string(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type TCheckinConflict = z.infer<typeof ZCheckinConflict>;
export const ZCheckinConflictPage = zPage(ZCheckinConflict);
export const ZConflictResolveRequest = z.strictObject({ note: z.string().trim().max(500).optional() });
export type TConflictResolveRequest = z.infer<typeof ZConflictResolveRequest>;

// ---------------------------------------------------------------- footfall and occupancy (AP-297..299)
export const ZFootfallHour = z.object({ hour: z.string(), entries: z.number().int(), exits: z.number().int() });
export type TFootfallHour = z.infer<typeof ZFootfallHour>;
export const ZFootfall = z.object({
  areaId: z.string(),
  areaName: z.string(),
  kind: z.enum(AREA_KINDS),
  capacity: z.number().int().nullable(),
  inside: z.number().int(),
  entriesToday: z.number().int(),
  entriesLastHour: z.number().int(),
  /** Entries and exits per hour since the start of today (UTC day), oldest first; `hour` is the hour's start. */
  hours: z.array(ZFootfallHour),
  at: z.string(),
});
export type TFootfall = z.infer<typeof ZFootfall>;

/** Socket `footfall` on room `area:<areaId>` (throttled to at most one per second per area). */
export const ZFootfallMessage = z.object({
  areaId: z.string(),
  inside: z.number().int(),
  entriesLastHour: z.number().int(),
  entriesToday: z.number().int(),
  at: z.string(),
});
export type TFootfallMessage = z.infer<typeof ZFootfallMessage>;

export const ZOccupancy = z.object({
  items: z.array(z.object({ areaId: z.string(), areaName: z.string(), kind: z.enum(AREA_KINDS), inside: z.number().int(), capacity: z.number().int().nullable() })),
  totalInside: z.number().int(),
  at: z.string(),
});
export type TOccupancy = z.infer<typeof ZOccupancy>;

// ---------------------------------------------------------------- attendance (AP-292/293)
export const ZAttendanceQuery = ZPageQuery.extend({ areaId: zId.optional(), kind: z.enum(AREA_KINDS).optional() });
export type TAttendanceQuery = z.infer<typeof ZAttendanceQuery>;

export const ZAreaAttendance = z.object({
  areaId: z.string(),
  areaName: z.string(),
  areaKind: z.enum(AREA_KINDS),
  entries: z.number().int(),
  exits: z.number().int(),
  minutes: z.number().int(),
  firstEntryAt: z.string().nullable(),
  lastExitAt: z.string().nullable(),
  inside: z.boolean(),
});
export type TAreaAttendance = z.infer<typeof ZAreaAttendance>;

export const ZAttendanceRow = z.object({
  registrationId: z.string(),
  attendee: ZScanAttendee.nullable(),
  totalMinutes: z.number().int(),
  areas: z.array(ZAreaAttendance),
});
export type TAttendanceRow = z.infer<typeof ZAttendanceRow>;
export const ZAttendancePage = zPage(ZAttendanceRow);

/** One registration's timeline: every accepted entry and exit, oldest first. */
export const ZAttendanceDetail = z.object({
  registrationId: z.string(),
  attendee: ZScanAttendee.nullable(),
  areas: z.array(ZAreaAttendance),
  scans: z.array(ZCheckinScan),
});
export type TAttendanceDetail = z.infer<typeof ZAttendanceDetail>;
