import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { discussionTables, tableBars, tableMessages, tableSeats, videoCalls } from './video.tables.ts';

export type CallRow = typeof videoCalls.$inferSelect;
export type TableRow = typeof discussionTables.$inferSelect;
export type SeatRow = typeof tableSeats.$inferSelect;
export type TableMessageRow = typeof tableMessages.$inferSelect;
export type SitResult = { ok: true; seatsTaken: number; left: string[]; already: boolean } | { ok: false; code: 'TABLE_FULL' | 'TABLE_CLOSED' | 'TABLE_NOT_FOUND' | 'TABLE_BARRED' };
export type BarRow = typeof tableBars.$inferSelect;
/** Test-only switches (the race test's unlocked control): never set outside tests. */
export type VideoTesting = { unsafeDisableLocking: boolean; raceWindowMs: number; ringTimeoutMs: number | null };

const LIVE = ['ringing', 'answered'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The only file that queries the video module's tables; every query names the event. */
export function createVideoRepository(db: Db, testing: VideoTesting) {
  async function openSeats(tableId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(tableSeats).where(and(eq(tableSeats.tableId, tableId), isNull(tableSeats.leftAt)));
    return row?.n ?? 0;
  }
  return {
    /* ---------- calls ---------- */
    /** A new ringing call, or null when the channel already has a live call (the partial unique index). */
    async insertCall(row: typeof videoCalls.$inferInsert): Promise<CallRow | null> {
      const [created] = await db.insert(videoCalls).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async call(eventId: string, id: string): Promise<CallRow | null> {
      const [row] = await db.select().from(videoCalls).where(and(eq(videoCalls.eventId, eventId), eq(videoCalls.id, id)));
      return row ?? null;
    },
    /** The channel's live call (ringing or answered). */
    async liveCall(eventId: string, channel: string): Promise<CallRow | null> {
      const [row] = await db
        .select()
        .from(videoCalls)
        .where(and(eq(videoCalls.eventId, eventId), eq(videoCalls.channel, channel), inArray(videoCalls.status, LIVE)));
      return row ?? null;
    },
    /** Live calls this person is in (busy check, and ended when their last socket goes). */
    async liveCallsOf(eventId: string, eventUserId: string): Promise<CallRow[]> {
      return db
        .select()
        .from(videoCalls)
        .where(and(eq(videoCalls.eventId, eventId), inArray(videoCalls.status, LIVE), or(eq(videoCalls.callerEventUserId, eventUserId), eq(videoCalls.calleeEventUserId, eventUserId))));
    },
    /** Moves a call from one status to the next only if it is still in `from` (two instances, one winner). */
    async transition(id: string, from: string[], set: Partial<Pick<CallRow, 'status' | 'answeredAt' | 'endedAt' | 'durationSeconds'>>): Promise<CallRow | null> {
      const [row] = await db
        .update(videoCalls)
        .set(set)
        .where(and(eq(videoCalls.id, id), inArray(videoCalls.status, from)))
        .returning();
      return row ?? null;
    },
    /** Ringing calls older than `before` become missed (a stopped instance's timers are gone). */
    async expireRinging(eventId: string, before: Date): Promise<CallRow[]> {
      return db
        .update(videoCalls)
        .set({ status: 'missed', endedAt: sql`${videoCalls.startedAt} + interval '60 seconds'` })
        .where(and(eq(videoCalls.eventId, eventId), eq(videoCalls.status, 'ringing'), lt(videoCalls.startedAt, before)))
        .returning();
    },
    async callsSince(eventId: string, since: Date): Promise<CallRow[]> {
      return db.select().from(videoCalls).where(and(eq(videoCalls.eventId, eventId), gte(videoCalls.startedAt, since))).orderBy(desc(videoCalls.startedAt));
    },

    /* ---------- tables ---------- */
    async tables(eventId: string): Promise<TableRow[]> {
      return db
        .select()
        .from(discussionTables)
        .where(and(eq(discussionTables.eventId, eventId), isNull(discussionTables.deletedAt)))
        .orderBy(asc(discussionTables.opensAt), asc(discussionTables.topic));
    },
    async allTables(eventId: string): Promise<TableRow[]> {
      return db.select().from(discussionTables).where(eq(discussionTables.eventId, eventId));
    },
    async table(eventId: string, id: string): Promise<TableRow | null> {
      const [row] = await db
        .select()
        .from(discussionTables)
        .where(and(eq(discussionTables.eventId, eventId), eq(discussionTables.id, id), isNull(discussionTables.deletedAt)));
      return row ?? null;
    },
    async insertTable(row: typeof discussionTables.$inferInsert): Promise<TableRow> {
      const [created] = await db.insert(discussionTables).values(row).returning();
      return created!;
    },
    async updateTable(eventId: string, id: string, set: Pick<TableRow, 'kind' | 'topic' | 'seats' | 'opensAt' | 'closesAt'>): Promise<TableRow | null> {
      const [row] = await db
        .update(discussionTables)
        .set(set)
        .where(and(eq(discussionTables.eventId, eventId), eq(discussionTables.id, id), isNull(discussionTables.deletedAt)))
        .returning();
      return row ?? null;
    },
    /** Soft delete; open seats are closed at `at`. Answers the people who were seated. */
    async deleteTable(eventId: string, id: string, at: Date): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(discussionTables)
          .set({ deletedAt: at })
          .where(and(eq(discussionTables.eventId, eventId), eq(discussionTables.id, id), isNull(discussionTables.deletedAt)))
          .returning();
        if (!row) return null;
        const left = await tx.update(tableSeats).set({ leftAt: at }).where(and(eq(tableSeats.tableId, id), isNull(tableSeats.leftAt))).returning();
        return left.map((s) => s.eventUserId);
      });
    },
    /** Open seats of the event's tables (who sits where). */
    async openSeats(eventId: string): Promise<SeatRow[]> {
      return db.select().from(tableSeats).where(and(eq(tableSeats.eventId, eventId), isNull(tableSeats.leftAt))).orderBy(asc(tableSeats.joinedAt));
    },
    async seated(tableId: string): Promise<string[]> {
      const rows = await db.select({ id: tableSeats.eventUserId }).from(tableSeats).where(and(eq(tableSeats.tableId, tableId), isNull(tableSeats.leftAt)));
      return rows.map((r) => r.id);
    },
    async isSeated(tableId: string, eventUserId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tableSeats.id })
        .from(tableSeats)
        .where(and(eq(tableSeats.tableId, tableId), eq(tableSeats.eventUserId, eventUserId), isNull(tableSeats.leftAt)));
      return !!row;
    },
    /**
     * Takes a seat: in one transaction holding the table's row lock (`select … for update`), checks that the table is
     * open and has a free seat, leaves any other table of the event, and inserts the seat. Two joins at once queue on
     * the lock, so the seats are never exceeded.
     */
    async sit(eventId: string, tableId: string, eventUserId: string, at: Date, newId: () => string): Promise<SitResult> {
      return db.transaction(async (tx) => {
        const q = tx
          .select()
          .from(discussionTables)
          .where(and(eq(discussionTables.eventId, eventId), eq(discussionTables.id, tableId), isNull(discussionTables.deletedAt)));
        const [table] = testing.unsafeDisableLocking ? await q : await q.for('update');
        if (!table) return { ok: false, code: 'TABLE_NOT_FOUND' } as const;
        if (at < table.opensAt || at >= table.closesAt) return { ok: false, code: 'TABLE_CLOSED' } as const;
        const open = await tx.select({ eventUserId: tableSeats.eventUserId }).from(tableSeats).where(and(eq(tableSeats.tableId, tableId), isNull(tableSeats.leftAt)));
        if (open.some((s) => s.eventUserId === eventUserId)) return { ok: true, seatsTaken: open.length, left: [], already: true } as const;
        const [bar] = await tx
          .select({ id: tableBars.id })
          .from(tableBars)
          .where(and(eq(tableBars.tableId, tableId), eq(tableBars.eventUserId, eventUserId), isNull(tableBars.liftedAt)));
        if (bar) return { ok: false, code: 'TABLE_BARRED' } as const;
        if (open.length >= table.seats) return { ok: false, code: 'TABLE_FULL' } as const;
        if (testing.raceWindowMs) await sleep(testing.raceWindowMs);
        const leftRows = await tx
          .update(tableSeats)
          .set({ leftAt: at })
          .where(and(eq(tableSeats.eventId, eventId), eq(tableSeats.eventUserId, eventUserId), isNull(tableSeats.leftAt)))
          .returning();
        await tx.insert(tableSeats).values({ id: newId(), tableId, eventId, eventUserId, joinedAt: at });
        return { ok: true, seatsTaken: open.length + 1, left: [...new Set(leftRows.map((r) => r.tableId))], already: false } as const;
      });
    },
    /** Leaves the table (or every table of the event when `tableId` is null); answers the tables left. */
    async stand(eventId: string, eventUserId: string, tableId: string | null, at: Date): Promise<string[]> {
      const rows = await db
        .update(tableSeats)
        .set({ leftAt: at })
        .where(and(eq(tableSeats.eventId, eventId), eq(tableSeats.eventUserId, eventUserId), isNull(tableSeats.leftAt), ...(tableId ? [eq(tableSeats.tableId, tableId)] : [])))
        .returning();
      return [...new Set(rows.map((r) => r.tableId))];
    },
    openSeatCount: openSeats,

    /**
     * The organiser takes a person off a table: in one transaction the open seat is closed at `at` and the person is
     * barred from the table (kept if already barred). False when they were not seated there.
     */
    async removeSeated(eventId: string, tableId: string, eventUserId: string, at: Date, barredByUserId: string, newId: () => string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const left = await tx
          .update(tableSeats)
          .set({ leftAt: at })
          .where(and(eq(tableSeats.eventId, eventId), eq(tableSeats.tableId, tableId), eq(tableSeats.eventUserId, eventUserId), isNull(tableSeats.leftAt)))
          .returning({ id: tableSeats.id });
        if (left.length === 0) return false;
        await tx.insert(tableBars).values({ id: newId(), tableId, eventId, eventUserId, barredAt: at, barredByUserId }).onConflictDoNothing();
        return true;
      });
    },
    /** Lifts the open bar of a person at a table; false when there was none. */
    async liftBar(eventId: string, tableId: string, eventUserId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(tableBars)
        .set({ liftedAt: at })
        .where(and(eq(tableBars.eventId, eventId), eq(tableBars.tableId, tableId), eq(tableBars.eventUserId, eventUserId), isNull(tableBars.liftedAt)))
        .returning({ id: tableBars.id });
      return rows.length > 0;
    },
    /** The open bars of the event's tables (of one person when `eventUserId` is given). */
    async bars(eventId: string, eventUserId?: string): Promise<BarRow[]> {
      return db
        .select()
        .from(tableBars)
        .where(and(eq(tableBars.eventId, eventId), isNull(tableBars.liftedAt), eventUserId ? eq(tableBars.eventUserId, eventUserId) : undefined))
        .orderBy(asc(tableBars.barredAt));
    },
    /**
     * The closing-hour sweep (every event: a platform job, not a caller's query): closes every open seat of a table
     * whose closing hour has passed, at that hour, and answers who left which table. Each seat is closed by one
     * conditional update, so two instances sweeping at once never both answer it.
     */
    async closeDue(at: Date): Promise<{ eventId: string; tableId: string; eventUserId: string }[]> {
      const due = db
        .select({ id: discussionTables.id })
        .from(discussionTables)
        .where(and(lte(discussionTables.closesAt, at), isNull(discussionTables.deletedAt)));
      return db
        .update(tableSeats)
        .set({ leftAt: sql`(select ${discussionTables.closesAt} from ${discussionTables} where ${discussionTables.id} = ${tableSeats.tableId})` })
        .where(and(isNull(tableSeats.leftAt), inArray(tableSeats.tableId, due)))
        .returning({ eventId: tableSeats.eventId, tableId: tableSeats.tableId, eventUserId: tableSeats.eventUserId });
    },
    async seatsSince(eventId: string, since: Date): Promise<SeatRow[]> {
      return db.select().from(tableSeats).where(and(eq(tableSeats.eventId, eventId), gte(tableSeats.joinedAt, since)));
    },

    /* ---------- table chat ---------- */
    async insertMessage(row: TableMessageRow): Promise<TableMessageRow> {
      const [created] = await db.insert(tableMessages).values(row).returning();
      return created!;
    },
    async messages(tableId: string, limit: number): Promise<TableMessageRow[]> {
      const rows = await db.select().from(tableMessages).where(eq(tableMessages.tableId, tableId)).orderBy(desc(tableMessages.createdAt)).limit(limit);
      return rows.reverse();
    },
    async messageCounts(eventId: string, since: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({ tableId: tableMessages.tableId, n: count() })
        .from(tableMessages)
        .where(and(eq(tableMessages.eventId, eventId), gte(tableMessages.createdAt, since)))
        .groupBy(tableMessages.tableId);
      return new Map(rows.map((r) => [r.tableId, r.n]));
    },
  };
}
export type VideoRepository = ReturnType<typeof createVideoRepository>;
