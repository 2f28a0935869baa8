import type {
  TArea,
  TAreaCapacity,
  TAreaCreateRequest,
  TAreaRulesInput,
  TAreaUpdateRequest,
  TAttendanceDetail,
  TAttendanceQuery,
  TAttendanceRow,
  TCheckinConflict,
  TCheckinListQuery,
  TCheckinScan,
  TConflictListQuery,
  TDevice,
  TDeviceCommandResult,
  TDeviceCreateRequest,
  TDeviceGroup,
  TDeviceGroupCreateRequest,
  TDeviceGroupUpdateRequest,
  TDeviceLogEntry,
  TDeviceLogQuery,
  TDeviceUpdateRequest,
  TDeviceWithCode,
  TFootfall,
  TManualScanRequest,
  TOccupancy,
  TRelayConfig,
  TRelayConfigRequest,
  TRelayResult,
  TScanResponse,
} from '@pavilion/domain/checkin/checkin.schemas';
import type { TPage } from '@pavilion/domain/common/pagination';
import { api } from '../../../app/api-client.ts';

const enc = encodeURIComponent;
/** API.md: everything under /api/hospitalityservices/api/events/:eventId (`E`). */
const E = (eventId: string) => `hospitalityservices/api/events/${enc(eventId)}`;
type TDeleted = { deleted: true };

/** Organiser calls of apps/server/src/modules/checkin/API.md; each route's access code is in the contract. */
export const organiserCheckinApi = {
  areas: (eventId: string, signal?: AbortSignal) => api.get<TArea[]>(`${E(eventId)}/areas`, { signal }),
  createArea: (eventId: string, body: TAreaCreateRequest) => api.post<TArea>(`${E(eventId)}/areas`, body),
  updateArea: (eventId: string, areaId: string, body: TAreaUpdateRequest) => api.patch<TArea>(`${E(eventId)}/areas/${enc(areaId)}`, body),
  deleteArea: (eventId: string, areaId: string) => api.delete<TDeleted>(`${E(eventId)}/areas/${enc(areaId)}`),
  putRules: (eventId: string, areaId: string, body: TAreaRulesInput) => api.put<TArea>(`${E(eventId)}/areas/${enc(areaId)}/rules`, body),
  putCapacity: (eventId: string, areaId: string, body: Partial<TAreaCapacity>) => api.put<TArea>(`${E(eventId)}/areas/${enc(areaId)}/capacity`, body),
  rotateDisplayKey: (eventId: string, areaId: string) => api.post<TArea>(`${E(eventId)}/areas/${enc(areaId)}/display-key`),
  footfall: (eventId: string, areaId: string, signal?: AbortSignal) => api.get<TFootfall>(`${E(eventId)}/areas/${enc(areaId)}/footfall`, { signal }),
  occupancy: (eventId: string, signal?: AbortSignal) => api.get<TOccupancy>(`${E(eventId)}/occupancy`, { signal }),

  devices: (eventId: string, signal?: AbortSignal) => api.get<TDevice[]>(`${E(eventId)}/devices`, { signal }),
  createDevice: (eventId: string, body: TDeviceCreateRequest) => api.post<TDeviceWithCode>(`${E(eventId)}/devices`, body),
  updateDevice: (eventId: string, deviceId: string, body: TDeviceUpdateRequest) => api.patch<TDevice>(`${E(eventId)}/devices/${enc(deviceId)}`, body),
  newCode: (eventId: string, deviceId: string) => api.post<TDeviceWithCode>(`${E(eventId)}/devices/${enc(deviceId)}/code`),
  revokeDevice: (eventId: string, deviceId: string) => api.post<TDevice>(`${E(eventId)}/devices/${enc(deviceId)}/revoke`),
  deleteDevice: (eventId: string, deviceId: string) => api.delete<TDeleted>(`${E(eventId)}/devices/${enc(deviceId)}`),
  /** logout / sync / refresh one device, or every device of the event (`deviceId` null): the server emits on the hospitality socket. */
  command: (eventId: string, command: 'logout' | 'sync' | 'refresh', deviceId: string | null) =>
    api.post<TDeviceCommandResult>(deviceId ? `${E(eventId)}/devices/${enc(deviceId)}/${command}` : `${E(eventId)}/devices/${command}-all`),
  relay: (eventId: string, deviceId: string, signal?: AbortSignal) => api.get<TRelayConfig>(`${E(eventId)}/devices/${enc(deviceId)}/relay`, { signal }),
  putRelay: (eventId: string, deviceId: string, body: TRelayConfigRequest) => api.put<TRelayConfig>(`${E(eventId)}/devices/${enc(deviceId)}/relay`, body),
  toggleRelay: (eventId: string, deviceId: string) => api.post<TRelayResult>(`${E(eventId)}/devices/${enc(deviceId)}/relay/toggle`),
  deviceGroups: (eventId: string, signal?: AbortSignal) => api.get<TDeviceGroup[]>(`${E(eventId)}/device-groups`, { signal }),
  createDeviceGroup: (eventId: string, body: TDeviceGroupCreateRequest) => api.post<TDeviceGroup>(`${E(eventId)}/device-groups`, body),
  updateDeviceGroup: (eventId: string, groupId: string, body: TDeviceGroupUpdateRequest) => api.patch<TDeviceGroup>(`${E(eventId)}/device-groups/${enc(groupId)}`, body),
  deleteDeviceGroup: (eventId: string, groupId: string) => api.delete<TDeleted>(`${E(eventId)}/device-groups/${enc(groupId)}`),
  /** logout / sync / refresh every device of a group: each gets the single-device event in its own room. */
  groupCommand: (eventId: string, groupId: string, command: 'logout' | 'sync' | 'refresh') => api.post<TDeviceCommandResult>(`${E(eventId)}/device-groups/${enc(groupId)}/${command}`),
  deviceLogs: (eventId: string, q: Partial<TDeviceLogQuery>, signal?: AbortSignal) => api.get<TPage<TDeviceLogEntry>>(`${E(eventId)}/device-logs`, { query: q, signal }),

  scans: (eventId: string, q: Partial<TCheckinListQuery>, signal?: AbortSignal) => api.get<TPage<TCheckinScan>>(`${E(eventId)}/checkins`, { query: q, signal }),
  manualCheckin: (eventId: string, body: TManualScanRequest) => api.post<TScanResponse>(`${E(eventId)}/checkins`, body),
  manualCheckout: (eventId: string, body: TManualScanRequest) => api.post<TScanResponse>(`${E(eventId)}/checkouts`, body),
  conflicts: (eventId: string, q: Partial<TConflictListQuery>, signal?: AbortSignal) =>
    api.get<TPage<TCheckinConflict>>(`${E(eventId)}/checkins/conflicts`, { query: q, signal }),
  resolveConflict: (eventId: string, conflictId: string, note?: string) =>
    api.post<TCheckinConflict>(`${E(eventId)}/checkins/conflicts/${enc(conflictId)}/resolve`, note ? { note } : {}),
  attendance: (eventId: string, q: Partial<TAttendanceQuery>, signal?: AbortSignal) => api.get<TPage<TAttendanceRow>>(`${E(eventId)}/attendance`, { query: q, signal }),
  attendanceDetail: (eventId: string, registrationId: string, signal?: AbortSignal) =>
    api.get<TAttendanceDetail>(`${E(eventId)}/attendance/${enc(registrationId)}`, { signal }),
};

/** CSV exports (API.md): downloaded with the session's token through the registration module's helper. */
export const CHECKIN_EXPORTS = {
  areas: (eventId: string) => `/api/${E(eventId)}/areas/export`,
  devices: (eventId: string) => `/api/${E(eventId)}/devices/export`,
  deviceGroups: (eventId: string) => `/api/${E(eventId)}/device-groups/export`,
  deviceLogs: (eventId: string) => `/api/${E(eventId)}/device-logs/export`,
  checkins: (eventId: string) => `/api/${E(eventId)}/checkins/export`,
  attendance: (eventId: string) => `/api/${E(eventId)}/attendance/export`,
  footfall: (eventId: string) => `/api/${E(eventId)}/footfall/export`,
};
