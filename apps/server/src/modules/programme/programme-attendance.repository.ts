import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { publishedView, type RoomRow, type Scope, type SessionRow } from './programme.repository.ts';
import { programmeAttendanceBasis, programmeAttendanceCursor, programmeRooms, programmeSessionAttendance, programmeSessions, programmeTracks } from './programme.tables.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The catch-up's place in check-in's scan ledger (see `programmeAttendanceCursor`). */
export type LedgerCursor = { lowId: number; pendingId: number | null; pendingSince: Date | null };
const CURSOR_ID = 'ledger';

/** A report row before wording: the session as attendees see it, its counts and where it is. */
export type AttendanceReportRow = { session: SessionRow; attended: number; roomName: string | null; roomHasArea: boolean; trackName: string | null };

/**
 * The only file that queries session attendance (`programme_session_attendance`) and the rooms' check-in areas.
 * Sessions are read as attendees see them (their published time and room), since that is where people go.
 */
export function createAttendanceRepository(db: Db) {
  // The published copy, or the draft for rows from before publishing (`publishedView`), in SQL.
  const pubStart = sql`coalesce(${programmeSessions.publishedStartsAt}, ${programmeSessions.startsAt})`;
  const pubEnd = sql`coalesce(${programmeSessions.publishedEndsAt}, ${programmeSessions.endsAt})`;
  const pubRoom = sql`case when ${programmeSessions.publishedStartsAt} is null then ${programmeSessions.roomId} else ${programmeSessions.publishedRoomId} end`;
  // The session's published track (what attendees and the organiser published), not the draft's `track_id`.
  const pubTrack = sql`${programmeSessions.published}->>'trackId'`;

  /** The room's sessions (published time and room) whose span, widened by `before`/`after` ms, meets [from, to]. */
  async function sessionsInRoomDuring(eventId: string, roomId: string, from: Date, to: Date, widen: { beforeMs: number; afterMs: number }): Promise<SessionRow[]> {
    const rows = await db
      .select()
      .from(programmeSessions)
      .where(
        and(
          eq(programmeSessions.eventId, eventId),
          // A session never published (an approved proposal in the draft) is not running for attendees yet.
          eq(programmeSessions.unpublished, false),
          sql`${pubRoom} = ${roomId}`,
          sql`${pubStart} - make_interval(secs => ${widen.beforeMs / 1000}) <= ${to.toISOString()}::timestamptz`,
          sql`${pubEnd} + make_interval(secs => ${widen.afterMs / 1000}) > ${from.toISOString()}::timestamptz`,
        ),
      );
    return rows.map(publishedView);
  }

  return {
    /** The event's room whose door is this check-in area, if any. */
    async roomOfArea(eventId: string, areaId: string): Promise<RoomRow | null> {
      const [row] = await db.select().from(programmeRooms).where(and(eq(programmeRooms.eventId, eventId), eq(programmeRooms.checkinAreaId, areaId))).limit(1);
      return row ?? null;
    },
    /** Another room of the organisation already using this area (one room per area). */
    async roomUsingArea(s: Scope, areaId: string, exceptRoomId: string | null): Promise<RoomRow | null> {
      const [row] = await db
        .select()
        .from(programmeRooms)
        .where(and(eq(programmeRooms.organisationId, s.organisationId), eq(programmeRooms.checkinAreaId, areaId), exceptRoomId ? ne(programmeRooms.id, exceptRoomId) : undefined))
        .limit(1);
      return row ?? null;
    },
    /** The room's sessions (published time and room) whose span, widened by `before`/`after` ms, holds `at`. */
    sessionsInRoomAt: (eventId: string, roomId: string, at: Date, widen: { beforeMs: number; afterMs: number }): Promise<SessionRow[]> => sessionsInRoomDuring(eventId, roomId, at, at, widen),
    /**
     * Replaces a registration's counted sessions in an event with a fresh reckoning (`counts`, from `basis.scans` of
     * its scans at `basis.computedAt`), in the caller's transaction: unless a reckoning from more scans, or from as
     * many at a later now, already stands (then nothing is written and the answer is null). The basis row's upsert
     * locks it, so two reckonings of one person apply one after the other. Answers the sessions newly counted.
     */
    async replaceCounts(
      tx: Tx,
      who: { organisationId: string; eventId: string; registrationId: string },
      basis: { scans: number; computedAt: Date; recountAt: Date | null },
      counts: { sessionId: string; firstAt: Date; lastAt: Date; scans: number }[],
    ): Promise<string[] | null> {
      const won = await tx.execute(sql`
        insert into programme_attendance_basis (event_id, registration_id, organisation_id, scans, computed_at, recount_at)
        values (${who.eventId}, ${who.registrationId}, ${who.organisationId}, ${basis.scans}, ${basis.computedAt.toISOString()}::timestamptz, ${basis.recountAt?.toISOString() ?? null}::timestamptz)
        on conflict (event_id, registration_id) do update set scans = excluded.scans, computed_at = excluded.computed_at, recount_at = excluded.recount_at
        where (programme_attendance_basis.scans, programme_attendance_basis.computed_at) <= (excluded.scans, excluded.computed_at)
        returning 1 as ok`);
      if (won.rows.length === 0) return null;
      const ids = counts.map((c) => c.sessionId);
      await tx.execute(sql`
        delete from programme_session_attendance
        where event_id = ${who.eventId} and registration_id = ${who.registrationId} and not (session_id = any(${sql.param(ids)}::text[]))`);
      if (counts.length === 0) return [];
      const r = await tx.execute<{ session_id: string; inserted: boolean }>(sql`
        insert into programme_session_attendance (session_id, registration_id, organisation_id, event_id, first_seen_at, last_seen_at, scans)
        select t.session_id, ${who.registrationId}, ${who.organisationId}, ${who.eventId}, t.first_at, t.last_at, t.scans
        from unnest(${sql.param(ids)}::text[], ${sql.param(counts.map((c) => c.firstAt.toISOString()))}::timestamptz[],
                    ${sql.param(counts.map((c) => c.lastAt.toISOString()))}::timestamptz[], ${sql.param(counts.map((c) => c.scans))}::int[]) as t(session_id, first_at, last_at, scans)
        on conflict (session_id, registration_id) do update set first_seen_at = excluded.first_seen_at, last_seen_at = excluded.last_seen_at, scans = excluded.scans
        returning session_id, (xmax = 0) as inserted`);
      return r.rows.filter((x) => x.inserted).map((x) => x.session_id);
    },
    /** Registrations whose open presence reaches a session's bar by `now` (of one event, or of every event). */
    async dueRecounts(now: Date, eventId?: string): Promise<{ eventId: string; registrationId: string }[]> {
      return db
        .select({ eventId: programmeAttendanceBasis.eventId, registrationId: programmeAttendanceBasis.registrationId })
        .from(programmeAttendanceBasis)
        .where(and(lte(programmeAttendanceBasis.recountAt, now), eventId ? eq(programmeAttendanceBasis.eventId, eventId) : undefined))
        .orderBy(asc(programmeAttendanceBasis.recountAt))
        .limit(5000);
    },
    /** The sessions (published time and room) of these rooms whose span meets [from, to]. */
    async sessionsOfRoomsDuring(eventId: string, roomIds: string[], from: Date, to: Date): Promise<SessionRow[]> {
      if (roomIds.length === 0) return [];
      const rows = await db
        .select()
        .from(programmeSessions)
        .where(
          and(
            eq(programmeSessions.eventId, eventId),
            sql`${pubRoom} = any(${sql.param(roomIds)}::text[])`,
            sql`${pubStart} <= ${to.toISOString()}::timestamptz`,
            sql`${pubEnd} >= ${from.toISOString()}::timestamptz`,
          ),
        );
      return rows.map(publishedView);
    },
    transaction: <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(fn),
    /** Rooms that have a check-in area as their door (of one event, or of every event). */
    async doors(eventId?: string): Promise<{ areaId: string; roomId: string; eventId: string; organisationId: string }[]> {
      const rows = await db
        .select({ areaId: programmeRooms.checkinAreaId, roomId: programmeRooms.id, eventId: programmeRooms.eventId, organisationId: programmeRooms.organisationId })
        .from(programmeRooms)
        .where(and(sql`${programmeRooms.checkinAreaId} is not null`, eventId ? eq(programmeRooms.eventId, eventId) : undefined));
      return rows.map((r) => ({ ...r, areaId: r.areaId! }));
    },
    sessionsInRoomDuring,
    async cursor(): Promise<LedgerCursor> {
      const [row] = await db.select().from(programmeAttendanceCursor).where(eq(programmeAttendanceCursor.id, CURSOR_ID));
      return row ? { lowId: row.lowId, pendingId: row.pendingId, pendingSince: row.pendingSince } : { lowId: 0, pendingId: null, pendingSince: null };
    },
    /** Moves the cursor, unless another pass moved it since `was` was read (that pass's move stands). */
    async moveCursor(was: LedgerCursor, to: LedgerCursor, at: Date): Promise<void> {
      await db.execute(sql`
        insert into programme_attendance_cursor (id, low_id, pending_id, pending_since, updated_at)
        values (${CURSOR_ID}, ${to.lowId}::bigint, ${to.pendingId}::bigint, ${to.pendingSince?.toISOString() ?? null}::timestamptz, ${at.toISOString()}::timestamptz)
        on conflict (id) do update set low_id = excluded.low_id, pending_id = excluded.pending_id, pending_since = excluded.pending_since, updated_at = excluded.updated_at
        where programme_attendance_cursor.low_id = ${was.lowId}::bigint and programme_attendance_cursor.pending_id is not distinct from ${was.pendingId}::bigint`);
    },
    /**
     * Every (registration, session) counted in the event, with the session's published track (certificates' sessions
     * rule: a draft track change counts from its publish on; a track deleted since counts as none).
     */
    async attendanceOf(eventId: string, registrationId?: string): Promise<{ registrationId: string; sessionId: string; trackId: string | null }[]> {
      return db
        .select({ registrationId: programmeSessionAttendance.registrationId, sessionId: programmeSessionAttendance.sessionId, trackId: programmeTracks.id })
        .from(programmeSessionAttendance)
        .innerJoin(programmeSessions, eq(programmeSessions.id, programmeSessionAttendance.sessionId))
        .leftJoin(programmeTracks, and(eq(programmeTracks.eventId, programmeSessions.eventId), sql`${programmeTracks.id} = ${pubTrack}`))
        .where(and(eq(programmeSessionAttendance.eventId, eventId), registrationId ? eq(programmeSessionAttendance.registrationId, registrationId) : undefined))
        .orderBy(asc(programmeSessionAttendance.registrationId), asc(programmeSessionAttendance.firstSeenAt));
    },
    /** The distinct people counted at any session of the event starting in [from, to). */
    async attendees(s: Scope, from: Date | null, to: Date): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(distinct ${programmeSessionAttendance.registrationId})::int` })
        .from(programmeSessionAttendance)
        .innerJoin(programmeSessions, eq(programmeSessions.id, programmeSessionAttendance.sessionId))
        .where(and(eq(programmeSessionAttendance.organisationId, s.organisationId), eq(programmeSessionAttendance.eventId, s.eventId), from ? sql`${pubStart} >= ${from.toISOString()}::timestamptz` : undefined, sql`${pubStart} < ${to.toISOString()}::timestamptz`));
      return Number(r?.n ?? 0);
    },
    /** The Schedule Sessions report's rows: sessions (not deleted in the draft) starting in [from, to), in programme order, with their published room and track names. */
    async report(s: Scope, from: Date | null, to: Date): Promise<AttendanceReportRow[]> {
      const attended = db
        .select({ sessionId: programmeSessionAttendance.sessionId, n: sql<number>`count(*)::int`.as('n') })
        .from(programmeSessionAttendance)
        .where(eq(programmeSessionAttendance.eventId, s.eventId))
        .groupBy(programmeSessionAttendance.sessionId)
        .as('attended');
      const rows = await db
        .select({ session: programmeSessions, attended: attended.n, roomName: sql<string | null>`${programmeRooms.published}->>'name'`, roomAreaId: programmeRooms.checkinAreaId, trackName: sql<string | null>`${programmeTracks.published}->>'name'` })
        .from(programmeSessions)
        .leftJoin(attended, eq(attended.sessionId, programmeSessions.id))
        .leftJoin(programmeRooms, sql`${programmeRooms.id} = ${pubRoom}`)
        .leftJoin(programmeTracks, sql`${programmeTracks.id} = ${pubTrack}`)
        .where(
          and(
            eq(programmeSessions.organisationId, s.organisationId),
            eq(programmeSessions.eventId, s.eventId),
            isNull(programmeSessions.cancelledAt),
            eq(programmeSessions.unpublished, false),
            from ? sql`${pubStart} >= ${from.toISOString()}::timestamptz` : undefined,
            sql`${pubStart} < ${to.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(pubStart, asc(programmeSessions.id));
      return rows.map((r) => ({ session: publishedView(r.session), attended: Number(r.attended ?? 0), roomName: r.roomName, roomHasArea: !!r.roomAreaId, trackName: r.trackName }));
    },
  };
}
export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
