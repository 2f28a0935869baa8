import {
  escapeHtml,
  ACCESS_CODES,
  AccessLevel,
  ORGANISER_USER_TYPE,
  MAIN_ACCOUNT_ROLES,
  SessionUserType,
  UserType,
  type TCompanyRole,
  type TPortal,
  type TPortalInviteRequest,
  withAncestors,
  type TAcceptInvitationRequest,
  type TAuditEntry,
  type TAuditQuery,
  type TAuthRecord,
  type TCompany,
  type TCompanyRequest,
  type TInvitation,
  type TInviteRequest,
  type TMemberUpdateRequest,
  type TMyAccess,
  type TPage,
  type TPublicBranding,
  type TRegion,
  type TRole,
  type TRoleRequest,
  type TRoleUpdateRequest,
  type TTeamMember,
  type TWhiteLabel,
  type TWhiteLabelRequest,
  type TWhiteLabelType,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, Caller } from '../../platform/auth-guard.ts';
import { errors } from '../../platform/errors.ts';
import { hashSecret, newId, newSecret } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { AuthService, RequestMeta } from '../auth/index.ts';
import { workspaceErrors } from './workspace.errors.ts';
import { createWorkspaceAccess } from './workspace.access.ts';
import type { MemberRow, WorkspaceRepository } from './workspace.repository.ts';
import { csvDocument, type TCsvValue } from '../../platform/csv.ts';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** What a company-portal user is, per role (SPEC §3.1 user types and role labels, §3.4 white-label and session types). */
const PORTAL_PROFILES: Record<TCompanyRole, { userType: number; role: string; whiteLabelType: string | null; sessionUserType: number }> = {
  company: { userType: UserType.ExhibitingCompany, role: 'Exhibiting Company', whiteLabelType: 'company', sessionUserType: SessionUserType.Company },
  companyTeam: { userType: UserType.TeamMember, role: 'Exhibitor', whiteLabelType: 'companyTeam', sessionUserType: SessionUserType.Team },
  serviceProvider: { userType: UserType.ServiceProvider, role: 'Service Provider', whiteLabelType: null, sessionUserType: SessionUserType.Company },
  servicePerson: { userType: UserType.ServicePerson, role: 'Service Persons', whiteLabelType: null, sessionUserType: SessionUserType.Team },
};

const rolesOfKind = (kind: string): TCompanyRole[] => (kind === 'serviceProvider' ? ['serviceProvider', 'servicePerson'] : ['company', 'companyTeam']);

function portalRoleOf(userType: number, kind: string): TCompanyRole {
  if (kind === 'serviceProvider') return userType === UserType.ServiceProvider ? 'serviceProvider' : 'servicePerson';
  return userType === UserType.ExhibitingCompany ? 'company' : 'companyTeam';
}
const ALL_CODES = [...ACCESS_CODES.values()].map((c) => c.code);

export const PRESET_ROLES: readonly { name: string; description: string; codes: string[] }[] = [
  {
    name: 'Management team (read-only)',
    description: 'Sees every dashboard, figure and report, and changes nothing.',
    codes: [...ACCESS_CODES.values()].filter((c) => c.kind === 'action' && c.name.endsWith(': View')).map((c) => c.code),
  },
  {
    name: 'Attendee help desk',
    description: 'Looks up attendees and their registrations at the venue.',
    codes: ['AP-6', 'AP-94', 'AP-46'],
  },
];

export type WorkspaceDeps = {
  repo: WorkspaceRepository;
  auth: AuthService;
  audit: Audit;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
  /** The events module's answers, for item-level access and hand-over. */
  events: {
    existsInOrganisation(organisationId: string, eventId: string): Promise<boolean>;
    reassignCreator(organisationId: string, fromUserId: string, toUserId: string): Promise<number>;
    upcomingForOrganisation(organisationId: string): Promise<{ id: string; name: string; startDate: string; endDate: string; venue: string }[]>;
  };
};

const isUniqueViolation = (err: unknown) =>
  String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

export function createWorkspaceService(deps: WorkspaceDeps) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  async function toMembers(organisationId: string, rows: MemberRow[]): Promise<TTeamMember[]> {
    const ownerId = await repo.ownerId(organisationId);
    const access = await repo.itemAccessFor(organisationId, rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      accessLevel: r.accessLevel,
      roleId: r.roleId,
      roleName: r.roleName,
      regionId: r.regionId,
      isRegionTeam: r.isRegionTeam,
      status: r.status === 'suspended' ? 'suspended' : 'active',
      itemAccess: access.filter((a) => a.userId === r.id).map((a) => ({ itemType: a.itemType as 'event' | 'booth', itemId: a.itemId })),
      isOwner: r.id === ownerId,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async function assertAssignable(organisationId: string, input: { roleId?: string | null; regionId?: string | null; itemAccess?: { itemType: string; itemId: string }[] }) {
    if (input.roleId && !(await repo.findRole(organisationId, input.roleId))) throw workspaceErrors.unknownRole();
    if (input.regionId && !(await repo.findRegion(organisationId, input.regionId))) throw workspaceErrors.unknownRegion();
    for (const [i, item] of (input.itemAccess ?? []).entries()) {
      // Booths arrive with the exhibition module; until then only events can be checked.
      if (item.itemType === 'event' && !(await deps.events.existsInOrganisation(organisationId, item.itemId))) {
        throw workspaceErrors.unknownItem(`itemAccess.${i}.itemId`);
      }
    }
  }

  async function guardTarget(caller: AuthUser, organisationId: string, userId: string): Promise<MemberRow> {
    const member = await repo.findMember(organisationId, userId);
    if (!member) throw errors.notFound('Team member');
    if ((await repo.ownerId(organisationId)) === userId) throw workspaceErrors.ownerProtected();
    if (caller.userId === userId) throw workspaceErrors.selfProtected();
    return member;
  }

  const access = createWorkspaceAccess({ repo, activeUserBase: (userId) => deps.auth.activeUserBase(userId) });

  return {
    /** The guard's view of a user: grants from the role, item scope, region. Runs on every authenticated call. */
    loadCaller: (userId: string): Promise<Caller | null> => access.loadCaller(userId),

    myAccess(caller: AuthUser): TMyAccess {
      const isAdmin = Boolean(caller.organisationId) && caller.accessLevel === AccessLevel.AdminAccess;
      return {
        organisationId: caller.organisationId,
        accessLevel: caller.accessLevel,
        codes: caller.organisationId ? (isAdmin ? ALL_CODES : [...caller.grants]) : [],
        isAdmin,
        itemAccess: [...caller.itemScope.entries()].flatMap(([itemType, ids]) =>
          [...ids].map((itemId) => ({ itemType: itemType as 'event' | 'booth', itemId })),
        ),
        regionId: caller.regionId,
        isRegionTeam: caller.isRegionTeam,
      };
    },

    /**
     * Every new organisation starts with role templates for its usual teams: a read-only management team (every
     * "View" permission, so management members see the whole dashboard and change nothing), and an attendee help desk.
     */
    async seedPresetRoles(organisationId: string): Promise<void> {
      for (const preset of PRESET_ROLES) {
        await repo
          .insertRole({ id: newId(), organisationId, name: preset.name, description: preset.description, codes: [...withAncestors(preset.codes)].sort() })
          .catch((err) => {
            if (!isUniqueViolation(err)) throw err;
          });
      }
    },

    async listRoles(organisationId: string): Promise<TRole[]> {
      return (await repo.listRoles(organisationId)).map((r) => ({
        ...r,
        memberCount: Number(r.memberCount),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      }));
    },
    async createRole(caller: AuthUser, organisationId: string, input: TRoleRequest): Promise<TRole> {
      const codes = [...withAncestors(input.codes)].sort();
      const row = await repo.insertRole({ id: newId(), organisationId, name: input.name, description: input.description, codes }).catch((err) => {
        if (isUniqueViolation(err)) throw workspaceErrors.roleNameTaken();
        throw err;
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'role.created', target: row.id, meta: { name: row.name, codes: codes.length } });
      return { ...row, memberCount: 0, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
    },
    async updateRole(caller: AuthUser, organisationId: string, id: string, input: TRoleUpdateRequest): Promise<TRole> {
      const before = await repo.findRole(organisationId, id);
      if (!before) throw errors.notFound('Role');
      const patch = { ...input, ...(input.codes ? { codes: [...withAncestors(input.codes)].sort() } : {}) };
      const row = await repo.updateRole(organisationId, id, patch).catch((err) => {
        if (isUniqueViolation(err)) throw workspaceErrors.roleNameTaken();
        throw err;
      });
      if (!row) throw errors.notFound('Role');
      const added = row.codes.filter((c) => !before.codes.includes(c));
      const removed = before.codes.filter((c) => !row.codes.includes(c));
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'role.permissions_changed', target: id, meta: { added, removed } });
      return {
        ...row,
        memberCount: await repo.roleMemberCount(organisationId, id),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },
    async deleteRole(caller: AuthUser, organisationId: string, id: string): Promise<void> {
      const n = await repo.roleMemberCount(organisationId, id);
      if (n > 0) throw workspaceErrors.roleInUse(n);
      if (!(await repo.deleteRole(organisationId, id))) throw errors.notFound('Role');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'role.deleted', target: id });
    },

    async listMembers(organisationId: string, q: { page: number; pageSize: number; search?: string; status?: string }): Promise<TPage<TTeamMember>> {
      const { rows, total } = await repo.listMembers(organisationId, q);
      return { items: await toMembers(organisationId, rows), total, page: q.page, pageSize: q.pageSize };
    },

    async invite(caller: AuthUser, organisationId: string, input: TInviteRequest): Promise<TInvitation> {
      await assertAssignable(organisationId, input);
      if (input.companyId) {
        const company = await repo.findCompany(organisationId, input.companyId);
        if (!company) throw errors.validation([{ field: 'companyId', key: 'unknownCompany' }]);
        if (caller.isRegionTeam && company.regionId !== caller.regionId) throw errors.validation([{ field: 'companyId', key: 'unknownCompany' }]);
        if (!rolesOfKind(company.kind).includes(input.companyRole ?? 'companyTeam')) {
          throw errors.validation([{ field: 'companyRole', key: 'roleNotForCompanyKind' }]);
        }
      }
      if (await deps.auth.findUserByEmail(input.email)) throw workspaceErrors.memberExists();
      const token = newSecret();
      const row = await repo.insertInvitation({
        id: newId(),
        organisationId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        accessLevel: input.accessLevel,
        roleId: input.companyId || input.accessLevel === AccessLevel.AdminAccess ? null : (input.roleId ?? null),
        regionId: input.companyId ? null : (input.regionId ?? null),
        itemAccess: input.companyId ? [] : (input.itemAccess ?? []),
        companyId: input.companyId ?? null,
        companyRole: input.companyId ? (input.companyRole ?? 'companyTeam') : null,
        tokenHash: hashSecret(token),
        invitedBy: caller.userId,
        expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
      });
      const orgName = (await repo.organisationName(organisationId)) ?? 'Pavilion';
      const link = `${deps.publicUrl}/er/${token}?invite=1`;
      await deps.mailer.send({
        to: input.email,
        organisationId,
        subject: `You are invited to join ${orgName} on Pavilion`,
        text: `Hello ${input.firstName},\n\nYou have been invited to join ${orgName} on Pavilion. Choose your password within 7 days:\n${link}\n`,
        html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>You have been invited to join <b>${escapeHtml(orgName)}</b> on Pavilion. Choose your password within 7 days:</p><p><a href="${link}">${link}</a></p>`,
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'team.invited', target: input.email, meta: { accessLevel: input.accessLevel, roleId: input.roleId ?? null } });
      return toInvitation(row);
    },
    async pendingInvitations(organisationId: string): Promise<TInvitation[]> {
      return (await repo.pendingInvitations(organisationId, now())).map(toInvitation);
    },
    async revokeInvitation(caller: AuthUser, organisationId: string, id: string): Promise<void> {
      if (!(await repo.revokeInvitation(organisationId, id, now()))) throw errors.notFound('Invitation');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'team.invitation_revoked', target: id });
    },
    async previewInvitation(token: string) {
      const row = await repo.findInvitationByToken(hashSecret(token));
      if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now()) throw workspaceErrors.invitationInvalid();
      return {
        organisationName: (await repo.organisationName(row.organisationId)) ?? '',
        email: row.email,
        firstName: row.firstName,
        expiresAt: row.expiresAt.toISOString(),
      };
    },
    async acceptInvitation(input: TAcceptInvitationRequest, meta: RequestMeta): Promise<TAuthRecord> {
      const row = await repo.findInvitationByToken(hashSecret(input.token));
      if (!row) throw workspaceErrors.invitationInvalid();
      if (!(await repo.markInvitationAccepted(row.id, now()))) throw workspaceErrors.invitationInvalid();
      if (await deps.auth.findUserByEmail(row.email)) throw workspaceErrors.memberExists();
      if (row.companyId) {
        // A company user belongs to the exhibiting company, not to the organiser's team: no organisation access.
        const company = await repo.findCompany(row.organisationId, row.companyId);
        if (!company) throw workspaceErrors.invitationInvalid();
        const profile = PORTAL_PROFILES[(row.companyRole ?? 'companyTeam') as TCompanyRole];
        const companyUser = await deps.auth.createUser({
          organisationId: null,
          email: row.email,
          password: input.password,
          firstName: row.firstName,
          lastName: row.lastName,
          ...profile,
          isInternational: company.isInternational,
          companyId: company.id,
        });
        await deps.audit.record({ organisationId: row.organisationId, actorUserId: companyUser.id, action: 'company.member_joined', target: company.id, ip: meta.ip });
        return deps.auth.sessionFor(companyUser.id, meta);
      }
      const user = await deps.auth.createUser({
        organisationId: row.organisationId,
        email: row.email,
        password: input.password,
        firstName: row.firstName,
        lastName: row.lastName,
        userType: ORGANISER_USER_TYPE,
        role: row.regionId ? 'Mgmt Team' : row.accessLevel === AccessLevel.AdminAccess ? 'Administrator' : 'Team Member',
        accessLevel: row.accessLevel,
        roleId: row.roleId,
        regionId: row.regionId,
        isRegionTeam: Boolean(row.regionId),
      });
      if (row.itemAccess.length > 0) await repo.replaceItemAccess(row.organisationId, user.id, row.itemAccess);
      await deps.audit.record({ organisationId: row.organisationId, actorUserId: user.id, action: 'team.joined', target: row.id, ip: meta.ip });
      return deps.auth.sessionFor(user.id, meta);
    },

    async updateMember(caller: AuthUser, organisationId: string, userId: string, input: TMemberUpdateRequest): Promise<TTeamMember> {
      const before = await guardTarget(caller, organisationId, userId);
      await assertAssignable(organisationId, { roleId: input.roleId, regionId: input.regionId, itemAccess: input.itemAccess });
      const level = input.accessLevel ?? before.accessLevel;
      const roleId = input.roleId !== undefined ? input.roleId : before.roleId;
      if (level === AccessLevel.UserAccess && !roleId) throw errors.validation([{ field: 'roleId', key: 'required' }]);
      await repo.updateMember(organisationId, userId, {
        ...(input.accessLevel !== undefined ? { accessLevel: input.accessLevel } : {}),
        ...(input.roleId !== undefined ? { roleId: input.roleId } : {}),
        ...(input.regionId !== undefined ? { regionId: input.regionId, isRegionTeam: input.regionId !== null } : {}),
      });
      if (input.itemAccess) await repo.replaceItemAccess(organisationId, userId, input.itemAccess);
      await deps.audit.record({
        organisationId,
        actorUserId: caller.userId,
        action: 'team.permissions_changed',
        target: userId,
        meta: { before: { accessLevel: before.accessLevel, roleId: before.roleId }, after: { accessLevel: level, roleId }, itemAccess: input.itemAccess?.length ?? null },
      });
      const after = await repo.findMember(organisationId, userId);
      return (await toMembers(organisationId, [after!]))[0]!;
    },
    async setSuspended(caller: AuthUser, organisationId: string, userId: string, isSuspended: boolean): Promise<TTeamMember> {
      await guardTarget(caller, organisationId, userId);
      await repo.updateMember(organisationId, userId, { status: isSuspended ? 'suspended' : 'active' });
      if (isSuspended) await deps.auth.revokeAllSessions(userId);
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: isSuspended ? 'team.suspended' : 'team.reactivated', target: userId });
      const after = await repo.findMember(organisationId, userId);
      return (await toMembers(organisationId, [after!]))[0]!;
    },
    /** Removes a member after handing what they created over to another active member. */
    async removeMember(caller: AuthUser, organisationId: string, userId: string, handOverTo: string): Promise<{ handedOver: number }> {
      await guardTarget(caller, organisationId, userId);
      const heir = await repo.findMember(organisationId, handOverTo);
      if (!heir || heir.status !== 'active' || handOverTo === userId) throw workspaceErrors.handOverInvalid();
      const handedOver = await deps.events.reassignCreator(organisationId, userId, handOverTo);
      await deps.auth.revokeAllSessions(userId);
      if (!(await repo.deleteMember(organisationId, userId))) throw errors.notFound('Team member');
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'team.removed', target: userId, meta: { handOverTo, handedOver } });
      return { handedOver };
    },

    async listAudit(organisationId: string, q: TAuditQuery): Promise<TPage<TAuditEntry>> {
      const { rows, total } = await repo.listAudit(organisationId, q);
      return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total, page: q.page, pageSize: q.pageSize };
    },
    /** CSV of the filtered log (at most 50,000 rows); the export itself is audited. */
    async exportAudit(caller: AuthUser, organisationId: string, q: TAuditQuery, ip: string): Promise<string> {
      const { rows } = await repo.listAudit(organisationId, { ...q, limit: 50_000 });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'audit.exported', ip, meta: { rows: rows.length, filters: q } });
      const header = ['time', 'action', 'actor', 'actorUserId', 'target', 'ip', 'details'];
      const lines = rows.map((r) => [r.createdAt.toISOString(), r.action, r.actorName, r.actorUserId, r.target, r.ip, r.meta as TCsvValue]);
      return csvDocument([header, ...lines], { quoteAll: true, bom: false });
    },

    async listWhiteLabels(organisationId: string): Promise<TWhiteLabel[]> {
      return (await repo.listWhiteLabels(organisationId)).map(toWhiteLabel);
    },
    async saveWhiteLabel(caller: AuthUser, organisationId: string, type: TWhiteLabelType, input: TWhiteLabelRequest): Promise<TWhiteLabel> {
      const row = await repo.upsertWhiteLabel({ organisationId, type, ...input }).catch((err) => {
        if (isUniqueViolation(err)) throw errors.conflict('DOMAIN_TAKEN', 'This domain is already used by another white label');
        throw err;
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'white_label.saved', target: type });
      return toWhiteLabel(row);
    },
    /** Branding for a white-label landing page, found by its custom domain; Pavilion's own otherwise. */
    async publicBranding(type: TWhiteLabelType, domain: string | undefined): Promise<TPublicBranding> {
      const row = domain ? await repo.whiteLabelByDomain(type, domain) : null;
      if (!row) return { displayName: 'Pavilion', logoUrl: '', primaryColor: '#1c7ed6', dashboardFavicon: '', loginTitle: '' };
      return { displayName: row.displayName, logoUrl: row.logoUrl, primaryColor: row.primaryColor, dashboardFavicon: row.faviconUrl, loginTitle: row.loginTitle };
    },

    async listRegions(organisationId: string): Promise<TRegion[]> {
      return (await repo.listRegions(organisationId)).map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString() }));
    },
    async createRegion(caller: AuthUser, organisationId: string, name: string): Promise<TRegion> {
      const r = await repo.insertRegion({ id: newId(), organisationId, name }).catch((err) => {
        if (isUniqueViolation(err)) throw errors.conflict('REGION_EXISTS', 'A region with this name already exists');
        throw err;
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'region.created', target: r.id });
      return { id: r.id, name: r.name, createdAt: r.createdAt.toISOString() };
    },
    /** A region team sees only its region's companies, whatever filter it sends. */
    async listCompanies(caller: AuthUser, organisationId: string, q: { page: number; pageSize: number; search?: string; regionId?: string; kind?: string }): Promise<TPage<TCompany>> {
      const scoped = caller.isRegionTeam ? { ...q, regionId: caller.regionId ?? '__none__' } : q;
      const { rows, total } = await repo.listCompanies(organisationId, scoped);
      return { items: rows.map(toCompany), total, page: q.page, pageSize: q.pageSize };
    },
    async createCompany(caller: AuthUser, organisationId: string, input: TCompanyRequest): Promise<TCompany> {
      if (input.regionId && !(await repo.findRegion(organisationId, input.regionId))) throw workspaceErrors.unknownRegion();
      if (caller.isRegionTeam && input.regionId !== caller.regionId) throw errors.forbidden('A region team adds companies to its own region only');
      const row = await repo.insertCompany({ id: newId(), organisationId, name: input.name, kind: input.kind ?? 'exhibitor', regionId: input.regionId ?? null, isInternational: input.isInternational ?? false });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'company.created', target: row.id });
      return toCompany(row);
    },

    /** The company or service-provider portal of a signed-in company user. */
    async portal(caller: AuthUser): Promise<TPortal> {
      const base = await deps.auth.activeUserBase(caller.userId);
      const company = base?.companyId ? await repo.companyById(base.companyId) : null;
      if (!base || !company) throw errors.notFound('Company portal');
      const role = portalRoleOf(base.userType, company.kind);
      const isMainAccount = MAIN_ACCOUNT_ROLES.includes(role);
      return {
        organisationName: (await repo.organisationName(company.organisationId)) ?? '',
        company: { id: company.id, name: company.name, kind: company.kind === 'serviceProvider' ? 'serviceProvider' : 'exhibitor', isInternational: company.isInternational },
        role,
        isMainAccount,
        members: (await repo.companyMembers(company.id)).map((m) => ({ ...m, status: m.status === 'suspended' ? 'suspended' : 'active' })),
        pendingInvitations: isMainAccount
          ? (await repo.pendingCompanyInvitations(company.id, now())).map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() }))
          : [],
        events: await deps.events.upcomingForOrganisation(company.organisationId),
      };
    },
    /** A company's main account invites its own team (a service provider, its service persons). */
    async portalInvite(caller: AuthUser, input: TPortalInviteRequest): Promise<TInvitation> {
      const portal = await this.portal(caller);
      if (!portal.isMainAccount) throw errors.forbidden('Only the company’s main account invites its team');
      const company = (await repo.companyById(portal.company.id))!;
      return this.invite(
        { ...caller, organisationId: company.organisationId, isRegionTeam: false },
        company.organisationId,
        {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          accessLevel: AccessLevel.UserAccess,
          companyId: company.id,
          companyRole: company.kind === 'serviceProvider' ? 'servicePerson' : 'companyTeam',
        },
      );
    },
  };
}
export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

function toInvitation(r: { id: string; email: string; firstName: string; lastName: string; accessLevel: number; roleId: string | null; expiresAt: Date; createdAt: Date }): TInvitation {
  return { id: r.id, email: r.email, firstName: r.firstName, lastName: r.lastName, accessLevel: r.accessLevel, roleId: r.roleId, expiresAt: r.expiresAt.toISOString(), createdAt: r.createdAt.toISOString() };
}
function toWhiteLabel(r: { type: string; displayName: string; logoUrl: string; primaryColor: string; faviconUrl: string; customDomain: string | null; loginTitle: string; updatedAt: Date }): TWhiteLabel {
  return { ...r, type: r.type as TWhiteLabelType, updatedAt: r.updatedAt.toISOString() };
}
function toCompany(r: { id: string; name: string; kind: string; regionId: string | null; isInternational: boolean; createdAt: Date }): TCompany {
  return { id: r.id, name: r.name, kind: r.kind === 'serviceProvider' ? 'serviceProvider' : 'exhibitor', regionId: r.regionId, isInternational: r.isInternational, createdAt: r.createdAt.toISOString() };
}
