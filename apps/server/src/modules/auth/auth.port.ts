import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { createBatcher } from '../../platform/batcher.ts';
import type { Db } from '../../platform/db.ts';
import { organisations, users } from './auth.tables.ts';

/**
 * Auth's port: what workspace may read and change of an organisation's users (its team members) and of the
 * organisation's name. Users are auth's rows; only this file and auth.repository.ts query them. Every statement
 * carries the organisation id (or a company id, which names its organisation).
 */
export type TeamMember = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  accessLevel: number;
  roleId: string | null;
  regionId: string | null;
  isRegionTeam: boolean;
  status: string;
  createdAt: Date;
};

/** What workspace may change on a team member. */
export type TeamMemberPatch = Partial<Pick<typeof users.$inferInsert, 'accessLevel' | 'roleId' | 'regionId' | 'isRegionTeam' | 'status' | 'role'>>;

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
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The fields the access guard needs of a user, or null unless the user is active. */
/** The columns the guard reads (a narrow select: the guard's read runs on every authenticated request). */
const baseColumns = {
  id: users.id,
  status: users.status,
  organisationId: users.organisationId,
  role: users.role,
  userType: users.userType,
  accessLevel: users.accessLevel,
  roleId: users.roleId,
  regionId: users.regionId,
  isRegionTeam: users.isRegionTeam,
  companyId: users.companyId,
};

export function activeUserBaseOf(u: Pick<typeof users.$inferSelect, keyof typeof baseColumns> | null) {
  if (!u || u.status !== 'active') return null;
  return {
    id: u.id,
    organisationId: u.organisationId,
    role: u.role,
    userType: u.userType,
    accessLevel: u.accessLevel,
    roleId: u.roleId,
    regionId: u.regionId,
    isRegionTeam: u.isRegionTeam,
    companyId: u.companyId,
  };
}

export type ActiveUserBase = NonNullable<ReturnType<typeof activeUserBaseOf>>;

export function createAuthPort(db: Db) {
  // The guard reads its caller on every authenticated request. Requests arriving while earlier reads are in the
  // database share the next read (one `where id in (…)`); alone, a read leaves on the next turn of the event loop.
  // Each read starts after its request arrived, so a role or status change still applies at once.
  const bases = createBatcher<string, ActiveUserBase | null>(
    async (ids) => {
      const rows = await db
        .select(baseColumns)
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      const byId = new Map(rows.map((u) => [u.id, u]));
      return ids.map((id) => activeUserBaseOf(byId.get(id) ?? null));
    },
    { maxInFlight: 3, maxBatch: 128 },
  );
  return {
    /** The guard's base of an active user (read by primary key, batched with concurrent requests), or null. */
    activeUserBase(userId: string): Promise<ActiveUserBase | null> {
      return bases.add(userId);
    },
    async listMembers(organisationId: string, q: { page: number; pageSize: number; search?: string; status?: string }): Promise<{ rows: TeamMember[]; total: number }> {
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
        .where(cond)
        .orderBy(users.createdAt)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows: rows as TeamMember[], total: total?.n ?? 0 };
    },
    async findMember(organisationId: string, userId: string): Promise<TeamMember | null> {
      const rows = await db
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .limit(1);
      return (rows[0] as TeamMember | undefined) ?? null;
    },
    async updateMember(organisationId: string, userId: string, patch: TeamMemberPatch): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** The organisation's first user is its owner. */
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
    /** How many of the organisation's users hold each of these roles. */
    async countByRole(organisationId: string, roleIds: string[]): Promise<Map<string, number>> {
      if (roleIds.length === 0) return new Map();
      const rows = await db
        .select({ roleId: users.roleId, n: count() })
        .from(users)
        .where(and(eq(users.organisationId, organisationId), inArray(users.roleId, roleIds)))
        .groupBy(users.roleId);
      return new Map(rows.map((r) => [r.roleId!, Number(r.n)]));
    },
    /** A user's account email and display name, or null. */
    async contactOf(userId: string): Promise<{ email: string; name: string | null } | null> {
      const [r] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
      return r ? { email: r.email, name: `${r.firstName} ${r.lastName}`.trim() || null } : null;
    },
    /** Display names ("First Last", null when blank) of these users. */
    async namesOf(userIds: string[]): Promise<Map<string, string | null>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds));
      return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim() || null]));
    },
    /** The account emails of these users (a notification's recipients: meetings). */
    async emailsOf(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
      return new Map(rows.map((r) => [r.id, r.email]));
    },
    /** The user ids of these account emails (case-insensitive), by lower-cased email. */
    async userIdsByEmail(emails: string[]): Promise<Map<string, string>> {
      const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
      if (lower.length === 0) return new Map();
      const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(sql`lower(${users.email})`, lower));
      return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
    },
    async companyMembers(companyId: string) {
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, status: users.status })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(users.createdAt);
    },
    async organisationName(organisationId: string): Promise<string | null> {
      const rows = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
      return rows[0]?.name ?? null;
    },
  };
}

export type AuthPort = ReturnType<typeof createAuthPort>;
