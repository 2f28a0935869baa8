import type { FastifyInstance, FastifyRequest } from 'fastify';
import { workspaceRoutes as routes } from '@pavilion/domain/workspace/workspace.routes';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import { route } from '../../platform/contract-routes.ts';
import type { WorkspaceService } from './workspace.service.ts';

const org = requireOrganisation;
const user = requireUser;
const meta = (r: Pick<FastifyRequest, 'ip' | 'headers'>) => ({ ip: r.ip, userAgent: r.headers['user-agent'] });
const throttled = (max: number) => ({ rateLimit: { max, timeWindow: '15 minutes' } });

/** The workspace contracts (packages/domain/src/workspace/workspace.routes.ts), served. */
export function registerWorkspaceRoutes(app: FastifyInstance, service: WorkspaceService): void {
  route(app, routes.myAccess, async (req) => service.myAccess(user(req)));

  // Roles (T-20 Roles & Permissions)
  route(app, routes.listRoles, async (req) => service.listRoles(org(req).organisationId));
  route(app, routes.createRole, async (req) => {
    const { user, organisationId } = org(req);
    return service.createRole(user, organisationId, req.body);
  });
  route(app, routes.updateRole, async (req) => {
    const { user, organisationId } = org(req);
    return service.updateRole(user, organisationId, req.params.id, req.body);
  });
  route(app, routes.deleteRole, async (req) => {
    const { user, organisationId } = org(req);
    await service.deleteRole(user, organisationId, req.params.id);
    return { deleted: true as const };
  });

  // Team members (T-19)
  route(app, routes.listMembers, async (req) => service.listMembers(org(req).organisationId, req.query));
  route(app, routes.pendingInvitations, async (req) => service.pendingInvitations(org(req).organisationId));
  route(app, routes.invite, async (req) => {
    const { user, organisationId } = org(req);
    return service.invite(user, organisationId, req.body);
  });
  route(app, routes.revokeInvitation, async (req) => {
    const { user, organisationId } = org(req);
    await service.revokeInvitation(user, organisationId, req.params.id);
    return { revoked: true as const };
  });
  route(app, routes.updateMember, async (req) => {
    const { user, organisationId } = org(req);
    return service.updateMember(user, organisationId, req.params.id, req.body);
  });
  route(app, routes.suspendMember, async (req) => {
    const { user, organisationId } = org(req);
    return service.setSuspended(user, organisationId, req.params.id, true);
  });
  route(app, routes.reactivateMember, async (req) => {
    const { user, organisationId } = org(req);
    return service.setSuspended(user, organisationId, req.params.id, false);
  });
  route(app, routes.removeMember, async (req) => {
    const { user, organisationId } = org(req);
    return service.removeMember(user, organisationId, req.params.id, req.body.handOverTo);
  });

  // Invitations, from the invitee's side (public, token-bearing)
  route(app, routes.previewInvitation, async (req) => service.previewInvitation(req.params.token), throttled(30));
  route(app, routes.acceptInvitation, async (req) => service.acceptInvitation(req.body, meta(req)), throttled(10));

  // Audit log (T-223)
  route(app, routes.listAudit, async (req) => service.listAudit(org(req).organisationId, req.query));
  route(app, routes.exportAudit, async (req, reply) => {
    const { user, organisationId } = org(req);
    const csv = await service.exportAudit(user, organisationId, req.query, req.ip);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"').send(csv);
  });

  // White label (T-227)
  route(app, routes.listWhiteLabels, async (req) => service.listWhiteLabels(org(req).organisationId));
  route(app, routes.saveWhiteLabel, async (req) => {
    const { user, organisationId } = org(req);
    return service.saveWhiteLabel(user, organisationId, req.params.type, req.body);
  });
  route(app, routes.publicBranding, async (req) => service.publicBranding(req.query.type, req.query.domain ?? req.hostname.split(':')[0]));

  // The company and service-provider portal of a signed-in company user.
  route(app, routes.portal, async (req) => service.portal(user(req)));
  route(app, routes.portalInvite, async (req) => service.portalInvite(user(req), req.body), throttled(30));

  // Regions (Organisation Users, T-220) and companies (T-132)
  route(app, routes.listRegions, async (req) => service.listRegions(org(req).organisationId));
  route(app, routes.createRegion, async (req) => {
    const { user, organisationId } = org(req);
    return service.createRegion(user, organisationId, req.body.name);
  });
  route(app, routes.listCompanies, async (req) => {
    const { user, organisationId } = org(req);
    return service.listCompanies(user, organisationId, req.query);
  });
  route(app, routes.createCompany, async (req) => {
    const { user, organisationId } = org(req);
    return service.createCompany(user, organisationId, req.body);
  });
}
