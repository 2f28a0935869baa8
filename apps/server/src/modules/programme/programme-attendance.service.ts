import { ProgrammeErrorKey, reportWindow, SESSION_ATTENDANCE_GRACE_MINUTES, utcToZonedLocal, type TRoomCheckinArea, type TScheduleSessionsReport } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { hasAccess } from '../../platform/auth-guard.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { AttendanceRepository } from './programme-attendance.repository.ts';
import type { SessionRow } from './programme.repository.ts';

/** A person seen at a check-in area's door (check-in's `checkin.admitted`). */
export type DoorScan = { eventId: string; areaId: string; registrationId: string; at: string; direction: 'in' | 'out' };
/** A registration counted at a session for the first time (`session.attended`: certificates' sessions rule may now be met). */
export type SessionAttended = { eventId: string; sessionId: string; registrationId: string };

/** What programme needs of check-in's areas (check-in's service, through its index.ts). */
export type CheckinAreasPort = {
  /** The area when it is this event's (404 AppError otherwise). */
  find: (caller: AuthUser, organisationId: string, eventId: string, areaId: string) => Promise<{ id: string }>;
  /** A new session area for a room (check-in's own create, with its audit). */
  create: (caller: AuthUser, organisationId: string, eventId: string, input: { name: string; capacity: number | null }) => Promise<{ id: string }>;
};

export type AttendanceDeps = {
  repo: AttendanceRepository;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<{ timeZone: string } | null>;
  checkinAreas?: CheckinAreasPort;
  /** Tells the bus a registration was first counted at a session (after the write). */
  attended?: (fact: SessionAttended) => Promise<void>;
  now: () => Date;
};

const GRACE_MS = SESSION_ATTENDANCE_GRACE_MINUTES * 60_000;
/** Check-in's codes the room form's area choice needs beside the room's own: view areas (link one), create areas. */
const AREA_VIEW = 'AP-261';
const AREA_CREATE = 'AP-262';

/**
 * Which session a door scan belongs to. Going in: a session running then, or starting within the grace window (a
 * person arriving early); when two qualify (the end of one, the start of the next), the later one, since people come
 * in for what is about to start. Going out: a session running then or ended within the grace window, the earlier one.
 */
export function sessionForScan(candidates: SessionRow[], at: Date, direction: 'in' | 'out'): SessionRow | null {
  const t = at.getTime();
  const fits = candidates.filter((s) =>
    direction === 'in' ? s.startsAt.getTime() - GRACE_MS <= t && t < s.endsAt.getTime() : s.startsAt.getTime() <= t && t < s.endsAt.getTime() + GRACE_MS,
  );
  if (fits.length === 0) return null;
  fits.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : 1));
  return direction === 'in' ? fits[fits.length - 1]! : fits[0]!;
}

/** Session attendance (issue 16): rooms' doors as check-in areas, scans → sessions, the Schedule Sessions report. */
export function createAttendanceService(deps: AttendanceDeps) {
  const { repo } = deps;

  return {
    /**
     * The room form's area choice → the area id to store: undefined leaves the link as it is, null unlinks. Linking an
     * existing area needs check-in's area view code, making one its create code (403 otherwise); the area must be this
     * event's (400 unknownCheckinArea) and not another room's door (409 PROGRAMME_AREA_IN_USE).
     */
    async areaForRoom(
      caller: AuthUser,
      organisationId: string,
      eventId: string,
      roomId: string | null,
      choice: TRoomCheckinArea | undefined,
      room: { name: string; capacity: number | null },
    ): Promise<string | null | undefined> {
      if (!choice) return undefined;
      if (choice.mode === 'none') return null;
      const ports = deps.checkinAreas;
      if (!ports) throw errors.validation([{ field: 'checkinArea', key: ProgrammeErrorKey.UnknownCheckinArea }], 'Check-in is not available');
      if (choice.mode === 'create') {
        if (!hasAccess(caller, AREA_CREATE)) throw new AppError(403, 'ACCESS_DENIED', `Your role does not include ${AREA_CREATE}`);
        return (await ports.create(caller, organisationId, eventId, { name: room.name.slice(0, 120), capacity: room.capacity })).id;
      }
      if (!hasAccess(caller, AREA_VIEW)) throw new AppError(403, 'ACCESS_DENIED', `Your role does not include ${AREA_VIEW}`);
      try {
        await ports.find(caller, organisationId, eventId, choice.areaId);
      } catch (err) {
        if (err instanceof AppError && err.status === 404) throw errors.validation([{ field: 'checkinArea.areaId', key: ProgrammeErrorKey.UnknownCheckinArea }], 'No such check-in area in this event');
        throw err;
      }
      const other = await repo.roomUsingArea({ organisationId, eventId }, choice.areaId, roomId);
      if (other) throw errors.conflict('PROGRAMME_AREA_IN_USE', `That check-in area is already the door of the room "${other.name}"`);
      return choice.areaId;
    },

    /** A scan at a door: counted at the room's session then, once per session and registration. Idempotent. */
    async recordScan(scan: DoorScan): Promise<{ sessionId: string; isNew: boolean } | null> {
      const room = await repo.roomOfArea(scan.eventId, scan.areaId);
      if (!room) return null;
      const at = new Date(scan.at);
      const candidates = await repo.sessionsInRoomAt(scan.eventId, room.id, at, { beforeMs: GRACE_MS, afterMs: GRACE_MS });
      // A session deleted in the draft but not yet published still runs for attendees: it counts.
      const session = sessionForScan(candidates, at, scan.direction);
      if (!session) return null;
      const { isNew } = await repo.record({ sessionId: session.id, registrationId: scan.registrationId, organisationId: room.organisationId, eventId: scan.eventId, at });
      if (isNew) await deps.attended?.({ eventId: scan.eventId, sessionId: session.id, registrationId: scan.registrationId });
      return { sessionId: session.id, isNew };
    },

    /** The host report tab "Schedule Sessions" (AP-730) for a SPEC §9 range, in the event's time zone. */
    async report(caller: AuthUser, organisationId: string, eventId: string, range: number): Promise<TScheduleSessionsReport> {
      await deps.assertEvent(caller, organisationId, eventId);
      const event = await deps.findEvent(eventId);
      if (!event) throw errors.notFound('Event');
      const { bounds, window } = reportWindow(range, deps.now(), event.timeZone);
      const scope = { organisationId, eventId };
      const [rows, attendees] = await Promise.all([repo.report(scope, bounds.from ?? null, bounds.to), repo.attendees(scope, bounds.from ?? null, bounds.to)]);
      const sessions = rows.map((r) => ({
        sessionId: r.session.id,
        title: r.session.title,
        roomName: r.roomName,
        trackName: r.trackName,
        start: utcToZonedLocal(r.session.startsAt, event.timeZone),
        startsAt: r.session.startsAt.toISOString(),
        attended: r.attended,
        booked: r.session.bookedCount,
        capacity: r.session.capacity,
        isTracked: r.roomHasArea,
      }));
      return {
        ...window,
        totals: { sessions: sessions.length, attended: sessions.reduce((n, s) => n + s.attended, 0), attendees, booked: sessions.reduce((n, s) => n + s.booked, 0) },
        sessions,
      };
    },

    /** Per registration, the sessions it was counted at with their tracks (certificates' sessions rule). */
    async attendanceOf(eventId: string, registrationId?: string): Promise<{ registrationId: string; sessions: { sessionId: string; trackId: string | null }[] }[]> {
      const byReg = new Map<string, { sessionId: string; trackId: string | null }[]>();
      for (const r of await repo.attendanceOf(eventId, registrationId)) (byReg.get(r.registrationId) ?? byReg.set(r.registrationId, []).get(r.registrationId)!).push({ sessionId: r.sessionId, trackId: r.trackId });
      return [...byReg].map(([id, sessions]) => ({ registrationId: id, sessions }));
    },
  };
}
export type AttendanceService = ReturnType<typeof createAttendanceService>;
