import { randomUUID } from 'node:crypto';
import { createCheckinAreasService, type CheckinAreasService } from './checkin.areas.service.ts';
import { createCheckinAttendanceService, type CheckinAttendanceService } from './checkin.attendance.service.ts';
import { createCheckinDevicesService, type CheckinDevicesService } from './checkin.devices.service.ts';
import { createCheckinScanningService, type CheckinScanningService } from './checkin.scanning.service.ts';
import { createCheckinShared, type CheckinDeps } from './checkin.shared.ts';

export type { CheckinDeps, CheckinTesting, DeviceSession } from './checkin.shared.ts';
export { csvLine } from './checkin.shared.ts';
export { normaliseCode } from './checkin.devices.service.ts';

// The services are spread into one object: no two may name the same method (the later would silently win).
type Clash<A, Keys> = Extract<keyof A, Keys>;
type Clashes =
  | Clash<CheckinAreasService, keyof CheckinDevicesService | keyof CheckinScanningService | keyof CheckinAttendanceService>
  | Clash<CheckinDevicesService, keyof CheckinScanningService | keyof CheckinAttendanceService>
  | Clash<CheckinScanningService, keyof CheckinAttendanceService>;
export const checkinServicesAreDisjoint: [Clashes] extends [never] ? true : Clashes = true;

/**
 * The check-in module's service: four services over one set of shared caches (checkin.shared.ts), returned as one
 * object so routes and other modules call it by method name.
 * - areas (checkin.areas.service.ts): areas, rules, capacity, display keys, occupancy and footfall;
 * - devices (checkin.devices.service.ts): devices, groups, pairing codes, commands, device authentication, logs;
 * - scanning (checkin.scanning.service.ts): scan decisions, admissions and exits, manual scans, snapshots, offline
 *   sync (checkin.offline-sync.ts), the scan ledger and its conflicts;
 * - attendance (checkin.attendance.service.ts): attendance rows and details, summaries for certificates, overview
 *   figures, automatic check-out.
 */
export function createCheckinService(deps: CheckinDeps) {
  const shared = createCheckinShared(deps);
  const areas = createCheckinAreasService(deps, shared);
  const devices = createCheckinDevicesService(deps, shared);
  const scanning = createCheckinScanningService(deps, shared, devices);
  const attendance = createCheckinAttendanceService(deps, shared);
  return {
    testing: deps.testing,
    ...areas,
    ...devices,
    ...scanning,
    ...attendance,
    nonce: randomUUID,
    close: shared.close,
  };
}
export type CheckinService = ReturnType<typeof createCheckinService>;
