import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import {
  programmeBookings,
  programmeBookmarks,
  programmeRooms,
  programmeSessionRequests,
  programmeSessionSpeakers,
  programmeSessionSponsors,
  programmeSessionTickets,
  programmeSessions,
  programmeSpeakerPhotos,
  programmeSpeakers,
  programmeTracks,
  programmePublishMails,
  programmeVersions,
  type RoomTrackChange,
  type VersionChange,
} from './programme.tables.ts';
import { draftCopy, isNotified, type DraftLinks } from './programme-publish.ts';

export type RoomRow = typeof programmeRooms.$inferSelect;
export type TrackRow = typeof programmeTracks.$inferSelect;
export type SpeakerRow = typeof programmeSpeakers.$inferSelect;
export type SessionRow = typeof programmeSessions.$inferSelect;
export type BookingRow = typeof programmeBookings.$inferSelect;
export type SessionRequestRow = typeof programmeSessionRequests.$inferSelect;
export type NewSessionRequest = Omit<typeof programmeSessionRequests.$inferInsert, 'id' | 'organisationId' | 'eventId' | 'status' | 'note' | 'decidedByUserId' | 'decidedAt' | 'createdAt'>;
/** What approving does besides marking the request: a new session (a proposal) or a speaker added to one ("speak"). */
export type Approval =
  | { kind: 'proposal'; session: SessionWrite }
  | { kind: 'speak'; sessionId: string };
export type ApprovalResult = { request: SessionRequestRow } | { decided: SessionRequestRow } | { roomClash: Clash } | { speakerClash: Clash } | { sessionGone: true } | null;
export type SessionWrite = Omit<
  typeof programmeSessions.$inferInsert,
  'id' | 'organisationId' | 'eventId' | 'bookedCount' | 'waitlistSeq' | 'createdAt' | 'updatedAt' | 'publishedStartsAt' | 'publishedEndsAt' | 'publishedRoomId' | 'published' | 'cancelledAt' | 'unpublished'
>;
/** One session's change in a publish: its wording is the service's (programme-publish.ts: times in the event's zone, names). */
export type ProgrammeChange = { sessionId: string; title: string; kind: 'moved' | 'renamed' | 'edited' | 'cancelled' | 'added'; text: string; details: string[] };
/** A session of the event with its draft copy (its row and link tables), as publishing compares it with the published one. */
export type PublishCandidate = { row: SessionRow; draft: ReturnType<typeof draftCopy> };
/** Everything a publish compares: the sessions, and the rooms and tracks (their rows: draft columns beside `published`). */
export type PublishCandidates = { sessions: PublishCandidate[]; rooms: RoomRow[]; tracks: TrackRow[] };
/** What a publish changes: the sessions (worded per field) and the rooms and tracks renamed or recoloured. */
export type PublishChanges = { sessions: ProgrammeChange[]; roomTracks: RoomTrackChange[] };
/** Who is told about a changed session: everyone who booked (seat or waitlist) or starred it, each once. */
export type Recipient = { sessionId: string; eventUserId: string; userId: string };
/** A claimed "session updated" mail: whom to tell (their account) and what changed (the version's wording). */
export type ClaimedPublishMail = { id: string; organisationId: string; eventId: string; version: number; sessionId: string; eventUserId: string; userId: string; attempts: number; change: VersionChange | null };
/** The "session updated" mails of one version: how many are owed in all, sent, and given up on. */
export type PublishMailProgress = { total: number; sent: number; failed: number };

/**
 * What attendees see of a session: its last published copy, the fields of `published` and its published time and room
 * (rows from before publishing have no time and room of their own and read as their draft's). Its people, sponsors and
 * tickets are `published`'s ids. The organiser's reads use the row itself and the link tables (the draft).
 */
export function publishedView(s: SessionRow): SessionRow {
  const p = s.published;
  const copy = { ...s, title: p.title, descriptionHtml: p.descriptionHtml, sessionType: p.sessionType, trackId: p.trackId, capacity: p.capacity, bookingRequired: p.bookingRequired, tags: p.tags, streamUrl: p.streamUrl };
  if (!s.publishedStartsAt || !s.publishedEndsAt) return copy;
  return { ...copy, startsAt: s.publishedStartsAt, endsAt: s.publishedEndsAt, roomId: s.publishedRoomId };
}
/** A room as attendees see it: its published name and capacity (the row's `name` and `capacity` are the organiser's draft). */
export const publishedRoom = (r: RoomRow): RoomRow => ({ ...r, name: r.published.name, capacity: r.published.capacity ?? null });
/** A track as attendees see it: its published name and colour. */
export const publishedTrack = (r: TrackRow): TrackRow => ({ ...r, name: r.published.name, colour: r.published.colour });
const byStart = (a: SessionRow, b: SessionRow) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export type Scope = { organisationId: string; eventId: string };
/** A session's people and links besides its speakers: moderators (speakers of the event in that role), sponsors, tickets. */
export type SessionLinks = { moderatorIds: string[]; sponsorIds: string[]; ticketIds: string[] };
const NO_LINKS: SessionLinks = { moderatorIds: [], sponsorIds: [], ticketIds: [] };
/** A person on a session: a speaker or a moderator. */
export type SessionPerson = { sessionId: string; speakerId: string; role: string };
export type Clash = { sessionId: string; title: string; speakerName?: string };
/** A speaker as the organiser names it (their scope and id) or as the speaker does (their account in the event). */
export type SpeakerMatch = { scope: Scope; id: string } | { eventId: string; userId: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A programme transaction (the publish's): the event outbox writes its facts in it. */
export type ProgrammeTx = Tx;
/** What a session restore answers: the row, a clash, the room or track it had deleted in the draft, or nothing. */
export type RestoreResult = { row: SessionRow } | { roomClash: Clash } | { speakerClash: Clash } | { roomDeleted: string } | { trackDeleted: string } | null;

/** The only file that queries the programme's tables; every organiser query names the organisation and the event. */
/** Switches for the booking race test only (programme.race.test.ts); both off in the product. */
export type BookingTesting = {
  /** Read the session without FOR UPDATE: the race-test control that must overbook. */
  unsafeDisableLocking: boolean;
  /** Pause between reading the seats left and writing the booking, widening the race window. */
  raceWindowMs: number;
};

/** Thrown inside a transaction to undo it and answer `result` (a clash found after the speaker was written). */
class Rollback extends Error {
  constructor(readonly result: Exclude<ApprovalResult, { request: SessionRequestRow } | null>) {
    super('rollback');
  }
}

export function createProgrammeRepository(db: Db, testing: BookingTesting = { unsafeDisableLocking: false, raceWindowMs: 0 }) {
  const inScope = <T extends { organisationId: unknown; eventId: unknown }>(t: T, s: Scope) =>
    and(eq(t.organisationId as never, s.organisationId), eq(t.eventId as never, s.eventId));
  const speakerMatch = (m: SpeakerMatch) =>
    'scope' in m ? and(inScope(programmeSpeakers, m.scope), eq(programmeSpeakers.id, m.id)) : and(eq(programmeSpeakers.eventId, m.eventId), eq(programmeSpeakers.userId, m.userId));

  /** Another session of the event in `roomId` overlapping [startsAt, endsAt). */
  async function roomClash(tx: Tx | Db, s: Scope, roomId: string, startsAt: Date, endsAt: Date, exceptId: string | null): Promise<Clash | null> {
    const [row] = await tx
      .select({ sessionId: programmeSessions.id, title: programmeSessions.title })
      .from(programmeSessions)
      .where(
        and(
          inScope(programmeSessions, s),
          eq(programmeSessions.roomId, roomId),
          isNull(programmeSessions.cancelledAt),
          lt(programmeSessions.startsAt, endsAt),
          gt(programmeSessions.endsAt, startsAt),
          exceptId ? ne(programmeSessions.id, exceptId) : undefined,
        ),
      )
      .orderBy(asc(programmeSessions.startsAt))
      .limit(1);
    return row ?? null;
  }

  /** Another session of the event with one of these speakers overlapping [startsAt, endsAt). */
  async function speakerClash(tx: Tx | Db, s: Scope, speakerIds: string[], startsAt: Date, endsAt: Date, exceptId: string | null): Promise<Clash | null> {
    if (speakerIds.length === 0) return null;
    const [row] = await tx
      .select({ sessionId: programmeSessions.id, title: programmeSessions.title, speakerName: programmeSpeakers.name })
      .from(programmeSessionSpeakers)
      .innerJoin(programmeSessions, eq(programmeSessions.id, programmeSessionSpeakers.sessionId))
      .innerJoin(programmeSpeakers, eq(programmeSpeakers.id, programmeSessionSpeakers.speakerId))
      .where(
        and(
          inScope(programmeSessions, s),
          inArray(programmeSessionSpeakers.speakerId, speakerIds),
          isNull(programmeSessions.cancelledAt),
          lt(programmeSessions.startsAt, endsAt),
          gt(programmeSessions.endsAt, startsAt),
          exceptId ? ne(programmeSessions.id, exceptId) : undefined,
        ),
      )
      .orderBy(asc(programmeSessions.startsAt))
      .limit(1);
    return row ?? null;
  }

  /**
   * Writes a session and its speakers inside `tx`, after checking (inside it) that no other session holds its room or
   * one of its speakers at an overlapping time. An event-level advisory lock serialises programme writes of one event,
   * so two concurrent saves cannot both pass the check.
   */
  async function writeSession(tx: Tx, s: Scope, id: string | null, v: SessionWrite, speakerIds: string[], links: SessionLinks = NO_LINKS, isDraft = false): Promise<{ row: SessionRow } | { roomClash: Clash } | { speakerClash: Clash } | null> {
    await lockProgramme(tx, s.eventId);
    if (v.roomId) {
      const clash = await roomClash(tx, s, v.roomId, v.startsAt, v.endsAt, id);
      if (clash) return { roomClash: clash };
    }
    // A moderator is as busy as a speaker: both are checked against every session's speakers and moderators.
    const sc = await speakerClash(tx, s, [...speakerIds, ...links.moderatorIds], v.startsAt, v.endsAt, id);
    if (sc) return { speakerClash: sc };
    let row: SessionRow | undefined;
    if (id) {
      [row] = await tx
        .update(programmeSessions)
        .set({ ...v, updatedAt: new Date() })
        .where(and(inScope(programmeSessions, s), eq(programmeSessions.id, id), isNull(programmeSessions.cancelledAt)))
        .returning();
      if (!row) return null;
      await tx.delete(programmeSessionSpeakers).where(eq(programmeSessionSpeakers.sessionId, id));
      await tx.delete(programmeSessionSponsors).where(eq(programmeSessionSponsors.sessionId, id));
      await tx.delete(programmeSessionTickets).where(eq(programmeSessionTickets.sessionId, id));
    } else {
      // A new session is published as it is made (nobody booked it yet); later moves wait for the organiser's publish.
      // A draft one (an approved proposal) is hidden from attendees until the next publish (`unpublished`); its copy
      // is the draft's, so the publish only has to clear the flag.
      const published = draftCopy({ ...v, descriptionHtml: v.descriptionHtml ?? '', bookingRequired: v.bookingRequired ?? false, tags: v.tags ?? [] }, { speakerIds, ...links });
      [row] = await tx.insert(programmeSessions).values({ id: newId(), ...s, ...v, publishedStartsAt: v.startsAt, publishedEndsAt: v.endsAt, publishedRoomId: v.roomId ?? null, published, unpublished: isDraft }).returning();
    }
    const people = [...speakerIds.map((speakerId) => ({ speakerId, role: 'speaker' })), ...links.moderatorIds.map((speakerId) => ({ speakerId, role: 'moderator' }))];
    if (people.length) await tx.insert(programmeSessionSpeakers).values(people.map((p) => ({ sessionId: row!.id, ...p, eventId: s.eventId })));
    if (links.sponsorIds.length) await tx.insert(programmeSessionSponsors).values(links.sponsorIds.map((sponsorId, position) => ({ sessionId: row!.id, sponsorId, eventId: s.eventId, position })));
    if (links.ticketIds.length) await tx.insert(programmeSessionTickets).values(links.ticketIds.map((ticketId) => ({ sessionId: row!.id, ticketId, eventId: s.eventId })));
    return { row: row! };
  }

  /**
   * Every session of the event (deleted in the draft or not) with its draft copy built from its row and link tables, in
   * the order attendees know them (their published times): what publishing compares with each published copy.
   */
  async function publishCandidates(s: Scope, tx: Tx | Db): Promise<PublishCandidates> {
    // One after another: inside the publish's transaction they share one connection.
    const rows = await tx
      .select()
      .from(programmeSessions)
      .where(inScope(programmeSessions, s))
      .orderBy(sql`coalesce(${programmeSessions.publishedStartsAt}, ${programmeSessions.startsAt})`, asc(programmeSessions.id));
    const persons = await tx
      .select({ sessionId: programmeSessionSpeakers.sessionId, speakerId: programmeSessionSpeakers.speakerId, role: programmeSessionSpeakers.role })
      .from(programmeSessionSpeakers)
      .where(eq(programmeSessionSpeakers.eventId, s.eventId));
    const sponsors = await tx
      .select({ sessionId: programmeSessionSponsors.sessionId, sponsorId: programmeSessionSponsors.sponsorId })
      .from(programmeSessionSponsors)
      .where(eq(programmeSessionSponsors.eventId, s.eventId))
      .orderBy(asc(programmeSessionSponsors.sessionId), asc(programmeSessionSponsors.position));
    const tickets = await tx.select({ sessionId: programmeSessionTickets.sessionId, ticketId: programmeSessionTickets.ticketId }).from(programmeSessionTickets).where(eq(programmeSessionTickets.eventId, s.eventId));
    const links = new Map<string, DraftLinks>();
    const of = (id: string) => links.get(id) ?? links.set(id, { speakerIds: [], moderatorIds: [], sponsorIds: [], ticketIds: [] }).get(id)!;
    for (const p of persons) (p.role === 'moderator' ? of(p.sessionId).moderatorIds : of(p.sessionId).speakerIds).push(p.speakerId);
    for (const l of sponsors) of(l.sessionId).sponsorIds.push(l.sponsorId);
    for (const l of tickets) of(l.sessionId).ticketIds.push(l.ticketId);
    const rooms = await tx.select().from(programmeRooms).where(inScope(programmeRooms, s)).orderBy(asc(programmeRooms.createdAt), asc(programmeRooms.id));
    const tracks = await tx.select().from(programmeTracks).where(inScope(programmeTracks, s)).orderBy(asc(programmeTracks.createdAt), asc(programmeTracks.id));
    return { sessions: rows.map((row) => ({ row, draft: draftCopy(row, of(row.id)) })), rooms, tracks };
  }

  /**
   * A published capacity above the seats taken gives the difference to the waitlist, first come first served, under the
   * session's row lock (as a cancelled seat does): raising a full session's capacity seats its waitlist once published.
   */
  async function promoteWaitlist(tx: Tx, sessionId: string): Promise<void> {
    const [session] = await tx.select().from(programmeSessions).where(eq(programmeSessions.id, sessionId)).for('update');
    const capacity = session?.published.capacity ?? null;
    if (!session || capacity === null || session.bookedCount >= capacity) return;
    const next = await tx
      .select({ id: programmeBookings.id })
      .from(programmeBookings)
      .where(and(eq(programmeBookings.sessionId, sessionId), eq(programmeBookings.status, 'waitlisted')))
      .orderBy(asc(programmeBookings.position))
      .limit(capacity - session.bookedCount);
    if (next.length === 0) return;
    await tx.update(programmeBookings).set({ status: 'booked', position: null }).where(inArray(programmeBookings.id, next.map((n) => n.id)));
    await tx.update(programmeSessions).set({ bookedCount: session.bookedCount + next.length }).where(eq(programmeSessions.id, sessionId));
  }

  const lockProgramme = (tx: Tx, eventId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`programme:${eventId}`}))`);

  /** The event's speaker with this email (case-insensitive), or a new one named as the requester registered. */
  async function speakerFor(tx: Tx, s: Scope, name: string, email: string): Promise<string> {
    const [found] = await tx
      .select({ id: programmeSpeakers.id })
      .from(programmeSpeakers)
      .where(and(inScope(programmeSpeakers, s), sql`lower(${programmeSpeakers.email}) = ${email.toLowerCase()}`))
      .orderBy(asc(programmeSpeakers.createdAt))
      .limit(1);
    if (found) return found.id;
    const [made] = await tx.insert(programmeSpeakers).values({ id: newId(), ...s, name, email, userType: 5 }).returning({ id: programmeSpeakers.id });
    return made!.id;
  }

  return {
    async rooms(s: Scope): Promise<RoomRow[]> {
      return db.select().from(programmeRooms).where(inScope(programmeRooms, s)).orderBy(asc(programmeRooms.createdAt), asc(programmeRooms.id));
    },
    async tracks(s: Scope): Promise<TrackRow[]> {
      return db.select().from(programmeTracks).where(inScope(programmeTracks, s)).orderBy(asc(programmeTracks.createdAt), asc(programmeTracks.id));
    },
    async speakers(s: Scope): Promise<SpeakerRow[]> {
      return db.select().from(programmeSpeakers).where(inScope(programmeSpeakers, s)).orderBy(asc(programmeSpeakers.name), asc(programmeSpeakers.id));
    },
    /** The organiser's draft: every session not deleted in it, with its draft time and room. */
    async sessions(s: Scope): Promise<SessionRow[]> {
      return db
        .select()
        .from(programmeSessions)
        .where(and(inScope(programmeSessions, s), isNull(programmeSessions.cancelledAt)))
        .orderBy(asc(programmeSessions.startsAt), asc(programmeSessions.id));
    },
    async session(s: Scope, id: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(programmeSessions).where(and(inScope(programmeSessions, s), eq(programmeSessions.id, id), isNull(programmeSessions.cancelledAt))).limit(1);
      return row ?? null;
    },
    async sessionSpeakers(s: Scope): Promise<SessionPerson[]> {
      return db
        .select({ sessionId: programmeSessionSpeakers.sessionId, speakerId: programmeSessionSpeakers.speakerId, role: programmeSessionSpeakers.role })
        .from(programmeSessionSpeakers)
        .where(eq(programmeSessionSpeakers.eventId, s.eventId));
    },
    /** Every session's draft sponsors (in the organiser's order) and ticket restrictions in the event (the organiser's view). */
    async sessionLinks(eventId: string): Promise<{ sponsors: { sessionId: string; sponsorId: string }[]; tickets: { sessionId: string; ticketId: string }[] }> {
      const [sponsors, tickets] = await Promise.all([
        db
          .select({ sessionId: programmeSessionSponsors.sessionId, sponsorId: programmeSessionSponsors.sponsorId })
          .from(programmeSessionSponsors)
          .where(eq(programmeSessionSponsors.eventId, eventId))
          .orderBy(asc(programmeSessionSponsors.sessionId), asc(programmeSessionSponsors.position)),
        db.select({ sessionId: programmeSessionTickets.sessionId, ticketId: programmeSessionTickets.ticketId }).from(programmeSessionTickets).where(eq(programmeSessionTickets.eventId, eventId)),
      ]);
      return { sponsors, tickets };
    },
    /** Waitlisted counts per session of the event. */
    async waitlistCounts(eventId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ sessionId: programmeBookings.sessionId, n: sql<number>`count(*)::int` })
        .from(programmeBookings)
        .where(and(eq(programmeBookings.eventId, eventId), eq(programmeBookings.status, 'waitlisted')))
        .groupBy(programmeBookings.sessionId);
      return new Map(rows.map((r) => [r.sessionId, Number(r.n)]));
    },

    async insertRoom(s: Scope, v: { name: string; capacity: number | null; checkinAreaId?: string | null }): Promise<RoomRow> {
      // A new room is published as it is made (no session shows it yet); a later rename waits for the publish.
      const [row] = await db.insert(programmeRooms).values({ id: newId(), ...s, ...v, published: { name: v.name, capacity: v.capacity } }).returning();
      return row!;
    },
    async updateRoom(s: Scope, id: string, v: { name: string; capacity: number | null; checkinAreaId?: string | null }): Promise<RoomRow | null> {
      const [row] = await db.update(programmeRooms).set(v).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, id))).returning();
      return row ?? null;
    },
    /**
     * Deletes the room in the draft (attendees keep it until the publish deletes the row), under the event's programme
     * lock so that no session write puts a session in it meanwhile: refused while a session of the draft is in it.
     */
    async deleteRoom(s: Scope, id: string, at: Date): Promise<{ deleted: true } | { inUse: string } | null> {
      return db.transaction(async (tx) => {
        await lockProgramme(tx, s.eventId);
        const [user] = await tx
          .select({ title: programmeSessions.title })
          .from(programmeSessions)
          .where(and(inScope(programmeSessions, s), eq(programmeSessions.roomId, id), isNull(programmeSessions.cancelledAt)))
          .orderBy(asc(programmeSessions.startsAt))
          .limit(1);
        const rows = await tx.select({ id: programmeRooms.id }).from(programmeRooms).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, id), isNull(programmeRooms.deletedAt)));
        if (rows.length === 0) return null;
        if (user) return { inUse: user.title };
        await tx.update(programmeRooms).set({ deletedAt: at }).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, id)));
        return { deleted: true };
      });
    },
    /** Undoes a draft deletion not yet published. */
    async restoreRoom(s: Scope, id: string): Promise<RoomRow | null> {
      const [row] = await db.update(programmeRooms).set({ deletedAt: null }).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, id))).returning();
      return row ?? null;
    },
    async insertTrack(s: Scope, v: { name: string; colour: string }): Promise<TrackRow> {
      const [row] = await db.insert(programmeTracks).values({ id: newId(), ...s, ...v, published: { name: v.name, colour: v.colour } }).returning();
      return row!;
    },
    async updateTrack(s: Scope, id: string, v: { name: string; colour: string }): Promise<TrackRow | null> {
      const [row] = await db.update(programmeTracks).set(v).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, id))).returning();
      return row ?? null;
    },
    /** As deleteRoom: a draft deletion, refused while a session of the draft has the track. */
    async deleteTrack(s: Scope, id: string, at: Date): Promise<{ deleted: true } | { inUse: string } | null> {
      return db.transaction(async (tx) => {
        await lockProgramme(tx, s.eventId);
        const [user] = await tx
          .select({ title: programmeSessions.title })
          .from(programmeSessions)
          .where(and(inScope(programmeSessions, s), eq(programmeSessions.trackId, id), isNull(programmeSessions.cancelledAt)))
          .orderBy(asc(programmeSessions.startsAt))
          .limit(1);
        const rows = await tx.select({ id: programmeTracks.id }).from(programmeTracks).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, id), isNull(programmeTracks.deletedAt)));
        if (rows.length === 0) return null;
        if (user) return { inUse: user.title };
        await tx.update(programmeTracks).set({ deletedAt: at }).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, id)));
        return { deleted: true };
      });
    },
    async restoreTrack(s: Scope, id: string): Promise<TrackRow | null> {
      const [row] = await db.update(programmeTracks).set({ deletedAt: null }).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, id))).returning();
      return row ?? null;
    },
    async insertSpeaker(s: Scope, v: Omit<typeof programmeSpeakers.$inferInsert, 'id' | 'organisationId' | 'eventId'>): Promise<SpeakerRow> {
      const [row] = await db.insert(programmeSpeakers).values({ id: newId(), ...s, ...v }).returning();
      return row!;
    },
    async updateSpeaker(s: Scope, id: string, v: Omit<typeof programmeSpeakers.$inferInsert, 'id' | 'organisationId' | 'eventId'>): Promise<SpeakerRow | null> {
      const [row] = await db.update(programmeSpeakers).set(v).where(and(inScope(programmeSpeakers, s), eq(programmeSpeakers.id, id))).returning();
      return row ?? null;
    },
    async deleteSpeaker(s: Scope, id: string): Promise<boolean> {
      return (await db.delete(programmeSpeakers).where(and(inScope(programmeSpeakers, s), eq(programmeSpeakers.id, id))).returning({ id: programmeSpeakers.id })).length > 0;
    },
    async speaker(s: Scope, id: string): Promise<SpeakerRow | null> {
      const [row] = await db.select().from(programmeSpeakers).where(and(inScope(programmeSpeakers, s), eq(programmeSpeakers.id, id))).limit(1);
      return row ?? null;
    },
    /** The speaker of this event linked to this account (their invitation's), or null. */
    async speakerOfAccount(eventId: string, userId: string): Promise<SpeakerRow | null> {
      const [row] = await db.select().from(programmeSpeakers).where(and(eq(programmeSpeakers.eventId, eventId), eq(programmeSpeakers.userId, userId))).limit(1);
      return row ?? null;
    },
    /**
     * Links the speaker to the account an invitation signs in. Inviting the same account again keeps its confirmation;
     * another account starts unconfirmed. A unique index keeps one speaker per account and event (23505 to the caller).
     */
    async linkSpeakerAccount(s: Scope, id: string, userId: string, at: Date): Promise<SpeakerRow | null> {
      const [row] = await db
        .update(programmeSpeakers)
        .set({ userId, invitedAt: at, confirmedAt: sql`case when ${programmeSpeakers.userId} = ${userId} then ${programmeSpeakers.confirmedAt} else null end` })
        .where(and(inScope(programmeSpeakers, s), eq(programmeSpeakers.id, id)))
        .returning();
      return row ?? null;
    },
    /** The speaker's own edit (title, company, bio, links), by their account: nobody else's row can match. */
    async updateOwnSpeaker(eventId: string, userId: string, v: { title: string; company: string; bio: string; links: string[] }): Promise<SpeakerRow | null> {
      const [row] = await db.update(programmeSpeakers).set(v).where(and(eq(programmeSpeakers.eventId, eventId), eq(programmeSpeakers.userId, userId))).returning();
      return row ?? null;
    },
    /** The speaker confirms their profile (the first confirmation's time is kept). */
    async confirmOwnSpeaker(eventId: string, userId: string, at: Date): Promise<SpeakerRow | null> {
      const [row] = await db
        .update(programmeSpeakers)
        .set({ confirmedAt: sql`coalesce(${programmeSpeakers.confirmedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(programmeSpeakers.eventId, eventId), eq(programmeSpeakers.userId, userId)))
        .returning();
      return row ?? null;
    },
    /** Stores a photo and points the speaker at it, in one transaction (the previous photo row goes with it). */
    async setSpeakerPhoto(match: SpeakerMatch, photo: { contentType: string; bytes: Buffer; createdBy: string }): Promise<SpeakerRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(programmeSpeakers).where(speakerMatch(match)).for('update').limit(1);
        if (!current) return null;
        const photoId = newId();
        await tx.insert(programmeSpeakerPhotos).values({ id: photoId, organisationId: current.organisationId, eventId: current.eventId, contentType: photo.contentType, byteSize: photo.bytes.length, bytes: photo.bytes, createdBy: photo.createdBy });
        const [row] = await tx.update(programmeSpeakers).set({ photoId }).where(eq(programmeSpeakers.id, current.id)).returning();
        if (current.photoId) await tx.delete(programmeSpeakerPhotos).where(eq(programmeSpeakerPhotos.id, current.photoId));
        return row ?? null;
      });
    },
    /** Points the speaker at no photo and deletes the stored one, in one transaction (nothing to remove is fine). */
    async clearSpeakerPhoto(match: SpeakerMatch): Promise<SpeakerRow | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(programmeSpeakers).where(speakerMatch(match)).for('update').limit(1);
        if (!current) return null;
        if (!current.photoId) return current;
        const [row] = await tx.update(programmeSpeakers).set({ photoId: null }).where(eq(programmeSpeakers.id, current.id)).returning();
        await tx.delete(programmeSpeakerPhotos).where(eq(programmeSpeakerPhotos.id, current.photoId));
        return row ?? null;
      });
    },
    async speakerPhoto(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const [row] = await db.select({ contentType: programmeSpeakerPhotos.contentType, bytes: programmeSpeakerPhotos.bytes }).from(programmeSpeakerPhotos).where(eq(programmeSpeakerPhotos.id, id)).limit(1);
      return row ?? null;
    },
    /** Which of these ids are rooms / tracks / speakers of the event (a room or track deleted in the draft is not). */
    async known(s: Scope, ids: { roomId: string | null; trackId: string | null; speakerIds: string[] }) {
      const room = ids.roomId ? (await db.select({ id: programmeRooms.id }).from(programmeRooms).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, ids.roomId), isNull(programmeRooms.deletedAt)))).length > 0 : true;
      const track = ids.trackId ? (await db.select({ id: programmeTracks.id }).from(programmeTracks).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, ids.trackId), isNull(programmeTracks.deletedAt)))).length > 0 : true;
      const speakers = ids.speakerIds.length
        ? new Set((await db.select({ id: programmeSpeakers.id }).from(programmeSpeakers).where(and(inScope(programmeSpeakers, s), inArray(programmeSpeakers.id, ids.speakerIds)))).map((r) => r.id))
        : new Set<string>();
      return { room, track, speakers };
    },

    /** Writes a session and its speakers in one transaction (writeSession's clash checks under the event's lock). */
    async saveSession(s: Scope, id: string | null, v: SessionWrite, speakerIds: string[], links: SessionLinks = NO_LINKS): Promise<{ row: SessionRow } | { roomClash: Clash } | { speakerClash: Clash } | null> {
      return db.transaction((tx) => writeSession(tx, s, id, v, speakerIds, links));
    },
    /**
     * Deletes the session in the draft: attendees keep seeing it until the next publish, which removes it and tells its
     * bookers (`restoreSession` undoes it before then). A session never published (an approved proposal) nobody has
     * seen or booked: its row goes at once.
     */
    async deleteSession(s: Scope, id: string, at: Date): Promise<'pending' | 'removed' | null> {
      return db.transaction(async (tx) => {
        await lockProgramme(tx, s.eventId);
        const gone = await tx
          .delete(programmeSessions)
          .where(and(inScope(programmeSessions, s), eq(programmeSessions.id, id), isNull(programmeSessions.cancelledAt), eq(programmeSessions.unpublished, true)))
          .returning({ id: programmeSessions.id });
        if (gone.length > 0) return 'removed';
        const rows = await tx
          .update(programmeSessions)
          .set({ cancelledAt: at, updatedAt: at })
          .where(and(inScope(programmeSessions, s), eq(programmeSessions.id, id), isNull(programmeSessions.cancelledAt)))
          .returning({ id: programmeSessions.id });
        return rows.length > 0 ? 'pending' : null;
      });
    },
    /**
     * Undoes a draft deletion not yet published, under the programme lock and with the save's checks: refused while its
     * room or track is deleted in the draft, or while another session took its room or a speaker at that time since.
     * A session not deleted answers as it is; null when the event has no such session (a published deletion removed it).
     */
    async restoreSession(s: Scope, id: string): Promise<RestoreResult> {
      return db.transaction(async (tx) => {
        await lockProgramme(tx, s.eventId);
        const [row] = await tx.select().from(programmeSessions).where(and(inScope(programmeSessions, s), eq(programmeSessions.id, id)));
        if (!row) return null;
        if (!row.cancelledAt) return { row };
        if (row.roomId) {
          const [room] = await tx.select().from(programmeRooms).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, row.roomId)));
          if (room?.deletedAt) return { roomDeleted: room.name };
          const clash = await roomClash(tx, s, row.roomId, row.startsAt, row.endsAt, id);
          if (clash) return { roomClash: clash };
        }
        if (row.trackId) {
          const [track] = await tx.select().from(programmeTracks).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, row.trackId)));
          if (track?.deletedAt) return { trackDeleted: track.name };
        }
        const people = await tx.select({ id: programmeSessionSpeakers.speakerId }).from(programmeSessionSpeakers).where(eq(programmeSessionSpeakers.sessionId, id));
        const sc = await speakerClash(tx, s, people.map((p) => p.id), row.startsAt, row.endsAt, id);
        if (sc) return { speakerClash: sc };
        const [restored] = await tx.update(programmeSessions).set({ cancelledAt: null }).where(and(inScope(programmeSessions, s), eq(programmeSessions.id, id))).returning();
        return { row: restored! };
      });
    },
    /** The version whose publish deleted this session of the event, if one did (an undo then comes too late). */
    async deletionVersion(s: Scope, sessionId: string): Promise<number | null> {
      const [row] = await db
        .select({ version: programmeVersions.version })
        .from(programmeVersions)
        .where(and(inScope(programmeVersions, s), sql`${programmeVersions.changes} @> ${JSON.stringify([{ sessionId, kind: 'cancelled' }])}::jsonb`))
        .orderBy(desc(programmeVersions.version))
        .limit(1);
      return row ? Number(row.version) : null;
    },
    /** The organiser's draft deletions: sessions deleted in the draft that attendees still see until the publish. */
    async deletedSessions(s: Scope): Promise<SessionRow[]> {
      return db
        .select()
        .from(programmeSessions)
        .where(and(inScope(programmeSessions, s), isNotNull(programmeSessions.cancelledAt)))
        .orderBy(asc(programmeSessions.startsAt), asc(programmeSessions.id));
    },

    /* ---------------- versioned publishing ---------------- */

    /** The event's last published version (0: never published). */
    async version(s: Scope): Promise<number> {
      const [row] = await db.select({ v: sql<number>`coalesce(max(${programmeVersions.version}), 0)::int` }).from(programmeVersions).where(inScope(programmeVersions, s));
      return Number(row?.v ?? 0);
    },
    publishCandidates: (s: Scope) => publishCandidates(s, db),
    /**
     * Publishes the draft as the next version, in one transaction under the event's programme lock: `describe` says
     * which sessions changed (and how); their published copies take their draft's time, room, fields and links, the
     * deleted ones go (with their bookings), a capacity raised seats the waitlist, and the version row records what
     * changed. Answers the people to tell about the changes that notify (read before the deletes, one query for all of
     * them), or null when nothing changed.
     */
    async publish(
      s: Scope,
      byUserId: string,
      at: Date,
      describe: (candidates: PublishCandidates) => PublishChanges,
      /** Runs last in the publish's transaction (the service writes the version's notices to the event outbox). */
      stored?: (tx: Tx, done: { version: number; changes: ProgrammeChange[]; recipients: Recipient[] }) => Promise<void>,
    ): Promise<{ version: number; changes: ProgrammeChange[]; roomTrackChanges: RoomTrackChange[]; recipients: Recipient[] } | null> {
      return db.transaction(async (tx) => {
        await lockProgramme(tx, s.eventId);
        const candidates = await publishCandidates(s, tx);
        const { sessions: changes, roomTracks } = describe(candidates);
        if (changes.length === 0 && roomTracks.length === 0) return null;
        const byId = new Map(candidates.sessions.map((c) => [c.row.id, c]));
        const changed = changes.map((c) => byId.get(c.sessionId)!.row);
        const ids = changes.filter(isNotified).map((c) => c.sessionId);
        const [last] = await tx.select({ v: sql<number>`coalesce(max(${programmeVersions.version}), 0)::int` }).from(programmeVersions).where(inScope(programmeVersions, s));
        const version = Number(last?.v ?? 0) + 1;
        // Two reads for every changed session at once (never one per person): seats and waitlist places, then stars.
        const [booked, starred] = ids.length === 0 ? [[], []] : await Promise.all([
          tx
            .select({ sessionId: programmeBookings.sessionId, eventUserId: programmeBookings.eventUserId, userId: programmeBookings.userId })
            .from(programmeBookings)
            .where(and(eq(programmeBookings.eventId, s.eventId), inArray(programmeBookings.sessionId, ids))),
          tx
            .select({ sessionId: programmeBookmarks.sessionId, eventUserId: programmeBookmarks.eventUserId, userId: programmeBookmarks.userId })
            .from(programmeBookmarks)
            .where(and(eq(programmeBookmarks.eventId, s.eventId), inArray(programmeBookmarks.sessionId, ids))),
        ]);
        const once = new Map<string, Recipient>();
        for (const r of [...booked, ...starred]) once.set(`${r.sessionId}|${r.eventUserId}`, r);
        const recipients = [...once.values()];
        const cancelled = changed.filter((c) => c.cancelledAt).map((c) => c.id);
        for (const row of changed.filter((c) => !c.cancelledAt)) {
          const { draft } = byId.get(row.id)!;
          await tx
            .update(programmeSessions)
            .set({ publishedStartsAt: row.startsAt, publishedEndsAt: row.endsAt, publishedRoomId: row.roomId, published: draft, unpublished: false })
            .where(and(inScope(programmeSessions, s), eq(programmeSessions.id, row.id)));
          if (draft.capacity !== row.published.capacity) await promoteWaitlist(tx, row.id);
        }
        if (cancelled.length) await tx.delete(programmeSessions).where(and(inScope(programmeSessions, s), inArray(programmeSessions.id, cancelled)));
        // Rooms renamed or resized and tracks renamed or recoloured: their published copies take the draft's name,
        // capacity and colour; rooms and tracks deleted in the draft go (after the sessions above left them: a deletion
        // was refused while a draft session used them). The copies are the rows read here (what the organiser
        // confirmed), not whatever an edit since has written.
        for (const c of roomTracks) {
          const room = c.kind === 'room' ? candidates.rooms.find((r) => r.id === c.id) : undefined;
          const track = c.kind === 'track' ? candidates.tracks.find((r) => r.id === c.id) : undefined;
          if (room?.deletedAt) await tx.delete(programmeRooms).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, room.id)));
          else if (room) await tx.update(programmeRooms).set({ published: { name: room.name, capacity: room.capacity } }).where(and(inScope(programmeRooms, s), eq(programmeRooms.id, room.id)));
          if (track?.deletedAt) await tx.delete(programmeTracks).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, track.id)));
          else if (track) await tx.update(programmeTracks).set({ published: { name: track.name, colour: track.colour } }).where(and(inScope(programmeTracks, s), eq(programmeTracks.id, track.id)));
        }
        await tx.insert(programmeVersions).values({ ...s, version, publishedByUserId: byUserId, changes, roomTrackChanges: roomTracks, notified: new Set(recipients.map((r) => r.eventUserId)).size, publishedAt: at });
        // The mails this version owes, one row each, committed with the version (the mail job sends them; issue 20).
        for (let i = 0; i < recipients.length; i += 1000) {
          await tx.insert(programmePublishMails).values(recipients.slice(i, i + 1000).map((r) => ({ id: newId(), ...s, version, sessionId: r.sessionId, eventUserId: r.eventUserId, userId: r.userId })));
        }
        await stored?.(tx, { version, changes, recipients });
        return { version, changes, roomTrackChanges: roomTracks, recipients };
      });
    },

    /* ---------------- the publish's mails (the programme mail job) ---------------- */

    /**
     * Claims up to `limit` owed mails (not sent, not given up, unclaimed or claimed before `staleBefore`) with one
     * conditional UPDATE, as certificates' mail job does: a row another worker or instance claimed first no longer
     * matches when this UPDATE re-checks it under the row lock, so two claims never take the same row.
     * Answers each with its version's wording of the change.
     */
    async claimPublishMails(at: Date, staleBefore: Date, limit: number): Promise<ClaimedPublishMail[]> {
      const m = programmePublishMails;
      const claimable = and(isNull(m.sentAt), isNull(m.failedAt), or(isNull(m.claimedAt), lt(m.claimedAt, staleBefore)));
      // No FOR UPDATE in the subquery: a locking subquery that Postgres rescans skips the rows this statement already
      // updated and hands out more than `limit`. The claim's own re-check under the row lock keeps two claims disjoint.
      const ids = db.select({ id: m.id }).from(m).where(claimable).limit(limit);
      const claimed = await db
        .update(m)
        .set({ claimedAt: at, attempts: sql`${m.attempts} + 1` })
        .where(and(inArray(m.id, ids), claimable))
        .returning({ id: m.id, organisationId: m.organisationId, eventId: m.eventId, version: m.version, sessionId: m.sessionId, eventUserId: m.eventUserId, userId: m.userId, attempts: m.attempts });
      if (claimed.length === 0) return [];
      const pairs = [...new Map(claimed.map((c) => [`${c.eventId}|${c.version}`, c])).values()];
      const versions = await db
        .select({ eventId: programmeVersions.eventId, version: programmeVersions.version, changes: programmeVersions.changes })
        .from(programmeVersions)
        .where(or(...pairs.map((p) => and(eq(programmeVersions.eventId, p.eventId), eq(programmeVersions.version, p.version)))));
      const changes = new Map(versions.map((v) => [`${v.eventId}|${v.version}`, v.changes]));
      return claimed.map((c) => ({ ...c, change: changes.get(`${c.eventId}|${c.version}`)?.find((x) => x.sessionId === c.sessionId) ?? null }));
    },
    /** The sent marker, set right after SMTP accepted the mail (once: a row already sent stays as it is). */
    async markPublishMailSent(id: string, at: Date): Promise<void> {
      await db.update(programmePublishMails).set({ sentAt: at }).where(and(eq(programmePublishMails.id, id), isNull(programmePublishMails.sentAt)));
    },
    /** A failed attempt: given up on with its reason (`isFinal`), or released for the next pass. */
    async markPublishMailFailed(id: string, at: Date, error: string, isFinal: boolean): Promise<void> {
      await db
        .update(programmePublishMails)
        .set(isFinal ? { failedAt: at, error } : { claimedAt: null, error })
        .where(and(eq(programmePublishMails.id, id), isNull(programmePublishMails.sentAt), isNull(programmePublishMails.failedAt)));
    },
    /** How far the mails of the event's version `version` are (all zero when it owed none). */
    async publishMailProgress(s: Scope, version: number): Promise<PublishMailProgress> {
      const [n] = await db
        .select({ total: sql<number>`count(*)::int`, sent: count(programmePublishMails.sentAt), failed: count(programmePublishMails.failedAt) })
        .from(programmePublishMails)
        .where(and(inScope(programmePublishMails, s), eq(programmePublishMails.version, version)));
      return { total: Number(n?.total ?? 0), sent: Number(n?.sent ?? 0), failed: Number(n?.failed ?? 0) };
    },

    /** The participant's bookings and waitlist places in the event, with their waitlist rank (1 = next). */
    async myBookings(eventId: string, eventUserId: string): Promise<{ sessionId: string; status: string; rank: number | null }[]> {
      const mine = await db
        .select()
        .from(programmeBookings)
        .where(and(eq(programmeBookings.eventId, eventId), eq(programmeBookings.eventUserId, eventUserId)));
      const out: { sessionId: string; status: string; rank: number | null }[] = [];
      for (const b of mine) {
        let rank: number | null = null;
        if (b.status === 'waitlisted') {
          const [ahead] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(programmeBookings)
            .where(and(eq(programmeBookings.sessionId, b.sessionId), eq(programmeBookings.status, 'waitlisted'), lt(programmeBookings.position, b.position ?? 0)));
          rank = Number(ahead?.n ?? 0) + 1;
        }
        out.push({ sessionId: b.sessionId, status: b.status, rank });
      }
      return out;
    },

    /**
     * Books a seat, or a waitlist place when the session is full, in one transaction holding the session's row lock
     * (`FOR UPDATE`): concurrent bookings of one session queue on the lock, so `bookedCount` never passes the
     * capacity and waitlist positions follow the order in which callers got the lock.
     */
    async book(eventId: string, sessionId: string, who: { eventUserId: string; userId: string }): Promise<{ session: SessionRow; booking: BookingRow } | null> {
      return db.transaction(async (tx) => {
        const read = tx
          .select()
          .from(programmeSessions)
          .where(and(eq(programmeSessions.eventId, eventId), eq(programmeSessions.id, sessionId)));
        const [session] = testing.unsafeDisableLocking ? await read : await read.for('update');
        if (!session) return null;
        if (testing.raceWindowMs > 0) await new Promise((r) => setTimeout(r, testing.raceWindowMs));
        const [existing] = await tx
          .select()
          .from(programmeBookings)
          .where(and(eq(programmeBookings.sessionId, sessionId), eq(programmeBookings.eventUserId, who.eventUserId)));
        if (existing) return { session, booking: existing };
        // The published capacity: a draft's new capacity takes effect when the organiser publishes it.
        const capacity = session.published.capacity;
        const hasSeat = capacity !== null && session.bookedCount < capacity;
        const position = hasSeat ? null : session.waitlistSeq + 1;
        await tx
          .update(programmeSessions)
          .set(hasSeat ? { bookedCount: session.bookedCount + 1 } : { waitlistSeq: position! })
          .where(eq(programmeSessions.id, sessionId));
        const [booking] = await tx
          .insert(programmeBookings)
          .values({ id: newId(), eventId, sessionId, ...who, status: hasSeat ? 'booked' : 'waitlisted', position })
          .returning();
        return { session, booking: booking! };
      });
    },

    /**
     * Gives back the participant's seat or waitlist place under the session's row lock; a freed seat goes to the
     * first on the waitlist (lowest position), who becomes booked in the same transaction.
     */
    async cancel(eventId: string, sessionId: string, eventUserId: string): Promise<{ found: boolean; promoted: BookingRow | null }> {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(programmeSessions)
          .where(and(eq(programmeSessions.eventId, eventId), eq(programmeSessions.id, sessionId)))
          .for('update');
        if (!session) return { found: false, promoted: null };
        const [gone] = await tx
          .delete(programmeBookings)
          .where(and(eq(programmeBookings.sessionId, sessionId), eq(programmeBookings.eventUserId, eventUserId)))
          .returning();
        if (!gone || gone.status !== 'booked') return { found: true, promoted: null };
        const [next] = await tx
          .select()
          .from(programmeBookings)
          .where(and(eq(programmeBookings.sessionId, sessionId), eq(programmeBookings.status, 'waitlisted')))
          .orderBy(asc(programmeBookings.position))
          .limit(1);
        // A seat goes to the next person only while the session has room (the organiser may have lowered the capacity).
        const capacity = session.published.capacity;
        const hasRoom = capacity !== null && session.bookedCount - 1 < capacity;
        if (next && hasRoom) {
          const [promoted] = await tx.update(programmeBookings).set({ status: 'booked', position: null }).where(eq(programmeBookings.id, next.id)).returning();
          return { found: true, promoted: promoted ?? null };
        }
        await tx.update(programmeSessions).set({ bookedCount: session.bookedCount - 1 }).where(eq(programmeSessions.id, sessionId));
        return { found: true, promoted: null };
      });
    },

    /** The participant's booked and bookmarked sessions, each once, in time order (the personal calendar). */
    async mySessions(eventId: string, eventUserId: string): Promise<SessionRow[]> {
      const booked = db
        .select({ id: programmeBookings.sessionId })
        .from(programmeBookings)
        .where(and(eq(programmeBookings.eventId, eventId), eq(programmeBookings.eventUserId, eventUserId), eq(programmeBookings.status, 'booked')));
      const starred = db
        .select({ id: programmeBookmarks.sessionId })
        .from(programmeBookmarks)
        .where(and(eq(programmeBookmarks.eventId, eventId), eq(programmeBookmarks.eventUserId, eventUserId)));
      const rows = await db
        .select()
        .from(programmeSessions)
        .where(and(eq(programmeSessions.eventId, eventId), eq(programmeSessions.unpublished, false), or(inArray(programmeSessions.id, booked), inArray(programmeSessions.id, starred))));
      return rows.map(publishedView).sort(byStart);
    },

    /** The sessions of the event the participant starred. */
    async myBookmarks(eventId: string, eventUserId: string): Promise<Set<string>> {
      const rows = await db
        .select({ sessionId: programmeBookmarks.sessionId })
        .from(programmeBookmarks)
        .where(and(eq(programmeBookmarks.eventId, eventId), eq(programmeBookmarks.eventUserId, eventUserId)));
      return new Set(rows.map((r) => r.sessionId));
    },
    /** Stars a session (a second star is the same one: the primary key is session × participation). */
    async addBookmark(eventId: string, sessionId: string, who: { eventUserId: string; userId: string }): Promise<void> {
      await db.insert(programmeBookmarks).values({ eventId, sessionId, ...who }).onConflictDoNothing();
    },
    async removeBookmark(eventId: string, sessionId: string, eventUserId: string): Promise<void> {
      await db
        .delete(programmeBookmarks)
        .where(and(eq(programmeBookmarks.eventId, eventId), eq(programmeBookmarks.sessionId, sessionId), eq(programmeBookmarks.eventUserId, eventUserId)));
    },

    /* ---------------- session requests ---------------- */

    async insertRequest(s: Scope, v: NewSessionRequest): Promise<SessionRequestRow> {
      const [row] = await db.insert(programmeSessionRequests).values({ id: newId(), ...s, ...v }).returning();
      return row!;
    },
    /** The participant's pending request of this kind for this session ("speak"), if any (a duplicate's check). */
    async pendingSpeakRequest(eventId: string, eventUserId: string, sessionId: string): Promise<SessionRequestRow | null> {
      const [row] = await db
        .select()
        .from(programmeSessionRequests)
        .where(
          and(
            eq(programmeSessionRequests.eventId, eventId),
            eq(programmeSessionRequests.eventUserId, eventUserId),
            eq(programmeSessionRequests.kind, 'speak'),
            eq(programmeSessionRequests.sessionId, sessionId),
            eq(programmeSessionRequests.status, 'pending'),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async myRequests(eventId: string, eventUserId: string): Promise<SessionRequestRow[]> {
      return db
        .select()
        .from(programmeSessionRequests)
        .where(and(eq(programmeSessionRequests.eventId, eventId), eq(programmeSessionRequests.eventUserId, eventUserId)))
        .orderBy(desc(programmeSessionRequests.createdAt), desc(programmeSessionRequests.id));
    },
    async requests(s: Scope): Promise<SessionRequestRow[]> {
      return db.select().from(programmeSessionRequests).where(inScope(programmeSessionRequests, s)).orderBy(desc(programmeSessionRequests.createdAt), desc(programmeSessionRequests.id));
    },
    async request(s: Scope, id: string): Promise<SessionRequestRow | null> {
      const [row] = await db.select().from(programmeSessionRequests).where(and(inScope(programmeSessionRequests, s), eq(programmeSessionRequests.id, id))).limit(1);
      return row ?? null;
    },

    /**
     * Decides a request once, in one transaction: the request row is locked (`FOR UPDATE`) and must still be pending
     * (else `decided`); approving also writes the session (a proposal, with the requester as its speaker) or adds the
     * requester as a speaker of the session ("speak"), each under the programme's clash checks. A clash or a session
     * that is gone leaves everything as it was.
     */
    async decide(s: Scope, id: string, decision: { status: 'approved' | 'disapproved'; note: string; byUserId: string; at: Date }, approval: Approval | null): Promise<ApprovalResult> {
      return db
        .transaction(async (tx) => {
          const [req] = await tx
            .select()
            .from(programmeSessionRequests)
            .where(and(inScope(programmeSessionRequests, s), eq(programmeSessionRequests.id, id)))
            .for('update');
          if (!req) return null;
          if (req.status !== 'pending') return { decided: req };
          let sessionId = req.sessionId;
          if (approval) {
            await lockProgramme(tx, s.eventId);
            const speakerId = await speakerFor(tx, s, req.requesterName, req.requesterEmail);
            if (approval.kind === 'proposal') {
              // An approved proposal is a draft change like any other: attendees see it from the next publish.
              const written = await writeSession(tx, s, null, approval.session, [speakerId], NO_LINKS, true);
              if (!written || !('row' in written)) throw new Rollback(written ?? { sessionGone: true });
              sessionId = written.row.id;
            } else {
              const [session] = await tx
                .select()
                .from(programmeSessions)
                .where(and(inScope(programmeSessions, s), eq(programmeSessions.id, approval.sessionId)))
                .for('update');
              if (!session) throw new Rollback({ sessionGone: true });
              const already = await tx
                .select({ id: programmeSessionSpeakers.speakerId })
                .from(programmeSessionSpeakers)
                .where(and(eq(programmeSessionSpeakers.sessionId, session.id), eq(programmeSessionSpeakers.speakerId, speakerId)));
              if (already.length === 0) {
                const clash = await speakerClash(tx, s, [speakerId], session.startsAt, session.endsAt, session.id);
                if (clash) throw new Rollback({ speakerClash: clash });
                await tx.insert(programmeSessionSpeakers).values({ sessionId: session.id, speakerId, eventId: s.eventId });
              }
            }
          }
          const [row] = await tx
            .update(programmeSessionRequests)
            .set({ status: decision.status, note: decision.note, decidedByUserId: decision.byUserId, decidedAt: decision.at, sessionId })
            .where(eq(programmeSessionRequests.id, id))
            .returning();
          return { request: row! };
        })
        .catch((err: unknown) => {
          if (err instanceof Rollback) return err.result;
          throw err;
        });
    },

    /** Attendee reads (the event was checked against the portal's tab rule first). */
    async eventRead(eventId: string) {
      const byEvent = <T extends { eventId: unknown }>(t: T) => eq(t.eventId as never, eventId);
      const [rooms, tracks, speakers, sessions] = await Promise.all([
        db.select().from(programmeRooms).where(byEvent(programmeRooms)).orderBy(asc(programmeRooms.createdAt), asc(programmeRooms.id)),
        db.select().from(programmeTracks).where(byEvent(programmeTracks)).orderBy(asc(programmeTracks.createdAt), asc(programmeTracks.id)),
        db.select().from(programmeSpeakers).where(byEvent(programmeSpeakers)).orderBy(asc(programmeSpeakers.name), asc(programmeSpeakers.id)),
        db.select().from(programmeSessions).where(and(byEvent(programmeSessions), eq(programmeSessions.unpublished, false))),
      ]);
      // Attendees see the published programme: each session's published copy (a draft deletion not yet published still
      // shows); its people, sponsors and tickets are the copy's, less the speakers and tracks deleted since.
      const speakerIds = new Set(speakers.map((x) => x.id));
      const trackIds = new Set(tracks.map((x) => x.id));
      const published = sessions.map(publishedView).sort(byStart);
      const links: SessionPerson[] = [];
      const sponsorLinks: { sessionId: string; sponsorId: string }[] = [];
      const ticketLinks: { sessionId: string; ticketId: string }[] = [];
      for (const x of published) {
        const p = x.published;
        for (const speakerId of p.speakerIds) if (speakerIds.has(speakerId)) links.push({ sessionId: x.id, speakerId, role: 'speaker' });
        for (const speakerId of p.moderatorIds) if (speakerIds.has(speakerId)) links.push({ sessionId: x.id, speakerId, role: 'moderator' });
        for (const sponsorId of p.sponsorIds) sponsorLinks.push({ sessionId: x.id, sponsorId });
        for (const ticketId of p.ticketIds) ticketLinks.push({ sessionId: x.id, ticketId });
        if (x.trackId && !trackIds.has(x.trackId)) x.trackId = null;
      }
      // Rooms and tracks by their published names and colours (a rename is the organiser's draft until published).
      return { rooms: rooms.map(publishedRoom), tracks: tracks.map(publishedTrack), speakers, sessions: published, links, sponsorLinks, ticketLinks };
    },
    /** A session of the event as attendees see it (its published copy: time, room, capacity, ticket restriction, …). */
    async sessionOfEvent(eventId: string, sessionId: string): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(programmeSessions)
        .where(and(eq(programmeSessions.eventId, eventId), eq(programmeSessions.id, sessionId), eq(programmeSessions.unpublished, false)))
        .limit(1);
      return row ? publishedView(row) : null;
    },
    /** The participations holding a seat ('booked', not waitlisted) in a session of the event (an announcement's audience). */
    async bookedEventUserIds(eventId: string, sessionId: string): Promise<string[]> {
      const rows = await db
        .select({ id: programmeBookings.eventUserId })
        .from(programmeBookings)
        .where(and(eq(programmeBookings.eventId, eventId), eq(programmeBookings.sessionId, sessionId), eq(programmeBookings.status, 'booked')));
      return rows.map((r) => r.id);
    },
  };
}
export type ProgrammeRepository = ReturnType<typeof createProgrammeRepository>;
