import { utcToZonedLocal, zonedLocalToUtc } from './programme-time.ts';
import { SESSION_ATTENDANCE_GRACE_MINUTES } from './session-attendance.schemas.ts';

/**
 * Session attendance by presence span (issue 16). A scan at a room's door starts a presence in that room; it ends at
 * the next exit scan at that door, the next scan at another room's door (the person went elsewhere), or the end of the
 * event's calendar day in its time zone, whichever comes first, and never later than "now" (a presence is only what
 * has happened: a session that has not yet run long enough in front of someone is not attended yet).
 *
 * A session of that room counts as attended when its overlap with the person's presences there (summed) is at least
 * `minOverlapMs(session)`: half the session or SPAN_MIN_OVERLAP_MINUTES, whichever is less. Half, so that a short
 * talk needs most of someone's attention span; 15 minutes, so that a long workshop that someone sat through for a
 * quarter of an hour still counts (the organiser sets stricter bars with "minutes in an area" rules).
 *
 * The door scan itself also counts at its own session (`sessionForScan`: running then, or starting within
 * SESSION_ATTENDANCE_GRACE_MINUTES; going out, ended within them), as before span attribution: a scan in the last
 * minutes of a session still counts there.
 *
 * Pure and order-free: the same scans (whatever order they arrived in, offline syncs included) and the same "now" give
 * the same sessions; more time never takes a session away, a later-arriving exit may.
 */
export const SPAN_MIN_OVERLAP_MINUTES = 15;

const MIN = 60_000;
const GRACE_MS = SESSION_ATTENDANCE_GRACE_MINUTES * MIN;

/** A scan at a room's door: which room, when, which way; `id` (the ledger's) only orders scans at the same instant. */
export type TRoomScan = { roomId: string; at: Date; direction: 'in' | 'out'; id?: number };
/** A session as attendees see it (published room and time). */
export type TRoomSession = { id: string; roomId: string | null; startsAt: Date; endsAt: Date };
/** Someone in a room from `from` to `to` (`isOpen`: nothing had ended it by `now`; it would end by `until`, the day's end). */
export type TRoomPresence = { roomId: string; from: Date; to: Date; isOpen: boolean; until: Date };
/** Why and when a registration counts at a session: first/last seen, and the door scans that matched it directly. */
export type TSessionCount = { sessionId: string; firstAt: Date; lastAt: Date; scans: number };

/** The overlap a session needs with someone's presence: half its length or 15 minutes, the lesser. */
export function minOverlapMs(session: { startsAt: Date; endsAt: Date }): number {
  const length = Math.max(0, session.endsAt.getTime() - session.startsAt.getTime());
  return Math.min(length / 2, SPAN_MIN_OVERLAP_MINUTES * MIN);
}

/** The end of the calendar day of `at` in `timeZone` (the next local midnight). */
export function endOfZonedDay(at: Date, timeZone: string): Date {
  const day = utcToZonedLocal(at, timeZone).slice(0, 10);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return zonedLocalToUtc(`${next}T00:00`, timeZone);
}

/**
 * Which session a door scan belongs to. Going in: a session running then, or starting within the grace window (a
 * person arriving early); when two qualify (the end of one, the start of the next), the later one, since people come
 * in for what is about to start. Going out: a session running then or ended within the grace window, the earlier one.
 */
export function sessionForScan<S extends { id: string; startsAt: Date; endsAt: Date }>(candidates: S[], at: Date, direction: 'in' | 'out'): S | null {
  const t = at.getTime();
  const fits = candidates.filter((s) =>
    direction === 'in' ? s.startsAt.getTime() - GRACE_MS <= t && t < s.endsAt.getTime() : s.startsAt.getTime() <= t && t < s.endsAt.getTime() + GRACE_MS,
  );
  if (fits.length === 0) return null;
  fits.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : 1));
  return direction === 'in' ? fits[fits.length - 1]! : fits[0]!;
}

/** Scans in a fixed order whatever order they arrived in: time, then ledger id, then in before out, then room. */
function ordered(scans: readonly TRoomScan[]): TRoomScan[] {
  return [...scans].sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      (a.id ?? 0) - (b.id ?? 0) ||
      (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1) ||
      (a.roomId < b.roomId ? -1 : a.roomId > b.roomId ? 1 : 0),
  );
}

/** One person's presences in rooms from their door scans (see the rule above). `dayEnd` gives the end of a scan's event day. */
export function presencesOf(scans: readonly TRoomScan[], now: Date, dayEnd: (at: Date) => Date): TRoomPresence[] {
  const out: TRoomPresence[] = [];
  let open: { roomId: string; from: Date; until: Date } | null = null;
  const close = (at: Date) => {
    if (!open) return;
    const end = Math.min(at.getTime(), open.until.getTime(), now.getTime());
    if (end > open.from.getTime()) out.push({ roomId: open.roomId, from: open.from, to: new Date(end), isOpen: false, until: open.until });
    open = null;
  };
  for (const sc of ordered(scans)) {
    if (sc.at.getTime() > now.getTime()) continue;
    // The day ran out before this scan: that presence ended at midnight.
    if (open && sc.at.getTime() >= open.until.getTime()) close(open.until);
    if (open && open.roomId === sc.roomId) {
      if (sc.direction === 'out') close(sc.at);
      // Another scan going in while inside: the same presence goes on.
      continue;
    }
    close(sc.at);
    if (sc.direction === 'in') open = { roomId: sc.roomId, from: sc.at, until: dayEnd(sc.at) };
  }
  if (open) {
    const o: { roomId: string; from: Date; until: Date } = open;
    const isOpen = o.until.getTime() > now.getTime();
    const end = Math.min(o.until.getTime(), now.getTime());
    if (end > o.from.getTime() || isOpen) out.push({ roomId: o.roomId, from: o.from, to: new Date(Math.max(end, o.from.getTime())), isOpen, until: o.until });
  }
  return out;
}

/**
 * The sessions one person attended, from their door scans and the sessions of those rooms: the scan's own session,
 * and every session whose overlap with their presences in its room reaches `minOverlapMs` (in session id order). And
 * `recountAt`: when, with no further scan, an open presence would next reach a session's bar (the catch-up counts the
 * person again then); null when nothing more can come of these scans.
 */
export function attributeSessions(
  scans: readonly TRoomScan[],
  sessions: readonly TRoomSession[],
  now: Date,
  dayEnd: (at: Date) => Date,
): { counts: TSessionCount[]; recountAt: Date | null } {
  const counts = new Map<string, TSessionCount>();
  const seen = (id: string, from: Date, to: Date, scans: number) => {
    const c = counts.get(id);
    if (!c) counts.set(id, { sessionId: id, firstAt: from, lastAt: to, scans });
    else {
      if (from < c.firstAt) c.firstAt = from;
      if (to > c.lastAt) c.lastAt = to;
      c.scans += scans;
    }
  };
  const byRoom = new Map<string, TRoomSession[]>();
  for (const s of sessions) if (s.roomId) (byRoom.get(s.roomId) ?? byRoom.set(s.roomId, []).get(s.roomId)!).push(s);

  for (const sc of scans) {
    if (sc.at.getTime() > now.getTime()) continue;
    const s = sessionForScan(byRoom.get(sc.roomId) ?? [], sc.at, sc.direction);
    if (s) seen(s.id, sc.at, sc.at, 1);
  }
  const presences = presencesOf(scans, now, dayEnd);
  let recountAt: number | null = null;
  for (const [roomId, list] of byRoom) {
    const here = presences.filter((p) => p.roomId === roomId);
    if (here.length === 0) continue;
    const open = here.find((p) => p.isOpen);
    for (const s of list) {
      const start = s.startsAt.getTime();
      const end = s.endsAt.getTime();
      const bar = minOverlapMs(s);
      let overlap = 0;
      let first = Infinity;
      let last = -Infinity;
      for (const p of here) {
        const from = Math.max(start, p.from.getTime());
        const to = Math.min(end, p.to.getTime());
        if (to <= from) continue;
        overlap += to - from;
        first = Math.min(first, from);
        last = Math.max(last, to);
      }
      if (overlap > 0 && overlap >= bar) seen(s.id, new Date(first), new Date(last), 0);
      else if (open && !counts.has(s.id)) {
        // Staying on in the room from now, the session reaches its bar at `at` (if before it, or the day, ends).
        const at = Math.max(start, open.to.getTime()) + Math.max(bar - overlap, 1);
        if (at <= Math.min(end, open.until.getTime()) && (recountAt === null || at < recountAt)) recountAt = at;
      }
    }
  }
  // A scan stamped later than now (a device clock ahead) is reckoned with from its time on.
  for (const sc of scans) if (sc.at.getTime() > now.getTime() && (recountAt === null || sc.at.getTime() < recountAt)) recountAt = sc.at.getTime();
  return {
    counts: [...counts.values()].sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0)),
    recountAt: recountAt === null ? null : new Date(recountAt),
  };
}
