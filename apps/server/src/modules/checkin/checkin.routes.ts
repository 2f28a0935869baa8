import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TCheckinListQuery } from '@pavilion/domain';
import { checkinOrganiserRoutes as routes } from '@pavilion/domain/checkin/checkin.routes';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
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
  route(app, routes.listAreas, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.listAreas(user, organisationId, req.params.eventId);
  });
  route(app, routes.createArea, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.createArea(user, organisationId, req.params.eventId, req.body as never);
  });
  route(app, routes.exportAreas, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'checkin-areas', await s.exportAreas(user, organisationId, req.params.eventId));
  });
  route(app, routes.getArea, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.getArea(user, organisationId, req.params.eventId, req.params.areaId);
  });
  route(app, routes.updateArea, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.updateArea(user, organisationId, req.params.eventId, req.params.areaId, req.body);
  });
  route(app, routes.deleteArea, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.deleteArea(user, organisationId, req.params.eventId, req.params.areaId);
  });
  route(app, routes.rotateDisplayKey, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.rotateDisplayKey(user, organisationId, req.params.eventId, req.params.areaId);
  });
  route(app, routes.getRules, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.getRules(user, organisationId, req.params.eventId, req.params.areaId);
  });
  route(app, routes.setRules, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.setRules(user, organisationId, req.params.eventId, req.params.areaId, req.body);
  });
  route(app, routes.getCapacity, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.getCapacity(user, organisationId, req.params.eventId, req.params.areaId);
  });
  route(app, routes.setCapacity, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.setCapacity(user, organisationId, req.params.eventId, req.params.areaId, req.body);
  });
  route(app, routes.areaFootfall, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.footfall(user, organisationId, req.params.eventId, req.params.areaId);
  });
  route(app, routes.exportFootfall, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'footfall', await s.exportFootfall(user, organisationId, req.params.eventId));
  });
  route(app, routes.occupancy, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.occupancy(user, organisationId, req.params.eventId);
  });

  // ---- devices
  route(app, routes.listDevices, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.listDevices(user, organisationId, req.params.eventId);
  });
  route(app, routes.createDevice, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.createDevice(user, organisationId, req.params.eventId, req.body);
  });
  route(app, routes.exportDevices, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'devices', await s.exportDevices(user, organisationId, req.params.eventId));
  });
  // Dashboard commands (the hospitality socket event each emits): every device of the event, one device, a group.
  const commands = [
    ['deviceLogout', 'deviceLogoutAll', routes.logoutAllDevices, routes.logoutDevice, routes.logoutDeviceGroup],
    ['deviceSync', 'deviceSyncAll', routes.syncAllDevices, routes.syncDevice, routes.syncDeviceGroup],
    ['deviceRefresh', 'deviceRefreshAll', routes.refreshAllDevices, routes.refreshDevice, routes.refreshDeviceGroup],
  ] as const;
  for (const [event, eventAll, all, one, group] of commands) {
    route(app, all, async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return s.command(user, organisationId, req.params.eventId, null, eventAll);
    });
    route(app, one, async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return s.command(user, organisationId, req.params.eventId, req.params.deviceId, event);
    });
    route(app, group, async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return s.command(user, organisationId, req.params.eventId, { groupId: req.params.groupId }, event);
    });
  }
  route(app, routes.getDevice, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.getDevice(user, organisationId, req.params.eventId, req.params.deviceId);
  });
  route(app, routes.updateDevice, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.updateDevice(user, organisationId, req.params.eventId, req.params.deviceId, req.body);
  });
  route(app, routes.newDeviceCode, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.newCode(user, organisationId, req.params.eventId, req.params.deviceId);
  });
  route(app, routes.revokeDevice, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.revokeDevice(user, organisationId, req.params.eventId, req.params.deviceId);
  });
  route(app, routes.deleteDevice, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    await s.revokeDevice(user, organisationId, req.params.eventId, req.params.deviceId, true);
    return { deleted: true as const };
  });

  // ---- device groups (T-81): manage a group's devices together
  route(app, routes.listDeviceGroups, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.listDeviceGroups(user, organisationId, req.params.eventId);
  });
  route(app, routes.createDeviceGroup, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.createDeviceGroup(user, organisationId, req.params.eventId, req.body);
  });
  route(app, routes.exportDeviceGroups, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'device-groups', await s.exportDeviceGroups(user, organisationId, req.params.eventId));
  });
  route(app, routes.updateDeviceGroup, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.updateDeviceGroup(user, organisationId, req.params.eventId, req.params.groupId, req.body);
  });
  route(app, routes.deleteDeviceGroup, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    await s.deleteDeviceGroup(user, organisationId, req.params.eventId, req.params.groupId);
    return { deleted: true as const };
  });

  // ---- relay and device logs
  route(app, routes.getRelay, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.getRelay(user, organisationId, req.params.eventId, req.params.deviceId);
  });
  route(app, routes.setRelay, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.setRelay(user, organisationId, req.params.eventId, req.params.deviceId, req.body);
  });
  route(app, routes.toggleRelay, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.toggleRelay(user, organisationId, req.params.eventId, req.params.deviceId);
  });
  route(app, routes.listDeviceLogs, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.listLogs(user, organisationId, req.params.eventId, req.query);
  });
  route(app, routes.exportDeviceLogs, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'device-logs', await s.exportLogs(user, organisationId, req.params.eventId, req.query));
  });

  // ---- check-ins
  route(app, routes.manualCheckin, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.manualScan(user, organisationId, req.params.eventId, 'in', req.body);
  });
  route(app, routes.manualCheckout, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.manualScan(user, organisationId, req.params.eventId, 'out', req.body);
  });
  route(app, routes.listScans, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.listScans(user, organisationId, req.params.eventId, scanFilters(req.query));
  });
  route(app, routes.exportScans, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'checkins', await s.exportScans(user, organisationId, req.params.eventId, scanFilters(req.query)));
  });
  route(app, routes.listConflicts, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    const q = req.query;
    return s.listConflicts(user, organisationId, req.params.eventId, { ...q, resolved: q.resolved === undefined ? undefined : q.resolved === 'true' });
  });
  route(app, routes.resolveConflict, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.resolveConflict(user, organisationId, req.params.eventId, req.params.conflictId, req.body.note);
  });

  // ---- attendance
  route(app, routes.attendance, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.attendance(user, organisationId, req.params.eventId, req.query);
  });
  route(app, routes.exportAttendance, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'attendance', await s.exportAttendance(user, organisationId, req.params.eventId, req.query));
  });
  route(app, routes.attendanceDetail, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return s.attendanceDetail(user, organisationId, req.params.eventId, req.params.registrationId);
  });
}
