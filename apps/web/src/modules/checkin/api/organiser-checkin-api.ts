import type {
  TAreaCapacity,
  TAreaCreateRequest,
  TAreaRulesInput,
  TAreaUpdateRequest,
  TAttendanceQuery,
  TCheckinListQuery,
  TConflictListQuery,
  TDeviceCreateRequest,
  TDeviceGroupCreateRequest,
  TDeviceGroupUpdateRequest,
  TDeviceLogQuery,
  TDeviceUpdateRequest,
  TManualScanRequest,
  TRelayConfigRequest,
} from '@pavilion/domain/checkin/checkin.schemas';
import { api } from '../../../app/api-client.ts';

/** The organiser's check-in calls, by their contracts (packages/domain/src/checkin/checkin.routes.ts), each with its access code there. */
export const organiserCheckinApi = {
  areas: (eventId: string, signal?: AbortSignal) => api.call('GET /api/hospitalityservices/api/events/:eventId/areas', { params: { eventId }, signal }),
  createArea: (eventId: string, body: TAreaCreateRequest) => api.call('POST /api/hospitalityservices/api/events/:eventId/areas', { params: { eventId }, body }),
  updateArea: (eventId: string, areaId: string, body: TAreaUpdateRequest) =>
    api.call('PATCH /api/hospitalityservices/api/events/:eventId/areas/:areaId', { params: { eventId, areaId }, body }),
  deleteArea: (eventId: string, areaId: string) => api.call('DELETE /api/hospitalityservices/api/events/:eventId/areas/:areaId', { params: { eventId, areaId } }),
  putRules: (eventId: string, areaId: string, body: TAreaRulesInput) =>
    api.call('PUT /api/hospitalityservices/api/events/:eventId/areas/:areaId/rules', { params: { eventId, areaId }, body }),
  putCapacity: (eventId: string, areaId: string, body: Partial<TAreaCapacity>) =>
    api.call('PUT /api/hospitalityservices/api/events/:eventId/areas/:areaId/capacity', { params: { eventId, areaId }, body }),
  rotateDisplayKey: (eventId: string, areaId: string) => api.call('POST /api/hospitalityservices/api/events/:eventId/areas/:areaId/display-key', { params: { eventId, areaId } }),
  footfall: (eventId: string, areaId: string, signal?: AbortSignal) =>
    api.call('GET /api/hospitalityservices/api/events/:eventId/areas/:areaId/footfall', { params: { eventId, areaId }, signal }),
  occupancy: (eventId: string, signal?: AbortSignal) => api.call('GET /api/hospitalityservices/api/events/:eventId/occupancy', { params: { eventId }, signal }),

  devices: (eventId: string, signal?: AbortSignal) => api.call('GET /api/hospitalityservices/api/events/:eventId/devices', { params: { eventId }, signal }),
  createDevice: (eventId: string, body: TDeviceCreateRequest) => api.call('POST /api/hospitalityservices/api/events/:eventId/devices', { params: { eventId }, body }),
  updateDevice: (eventId: string, deviceId: string, body: TDeviceUpdateRequest) =>
    api.call('PATCH /api/hospitalityservices/api/events/:eventId/devices/:deviceId', { params: { eventId, deviceId }, body }),
  newCode: (eventId: string, deviceId: string) => api.call('POST /api/hospitalityservices/api/events/:eventId/devices/:deviceId/code', { params: { eventId, deviceId } }),
  revokeDevice: (eventId: string, deviceId: string) => api.call('POST /api/hospitalityservices/api/events/:eventId/devices/:deviceId/revoke', { params: { eventId, deviceId } }),
  deleteDevice: (eventId: string, deviceId: string) => api.call('DELETE /api/hospitalityservices/api/events/:eventId/devices/:deviceId', { params: { eventId, deviceId } }),
  /** logout / sync / refresh one device, or every device of the event (`deviceId` null): the server emits on the hospitality socket. */
  command: (eventId: string, command: 'logout' | 'sync' | 'refresh', deviceId: string | null) =>
    deviceId
      ? api.call(`POST /api/hospitalityservices/api/events/:eventId/devices/:deviceId/${command}`, { params: { eventId, deviceId } })
      : api.call(`POST /api/hospitalityservices/api/events/:eventId/devices/${command}-all`, { params: { eventId } }),
  relay: (eventId: string, deviceId: string, signal?: AbortSignal) =>
    api.call('GET /api/hospitalityservices/api/events/:eventId/devices/:deviceId/relay', { params: { eventId, deviceId }, signal }),
  putRelay: (eventId: string, deviceId: string, body: TRelayConfigRequest) =>
    api.call('PUT /api/hospitalityservices/api/events/:eventId/devices/:deviceId/relay', { params: { eventId, deviceId }, body }),
  toggleRelay: (eventId: string, deviceId: string) => api.call('POST /api/hospitalityservices/api/events/:eventId/devices/:deviceId/relay/toggle', { params: { eventId, deviceId } }),
  deviceGroups: (eventId: string, signal?: AbortSignal) => api.call('GET /api/hospitalityservices/api/events/:eventId/device-groups', { params: { eventId }, signal }),
  createDeviceGroup: (eventId: string, body: TDeviceGroupCreateRequest) => api.call('POST /api/hospitalityservices/api/events/:eventId/device-groups', { params: { eventId }, body }),
  updateDeviceGroup: (eventId: string, groupId: string, body: TDeviceGroupUpdateRequest) =>
    api.call('PATCH /api/hospitalityservices/api/events/:eventId/device-groups/:groupId', { params: { eventId, groupId }, body }),
  deleteDeviceGroup: (eventId: string, groupId: string) => api.call('DELETE /api/hospitalityservices/api/events/:eventId/device-groups/:groupId', { params: { eventId, groupId } }),
  /** logout / sync / refresh every device of a group: each gets the single-device event in its own room. */
  groupCommand: (eventId: string, groupId: string, command: 'logout' | 'sync' | 'refresh') =>
    api.call(`POST /api/hospitalityservices/api/events/:eventId/device-groups/:groupId/${command}`, { params: { eventId, groupId } }),
  deviceLogs: (eventId: string, q: Partial<TDeviceLogQuery>, signal?: AbortSignal) =>
    api.call('GET /api/hospitalityservices/api/events/:eventId/device-logs', { params: { eventId }, query: q, signal }),

  scans: (eventId: string, q: Partial<TCheckinListQuery>, signal?: AbortSignal) => api.call('GET /api/hospitalityservices/api/events/:eventId/checkins', { params: { eventId }, query: q, signal }),
  manualCheckin: (eventId: string, body: TManualScanRequest) => api.call('POST /api/hospitalityservices/api/events/:eventId/checkins', { params: { eventId }, body }),
  manualCheckout: (eventId: string, body: TManualScanRequest) => api.call('POST /api/hospitalityservices/api/events/:eventId/checkouts', { params: { eventId }, body }),
  conflicts: (eventId: string, q: Partial<TConflictListQuery>, signal?: AbortSignal) =>
    api.call('GET /api/hospitalityservices/api/events/:eventId/checkins/conflicts', { params: { eventId }, query: q, signal }),
  resolveConflict: (eventId: string, conflictId: string, note?: string) =>
    api.call('POST /api/hospitalityservices/api/events/:eventId/checkins/conflicts/:conflictId/resolve', { params: { eventId, conflictId }, body: note ? { note } : {} }),
  attendance: (eventId: string, q: Partial<TAttendanceQuery>, signal?: AbortSignal) =>
    api.call('GET /api/hospitalityservices/api/events/:eventId/attendance', { params: { eventId }, query: q, signal }),
  attendanceDetail: (eventId: string, registrationId: string, signal?: AbortSignal) =>
    api.call('GET /api/hospitalityservices/api/events/:eventId/attendance/:registrationId', { params: { eventId, registrationId }, signal }),
};

/** CSV exports: links to the file routes, downloaded with the session's token by app/download.ts (filters as its query). */
export const CHECKIN_EXPORTS = {
  areas: (eventId: string) => api.url('GET /api/hospitalityservices/api/events/:eventId/areas/export', { params: { eventId } }),
  devices: (eventId: string) => api.url('GET /api/hospitalityservices/api/events/:eventId/devices/export', { params: { eventId } }),
  deviceGroups: (eventId: string) => api.url('GET /api/hospitalityservices/api/events/:eventId/device-groups/export', { params: { eventId } }),
  deviceLogs: (eventId: string) => api.url('GET /api/hospitalityservices/api/events/:eventId/device-logs/export', { params: { eventId } }),
  checkins: (eventId: string) => api.url('GET /api/hospitalityservices/api/events/:eventId/checkins/export', { params: { eventId } }),
  attendance: (eventId: string) => api.url('GET /api/hospitalityservices/api/events/:eventId/attendance/export', { params: { eventId } }),
  footfall: (eventId: string) => api.url('GET /api/hospitalityservices/api/events/:eventId/footfall/export', { params: { eventId } }),
};
