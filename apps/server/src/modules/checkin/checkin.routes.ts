import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TCheckinListQuery } from '@pavilion/domain';
import { checkinOrganiserRoutes as routes } from '@pavilion/domain/checkin/checkin.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { CheckinService } from './checkin.service.ts';

const csv = (reply: FastifyReply, name: string, body: string) => reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(body);
const scanFilters = (q: TCheckinListQuery) => ({
  ...q,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
  conflict: q.conflict === undefined ? undefined : q.conflict === 'true',
});

/** Organiser routes (T-75..T-86): the contracts of packages/domain/src/checkin/checkin.routes.ts, served. */
export function registerCheckinRoutes(app: FastifyInstance, s: CheckinService): void {
  // ---- areas
  route(app, routes.listAreas, async (req) => s.listAreas(...organiser(req), req.params.eventId));
  route(app, routes.createArea, async (req) => s.createArea(...organiser(req), req.params.eventId, req.body as never));
  route(app, routes.exportAreas, async (req, reply) => csv(reply, 'checkin-areas', await s.exportAreas(...organiser(req), req.params.eventId)));
  route(app, routes.getArea, async (req) => s.getArea(...organiser(req), req.params.eventId, req.params.areaId));
  route(app, routes.updateArea, async (req) => s.updateArea(...organiser(req), req.params.eventId, req.params.areaId, req.body));
  route(app, routes.deleteArea, async (req) => s.deleteArea(...organiser(req), req.params.eventId, req.params.areaId));
  route(app, routes.rotateDisplayKey, async (req) => s.rotateDisplayKey(...organiser(req), req.params.eventId, req.params.areaId));
  route(app, routes.getRules, async (req) => s.getRules(...organiser(req), req.params.eventId, req.params.areaId));
  route(app, routes.setRules, async (req) => s.setRules(...organiser(req), req.params.eventId, req.params.areaId, req.body));
  route(app, routes.getCapacity, async (req) => s.getCapacity(...organiser(req), req.params.eventId, req.params.areaId));
  route(app, routes.setCapacity, async (req) => s.setCapacity(...organiser(req), req.params.eventId, req.params.areaId, req.body));
  route(app, routes.areaFootfall, async (req) => s.footfall(...organiser(req), req.params.eventId, req.params.areaId));
  route(app, routes.exportFootfall, async (req, reply) => csv(reply, 'footfall', await s.exportFootfall(...organiser(req), req.params.eventId)));
  route(app, routes.occupancy, async (req) => s.occupancy(...organiser(req), req.params.eventId));

  // ---- devices
  route(app, routes.listDevices, async (req) => s.listDevices(...organiser(req), req.params.eventId));
  route(app, routes.createDevice, async (req) => s.createDevice(...organiser(req), req.params.eventId, req.body));
  route(app, routes.exportDevices, async (req, reply) => csv(reply, 'devices', await s.exportDevices(...organiser(req), req.params.eventId)));
  // Dashboard commands (the hospitality socket event each emits): every device of the event, one device, a group.
  const commands = [
    ['deviceLogout', 'deviceLogoutAll', routes.logoutAllDevices, routes.logoutDevice, routes.logoutDeviceGroup],
    ['deviceSync', 'deviceSyncAll', routes.syncAllDevices, routes.syncDevice, routes.syncDeviceGroup],
    ['deviceRefresh', 'deviceRefreshAll', routes.refreshAllDevices, routes.refreshDevice, routes.refreshDeviceGroup],
  ] as const;
  for (const [event, eventAll, all, one, group] of commands) {
    route(app, all, async (req) => s.command(...organiser(req), req.params.eventId, null, eventAll));
    route(app, one, async (req) => s.command(...organiser(req), req.params.eventId, req.params.deviceId, event));
    route(app, group, async (req) => s.command(...organiser(req), req.params.eventId, { groupId: req.params.groupId }, event));
  }
  route(app, routes.getDevice, async (req) => s.getDevice(...organiser(req), req.params.eventId, req.params.deviceId));
  route(app, routes.updateDevice, async (req) => s.updateDevice(...organiser(req), req.params.eventId, req.params.deviceId, req.body));
  route(app, routes.newDeviceCode, async (req) => s.newCode(...organiser(req), req.params.eventId, req.params.deviceId));
  route(app, routes.revokeDevice, async (req) => s.revokeDevice(...organiser(req), req.params.eventId, req.params.deviceId));
  route(app, routes.deleteDevice, async (req) => {
    await s.revokeDevice(...organiser(req), req.params.eventId, req.params.deviceId, true);
    return { deleted: true as const };
  });

  // ---- device groups (T-81): manage a group's devices together
  route(app, routes.listDeviceGroups, async (req) => s.listDeviceGroups(...organiser(req), req.params.eventId));
  route(app, routes.createDeviceGroup, async (req) => s.createDeviceGroup(...organiser(req), req.params.eventId, req.body));
  route(app, routes.exportDeviceGroups, async (req, reply) => csv(reply, 'device-groups', await s.exportDeviceGroups(...organiser(req), req.params.eventId)));
  route(app, routes.updateDeviceGroup, async (req) => s.updateDeviceGroup(...organiser(req), req.params.eventId, req.params.groupId, req.body));
  route(app, routes.deleteDeviceGroup, async (req) => {
    await s.deleteDeviceGroup(...organiser(req), req.params.eventId, req.params.groupId);
    return { deleted: true as const };
  });

  // ---- relay and device logs
  route(app, routes.getRelay, async (req) => s.getRelay(...organiser(req), req.params.eventId, req.params.deviceId));
  route(app, routes.setRelay, async (req) => s.setRelay(...organiser(req), req.params.eventId, req.params.deviceId, req.body));
  route(app, routes.toggleRelay, async (req) => s.toggleRelay(...organiser(req), req.params.eventId, req.params.deviceId));
  route(app, routes.listDeviceLogs, async (req) => s.listLogs(...organiser(req), req.params.eventId, req.query));
  route(app, routes.exportDeviceLogs, async (req, reply) => csv(reply, 'device-logs', await s.exportLogs(...organiser(req), req.params.eventId, req.query)));

  // ---- check-ins
  route(app, routes.manualCheckin, async (req) => s.manualScan(...organiser(req), req.params.eventId, 'in', req.body));
  route(app, routes.manualCheckout, async (req) => s.manualScan(...organiser(req), req.params.eventId, 'out', req.body));
  route(app, routes.listScans, async (req) => s.listScans(...organiser(req), req.params.eventId, scanFilters(req.query)));
  route(app, routes.exportScans, async (req, reply) => csv(reply, 'checkins', await s.exportScans(...organiser(req), req.params.eventId, scanFilters(req.query))));
  route(app, routes.listConflicts, async (req) => {
    const q = req.query;
    return s.listConflicts(...organiser(req), req.params.eventId, { ...q, resolved: q.resolved === undefined ? undefined : q.resolved === 'true' });
  });
  route(app, routes.resolveConflict, async (req) => s.resolveConflict(...organiser(req), req.params.eventId, req.params.conflictId, req.body.note));

  // ---- attendance
  route(app, routes.attendance, async (req) => s.attendance(...organiser(req), req.params.eventId, req.query));
  route(app, routes.exportAttendance, async (req, reply) => csv(reply, 'attendance', await s.exportAttendance(...organiser(req), req.params.eventId, req.query)));
  route(app, routes.attendanceDetail, async (req) => s.attendanceDetail(...organiser(req), req.params.eventId, req.params.registrationId));
}
