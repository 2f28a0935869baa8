import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TAuditQuery } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { auditLog } from '../../platform/platform.tables.ts';
import { organisations, users } from '../auth/auth.tables.ts';
import { companies, invitations, regions, roles, userItemAccess, whiteLabels } from './workspace.tables.ts';

export type RoleRow = typeof roles.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type MemberRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'email' | 'accessLevel' | 'roleId' | 'regionId' | 'isRegionTeam' | 'status' | 'createdAt'
> & { roleName: string | null };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The only file that queries the workspace tables. Team members are the organisation's users, so their
 * organisation-scoped listing lives here too; every statement carries the organisation id.
 */
export function createWorkspaceRepository(db: Db) {
  const memberColumns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    accessLevel: users.accessLevel,
    roleId: users.roleId,
    regionId: users.regionId,
    isRegionTeam: users.isRegionTeam,
    status: users.status,
    createdAt: users.createdAt,
    roleName: roles.name,
  };
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
      return db
        .select({
          id: roles.id,
          name: roles.name,
          description: roles.description,
          codes: roles.codes,
          createdAt: roles.createdAt,
          updatedAt: roles.updatedAt,
          memberCount: sql<number>`(select count(*)::int from ${users} where ${users.roleId} = ${roles.id})`,
        })
        .from(roles)
        .where(eq(roles.organisationId, organisationId))
        .orderBy(roles.name);
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
      const [r] = await db.select({ n: count() }).from(users).where(and(eq(users.organisationId, organisationId), eq(users.roleId, roleId)));
      return r?.n ?? 0;
    },
    async deleteRole(organisationId: string, id: string): Promise<boolean> {
      const rows = await db.delete(roles).where(and(eq(roles.id, id), eq(roles.organisationId, organisationId))).returning({ id: roles.id });
      return rows.length === 1;
    },

    async listMembers(organisationId: string, q: { page: number; pageSize: number; search?: string; status?: string }) {
      const where: SQL[] = [eq(users.organisationId, organisationId)];
      if (q.search) {
        const term = `%${escapeLike(q.search)}%`;
        where.push(or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term))!);
      }
      if (q.status) where.push(eq(users.status, q.status));
      const cond = and(...where);
      const [total] = await db.select({ n: count() }).from(users).where(cond);
      const rows = await db
        .select(memberColumns)
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(cond)
        .orderBy(users.createdAt)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows: rows as MemberRow[], total: total?.n ?? 0 };
    },
    async findMember(organisationId: string, userId: string): Promise<MemberRow | null> {
      const rows = await db
        .select(memberColumns)
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .limit(1);
      return (rows[0] as MemberRow | undefined) ?? null;
    },
    async updateMember(organisationId: string, userId: string, patch: Partial<typeof users.$inferInsert>) {
      const rows = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** The organisation's first user is its owner; it cannot be suspended, removed or demoted. */
    async ownerId(organisationId: string): Promise<string | null> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.organisationId, organisationId))
        .orderBy(users.createdAt, users.id)
        .limit(1);
      return rows[0]?.id ?? null;
    },
    async deleteMember(organisationId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    async organisationName(organisationId: string): Promise<string | null> {
      const rows = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
      return rows[0]?.name ?? null;
    },

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
          actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
          target: auditLog.target,
          ip: auditLog.ip,
          meta: auditLog.meta,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(cond)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(q.limit ? 0 : (q.page - 1) * q.pageSize);
      return { rows, total: total?.n ?? 0 };
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
    async companyMembers(companyId: string) {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, status: users.status })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(users.createdAt);
    },
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
