import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  ZDeviceUpdateRequest,
  ZDeviceWithCode,
  ZFootfall,
  ZManualScanRequest,
  ZOccupancy,
  ZRelayConfig,
  ZRelayConfigRequest,
  ZRelayResult,
  ZScanResponse,
  zOk,
  type TCheckinListQuery,
} from '@pavilion/domain';
import { requireOrganisation } from '../../platform/auth-guard.ts';
import type { CheckinService } from './checkin.service.ts';

const tags = ['checkin'];
/** The commands a dashboard sends to one device or to a device group: path, hospitality event, access code. */
const DEVICE_COMMANDS = [
  ['logout', 'deviceLogout', 'AP-275'],
  ['sync', 'deviceSync', 'AP-276'],
  ['refresh', 'deviceRefresh', 'AP-277'],
] as const;
const ok = <T>(data: T) => ({ status: 'OK' as const, data });
const csv = (reply: FastifyReply, name: string, body: string) => reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(body);
const scanFilters = (q: TCheckinListQuery) => ({
  ...q,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
  conflict: q.conflict === undefined ? undefined : q.conflict === 'true',
});

/** Organiser routes (T-75..T-86): areas, devices, check-ins, attendance, footfall. Contract: API.md. */
export const checkinRoutes: FastifyPluginAsyncZod<{ service: CheckinService }> = async (app, { service: s }) => {
  const E = '/events/:eventId';
  const A = `${E}/areas/:areaId`;
  const D = `${E}/devices/:deviceId`;

  // ---- areas
  app.get(`${E}/areas`, { config: { auth: 'organiser', access: 'AP-261' }, schema: { tags, params: ZCheckinEventParams, response: { 200: zOk(z.array(ZArea)) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.listAreas(user, organisationId, req.params.eventId));
  });
  app.post(`${E}/areas`, { config: { auth: 'organiser', access: 'AP-262' }, schema: { tags, params: ZCheckinEventParams, body: ZAreaCreateRequest, response: { 201: zOk(ZArea) } } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return reply.status(201).send(ok(await s.createArea(user, organisationId, req.params.eventId, req.body as never)));
  });
  app.get(`${E}/areas/export`, { config: { auth: 'organiser', access: 'AP-265' }, schema: { tags, params: ZCheckinEventParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'checkin-areas', await s.exportAreas(user, organisationId, req.params.eventId));
  });
  app.get(A, { config: { auth: 'organiser', access: 'AP-261' }, schema: { tags, params: ZCheckinAreaParams, response: { 200: zOk(ZArea) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.getArea(user, organisationId, req.params.eventId, req.params.areaId));
  });
  app.patch(A, { config: { auth: 'organiser', access: 'AP-263' }, schema: { tags, params: ZCheckinAreaParams, body: ZAreaUpdateRequest, response: { 200: zOk(ZArea) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.updateArea(user, organisationId, req.params.eventId, req.params.areaId, req.body));
  });
  app.delete(A, { config: { auth: 'organiser', access: 'AP-264' }, schema: { tags, params: ZCheckinAreaParams, response: { 200: zOk(z.object({ deleted: z.literal(true) })) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.deleteArea(user, organisationId, req.params.eventId, req.params.areaId));
  });
  app.post(`${A}/display-key`, { config: { auth: 'organiser', access: 'AP-263' }, schema: { tags, params: ZCheckinAreaParams, response: { 200: zOk(ZArea) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.rotateDisplayKey(user, organisationId, req.params.eventId, req.params.areaId));
  });
  app.get(`${A}/rules`, { config: { auth: 'organiser', access: 'AP-266' }, schema: { tags, params: ZCheckinAreaParams, response: { 200: zOk(ZAreaRules) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.getRules(user, organisationId, req.params.eventId, req.params.areaId));
  });
  app.put(`${A}/rules`, { config: { auth: 'organiser', access: 'AP-267' }, schema: { tags, params: ZCheckinAreaParams, body: ZAreaRules, response: { 200: zOk(ZArea) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.setRules(user, organisationId, req.params.eventId, req.params.areaId, req.body));
  });
  app.get(
    `${A}/capacity`,
    { config: { auth: 'organiser', access: 'AP-268' }, schema: { tags, params: ZCheckinAreaParams, response: { 200: zOk(ZAreaCapacity.extend({ inside: z.number().int() })) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await s.getCapacity(user, organisationId, req.params.eventId, req.params.areaId));
    },
  );
  app.put(`${A}/capacity`, { config: { auth: 'organiser', access: 'AP-269' }, schema: { tags, params: ZCheckinAreaParams, body: ZAreaCapacity, response: { 200: zOk(ZArea) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.setCapacity(user, organisationId, req.params.eventId, req.params.areaId, req.body));
  });
  app.get(`${A}/footfall`, { config: { auth: 'organiser', access: 'AP-297' }, schema: { tags, params: ZCheckinAreaParams, response: { 200: zOk(ZFootfall) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.footfall(user, organisationId, req.params.eventId, req.params.areaId));
  });
  app.get(`${E}/footfall/export`, { config: { auth: 'organiser', access: 'AP-298' }, schema: { tags, params: ZCheckinEventParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'footfall', await s.exportFootfall(user, organisationId, req.params.eventId));
  });
  app.get(`${E}/occupancy`, { config: { auth: 'organiser', access: 'AP-299' }, schema: { tags, params: ZCheckinEventParams, response: { 200: zOk(ZOccupancy) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.occupancy(user, organisationId, req.params.eventId));
  });

  // ---- devices
  app.get(`${E}/devices`, { config: { auth: 'organiser', access: 'AP-270' }, schema: { tags, params: ZCheckinEventParams, response: { 200: zOk(z.array(ZDevice)) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.listDevices(user, organisationId, req.params.eventId));
  });
  app.post(
    `${E}/devices`,
    { config: { auth: 'organiser', access: 'AP-271' }, schema: { tags, params: ZCheckinEventParams, body: ZDeviceCreateRequest, response: { 201: zOk(ZDeviceWithCode) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send(ok(await s.createDevice(user, organisationId, req.params.eventId, req.body)));
    },
  );
  app.get(`${E}/devices/export`, { config: { auth: 'organiser', access: 'AP-274' }, schema: { tags, params: ZCheckinEventParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'devices', await s.exportDevices(user, organisationId, req.params.eventId));
  });
  for (const [path, event, code] of [
    ['logout-all', 'deviceLogoutAll', 'AP-275'],
    ['sync-all', 'deviceSyncAll', 'AP-276'],
    ['refresh-all', 'deviceRefreshAll', 'AP-277'],
  ] as const) {
    app.post(`${E}/devices/${path}`, { config: { auth: 'organiser', access: code }, schema: { tags, params: ZCheckinEventParams, response: { 200: zOk(ZDeviceCommandResult) } } }, async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await s.command(user, organisationId, req.params.eventId, null, event));
    });
  }
  app.get(D, { config: { auth: 'organiser', access: 'AP-270' }, schema: { tags, params: ZCheckinDeviceParams, response: { 200: zOk(ZDevice) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.getDevice(user, organisationId, req.params.eventId, req.params.deviceId));
  });
  app.patch(D, { config: { auth: 'organiser', access: 'AP-272' }, schema: { tags, params: ZCheckinDeviceParams, body: ZDeviceUpdateRequest, response: { 200: zOk(ZDevice) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.updateDevice(user, organisationId, req.params.eventId, req.params.deviceId, req.body));
  });
  app.post(`${D}/code`, { config: { auth: 'organiser', access: 'AP-272' }, schema: { tags, params: ZCheckinDeviceParams, response: { 200: zOk(ZDeviceWithCode) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.newCode(user, organisationId, req.params.eventId, req.params.deviceId));
  });
  app.post(`${D}/revoke`, { config: { auth: 'organiser', access: 'AP-273' }, schema: { tags, params: ZCheckinDeviceParams, response: { 200: zOk(ZDevice) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.revokeDevice(user, organisationId, req.params.eventId, req.params.deviceId));
  });
  app.delete(D, { config: { auth: 'organiser', access: 'AP-273' }, schema: { tags, params: ZCheckinDeviceParams, response: { 200: zOk(z.object({ deleted: z.literal(true) })) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    await s.revokeDevice(user, organisationId, req.params.eventId, req.params.deviceId, true);
    return ok({ deleted: true as const });
  });
  for (const [path, event, code] of DEVICE_COMMANDS) {
    app.post(`${D}/${path}`, { config: { auth: 'organiser', access: code }, schema: { tags, params: ZCheckinDeviceParams, response: { 200: zOk(ZDeviceCommandResult) } } }, async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await s.command(user, organisationId, req.params.eventId, req.params.deviceId, event));
    });
  }
  // ---- device groups (T-81): manage a group's devices together
  const G = `${E}/device-groups/:groupId`;
  app.get(`${E}/device-groups`, { config: { auth: 'organiser', access: 'AP-283' }, schema: { tags, params: ZCheckinEventParams, response: { 200: zOk(z.array(ZDeviceGroup)) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.listDeviceGroups(user, organisationId, req.params.eventId));
  });
  app.post(
    `${E}/device-groups`,
    { config: { auth: 'organiser', access: 'AP-284' }, schema: { tags, params: ZCheckinEventParams, body: ZDeviceGroupCreateRequest, response: { 201: zOk(ZDeviceGroup) } } },
    async (req, reply) => {
      const { user, organisationId } = requireOrganisation(req);
      return reply.status(201).send(ok(await s.createDeviceGroup(user, organisationId, req.params.eventId, req.body)));
    },
  );
  app.get(`${E}/device-groups/export`, { config: { auth: 'organiser', access: 'AP-287' }, schema: { tags, params: ZCheckinEventParams } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'device-groups', await s.exportDeviceGroups(user, organisationId, req.params.eventId));
  });
  app.patch(G, { config: { auth: 'organiser', access: 'AP-285' }, schema: { tags, params: ZCheckinDeviceGroupParams, body: ZDeviceGroupUpdateRequest, response: { 200: zOk(ZDeviceGroup) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.updateDeviceGroup(user, organisationId, req.params.eventId, req.params.groupId, req.body));
  });
  app.delete(G, { config: { auth: 'organiser', access: 'AP-286' }, schema: { tags, params: ZCheckinDeviceGroupParams, response: { 200: zOk(z.object({ deleted: z.literal(true) })) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    await s.deleteDeviceGroup(user, organisationId, req.params.eventId, req.params.groupId);
    return ok({ deleted: true as const });
  });
  for (const [path, event, code] of DEVICE_COMMANDS) {
    app.post(`${G}/${path}`, { config: { auth: 'organiser', access: code }, schema: { tags, params: ZCheckinDeviceGroupParams, response: { 200: zOk(ZDeviceCommandResult) } } }, async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await s.command(user, organisationId, req.params.eventId, { groupId: req.params.groupId }, event));
    });
  }

  app.get(`${D}/relay`, { config: { auth: 'organiser', access: 'AP-278' }, schema: { tags, params: ZCheckinDeviceParams, response: { 200: zOk(ZRelayConfig) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.getRelay(user, organisationId, req.params.eventId, req.params.deviceId));
  });
  app.put(`${D}/relay`, { config: { auth: 'organiser', access: 'AP-279' }, schema: { tags, params: ZCheckinDeviceParams, body: ZRelayConfigRequest, response: { 200: zOk(ZRelayConfig) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.setRelay(user, organisationId, req.params.eventId, req.params.deviceId, req.body));
  });
  app.post(`${D}/relay/toggle`, { config: { auth: 'organiser', access: 'AP-280' }, schema: { tags, params: ZCheckinDeviceParams, response: { 200: zOk(ZRelayResult) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.toggleRelay(user, organisationId, req.params.eventId, req.params.deviceId));
  });
  app.get(`${E}/device-logs`, { config: { auth: 'organiser', access: 'AP-281' }, schema: { tags, params: ZCheckinEventParams, querystring: ZDeviceLogQuery, response: { 200: zOk(ZDeviceLogPage) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.listLogs(user, organisationId, req.params.eventId, req.query));
  });
  app.get(`${E}/device-logs/export`, { config: { auth: 'organiser', access: 'AP-282' }, schema: { tags, params: ZCheckinEventParams, querystring: ZDeviceLogQuery } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'device-logs', await s.exportLogs(user, organisationId, req.params.eventId, req.query));
  });

  // ---- check-ins
  app.post(`${E}/checkins`, { config: { auth: 'organiser', access: 'AP-290' }, schema: { tags, params: ZCheckinEventParams, body: ZManualScanRequest, response: { 200: zOk(ZScanResponse) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.manualScan(user, organisationId, req.params.eventId, 'in', req.body));
  });
  app.post(`${E}/checkouts`, { config: { auth: 'organiser', access: 'AP-291' }, schema: { tags, params: ZCheckinEventParams, body: ZManualScanRequest, response: { 200: zOk(ZScanResponse) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.manualScan(user, organisationId, req.params.eventId, 'out', req.body));
  });
  app.get(`${E}/checkins`, { config: { auth: 'organiser', access: 'AP-288' }, schema: { tags, params: ZCheckinEventParams, querystring: ZCheckinListQuery, response: { 200: zOk(ZCheckinScanPage) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.listScans(user, organisationId, req.params.eventId, scanFilters(req.query)));
  });
  app.get(`${E}/checkins/export`, { config: { auth: 'organiser', access: 'AP-289' }, schema: { tags, params: ZCheckinEventParams, querystring: ZCheckinListQuery } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'checkins', await s.exportScans(user, organisationId, req.params.eventId, scanFilters(req.query)));
  });
  app.get(
    `${E}/checkins/conflicts`,
    { config: { auth: 'organiser', access: 'AP-288' }, schema: { tags, params: ZCheckinEventParams, querystring: ZConflictListQuery, response: { 200: zOk(ZCheckinConflictPage) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      const q = req.query;
      return ok(await s.listConflicts(user, organisationId, req.params.eventId, { ...q, resolved: q.resolved === undefined ? undefined : q.resolved === 'true' }));
    },
  );
  app.post(
    `${E}/checkins/conflicts/:conflictId/resolve`,
    { config: { auth: 'organiser', access: 'AP-290' }, schema: { tags, params: ZCheckinConflictParams, body: ZConflictResolveRequest, response: { 200: zOk(ZCheckinConflict) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await s.resolveConflict(user, organisationId, req.params.eventId, req.params.conflictId, req.body.note));
    },
  );

  // ---- attendance
  app.get(`${E}/attendance`, { config: { auth: 'organiser', access: 'AP-292' }, schema: { tags, params: ZCheckinEventParams, querystring: ZAttendanceQuery, response: { 200: zOk(ZAttendancePage) } } }, async (req) => {
    const { user, organisationId } = requireOrganisation(req);
    return ok(await s.attendance(user, organisationId, req.params.eventId, req.query));
  });
  app.get(`${E}/attendance/export`, { config: { auth: 'organiser', access: 'AP-293' }, schema: { tags, params: ZCheckinEventParams, querystring: ZAttendanceQuery } }, async (req, reply) => {
    const { user, organisationId } = requireOrganisation(req);
    return csv(reply, 'attendance', await s.exportAttendance(user, organisationId, req.params.eventId, req.query));
  });
  app.get(
    `${E}/attendance/:registrationId`,
    { config: { auth: 'organiser', access: 'AP-292' }, schema: { tags, params: ZCheckinRegistrationParams, response: { 200: zOk(ZAttendanceDetail) } } },
    async (req) => {
      const { user, organisationId } = requireOrganisation(req);
      return ok(await s.attendanceDetail(user, organisationId, req.params.eventId, req.params.registrationId));
    },
  );
};
