import { attributeSessions, endOfZonedDay, ProgrammeErrorKey, reportWindow, SESSION_ATTENDANCE_GRACE_MINUTES, sessionForScan, utcToZonedLocal, type TRoomCheckinArea, type TRoomScan, type TScheduleSessionsReport } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { hasAccess } from '../../platform/auth-guard.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { AttendanceRepository, LedgerCursor } from './programme-attendance.repository.ts';

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

/** What programme reads of check-in's scan ledger (check-in's `port`): door scans after an id, and the newest id. */
export type ScanLedgerPort = {
  doorScansAfter: (afterId: number, areaIds: string[], limit: number) => Promise<{ id: number; eventId: string; areaId: string; registrationId: string; direction: string; scannedAt: Date }[]>;
  ledgerHead: () => Promise<number>;
  /** One registration's scans in an event that found it present, at any area, in ledger order (presence spans). */
  presenceScansOf: (eventId: string, registrationId: string) => Promise<{ id: number; areaId: string; direction: string; scannedAt: Date }[]>;
};

/** The event outbox for `session.attended`: written in the count's transaction, delivered after its commit. */
export type AttendedOutbox<Tx> = {
  write: (tx: Tx, fact: SessionAttended) => Promise<string>;
  deliver: (id: string) => Promise<void>;
};

export type AttendanceDeps = {
  repo: AttendanceRepository;
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<{ timeZone: string } | null>;
  checkinAreas?: CheckinAreasPort;
  /** Check-in's scan ledger; without it there is no catch-up (only the live event counts). */
  ledger?: ScanLedgerPort;
  /** Where a first count's `session.attended` goes (durable: certificates' sessions rule must not miss it). */
  attended?: AttendedOutbox<Parameters<Parameters<AttendanceRepository['transaction']>[0]>[0]>;
  log?: { error(obj: unknown, msg?: string): void };
  now: () => Date;
};

const GRACE_MS = SESSION_ATTENDANCE_GRACE_MINUTES * 60_000;
/**
 * How long after the catch-up saw the ledger's head it treats every id up to it as settled. A ledger row is written
 * by the last statement of its transaction (a batched scan is one statement), so a scan that drew a lower id and was
 * not yet visible commits within milliseconds; five minutes is a wide margin for a stalled one.
 */
export const LEDGER_SETTLE_MS = 5 * 60_000;
/** How often the catch-up runs (pg-boss schedule, or the in-process poll). */
export const CATCH_UP_EVERY_MS = 60_000;
const LEDGER_PAGE = 1000;
/** How long a scan's "which room is this area the door of" answer is kept (roomOfArea in the service), and how many. */
const DOOR_CACHE_MS = 5_000;
const DOOR_CACHE_MAX = 10_000;
/** Check-in's codes the room form's area choice needs beside the room's own: view areas (link one), create areas. */
const AREA_VIEW = 'AP-261';
const AREA_CREATE = 'AP-262';

/** Which session a door scan belongs to (the rule lives in packages/domain beside the span rule). */
export { sessionForScan };

/** Session attendance (issue 16): rooms' doors as check-in areas, scans → sessions, the Schedule Sessions report. */
export function createAttendanceService(deps: AttendanceDeps) {
  const { repo } = deps;

  /**
   * Which room an area is the door of, per event and area, kept DOOR_CACHE_MS: every admitting scan asks, most areas
   * are the door of no room, and a database read at each scan doubled check-in's CPU per scan (issue 20: 180–210 →
   * 390–440 µs, found by bisecting bench:checkin). A link set here clears it at once; one set on another instance is
   * seen within DOOR_CACHE_MS, and a scan that instance's change missed meanwhile is counted by the catch-up from the
   * ledger, as a lost fact is.
   */
  const doorOf = new Map<string, { room: Awaited<ReturnType<AttendanceRepository['roomOfArea']>>; until: number }>();
  async function roomOfArea(eventId: string, areaId: string) {
    const key = `${eventId} ${areaId}`;
    const now = performance.now();
    const hit = doorOf.get(key);
    if (hit && hit.until > now) return hit.room;
    const room = await repo.roomOfArea(eventId, areaId);
    if (doorOf.size >= DOOR_CACHE_MAX) doorOf.clear();
    doorOf.set(key, { room, until: now + DOOR_CACHE_MS });
    return room;
  }

  /**
   * Reckons one registration's sessions in an event afresh from all its door scans in check-in's ledger (span
   * attribution, packages/domain `attributeSessions`) and replaces its counts, unless a fuller reckoning already stands.
   * Each session newly counted writes `session.attended` to the event outbox in the same transaction, delivered after
   * the commit (certificates' rules); a crash in between leaves the fact owed: the outbox job delivers it. Whatever
   * order scans arrive in (live, offline syncs, the catch-up) the result is the same for the same scans and time.
   * `extra`: a scan to reckon with when there is no ledger (a service built without check-in).
   */
  async function recount(eventId: string, registrationId: string, extra?: DoorScan): Promise<{ added: string[]; counts: string[] } | null> {
    const doors = await repo.doors(eventId);
    const roomOf = new Map(doors.map((d) => [d.areaId, d.roomId]));
    const organisationId = doors[0]?.organisationId;
    const event = await deps.findEvent(eventId);
    if (!organisationId || !event) return null;
    const ledgerScans = deps.ledger
      ? await deps.ledger.presenceScansOf(eventId, registrationId)
      : extra
        ? [{ id: 0, areaId: extra.areaId, direction: extra.direction, scannedAt: new Date(extra.at) }]
        : [];
    const scans: TRoomScan[] = ledgerScans.flatMap((sc) => {
      const roomId = roomOf.get(sc.areaId);
      return roomId ? [{ roomId, at: sc.scannedAt, direction: sc.direction === 'out' ? ('out' as const) : ('in' as const), id: sc.id }] : [];
    });
    const now = deps.now();
    const dayEnd = (at: Date) => endOfZonedDay(at, event.timeZone);
    let sessions: Awaited<ReturnType<AttendanceRepository['sessionsOfRoomsDuring']>> = [];
    if (scans.length > 0) {
      const first = Math.min(...scans.map((x) => x.at.getTime()));
      const last = Math.max(...scans.map((x) => dayEnd(x.at).getTime()));
      sessions = await repo.sessionsOfRoomsDuring(eventId, [...new Set(scans.map((x) => x.roomId))], new Date(first - GRACE_MS), new Date(last + GRACE_MS));
    }
    const { counts, recountAt } = attributeSessions(scans, sessions, now, dayEnd);
    const out = deps.attended;
    const { added, factIds } = await repo.transaction(async (tx) => {
      const made = await repo.replaceCounts(tx, { organisationId, eventId, registrationId }, { scans: ledgerScans.length, computedAt: now, recountAt }, counts);
      const ids: string[] = [];
      if (made && out) for (const sessionId of made) ids.push(await out.write(tx, { eventId, sessionId, registrationId }));
      return { added: made ?? [], factIds: ids };
    });
    if (out) for (const id of factIds) await out.deliver(id);
    return { added, counts: counts.map((c) => c.sessionId) };
  }

  /** Reckons each (event, registration) once, in order; answers how many sessions were newly counted. */
  async function recountAll(people: { eventId: string; registrationId: string }[]): Promise<number> {
    const seen = new Set<string>();
    let made = 0;
    for (const p of people) {
      const key = `${p.eventId} ${p.registrationId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      try {
        made += (await recount(p.eventId, p.registrationId))?.added.length ?? 0;
      } catch (err) {
        // A registration or session deleted since the scan: nothing to count; the others still are.
        deps.log?.error({ err, eventId: p.eventId, registrationId: p.registrationId }, 'session attendance recount skipped a person');
      }
    }
    return made;
  }

  const service = {
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
      // The room's door changes: the scans' cached answers go (they are read again at the next scan).
      doorOf.clear();
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

    /**
     * A scan at a door (check-in's `checkin.admitted`, the fast path): the person's sessions are reckoned afresh from
     * their door scans. Answers the scan's own session (null when none) and whether this call counted it first.
     */
    async recordScan(scan: DoorScan): Promise<{ sessionId: string; isNew: boolean } | null> {
      const room = await roomOfArea(scan.eventId, scan.areaId);
      if (!room) return null;
      const r = await recount(scan.eventId, scan.registrationId, scan);
      const at = new Date(scan.at);
      const own = sessionForScan(await repo.sessionsInRoomAt(scan.eventId, room.id, at, { beforeMs: GRACE_MS, afterMs: GRACE_MS }), at, scan.direction);
      return own && r ? { sessionId: own.id, isNew: r.added.includes(own.id) } : null;
    },

    /**
     * The catch-up: applies check-in's ledger scans at rooms' doors that the live event may have lost (a crash after
     * the scan's commit, a failed subscriber), idempotently (a scan already applied changes nothing). Without an event
     * id it reads every door from the cursor and moves it (the periodic job); with one it reads that event's doors and
     * leaves the cursor (the report's read). Answers how many (session, registration) counts it made.
     */
    async catchUp(opts: { eventId?: string } = {}): Promise<number> {
      const ledger = deps.ledger;
      if (!ledger) return 0;
      const was = await repo.cursor();
      // The head before the read: every id up to it was drawn by now (see LEDGER_SETTLE_MS).
      const head = opts.eventId ? 0 : await ledger.ledgerHead();
      // After the head's read and before the scans' read: the time this pass saw the ledger.
      const seenAt = deps.now();
      const doors = await repo.doors(opts.eventId);
      const byArea = new Map(doors.map((d) => [d.areaId, d]));
      let made = 0;
      let after = was.lowId;
      for (;;) {
        const scans = byArea.size ? await ledger.doorScansAfter(after, [...byArea.keys()], LEDGER_PAGE) : [];
        // A scan naming another event than the room's is not that room's door (as the live path).
        made += await recountAll(scans.filter((sc) => byArea.get(sc.areaId)?.eventId === sc.eventId));
        if (scans.length < LEDGER_PAGE) break;
        after = scans[scans.length - 1]!.id;
      }
      // People still in a room whose presence has since reached a session's bar (nobody scanned: time passed).
      made += await recountAll(await repo.dueRecounts(seenAt, opts.eventId));
      if (!opts.eventId) await repo.moveCursor(was, nextCursor(was, head, seenAt), seenAt);
      return made;
    },

    /** The host report tab "Schedule Sessions" (AP-730) for a SPEC §9 range, in the event's time zone. */
    async report(caller: AuthUser, organisationId: string, eventId: string, range: number): Promise<TScheduleSessionsReport> {
      await deps.assertEvent(caller, organisationId, eventId);
      const event = await deps.findEvent(eventId);
      if (!event) throw errors.notFound('Event');
      // What the live event lost is counted before the figures are read (the job would, within a minute or so).
      await service.catchUp({ eventId }).catch((err: unknown) => deps.log?.error({ err, eventId }, 'session attendance catch-up failed'));
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
  return service;
}

/**
 * The cursor after a pass that saw the ledger's head `head` at `at` (and read the scans after that): the previous
 * head becomes the settled low mark once LEDGER_SETTLE_MS has passed since it was seen, since any scan below it had
 * committed before this pass read the ledger, so this pass applied it.
 */
export function nextCursor(was: LedgerCursor, head: number, at: Date): LedgerCursor {
  if (was.pendingId === null || !was.pendingSince) return { lowId: was.lowId, pendingId: head, pendingSince: at };
  if (at.getTime() - was.pendingSince.getTime() < LEDGER_SETTLE_MS) return was;
  return { lowId: Math.max(was.lowId, was.pendingId), pendingId: head, pendingSince: at };
}
export type AttendanceService = ReturnType<typeof createAttendanceService>;
