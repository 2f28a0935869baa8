import type { FastifyInstance } from 'fastify';
import { programmeRoutes as routes } from '@pavilion/domain/programme/programme.routes';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { AttendanceService } from './programme-attendance.service.ts';

/** Session attendance's contract: the host report tab "Schedule Sessions" (AP-730). */
export function registerAttendanceRoutes(app: FastifyInstance, attendance: AttendanceService): void {
  route(app, routes.scheduleSessionsReport, async (req) => attendance.report(...organiser(req), req.params.eventId, req.query.range));
}
