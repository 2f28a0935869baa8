import type { TAttendanceQuery, TCheckinListQuery, TConflictListQuery, TDeviceLogQuery } from '@pavilion/domain/checkin/checkin.schemas';

/**
 * The check-in module's one query-key factory (organiser section and public footfall screen). Kept free of runtime
 * imports so the public pages can load it for nothing.
 */
export const checkinKeys = {
  all: ['checkin'] as const,
  event: (eventId: string) => [...checkinKeys.all, 'event', eventId] as const,
  areas: (eventId: string) => [...checkinKeys.event(eventId), 'areas'] as const,
  devices: (eventId: string) => [...checkinKeys.event(eventId), 'devices'] as const,
  deviceGroups: (eventId: string) => [...checkinKeys.event(eventId), 'device-groups'] as const,
  deviceLogs: (eventId: string, q: Partial<TDeviceLogQuery>) => [...checkinKeys.event(eventId), 'device-logs', q] as const,
  scans: (eventId: string) => [...checkinKeys.event(eventId), 'scans'] as const,
  scanList: (eventId: string, q: Partial<TCheckinListQuery>) => [...checkinKeys.scans(eventId), 'list', q] as const,
  conflicts: (eventId: string, q: Partial<TConflictListQuery>) => [...checkinKeys.scans(eventId), 'conflicts', q] as const,
  attendance: (eventId: string, q: Partial<TAttendanceQuery>) => [...checkinKeys.event(eventId), 'attendance', q] as const,
  attendanceDetail: (eventId: string, registrationId: string) => [...checkinKeys.event(eventId), 'attendance-detail', registrationId] as const,
  footfall: (eventId: string, areaId: string) => [...checkinKeys.event(eventId), 'footfall', areaId] as const,
  occupancy: (eventId: string) => [...checkinKeys.event(eventId), 'occupancy'] as const,
  publicFootfall: (areaId: string, key: string) => [...checkinKeys.all, 'public-footfall', areaId, key] as const,
  /** What a "countsChanged" message refreshes: inside counts, scans, attendance (prefix keys) and occupancy. */
  liveCounts: (eventId: string) => [checkinKeys.areas(eventId), checkinKeys.scans(eventId), [...checkinKeys.event(eventId), 'attendance'] as const, checkinKeys.occupancy(eventId)],
};
