import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { exhibitionCompanies, exhibitionCompanyStaff, exhibitionStaffBadgeSettings } from './exhibition.tables.ts';

export type StaffRow = typeof exhibitionCompanyStaff.$inferSelect;
type Scope = { organisationId: string; eventId: string };

/** A claim older than this is a crashed issuer's: another issue may take it over. */
export const BADGE_CLAIM_STALE_MS = 60_000;

/** Staff badges' queries (exhibition's tables only); every query names the event and company. */
export function createStaffBadgesRepository(db: Db) {
  return {
    async settings(eventId: string): Promise<{ ticketId: string | null; categoryId: string | null } | null> {
      const [row] = await db
        .select({ ticketId: exhibitionStaffBadgeSettings.ticketId, categoryId: exhibitionStaffBadgeSettings.categoryId })
        .from(exhibitionStaffBadgeSettings)
        .where(eq(exhibitionStaffBadgeSettings.eventId, eventId))
        .limit(1);
      return row ?? null;
    },
    async saveSettings(scope: Scope, v: { ticketId: string | null; categoryId: string | null }, userId: string): Promise<void> {
      await db
        .insert(exhibitionStaffBadgeSettings)
        .values({ eventId: scope.eventId, organisationId: scope.organisationId, ...v, updatedBy: userId })
        .onConflictDoUpdate({ target: exhibitionStaffBadgeSettings.eventId, set: { ...v, updatedBy: userId, updatedAt: new Date() } });
    },

    async staff(eventId: string, companyId: string): Promise<StaffRow[]> {
      return db
        .select()
        .from(exhibitionCompanyStaff)
        .where(and(eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.companyId, companyId)))
        .orderBy(asc(exhibitionCompanyStaff.email));
    },

    /** One staff row of the company (issue and revoke read only the row they change). */
    async staffMember(eventId: string, companyId: string, staffId: string): Promise<StaffRow | undefined> {
      const [row] = await db
        .select()
        .from(exhibitionCompanyStaff)
        .where(and(eq(exhibitionCompanyStaff.id, staffId), eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.companyId, companyId)));
      return row;
    },

    /**
     * Claims the staff member's badge for one issuer, in one transaction under the company row's lock (so two issues
     * for one company are counted one after the other against its quota): refused when the badge is issued, being
     * issued by someone else, or when the company's badges (issued or being issued) already reach `quota`.
     */
    async claim(
      eventId: string,
      companyId: string,
      staffId: string,
      name: { firstName: string; lastName: string },
      quota: number | null,
      now: Date,
    ): Promise<{ ok: true; row: StaffRow } | { ok: false; reason: 'notFound' | 'issued' | 'inProgress' | 'quota'; used?: number }> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: exhibitionCompanies.id })
          .from(exhibitionCompanies)
          .where(and(eq(exhibitionCompanies.eventId, eventId), eq(exhibitionCompanies.id, companyId)))
          .for('update');
        const [row] = await tx
          .select()
          .from(exhibitionCompanyStaff)
          .where(and(eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.companyId, companyId), eq(exhibitionCompanyStaff.id, staffId)))
          .for('update');
        if (!row) return { ok: false, reason: 'notFound' };
        if (row.registrationId) return { ok: false, reason: 'issued' };
        const stale = new Date(now.getTime() - BADGE_CLAIM_STALE_MS);
        if (row.badgeClaimedAt && row.badgeClaimedAt > stale) return { ok: false, reason: 'inProgress' };
        if (quota !== null) {
          const [{ n }] = (await tx
            .select({ n: count() })
            .from(exhibitionCompanyStaff)
            .where(
              and(
                eq(exhibitionCompanyStaff.eventId, eventId),
                eq(exhibitionCompanyStaff.companyId, companyId),
                sql`(${exhibitionCompanyStaff.registrationId} is not null or ${exhibitionCompanyStaff.badgeClaimedAt} > ${stale})`,
              ),
            )) as [{ n: number }];
          if (Number(n) >= quota) return { ok: false, reason: 'quota', used: Number(n) };
        }
        const [claimed] = await tx
          .update(exhibitionCompanyStaff)
          .set({ badgeClaimedAt: now, firstName: name.firstName, lastName: name.lastName })
          .where(eq(exhibitionCompanyStaff.id, row.id))
          .returning();
        return { ok: true, row: claimed! };
      });
    },
    async release(staffId: string): Promise<void> {
      await db.update(exhibitionCompanyStaff).set({ badgeClaimedAt: null }).where(and(eq(exhibitionCompanyStaff.id, staffId), isNull(exhibitionCompanyStaff.registrationId)));
    },
    async issued(staffId: string, registrationId: string, now: Date): Promise<StaffRow> {
      const [row] = await db.update(exhibitionCompanyStaff).set({ registrationId, badgeIssuedAt: now, badgeClaimedAt: null }).where(eq(exhibitionCompanyStaff.id, staffId)).returning();
      return row!;
    },
    /** Unlinks the badge it had (conditional on that registration: a concurrent reissue is not undone). */
    async unlink(staffId: string, registrationId: string): Promise<StaffRow | null> {
      const [row] = await db
        .update(exhibitionCompanyStaff)
        .set({ registrationId: null, badgeIssuedAt: null })
        .where(and(eq(exhibitionCompanyStaff.id, staffId), eq(exhibitionCompanyStaff.registrationId, registrationId)))
        .returning();
      return row ?? null;
    },
    /** Staff of the company holding a badge among these emails (a staff list that drops them is refused). */
    async badgeHolders(eventId: string, companyId: string): Promise<StaffRow[]> {
      return db
        .select()
        .from(exhibitionCompanyStaff)
        .where(and(eq(exhibitionCompanyStaff.eventId, eventId), eq(exhibitionCompanyStaff.companyId, companyId), isNotNull(exhibitionCompanyStaff.registrationId)));
    },
  };
}

export type StaffBadgesRepository = ReturnType<typeof createStaffBadgesRepository>;
