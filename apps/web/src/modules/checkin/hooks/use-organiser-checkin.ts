import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TAttendanceQuery, TCheckinListQuery, TConflictListQuery, TDeviceLogQuery } from '@pavilion/domain/checkin/checkin.schemas';
import { organiserCheckinApi as api } from '../api/organiser-checkin-api.ts';
import { checkinKeys as keys } from '../api/checkin-keys.ts';

/** Live figures (inside counts, device online flags) refresh on their own while the tab is open. */
const LIVE_MS = 10_000;

export function useAreas(eventId: string, isLive = false) {
  return useQuery({ queryKey: keys.areas(eventId), queryFn: ({ signal }) => api.areas(eventId, signal), enabled: !!eventId, refetchInterval: isLive ? LIVE_MS : false, refetchOnWindowFocus: true });
}
export function useDevices(eventId: string) {
  return useQuery({ queryKey: keys.devices(eventId), queryFn: ({ signal }) => api.devices(eventId, signal), enabled: !!eventId, refetchInterval: LIVE_MS });
}
export function useDeviceGroups(eventId: string) {
  return useQuery({ queryKey: keys.deviceGroups(eventId), queryFn: ({ signal }) => api.deviceGroups(eventId, signal), enabled: !!eventId, refetchInterval: LIVE_MS });
}
export function useDeviceLogs(eventId: string, q: Partial<TDeviceLogQuery>, enabled = true) {
  return useQuery({ queryKey: keys.deviceLogs(eventId, q), queryFn: ({ signal }) => api.deviceLogs(eventId, q, signal), enabled: !!eventId && enabled, placeholderData: keepPreviousData });
}
export function useScans(eventId: string, q: Partial<TCheckinListQuery>) {
  return useQuery({ queryKey: keys.scanList(eventId, q), queryFn: ({ signal }) => api.scans(eventId, q, signal), enabled: !!eventId, placeholderData: keepPreviousData, refetchOnWindowFocus: true });
}
export function useConflicts(eventId: string, q: Partial<TConflictListQuery>) {
  return useQuery({ queryKey: keys.conflicts(eventId, q), queryFn: ({ signal }) => api.conflicts(eventId, q, signal), enabled: !!eventId, placeholderData: keepPreviousData });
}
export function useAttendance(eventId: string, q: Partial<TAttendanceQuery>) {
  return useQuery({ queryKey: keys.attendance(eventId, q), queryFn: ({ signal }) => api.attendance(eventId, q, signal), enabled: !!eventId, placeholderData: keepPreviousData, refetchOnWindowFocus: true });
}
export function useAttendanceDetail(eventId: string, registrationId: string | null) {
  return useQuery({
    queryKey: keys.attendanceDetail(eventId, registrationId ?? ''),
    queryFn: ({ signal }) => api.attendanceDetail(eventId, registrationId!, signal),
    enabled: !!eventId && !!registrationId,
  });
}
export function useAreaFootfall(eventId: string, areaId: string | null) {
  return useQuery({
    queryKey: keys.footfall(eventId, areaId ?? ''),
    queryFn: ({ signal }) => api.footfall(eventId, areaId!, signal),
    enabled: !!eventId && !!areaId,
    refetchInterval: LIVE_MS,
  });
}

/** A mutation that refreshes the key families it touches (through the one key factory). */
export function useCheckinMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>, invalidates: QueryKey[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
