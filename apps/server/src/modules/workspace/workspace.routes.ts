import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ZAcceptInvitationRequest,
  ZAuditPage,
  ZAuditQuery,
  ZAuthRecord,
  ZCompany,
  ZCompanyListQuery,
  ZCompanyPage,
  ZCompanyRequest,
  ZIdParams,
  ZInvitation,
  ZInvitationPreview,
  ZInvitationTokenParams,
  ZInviteRequest,
  ZMemberRemoveRequest,
  ZMemberUpdateRequest,
  ZMyAccess,
  ZPortal,
  ZPortalInviteRequest,
  ZPublicBranding,
  ZPublicBrandingQuery,
  ZRegion,
  ZRegionRequest,
  ZRole,
  ZRoleRequest,
  ZRoleUpdateRequest,
  ZTeamListQuery,
  ZTeamMember,
  ZTeamPage,
  ZWhiteLabel,
  ZWhiteLabelRequest,
  ZWhiteLabelTypeParams,
  zOk,
} from '@pavilion/domain';
import { requireOrganisation, requireUser } from '../../platform/auth-guard.ts';
import type { WorkspaceService } from './workspace.service.ts';

const tags = ['workspace'];
const ok = <T>(data: T) => ({ status: 'OK' as const, data });
const org = (r: FastifyRequest) => requireOrganisation(r);
const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers['user-agent'] });

/** Team, roles, audit, white label, regions and companies: served under /api/auth (SPEC §7 prefix auth/). */
export const workspaceRoutes: FastifyPluginAsyncZod<{ service: WorkspaceService }> = async (app, { service }) => {
  app.get('/my-access', { config: { auth: 'user' }, schema: { tags, response: { 200: zOk(ZMyAccess) } } }, async (req) =>
    ok(service.myAccess(requireUser(req))),
  );

  // Roles (T-20 Roles & Permissions)
  app.get('/roles', { config: { auth: 'organiser', access: 'AP-41' }, schema: { tags, response: { 200: zOk(z.array(ZRole)) } } }, async (req) =>
    ok(await service.listRoles(org(req).organisationId)),
  );
  app.post('/roles', { config: { auth: 'organiser', access: 'AP-42' }, schema: { tags, body: ZRoleRequest, response: { 201: zOk(ZRole) } } }, async (req, reply) => {
    const { user, organisationId } = org(req);
    return reply.status(201).send(ok(await service.createRole(user, organisationId, req.body)));
  });
  app.patch(
    '/roles/:id',
    { config: { auth: 'organiser', access: 'AP-43' }, schema: { tags, params: ZIdParams, body: ZRoleUpdateRequest, response: { 200: zOk(ZRole) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.updateRole(user, organisationId, req.params.id, req.body));
    },
  );
  app.delete(
    '/roles/:id',
    { config: { auth: 'organiser', access: 'AP-44' }, schema: { tags, params: ZIdParams, response: { 200: zOk(z.object({ deleted: z.literal(true) })) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      await service.deleteRole(user, organisationId, req.params.id);
      return ok({ deleted: true as const });
    },
  );

  // Team members (T-19)
  app.get('/team', { config: { auth: 'organiser', access: 'AP-35' }, schema: { tags, querystring: ZTeamListQuery, response: { 200: zOk(ZTeamPage) } } }, async (req) =>
    ok(await service.listMembers(org(req).organisationId, req.query)),
  );
  app.get('/team/invitations', { config: { auth: 'organiser', access: 'AP-35' }, schema: { tags, response: { 200: zOk(z.array(ZInvitation)) } } }, async (req) =>
    ok(await service.pendingInvitations(org(req).organisationId)),
  );
  app.post(
    '/team/invitations',
    { config: { auth: 'organiser', access: 'AP-36' }, schema: { tags, body: ZInviteRequest, response: { 201: zOk(ZInvitation) } } },
    async (req, reply) => {
      const { user, organisationId } = org(req);
      return reply.status(201).send(ok(await service.invite(user, organisationId, req.body)));
    },
  );
  app.delete(
    '/team/invitations/:id',
    { config: { auth: 'organiser', access: 'AP-38' }, schema: { tags, params: ZIdParams, response: { 200: zOk(z.object({ revoked: z.literal(true) })) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      await service.revokeInvitation(user, organisationId, req.params.id);
      return ok({ revoked: true as const });
    },
  );
  app.patch(
    '/team/:id',
    { config: { auth: 'organiser', access: 'AP-40' }, schema: { tags, params: ZIdParams, body: ZMemberUpdateRequest, response: { 200: zOk(ZTeamMember) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.updateMember(user, organisationId, req.params.id, req.body));
    },
  );
  app.post(
    '/team/:id/suspend',
    { config: { auth: 'organiser', access: 'AP-37' }, schema: { tags, params: ZIdParams, response: { 200: zOk(ZTeamMember) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.setSuspended(user, organisationId, req.params.id, true));
    },
  );
  app.post(
    '/team/:id/reactivate',
    { config: { auth: 'organiser', access: 'AP-37' }, schema: { tags, params: ZIdParams, response: { 200: zOk(ZTeamMember) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.setSuspended(user, organisationId, req.params.id, false));
    },
  );
  app.post(
    '/team/:id/remove',
    {
      config: { auth: 'organiser', access: 'AP-38' },
      schema: { tags, params: ZIdParams, body: ZMemberRemoveRequest, response: { 200: zOk(z.object({ handedOver: z.number().int() })) } },
    },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.removeMember(user, organisationId, req.params.id, req.body.handOverTo));
    },
  );

  // Invitations, from the invitee's side (public, token-bearing)
  app.get(
    '/invitations/:token',
    { config: { auth: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } }, schema: { tags, params: ZInvitationTokenParams, response: { 200: zOk(ZInvitationPreview) } } },
    async (req) => ok(await service.previewInvitation(req.params.token)),
  );
  app.post(
    '/invitations/accept',
    { config: { auth: 'public', rateLimit: { max: 10, timeWindow: '15 minutes' } }, schema: { tags, body: ZAcceptInvitationRequest, response: { 200: zOk(ZAuthRecord) } } },
    async (req) => ok(await service.acceptInvitation(req.body, meta(req))),
  );

  // Audit log (T-223)
  app.get('/audit-log', { config: { auth: 'organiser', access: 'AP-814' }, schema: { tags, querystring: ZAuditQuery, response: { 200: zOk(ZAuditPage) } } }, async (req) =>
    ok(await service.listAudit(org(req).organisationId, req.query)),
  );
  app.get('/audit-log/export', { config: { auth: 'organiser', access: 'AP-815' }, schema: { tags, querystring: ZAuditQuery } }, async (req, reply) => {
    const { user, organisationId } = org(req);
    const csv = await service.exportAudit(user, organisationId, req.query, req.ip);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"').send(csv);
  });

  // White label (T-227)
  app.get('/white-labels', { config: { auth: 'organiser', access: 'AP-830' }, schema: { tags, response: { 200: zOk(z.array(ZWhiteLabel)) } } }, async (req) =>
    ok(await service.listWhiteLabels(org(req).organisationId)),
  );
  app.put(
    '/white-labels/:type',
    { config: { auth: 'organiser', access: 'AP-831' }, schema: { tags, params: ZWhiteLabelTypeParams, body: ZWhiteLabelRequest, response: { 200: zOk(ZWhiteLabel) } } },
    async (req) => {
      const { user, organisationId } = org(req);
      return ok(await service.saveWhiteLabel(user, organisationId, req.params.type, req.body));
    },
  );
  app.get('/public/branding', { config: { auth: 'public' }, schema: { tags, querystring: ZPublicBrandingQuery, response: { 200: zOk(ZPublicBranding) } } }, async (req) =>
    ok(await service.publicBranding(req.query.type, req.query.domain ?? req.hostname.split(':')[0])),
  );

  // The company and service-provider portal of a signed-in company user (no organisation codes: it is their own).
  app.get('/portal', { config: { auth: 'user' }, schema: { tags, response: { 200: zOk(ZPortal) } } }, async (req) => ok(await service.portal(requireUser(req))));
  app.post(
    '/portal/invitations',
    { config: { auth: 'user', rateLimit: { max: 30, timeWindow: '15 minutes' } }, schema: { tags, body: ZPortalInviteRequest, response: { 201: zOk(ZInvitation) } } },
    async (req, reply) => reply.status(201).send(ok(await service.portalInvite(requireUser(req), req.body))),
  );

  // Regions (Organisation Users, T-220) and companies (T-132)
  app.get('/regions', { config: { auth: 'organiser', access: 'AP-804' }, schema: { tags, response: { 200: zOk(z.array(ZRegion)) } } }, async (req) =>
    ok(await service.listRegions(org(req).organisationId)),
  );
  app.post('/regions', { config: { auth: 'organiser', access: 'AP-805' }, schema: { tags, body: ZRegionRequest, response: { 201: zOk(ZRegion) } } }, async (req, reply) => {
    const { user, organisationId } = org(req);
    return reply.status(201).send(ok(await service.createRegion(user, organisationId, req.body.name)));
  });
  app.get('/companies', { config: { auth: 'organiser', access: 'AP-482' }, schema: { tags, querystring: ZCompanyListQuery, response: { 200: zOk(ZCompanyPage) } } }, async (req) => {
    const { user, organisationId } = org(req);
    return ok(await service.listCompanies(user, organisationId, req.query));
  });
  app.post('/companies', { config: { auth: 'organiser', access: 'AP-483' }, schema: { tags, body: ZCompanyRequest, response: { 201: zOk(ZCompany) } } }, async (req, reply) => {
    const { user, organisationId } = org(req);
    return reply.status(201).send(ok(await service.createCompany(user, organisationId, req.body)));
  });
};
