import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TEventListQuery } from '@pavilion/domain';
import type { Db } from '../../platform/db.ts';
import { eventUsers, events } from './events.tables.ts';

export type EventRow = typeof events.$inferSelect;

/** Item-level access ("only these events") and a region team's region narrow what a member sees. */
export type EventScope = { eventIds?: readonly string[]; regionId?: string | null };

function scopeConditions(scope: EventScope): SQL[] {
  const out: SQL[] = [];
  if (scope.eventIds) out.push(scope.eventIds.length > 0 ? inArray(events.id, [...scope.eventIds]) : sql`false`);
  if (scope.regionId !== undefined) out.push(scope.regionId === null ? sql`false` : eq(events.regionId, scope.regionId));
  return out;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The only file that queries events tables. Every read is scoped to an organisation. */
export function createEventsRepository(db: Db) {
  return {
    async list(
      organisationId: string,
      q: TEventListQuery,
      today: string,
      scope: EventScope,
    ): Promise<{ rows: EventRow[]; total: number }> {
      const where: SQL[] = [eq(events.organisationId, organisationId), ...scopeConditions(scope)];
      if (q.search) {
        const term = `%${escapeLike(q.search)}%`;
        where.push(or(ilike(events.name, term), ilike(events.venue, term))!);
      }
      if (q.eventMode) where.push(eq(events.eventMode, q.eventMode));
      if (q.when === 'upcoming') where.push(gte(events.endDate, today));
      if (q.when === 'past') where.push(lt(events.endDate, today));
      const cond = and(...where);
      const [totalRow] = await db.select({ n: count() }).from(events).where(cond);
      const rows = await db
        .select()
        .from(events)
        .where(cond)
        .orderBy(desc(events.startDate), desc(events.createdAt))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { rows, total: totalRow?.n ?? 0 };
    },
    async findInOrganisation(organisationId: string, id: string, scope: EventScope = {}): Promise<EventRow | null> {
      const rows = await db
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.organisationId, organisationId), ...scopeConditions(scope)))
        .limit(1);
      return rows[0] ?? null;
    },
    async reassignCreator(organisationId: string, from: string, to: string): Promise<number> {
      const rows = await db
        .update(events)
        .set({ createdBy: to })
        .where(and(eq(events.organisationId, organisationId), eq(events.createdBy, from)))
        .returning({ id: events.id });
      return rows.length;
    },
    async upcoming(organisationId: string, today: string, limit: number): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(eq(events.organisationId, organisationId), gte(events.endDate, today)))
        .orderBy(events.startDate)
        .limit(limit);
    },
    async findPublic(id: string): Promise<EventRow | null> {
      const rows = await db.select().from(events).where(eq(events.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async insert(row: typeof events.$inferInsert): Promise<EventRow> {
      const [created] = await db.insert(events).values(row).returning();
      return created!;
    },
    async update(organisationId: string, id: string, patch: Partial<typeof events.$inferInsert>): Promise<EventRow | null> {
      const [row] = await db
        .update(events)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(events.id, id), eq(events.organisationId, organisationId)))
        .returning();
      return row ?? null;
    },
    async findEventUser(eventId: string, userId: string) {
      const rows = await db
        .select()
        .from(eventUsers)
        .where(and(eq(eventUsers.eventId, eventId), eq(eventUsers.userId, userId)))
        .limit(1);
      return rows[0] ?? null;
    },
    async eventUsersByIds(eventId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db.select().from(eventUsers).where(and(eq(eventUsers.eventId, eventId), inArray(eventUsers.id, ids)));
    },
    async eventUsersOfUsers(eventId: string, userIds: string[]) {
      if (userIds.length === 0) return [];
      return db.select().from(eventUsers).where(and(eq(eventUsers.eventId, eventId), inArray(eventUsers.userId, userIds)));
    },
    /** The ids of the event's participations, at most `limit` (ids only: no row is built for a thousand recipients). */
    async eventUserIdsOfEvent(eventId: string, limit: number): Promise<string[]> {
      return (await db.select({ id: eventUsers.id }).from(eventUsers).where(eq(eventUsers.eventId, eventId)).limit(limit)).map((r) => r.id);
    },
    /** The event's participations, oldest first, at most `limit`. */
    async eventUsersOfEvent(eventId: string, limit: number) {
      return db.select().from(eventUsers).where(eq(eventUsers.eventId, eventId)).orderBy(asc(eventUsers.createdAt)).limit(limit);
    },
    async participantsByType(organisationId: string, eventId: string, from: Date | null, to: Date) {
      const where: SQL[] = [eq(eventUsers.organisationId, organisationId), eq(eventUsers.eventId, eventId), lt(eventUsers.createdAt, to)];
      if (from) where.push(gte(eventUsers.createdAt, from));
      return db
        .select({ userType: eventUsers.userType, count: count() })
        .from(eventUsers)
        .where(and(...where))
        .groupBy(eventUsers.userType)
        .orderBy(eventUsers.userType);
    },
    async insertEventUser(row: typeof eventUsers.$inferInsert) {
      const [created] = await db.insert(eventUsers).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
