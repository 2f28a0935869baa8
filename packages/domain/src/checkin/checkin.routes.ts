import { z } from 'zod';
import type { TAccessCodeString } from '../access/access-codes.ts';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZArea,
  ZAreaCapacity,
  ZAreaCreateRequest,
  ZAreaRules,
  ZAreaUpdateRequest,
  ZAttendanceDetail,
  ZAttendancePage,
  ZAttendanceQuery,
  ZCheckinAreaParams,
  ZCheckinConflict,
  ZCheckinConflictPage,
  ZCheckinConflictParams,
  ZCheckinDeviceGroupParams,
  ZCheckinDeviceParams,
  ZCheckinEventParams,
  ZCheckinListQuery,
  ZCheckinRegistrationParams,
  ZCheckinScanPage,
  ZConflictListQuery,
  ZConflictResolveRequest,
  ZDevice,
  ZDeviceCommandResult,
  ZDeviceCreateRequest,
  ZDeviceGroup,
  ZDeviceGroupCreateRequest,
  ZDeviceGroupUpdateRequest,
  ZDeviceLogPage,
  ZDeviceLogQuery,
  ZDevicePairRequest,
  ZDevicePairResponse,
  ZDeviceScanRequest,
  ZDeviceSelf,
  ZDeviceSnapshot,
  ZDeviceUpdateRequest,
  ZDeviceWithCode,
  ZFootfall,
  ZManualScanRequest,
  ZOccupancy,
  ZOfflineSyncRequest,
  ZOfflineSyncResponse,
  ZPublicFootfallParams,
  ZPublicFootfallQuery,
  ZRelayConfig,
  ZRelayConfigRequest,
  ZRelayResult,
  ZScanResponse,
  ZSnapshotQuery,
} from './checkin.schemas.ts';

/*
 * Onsite check-in (issue #5), SPEC §7 service prefix hospitalityservices/api. Envelope and errors as everywhere:
 * 400 VALIDATION_FAILED (field keys such as `required`, `timeCampare` for a window whose end is not after its start,
 * `invalidRelayUrl`, `unknownField`), 401, 403 ACCESS_DENIED (role lacks the code), 404 EVENT_NOT_FOUND /
 * AREA_NOT_FOUND / DEVICE_NOT_FOUND / REGISTRATION_NOT_FOUND / CONFLICT_NOT_FOUND (also for another organisation's
 * ids, never 403), 413 PAYLOAD_TOO_LARGE.
 *
 * Scan refusals are not HTTP errors: a scan answers 200 with `data.result` one of SCAN_RESULTS (checkin.enums.ts).
 * Online decision order: credential (`malformed`, `other_event`, `forged`, `unknown`, `revoked` (also an older
 * version after a re-issue, and for exits)) → registration (`not_approved`, `not_paid`) → area rules (`wrong_area`,
 * `outside_window`, `area_full`) → presence (`already_inside`, `not_inside`, `no_reentry`). One credential is admitted
 * once per area while inside, even with many gates at the same millisecond (atomic presence upsert in the same
 * statement or transaction as the ledger row). The offline scanner decides in the same order from the snapshot.
 *
 * Area rules: ticketIds/categoryIds empty = all (both set: the registration must match both); timeWindows empty =
 * always open, else entries must fall in one [start, end); tracksExit=false refuses `out` scans (`wrong_area`);
 * allowsReentry=false refuses an entry after an exit (`no_reentry`). Automatic check-out (`autoCheckoutAt` and/or
 * `autoCheckoutAfterMinutes`, the earlier wins) is applied lazily on reads and scans and by a 30 s timer, as an
 * `exited` row with source `auto` at the computed time. Capacity null = unlimited; mode `refuse` turns an entry at
 * capacity into `area_full` (exact), `warn` admits with `warning: 'capacity_reached'` (≤ 1 s stale).
 *
 * Relay: on an admitted entry by a device whose relay is enabled (or, when it has none, the first enabled relay
 * device of the same area), the server itself PUTs the relay URL (1.5 s timeout) and logs it; the scan answer's
 * `relay` tells the outcome.
 *
 * Socket (socket.io path /hospitalityservices), handshake `auth` one of: `{ token }` (a user's access JWT),
 * `{ deviceToken }` (rooms device:<id> and event:<eventId>:devices; an unknown or revoked token is refused
 * `UNAUTHORISED`), or `{ footfallAreaId, footfallKey }` (room area:<areaId>). Devices get HOSPITALITY_DEVICE_EVENTS
 * as THospitalityDeviceMessage (deviceLogout: forget the token and show pairing, the server then disconnects it;
 * deviceSync: upload the queue, then snapshot `since`; deviceRefresh: reload); footfall displays get
 * FOOTFALL_SOCKET_EVENT (TFootfallMessage) at most once a second per area after an accepted scan or automatic
 * check-out.
 */
const tags = ['checkin'];
const deviceTags = ['checkin-device'];
const E = '/api/hospitalityservices/api/events/:eventId';
const ZDeleted = z.object({ deleted: z.literal(true) });
const csv = fileResponse('text/csv');

/** A dashboard command (logout / sync / refresh) to devices: answered with how many devices it reached. */
const command = <P extends `/${string}`, A extends TAccessCodeString, S extends z.ZodType>(path: P, access: A, params: S) =>
  ({ method: 'POST', path, auth: 'organiser', access, tags, params, response: ZDeviceCommandResult }) as const;

/** Organiser routes (T-75..T-86): areas, devices and groups, check-ins, conflicts, attendance, footfall. */
export const checkinOrganiserRoutes = defineRoutes({
  // ---- areas (T-75..T-77)
  /** The event's areas, each with its live `inside`. */
  listAreas: { method: 'GET', path: `${E}/areas`, auth: 'organiser', access: 'AP-261', tags, params: ZCheckinEventParams, response: z.array(ZArea) },
  /** Name and kind, with rules and capacity optional. */
  createArea: { method: 'POST', path: `${E}/areas`, auth: 'organiser', access: 'AP-262', tags, params: ZCheckinEventParams, body: ZAreaCreateRequest, status: 201, response: ZArea },
  /** CSV attachment checkin-areas.csv. */
  exportAreas: { method: 'GET', path: `${E}/areas/export`, auth: 'organiser', access: 'AP-265', tags, params: ZCheckinEventParams, response: csv },
  getArea: { method: 'GET', path: `${E}/areas/:areaId`, auth: 'organiser', access: 'AP-261', tags, params: ZCheckinAreaParams, response: ZArea },
  updateArea: { method: 'PATCH', path: `${E}/areas/:areaId`, auth: 'organiser', access: 'AP-263', tags, params: ZCheckinAreaParams, body: ZAreaUpdateRequest, response: ZArea },
  /** 409 AREA_IN_USE while a device that is not revoked is bound to it. */
  deleteArea: { method: 'DELETE', path: `${E}/areas/:areaId`, auth: 'organiser', access: 'AP-264', tags, params: ZCheckinAreaParams, response: ZDeleted },
  /** A new `displayKey`: the public footfall links made with the old one stop working. */
  rotateDisplayKey: { method: 'POST', path: `${E}/areas/:areaId/display-key`, auth: 'organiser', access: 'AP-263', tags, params: ZCheckinAreaParams, response: ZArea },
  getRules: { method: 'GET', path: `${E}/areas/:areaId/rules`, auth: 'organiser', access: 'AP-266', tags, params: ZCheckinAreaParams, response: ZAreaRules },
  /** Replaces the whole rule set (an omitted rule takes its default). */
  setRules: { method: 'PUT', path: `${E}/areas/:areaId/rules`, auth: 'organiser', access: 'AP-267', tags, params: ZCheckinAreaParams, body: ZAreaRules, response: ZArea },
  getCapacity: {
    method: 'GET',
    path: `${E}/areas/:areaId/capacity`,
    auth: 'organiser',
    access: 'AP-268',
    tags,
    params: ZCheckinAreaParams,
    response: ZAreaCapacity.extend({ inside: z.number().int() }),
  },
  setCapacity: { method: 'PUT', path: `${E}/areas/:areaId/capacity`, auth: 'organiser', access: 'AP-269', tags, params: ZCheckinAreaParams, body: ZAreaCapacity, response: ZArea },
  areaFootfall: { method: 'GET', path: `${E}/areas/:areaId/footfall`, auth: 'organiser', access: 'AP-297', tags, params: ZCheckinAreaParams, response: ZFootfall },
  /** CSV footfall.csv: area, hour, entries, exits (today). */
  exportFootfall: { method: 'GET', path: `${E}/footfall/export`, auth: 'organiser', access: 'AP-298', tags, params: ZCheckinEventParams, response: csv },
  occupancy: { method: 'GET', path: `${E}/occupancy`, auth: 'organiser', access: 'AP-299', tags, params: ZCheckinEventParams, response: ZOccupancy },

  // ---- devices (T-78..T-80)
  /** Deleted devices are left out. */
  listDevices: { method: 'GET', path: `${E}/devices`, auth: 'organiser', access: 'AP-270', tags, params: ZCheckinEventParams, response: z.array(ZDevice) },
  /**
   * Areas of this event (at least one). The answer shows the one-time pairing code once: 8 Crockford base32
   * characters as XXXX-XXXX, stored hashed, valid DEVICE_CODE_TTL_HOURS, usable once.
   */
  createDevice: {
    method: 'POST',
    path: `${E}/devices`,
    auth: 'organiser',
    access: 'AP-271',
    tags,
    params: ZCheckinEventParams,
    body: ZDeviceCreateRequest,
    status: 201,
    response: ZDeviceWithCode,
  },
  /** CSV devices.csv. */
  exportDevices: { method: 'GET', path: `${E}/devices/export`, auth: 'organiser', access: 'AP-274', tags, params: ZCheckinEventParams, response: csv },
  /** Every device of the event: `deviceLogoutAll` on room event:<eventId>:devices. */
  logoutAllDevices: command(`${E}/devices/logout-all`, 'AP-275', ZCheckinEventParams),
  /** `deviceSyncAll`: devices upload their offline queue, then pull a snapshot. */
  syncAllDevices: command(`${E}/devices/sync-all`, 'AP-276', ZCheckinEventParams),
  /** `deviceRefreshAll`: devices reload their configuration and page. */
  refreshAllDevices: command(`${E}/devices/refresh-all`, 'AP-277', ZCheckinEventParams),
  getDevice: { method: 'GET', path: `${E}/devices/:deviceId`, auth: 'organiser', access: 'AP-270', tags, params: ZCheckinDeviceParams, response: ZDevice },
  /** Bound devices get `deviceRefresh`; `groupId` moves it into a group (null: none; 400 key unknownDeviceGroup). */
  updateDevice: { method: 'PATCH', path: `${E}/devices/:deviceId`, auth: 'organiser', access: 'AP-272', tags, params: ZCheckinDeviceParams, body: ZDeviceUpdateRequest, response: ZDevice },
  /** A new one-time code (the current token works until the code is used); 409 DEVICE_REVOKED. */
  newDeviceCode: { method: 'POST', path: `${E}/devices/:deviceId/code`, auth: 'organiser', access: 'AP-272', tags, params: ZCheckinDeviceParams, response: ZDeviceWithCode },
  /** Status `revoked`: its token is refused at once, `deviceLogout` is emitted. */
  revokeDevice: { method: 'POST', path: `${E}/devices/:deviceId/revoke`, auth: 'organiser', access: 'AP-273', tags, params: ZCheckinDeviceParams, response: ZDevice },
  /** Revokes and hides the device; its logs and scans are kept. */
  deleteDevice: { method: 'DELETE', path: `${E}/devices/:deviceId`, auth: 'organiser', access: 'AP-273', tags, params: ZCheckinDeviceParams, response: ZDeleted },
  /** Ends the device's token (it re-pairs with a new code); `deviceLogout`. */
  logoutDevice: command(`${E}/devices/:deviceId/logout`, 'AP-275', ZCheckinDeviceParams),
  syncDevice: command(`${E}/devices/:deviceId/sync`, 'AP-276', ZCheckinDeviceParams),
  refreshDevice: command(`${E}/devices/:deviceId/refresh`, 'AP-277', ZCheckinDeviceParams),

  // ---- device groups (T-81): a device is in at most one group; deleting a group keeps its devices
  /** By name, each with deviceIds and onlineCount. */
  listDeviceGroups: { method: 'GET', path: `${E}/device-groups`, auth: 'organiser', access: 'AP-283', tags, params: ZCheckinEventParams, response: z.array(ZDeviceGroup) },
  /** 409 DEVICE_GROUP_NAME_TAKEN (names unique per event, case-insensitive); 400 key unknownDevice; devices leave their old group. */
  createDeviceGroup: {
    method: 'POST',
    path: `${E}/device-groups`,
    auth: 'organiser',
    access: 'AP-284',
    tags,
    params: ZCheckinEventParams,
    body: ZDeviceGroupCreateRequest,
    status: 201,
    response: ZDeviceGroup,
  },
  /** CSV device-groups.csv (id, name, description, devices, deviceNames, createdAt). */
  exportDeviceGroups: { method: 'GET', path: `${E}/device-groups/export`, auth: 'organiser', access: 'AP-287', tags, params: ZCheckinEventParams, response: csv },
  /** `deviceIds` is the whole membership. */
  updateDeviceGroup: {
    method: 'PATCH',
    path: `${E}/device-groups/:groupId`,
    auth: 'organiser',
    access: 'AP-285',
    tags,
    params: ZCheckinDeviceGroupParams,
    body: ZDeviceGroupUpdateRequest,
    response: ZDeviceGroup,
  },
  deleteDeviceGroup: { method: 'DELETE', path: `${E}/device-groups/:groupId`, auth: 'organiser', access: 'AP-286', tags, params: ZCheckinDeviceGroupParams, response: ZDeleted },
  /** Each device of the group (revoked ones skipped) gets the single-device event in its own room and a log entry. */
  logoutDeviceGroup: command(`${E}/device-groups/:groupId/logout`, 'AP-275', ZCheckinDeviceGroupParams),
  syncDeviceGroup: command(`${E}/device-groups/:groupId/sync`, 'AP-276', ZCheckinDeviceGroupParams),
  refreshDeviceGroup: command(`${E}/device-groups/:groupId/refresh`, 'AP-277', ZCheckinDeviceGroupParams),

  // ---- relay and device logs
  getRelay: { method: 'GET', path: `${E}/devices/:deviceId/relay`, auth: 'organiser', access: 'AP-278', tags, params: ZCheckinDeviceParams, response: ZRelayConfig },
  /** relayUrl http(s) only, without credentials, or null. */
  setRelay: { method: 'PUT', path: `${E}/devices/:deviceId/relay`, auth: 'organiser', access: 'AP-279', tags, params: ZCheckinDeviceParams, body: ZRelayConfigRequest, response: ZRelayConfig },
  /** A real PUT to the relay now; 409 RELAY_NOT_CONFIGURED. */
  toggleRelay: { method: 'POST', path: `${E}/devices/:deviceId/relay/toggle`, auth: 'organiser', access: 'AP-280', tags, params: ZCheckinDeviceParams, response: ZRelayResult },
  /** Newest first. */
  listDeviceLogs: { method: 'GET', path: `${E}/device-logs`, auth: 'organiser', access: 'AP-281', tags, params: ZCheckinEventParams, query: ZDeviceLogQuery, response: ZDeviceLogPage },
  /** CSV device-logs.csv, same filters. */
  exportDeviceLogs: { method: 'GET', path: `${E}/device-logs/export`, auth: 'organiser', access: 'AP-282', tags, params: ZCheckinEventParams, query: ZDeviceLogQuery, response: csv },

  // ---- check-ins, conflicts (T-82, T-83)
  /** A desk check-in by credential or registration id (exactly one); direction `in`. */
  manualCheckin: { method: 'POST', path: `${E}/checkins`, auth: 'organiser', access: 'AP-290', tags, params: ZCheckinEventParams, body: ZManualScanRequest, response: ZScanResponse },
  /** Direction `out`. */
  manualCheckout: { method: 'POST', path: `${E}/checkouts`, auth: 'organiser', access: 'AP-291', tags, params: ZCheckinEventParams, body: ZManualScanRequest, response: ZScanResponse },
  /** The scan ledger, newest first; `conflict=true` keeps the scans an offline sync flagged. */
  listScans: { method: 'GET', path: `${E}/checkins`, auth: 'organiser', access: 'AP-288', tags, params: ZCheckinEventParams, query: ZCheckinListQuery, response: ZCheckinScanPage },
  /** CSV checkins.csv, same filters. */
  exportScans: { method: 'GET', path: `${E}/checkins/export`, auth: 'organiser', access: 'AP-289', tags, params: ZCheckinEventParams, query: ZCheckinListQuery, response: csv },
  /**
   * Conflicts of offline syncs, newest first: `double_admission` (the server found the person already inside) or
   * `refused_admitted` (refused for another reason), or `over_capacity`; only admitted entries are ever flagged.
   */
  listConflicts: {
    method: 'GET',
    path: `${E}/checkins/conflicts`,
    auth: 'organiser',
    access: 'AP-288',
    tags,
    params: ZCheckinEventParams,
    query: ZConflictListQuery,
    response: ZCheckinConflictPage,
  },
  resolveConflict: {
    method: 'POST',
    path: `${E}/checkins/conflicts/:conflictId/resolve`,
    auth: 'organiser',
    access: 'AP-290',
    tags,
    params: ZCheckinConflictParams,
    body: ZConflictResolveRequest,
    response: ZCheckinConflict,
  },

  // ---- attendance (T-85)
  /** Registrations with at least one accepted scan; minutes = sum of (exit − entry) pairs, an open presence counting to now. */
  attendance: { method: 'GET', path: `${E}/attendance`, auth: 'organiser', access: 'AP-292', tags, params: ZCheckinEventParams, query: ZAttendanceQuery, response: ZAttendancePage },
  /** CSV attendance.csv: one line per registration × area. */
  exportAttendance: { method: 'GET', path: `${E}/attendance/export`, auth: 'organiser', access: 'AP-293', tags, params: ZCheckinEventParams, query: ZAttendanceQuery, response: csv },
  /** One registration's timeline. */
  attendanceDetail: {
    method: 'GET',
    path: `${E}/attendance/:registrationId`,
    auth: 'organiser',
    access: 'AP-292',
    tags,
    params: ZCheckinRegistrationParams,
    response: ZAttendanceDetail,
  },
});

/**
 * What a paired device calls with its token (auth `device`: `Authorization: Bearer <deviceToken>` or the
 * DEVICE_TOKEN_HEADER header; the check-in module checks it before the body is read). 401 DEVICE_TOKEN_MISSING,
 * 401 DEVICE_TOKEN_INVALID (unknown, logged out, revoked or deleted: forget the token, show pairing), 403
 * AREA_NOT_ASSIGNED. Also the public pairing and footfall calls. Token: `pvd_` + 43 base64url characters, stored hashed.
 */
export const checkinDeviceRoutes = defineRoutes({
  /** Rate limited (10 a minute per IP). 400 DEVICE_CODE_INVALID (unknown, used or expired), 409 DEVICE_REVOKED. */
  pairDevice: { method: 'POST', path: '/api/hospitalityservices/api/devices/pair', auth: 'public', tags: deviceTags, body: ZDevicePairRequest, response: ZDevicePairResponse },
  /** The device's own configuration and areas. */
  deviceSelf: { method: 'GET', path: '/api/hospitalityservices/api/device/me', auth: 'device', tags: deviceTags, response: ZDeviceSelf },
  /** An online scan; `attendee.photoUrl` (signed) and `attendee.categoryColour` may be null. */
  deviceScan: { method: 'POST', path: '/api/hospitalityservices/api/device/scans', auth: 'device', tags: deviceTags, body: ZDeviceScanRequest, response: ZScanResponse },
  /**
   * What the device needs offline: the event's public key, its areas with rules, every credential allowed in one of
   * them by ticket or category (refused ones too, with their flags) and current presence. `since=<cursor>` answers
   * only what changed (`full: false`).
   */
  deviceSnapshot: { method: 'GET', path: '/api/hospitalityservices/api/device/snapshot', auth: 'device', tags: deviceTags, query: ZSnapshotQuery, response: ZDeviceSnapshot },
  /**
   * Offline scans (body ≤ 8 MB, ≤ MAX_OFFLINE_BATCH). `(device, nonce)` is unique: a replay records nothing twice
   * (`duplicate: true` with the first decision). New scans are applied in device-time order merged with what the server
   * knows; the device's refusals stand; admitted entries the server would refuse become conflicts; areas not bound to
   * the device answer `wrong_area` and are not recorded.
   */
  deviceSync: { method: 'POST', path: '/api/hospitalityservices/api/device/sync', auth: 'device', tags: deviceTags, body: ZOfflineSyncRequest, response: ZOfflineSyncResponse },
  /** The public footfall screen `footfall-ct/<areaId>?key=<displayKey>`: counts only; 404 AREA_NOT_FOUND for a wrong key too. */
  publicFootfall: {
    method: 'GET',
    path: '/api/hospitalityservices/api/public/footfall/:areaId',
    auth: 'public',
    tags: deviceTags,
    params: ZPublicFootfallParams,
    query: ZPublicFootfallQuery,
    response: ZFootfall,
  },
});

/** Check-in's contracts: the organiser's and the devices'. */
export const checkinRoutes = defineRoutes({ ...checkinOrganiserRoutes, ...checkinDeviceRoutes });
