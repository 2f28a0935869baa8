import { z } from 'zod';
import { ZAuthRecord } from '../auth/auth.schemas.ts';
import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZAcceptInvitationRequest,
  ZAuditPage,
  ZAuditQuery,
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
} from './workspace.schemas.ts';

const tags = ['workspace'];
const A = '/api/auth';

/** Team, roles, audit, white label, regions and companies (SPEC §7 prefix auth/). */
export const workspaceRoutes = defineRoutes({
  myAccess: { method: 'GET', path: `${A}/my-access`, auth: 'user', tags, response: ZMyAccess },

  // Roles (T-20 Roles & Permissions)
  listRoles: { method: 'GET', path: `${A}/roles`, auth: 'organiser', access: 'AP-41', tags, response: z.array(ZRole) },
  createRole: { method: 'POST', path: `${A}/roles`, auth: 'organiser', access: 'AP-42', tags, body: ZRoleRequest, status: 201, response: ZRole },
  updateRole: { method: 'PATCH', path: `${A}/roles/:id`, auth: 'organiser', access: 'AP-43', tags, params: ZIdParams, body: ZRoleUpdateRequest, response: ZRole },
  deleteRole: { method: 'DELETE', path: `${A}/roles/:id`, auth: 'organiser', access: 'AP-44', tags, params: ZIdParams, response: z.object({ deleted: z.literal(true) }) },

  // Team members (T-19)
  listMembers: { method: 'GET', path: `${A}/team`, auth: 'organiser', access: 'AP-35', tags, query: ZTeamListQuery, response: ZTeamPage },
  pendingInvitations: { method: 'GET', path: `${A}/team/invitations`, auth: 'organiser', access: 'AP-35', tags, response: z.array(ZInvitation) },
  invite: { method: 'POST', path: `${A}/team/invitations`, auth: 'organiser', access: 'AP-36', tags, body: ZInviteRequest, status: 201, response: ZInvitation },
  revokeInvitation: {
    method: 'DELETE',
    path: `${A}/team/invitations/:id`,
    auth: 'organiser',
    access: 'AP-38',
    tags,
    params: ZIdParams,
    response: z.object({ revoked: z.literal(true) }),
  },
  updateMember: { method: 'PATCH', path: `${A}/team/:id`, auth: 'organiser', access: 'AP-40', tags, params: ZIdParams, body: ZMemberUpdateRequest, response: ZTeamMember },
  suspendMember: { method: 'POST', path: `${A}/team/:id/suspend`, auth: 'organiser', access: 'AP-37', tags, params: ZIdParams, response: ZTeamMember },
  reactivateMember: { method: 'POST', path: `${A}/team/:id/reactivate`, auth: 'organiser', access: 'AP-37', tags, params: ZIdParams, response: ZTeamMember },
  removeMember: {
    method: 'POST',
    path: `${A}/team/:id/remove`,
    auth: 'organiser',
    access: 'AP-38',
    tags,
    params: ZIdParams,
    body: ZMemberRemoveRequest,
    response: z.object({ handedOver: z.number().int() }),
  },

  // Invitations, from the invitee's side (public, token-bearing)
  previewInvitation: { method: 'GET', path: `${A}/invitations/:token`, auth: 'public', tags, params: ZInvitationTokenParams, response: ZInvitationPreview },
  acceptInvitation: { method: 'POST', path: `${A}/invitations/accept`, auth: 'public', tags, body: ZAcceptInvitationRequest, response: ZAuthRecord },

  // Audit log (T-223)
  listAudit: { method: 'GET', path: `${A}/audit-log`, auth: 'organiser', access: 'AP-814', tags, query: ZAuditQuery, response: ZAuditPage },
  exportAudit: { method: 'GET', path: `${A}/audit-log/export`, auth: 'organiser', access: 'AP-815', tags, query: ZAuditQuery, response: fileResponse('text/csv') },

  // White label (T-227)
  listWhiteLabels: { method: 'GET', path: `${A}/white-labels`, auth: 'organiser', access: 'AP-830', tags, response: z.array(ZWhiteLabel) },
  saveWhiteLabel: {
    method: 'PUT',
    path: `${A}/white-labels/:type`,
    auth: 'organiser',
    access: 'AP-831',
    tags,
    params: ZWhiteLabelTypeParams,
    body: ZWhiteLabelRequest,
    response: ZWhiteLabel,
  },
  /** A white-label landing page's branding, found by the domain it is served on (the Host header when not given). */
  publicBranding: { method: 'GET', path: `${A}/public/branding`, auth: 'public', tags, query: ZPublicBrandingQuery, response: ZPublicBranding },

  // The company and service-provider portal of a signed-in company user (no organisation codes: it is their own).
  portal: { method: 'GET', path: `${A}/portal`, auth: 'user', tags, response: ZPortal },
  portalInvite: { method: 'POST', path: `${A}/portal/invitations`, auth: 'user', tags, body: ZPortalInviteRequest, status: 201, response: ZInvitation },

  // Regions (Organisation Users, T-220) and companies (T-132)
  listRegions: { method: 'GET', path: `${A}/regions`, auth: 'organiser', access: 'AP-804', tags, response: z.array(ZRegion) },
  createRegion: { method: 'POST', path: `${A}/regions`, auth: 'organiser', access: 'AP-805', tags, body: ZRegionRequest, status: 201, response: ZRegion },
  listCompanies: { method: 'GET', path: `${A}/companies`, auth: 'organiser', access: 'AP-482', tags, query: ZCompanyListQuery, response: ZCompanyPage },
  createCompany: { method: 'POST', path: `${A}/companies`, auth: 'organiser', access: 'AP-483', tags, body: ZCompanyRequest, status: 201, response: ZCompany },
});
