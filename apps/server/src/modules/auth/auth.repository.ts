import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { autoLoginKeys, loginAttempts, organisations, passwordResets, refreshTokens, users } from './auth.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** With auth.port.ts (what workspace may read and change of users), the only file that queries the auth tables. */
export function createAuthRepository(db: Db) {
  return {
    async findUserByIdentifier(identifier: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.email}) = lower(${identifier})`, eq(users.contactNo, identifier)))
        .limit(1);
      return rows[0] ?? null;
    },
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      return rows[0] ?? null;
    },
    async findUserById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async findUserByContactNo(contactNo: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.contactNo, contactNo)).limit(1);
      return rows[0] ?? null;
    },
    async createOrganisationWithOwner(org: { id: string; name: string }, owner: NewUser): Promise<UserRow> {
      return db.transaction(async (tx) => {
        await tx.insert(organisations).values(org);
        const [row] = await tx.insert(users).values(owner).returning();
        return row!;
      });
    },
    async insertUser(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },
    async updatePassword(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    async countRecentFailures(bucket: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.bucket, bucket), gt(loginAttempts.createdAt, since)));
      return row?.n ?? 0;
    },
    async oldestRecentFailure(bucket: string, since: Date): Promise<Date | null> {
      const rows = await db
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.bucket, bucket), gt(loginAttempts.createdAt, since)))
        .orderBy(loginAttempts.createdAt)
        .limit(1);
      return rows[0]?.at ?? null;
    },
    async recordFailures(buckets: string[], at: Date): Promise<void> {
      await db.insert(loginAttempts).values(buckets.map((bucket) => ({ bucket, createdAt: at })));
    },
    async clearFailures(bucket: string): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.bucket, bucket));
    },

    async insertRefreshToken(row: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(row);
    },
    async findRefreshByHash(tokenHash: string) {
      const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return rows[0] ?? null;
    },
    /** Marks a live token as rotated; false when another request rotated or revoked it first. */
    async rotateRefreshToken(id: string, replacedBy: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: at, replacedBy })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeRefreshToken(id: string, at: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)));
    },
    async revokeFamily(familyId: string, at: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeAllForUser(userId: string, at: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    async insertPasswordReset(row: typeof passwordResets.$inferInsert): Promise<void> {
      await db.insert(passwordResets).values(row);
    },
    /** Uses a reset code once: the update only matches an unused, unexpired row. */
    async consumePasswordReset(codeHash: string, at: Date): Promise<{ userId: string } | null> {
      const rows = await db
        .update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.codeHash, codeHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, at)))
        .returning({ userId: passwordResets.userId });
      return rows[0] ?? null;
    },

    async insertAutoLoginKey(row: typeof autoLoginKeys.$inferInsert): Promise<void> {
      await db.insert(autoLoginKeys).values(row);
    },
    async findAutoLoginKey(keyHash: string) {
      const rows = await db.select().from(autoLoginKeys).where(eq(autoLoginKeys.keyHash, keyHash)).limit(1);
      return rows[0] ?? null;
    },
    async consumeAutoLoginKey(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(autoLoginKeys)
        .set({ usedAt: at })
        .where(and(eq(autoLoginKeys.id, id), isNull(autoLoginKeys.usedAt), gt(autoLoginKeys.expiresAt, at)))
        .returning({ id: autoLoginKeys.id });
      return rows.length === 1;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
