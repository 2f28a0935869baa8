import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { TAuditQuery } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { auditLog } from '../../platform/platform.tables.ts';
import type { AuthPort, TeamMember, TeamMemberPatch } from '../auth/index.ts';
import { companies, invitations, regions, roles, userItemAccess, whiteLabels } from './workspace.tables.ts';

export type RoleRow = typeof roles.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type MemberRow = TeamMember & { roleName: string | null };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The only file that queries the workspace tables; every statement carries the organisation id. Team members are
 * the organisation's users, which are auth's: they are read and changed through auth's port.
 */
export function createWorkspaceRepository(db: Db, users: AuthPort) {
  /** The members with their role's name (roles are workspace's). */
  async function withRoleNames(organisationId: string, rows: TeamMember[]): Promise<MemberRow[]> {
    const roleIds = [...new Set(rows.flatMap((r) => (r.roleId ? [r.roleId] : [])))];
    const names = new Map(
      roleIds.length === 0
        ? []
        : (await db.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.organisationId, organisationId), inArray(roles.id, roleIds)))).map((r) => [r.id, r.name]),
    );
    return rows.map((r) => ({ ...r, roleName: (r.roleId && names.get(r.roleId)) || null }));
  }
  return {
    async roleCodes(organisationId: string, roleId: string): Promise<string[] | null> {
      const rows = await db
        .select({ codes: roles.codes })
        .from(roles)
        .where(and(eq(roles.id, roleId), eq(roles.organisationId, organisationId)))
        .limit(1);
      return rows[0]?.codes ?? null;
    },
    async itemAccess(userId: string): Promise<{ itemType: string; itemId: string }[]> {
      return db.select({ itemType: userItemAccess.itemType, itemId: userItemAccess.itemId }).from(userItemAccess).where(eq(userItemAccess.userId, userId));
    },
    async itemAccessFor(organisationId: string, userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(userItemAccess)
        .where(and(eq(userItemAccess.organisationId, organisationId), inArray(userItemAccess.userId, userIds)));
    },
    async replaceItemAccess(organisationId: string, userId: string, items: { itemType: string; itemId: string }[]) {
      await db.transaction(async (tx) => {
        await tx.delete(userItemAccess).where(and(eq(userItemAccess.userId, userId), eq(userItemAccess.organisationId, organisationId)));
        if (items.length > 0) await tx.insert(userItemAccess).values(items.map((i) => ({ ...i, userId, organisationId })));
      });
    },

    async listRoles(organisationId: string) {
      const rows = await db
        .select({ id: roles.id, name: roles.name, description: roles.description, codes: roles.codes, createdAt: roles.createdAt, updatedAt: roles.updatedAt })
        .from(roles)
        .where(eq(roles.organisationId, organisationId))
        .orderBy(roles.name);
      const counts = await users.countByRole(organisationId, rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, memberCount: counts.get(r.id) ?? 0 }));
    },
    async findRole(organisationId: string, id: string): Promise<RoleRow | null> {
      const rows = await db.select().from(roles).where(and(eq(roles.id, id), eq(roles.organisationId, organisationId))).limit(1);
      return rows[0] ?? null;
    },
    async insertRole(row: typeof roles.$inferInsert): Promise<RoleRow> {
      const [r] = await db.insert(roles).values(row).returning();
      return r!;
    },
    async updateRole(organisationId: string, id: string, patch: Partial<typeof roles.$inferInsert>): Promise<RoleRow | null> {
      const [r] = await db
        .update(roles)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(roles.id, id), eq(roles.organisationId, organisationId)))
        .returning();
      return r ?? null;
    },
    async roleMemberCount(organisationId: string, roleId: string): Promise<number> {
      return (await users.countByRole(organisationId, [roleId])).get(roleId) ?? 0;
    },
    async deleteRole(organisationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(roles).where(and(eq(roles.id, id), eq(roles.organisationId, organisationId))).returning({ id: roles.id });
      return rows.length === 1;
    },

    async listMembers(organisationId: string, q: { page: number; pageSize: number; search?: string; status?: string }) {
      const { rows, total } = await users.listMembers(organisationId, q);
      return { rows: await withRoleNames(organisationId, rows), total };
    },
    async findMember(organisationId: string, userId: string): Promise<MemberRow | null> {
      const row = await users.findMember(organisationId, userId);
      return row ? (await withRoleNames(organisationId, [row]))[0]! : null;
    },
    updateMember: (organisationId: string, userId: string, patch: TeamMemberPatch) => users.updateMember(organisationId, userId, patch),
    /** The organisation's first user is its owner; it cannot be suspended, removed or demoted. */
    ownerId: (organisationId: string) => users.ownerId(organisationId),
    deleteMember: (organisationId: string, userId: string) => users.deleteMember(organisationId, userId),
    organisationName: (organisationId: string) => users.organisationName(organisationId),

    async insertInvitation(row: typeof invitations.$inferInsert): Promise<InvitationRow> {
      const [r] = await db.insert(invitations).values(row).returning();
      return r!;
    },
    async pendingInvitations(organisationId: string, now: Date): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.organisationId, organisationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gte(invitations.expiresAt, now),
          ),
        )
        .orderBy(desc(invitations.createdAt));
    },
    async findInvitationByToken(tokenHash: string): Promise<InvitationRow | null> {
      const rows = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
      return rows[0] ?? null;
    },
    async revokeInvitation(organisationId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ revokedAt: at })
        .where(and(eq(invitations.id, id), eq(invitations.organisationId, organisationId), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },
    /** Accepts once: only an open, unexpired invitation matches. */
    async markInvitationAccepted(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ acceptedAt: at })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gte(invitations.expiresAt, at)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    async listAudit(organisationId: string, q: TAuditQuery & { limit?: number }) {
      const where: SQL[] = [eq(auditLog.organisationId, organisationId)];
      if (q.action) where.push(ilike(auditLog.action, `${escapeLike(q.action)}%`));
      if (q.actorUserId) where.push(eq(auditLog.actorUserId, q.actorUserId));
      if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
      if (q.to) where.push(lte(auditLog.createdAt, new Date(`${q.to}T23:59:59.999Z`)));
      const cond = and(...where);
      const [total] = await db.select({ n: count() }).from(auditLog).where(cond);
      const limit = q.limit ?? q.pageSize;
      const rows = await db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          actorUserId: auditLog.actorUserId,
          target: auditLog.target,
          ip: auditLog.ip,
          meta: auditLog.meta,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(cond)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(q.limit ? 0 : (q.page - 1) * q.pageSize);
      // The actor's name is auth's: asked once for the page's actors.
      const names = await users.namesOf([...new Set(rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])))]);
      return { rows: rows.map((r) => ({ ...r, actorName: (r.actorUserId && names.get(r.actorUserId)) || null })), total: total?.n ?? 0 };
    },

    async listWhiteLabels(organisationId: string) {
      return db.select().from(whiteLabels).where(eq(whiteLabels.organisationId, organisationId));
    },
    async upsertWhiteLabel(row: typeof whiteLabels.$inferInsert) {
      const [r] = await db
        .insert(whiteLabels)
        .values(row)
        .onConflictDoUpdate({ target: [whiteLabels.organisationId, whiteLabels.type], set: { ...row, updatedAt: new Date() } })
        .returning();
      return r!;
    },
    async whiteLabelByDomain(type: string, domain: string) {
      const rows = await db
        .select()
        .from(whiteLabels)
        .where(and(eq(whiteLabels.type, type), eq(whiteLabels.customDomain, domain.toLowerCase())))
        .limit(1);
      return rows[0] ?? null;
    },
    async whiteLabelOfOrganisation(organisationId: string, type: string) {
      const rows = await db
        .select()
        .from(whiteLabels)
        .where(and(eq(whiteLabels.organisationId, organisationId), eq(whiteLabels.type, type)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listRegions(organisationId: string) {
      return db.select().from(regions).where(eq(regions.organisationId, organisationId)).orderBy(regions.name);
    },
    async findRegion(organisationId: string, id: string) {
      const rows = await db.select().from(regions).where(and(eq(regions.id, id), eq(regions.organisationId, organisationId))).limit(1);
      return rows[0] ?? null;
    },
    async insertRegion(row: typeof regions.$inferInsert) {
      const [r] = await db.insert(regions).values(row).returning();
      return r!;
    },
    async listCompanies(organisationId: string, q: { page: number; pageSize: number; search?: string; regionId?: string; kind?: string }) {
      const where: SQL[] = [eq(companies.organisationId, organisationId)];
      if (q.kind) where.push(eq(companies.kind, q.kind));
      if (q.search) where.push(ilike(companies.name, `%${escapeLike(q.search)}%`));
      if (q.regionId) where.push(eq(companies.regionId, q.regionId));
      const cond = and(...where);
      const [total] = await db.select({ n: count() }).from(companies).where(cond);
      const rows = await db
        .select()
        .from(companies)
        .where(cond)
        .orderBy(companies.name)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows, total: total?.n ?? 0 };
    },
    /** A portal user's own company, found by the id on the user row (the company names its organisation). */
    async companyById(id: string) {
      const rows = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
      return rows[0] ?? null;
    },
    companyMembers: (companyId: string) => users.companyMembers(companyId),
    async pendingCompanyInvitations(companyId: string, now: Date) {
      return db
        .select({ id: invitations.id, email: invitations.email, firstName: invitations.firstName, expiresAt: invitations.expiresAt })
        .from(invitations)
        .where(and(eq(invitations.companyId, companyId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gte(invitations.expiresAt, now)))
        .orderBy(desc(invitations.createdAt));
    },
    async findCompany(organisationId: string, id: string) {
      const rows = await db.select().from(companies).where(and(eq(companies.id, id), eq(companies.organisationId, organisationId))).limit(1);
      return rows[0] ?? null;
    },
    async insertCompany(row: typeof companies.$inferInsert) {
      const [r] = await db.insert(companies).values(row).returning();
      return r!;
    },
  };
}
export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
