import type { FastifyInstance } from 'fastify';
import { staffBadgesRoutes as routes } from '@pavilion/domain/exhibition/staff-badges.routes';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { organiser, route } from '../../platform/contract-routes.ts';
import type { StaffBadgesService } from './staff-badges.service.ts';

/** The exhibitor staff badge contracts (packages/domain/src/exhibition/staff-badges.routes.ts), served. */
export function registerStaffBadgesRoutes(app: FastifyInstance, service: StaffBadgesService): void {
  const participant = (req: { user: AuthUser | null; eventAccess: EventAccess | null }) => ({ user: req.user, eventAccess: req.eventAccess });
  const name = (b: { firstName: string; lastName?: string }) => ({ firstName: b.firstName, lastName: b.lastName ?? '' });

  route(app, routes.staffBadgeSettings, async (req) => service.settings(...organiser(req), req.params.eventId));
  route(app, routes.saveStaffBadgeSettings, async (req) => service.saveSettings(...organiser(req), req.params.eventId, req.body));
  route(app, routes.companyStaffBadges, async (req) => service.companyBadges(...organiser(req), req.params.eventId, req.params.companyId));
  route(app, routes.issueStaffBadge, async (req) => service.issueBadge(...organiser(req), req.params.eventId, req.params.companyId, req.params.staffId, name(req.body)));
  route(app, routes.revokeStaffBadge, async (req) => service.revokeBadge(...organiser(req), req.params.eventId, req.params.companyId, req.params.staffId));

  route(app, routes.myStaffBadges, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return service.myBadges(participant(req), req.params.eventId);
  });
  route(app, routes.myIssueStaffBadge, async (req) => service.myIssueBadge(participant(req), req.params.eventId, req.params.staffId, name(req.body)));
  route(app, routes.myRevokeStaffBadge, async (req) => service.myRevokeBadge(participant(req), req.params.eventId, req.params.staffId));
}
