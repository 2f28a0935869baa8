import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { publishedView, type RoomRow, type Scope, type SessionRow } from './programme.repository.ts';
import { programmeRooms, programmeSessionAttendance, programmeSessions, programmeTracks } from './programme.tables.ts';

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
    async sessionsInRoomAt(eventId: string, roomId: string, at: Date, widen: { beforeMs: number; afterMs: number }): Promise<SessionRow[]> {
      const rows = await db
        .select()
        .from(programmeSessions)
        .where(
          and(
            eq(programmeSessions.eventId, eventId),
            sql`${pubRoom} = ${roomId}`,
            sql`${pubStart} - make_interval(secs => ${widen.beforeMs / 1000}) <= ${at.toISOString()}::timestamptz`,
            sql`${pubEnd} + make_interval(secs => ${widen.afterMs / 1000}) > ${at.toISOString()}::timestamptz`,
          ),
        );
      return rows.map(publishedView);
    },
    /**
     * Counts the registration at the session: the first scan makes the row, later ones (repeats, an offline replay of
     * an earlier scan) widen first/last seen. `isNew` says whether this call made it.
     */
    async record(row: { sessionId: string; registrationId: string; organisationId: string; eventId: string; at: Date }): Promise<{ isNew: boolean }> {
      const at = row.at.toISOString();
      const r = await db.execute<{ inserted: boolean }>(sql`
        insert into programme_session_attendance (session_id, registration_id, organisation_id, event_id, first_seen_at, last_seen_at, scans)
        values (${row.sessionId}, ${row.registrationId}, ${row.organisationId}, ${row.eventId}, ${at}::timestamptz, ${at}::timestamptz, 1)
        on conflict (session_id, registration_id) do update set
          first_seen_at = least(programme_session_attendance.first_seen_at, excluded.first_seen_at),
          last_seen_at = greatest(programme_session_attendance.last_seen_at, excluded.last_seen_at),
          scans = programme_session_attendance.scans + 1
        returning (xmax = 0) as inserted`);
      return { isNew: !!r.rows[0]?.inserted };
    },
    /** Every (registration, session) counted in the event, with the session's track (certificates' sessions rule). */
    async attendanceOf(eventId: string, registrationId?: string): Promise<{ registrationId: string; sessionId: string; trackId: string | null }[]> {
      return db
        .select({ registrationId: programmeSessionAttendance.registrationId, sessionId: programmeSessionAttendance.sessionId, trackId: programmeSessions.trackId })
        .from(programmeSessionAttendance)
        .innerJoin(programmeSessions, eq(programmeSessions.id, programmeSessionAttendance.sessionId))
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
    /** The Schedule Sessions report's rows: sessions (not deleted in the draft) starting in [from, to), in programme order. */
    async report(s: Scope, from: Date | null, to: Date): Promise<AttendanceReportRow[]> {
      const attended = db
        .select({ sessionId: programmeSessionAttendance.sessionId, n: sql<number>`count(*)::int`.as('n') })
        .from(programmeSessionAttendance)
        .where(eq(programmeSessionAttendance.eventId, s.eventId))
        .groupBy(programmeSessionAttendance.sessionId)
        .as('attended');
      const rows = await db
        .select({ session: programmeSessions, attended: attended.n, roomName: programmeRooms.name, roomAreaId: programmeRooms.checkinAreaId, trackName: programmeTracks.name })
        .from(programmeSessions)
        .leftJoin(attended, eq(attended.sessionId, programmeSessions.id))
        .leftJoin(programmeRooms, sql`${programmeRooms.id} = ${pubRoom}`)
        .leftJoin(programmeTracks, eq(programmeTracks.id, programmeSessions.trackId))
        .where(
          and(
            eq(programmeSessions.organisationId, s.organisationId),
            eq(programmeSessions.eventId, s.eventId),
            isNull(programmeSessions.cancelledAt),
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
