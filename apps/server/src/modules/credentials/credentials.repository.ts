import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { credentials, eventSigningKeys } from './credentials.tables.ts';

export type CredentialRow = typeof credentials.$inferSelect;
export type SigningKeyRow = typeof eventSigningKeys.$inferSelect;

const findManyByDb = new WeakMap<Db, { execute(p: { ids: string[] }): Promise<CredentialRow[]> }>();

/** The only file that queries credentials and event_signing_keys (registrations come from registration's port). */
export function createCredentialsRepository(db: Db) {
  return {
    async findKey(eventId: string): Promise<SigningKeyRow | null> {
      const [row] = await db.select().from(eventSigningKeys).where(eq(eventSigningKeys.eventId, eventId)).limit(1);
      return row ?? null;
    },
    /** First writer wins; a concurrent creator reads the winner's key back. */
    async insertKey(row: typeof eventSigningKeys.$inferInsert): Promise<SigningKeyRow> {
      await db.insert(eventSigningKeys).values(row).onConflictDoNothing();
      const [stored] = await db.select().from(eventSigningKeys).where(eq(eventSigningKeys.eventId, row.eventId)).limit(1);
      return stored!;
    },
    async find(registrationId: string): Promise<CredentialRow | null> {
      const [row] = await db.select().from(credentials).where(eq(credentials.registrationId, registrationId)).limit(1);
      return row ?? null;
    },
    /** Every gate scan batch asks this: built and prepared once per database handle. */
    async findMany(registrationIds: string[]): Promise<CredentialRow[]> {
      if (registrationIds.length === 0) return [];
      let prepared = findManyByDb.get(db);
      if (!prepared) {
        prepared = db
          .select()
          .from(credentials)
          .where(sql`${credentials.registrationId} = any(${sql.placeholder('ids')}::text[])`)
          .prepare('cred_hot_find_many');
        findManyByDb.set(db, prepared);
      }
      return prepared.execute({ ids: registrationIds });
    },
    async insertMany(rows: (typeof credentials.$inferInsert)[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(credentials).values(rows).onConflictDoNothing();
    },
    async update(registrationId: string, patch: Partial<typeof credentials.$inferInsert>): Promise<CredentialRow | null> {
      const [row] = await db.update(credentials).set(patch).where(eq(credentials.registrationId, registrationId)).returning();
      return row ?? null;
    },
    /** Bumps the version in one statement, so two concurrent re-issues give two versions and never the same one. */
    async bumpVersion(registrationId: string, sign: (version: number) => string): Promise<CredentialRow | null> {
      return db.transaction(async (tx) => {
        const [cur] = await tx.select().from(credentials).where(eq(credentials.registrationId, registrationId)).for('update').limit(1);
        if (!cur) return null;
        const version = cur.version + 1;
        const [row] = await tx
          .update(credentials)
          .set({ version, token: sign(version), status: 'active', issuedAt: new Date(), revokedAt: null, revokeReason: null })
          .where(eq(credentials.registrationId, registrationId))
          .returning();
        return row ?? null;
      });
    },
    /** Of these registrations, the ids that hold a credential. */
    async issuedAmong(registrationIds: string[]): Promise<Set<string>> {
      if (registrationIds.length === 0) return new Set();
      const rows = await db
        .select({ id: credentials.registrationId })
        .from(credentials)
        .where(sql`${credentials.registrationId} = any(${sql.param(registrationIds)}::text[])`);
      return new Set(rows.map((r) => r.id));
    },
    async listForEvent(eventId: string): Promise<CredentialRow[]> {
      return db.select().from(credentials).where(eq(credentials.eventId, eventId)).orderBy(sql`registration_id`);
    },
  };
}
export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;
