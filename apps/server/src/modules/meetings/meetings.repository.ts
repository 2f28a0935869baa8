import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { matchmakingProfiles, matchmakingVersions, meetingMails, meetingProposals, meetingSettings, meetings } from './meetings.tables.ts';

export type SettingsRow = typeof meetingSettings.$inferSelect;
export type MatchProfileRow = typeof matchmakingProfiles.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingInsert = typeof meetings.$inferInsert;
export type ProposalRow = typeof meetingProposals.$inferSelect;
/** A new time to hold: the slot, and the booth of a physical booth meeting (a lounge meeting's table is taken by the repository). */
export type ProposalInput = { id: string; startsAt: Date; endsAt: Date; booth: string | null; proposedByEventUserId: string | null; proposedByUserId: string };
export type Scope = { organisationId: string; eventId: string };
export type MeetingFilter = { status?: number; type?: number; mode?: number; eventUserIds?: string[]; scheduled?: boolean; page: number; pageSize: number };
export type BookingConflict = { kind: 'person'; eventUserId: string } | { kind: 'table' } | { kind: 'booth' };
/** Why a new time cannot be held: a booking conflict, another proposal still pending, or the meeting changed meanwhile. */
export type ProposalConflict = BookingConflict | { kind: 'open'; proposal: ProposalRow } | { kind: 'changed' };
/** A change told to both sides by mail: written to the platform's event outbox in the change's own transaction. */
export type MeetingNotice = {
  eventId: string;
  meetingId: string;
  kind: 'requested' | 'accepted' | 'declined' | 'tentative' | 'cancelled' | 'completed' | 'scheduled' | 'reminder' | 'rescheduleProposed' | 'rescheduleAccepted' | 'rescheduleDeclined' | 'rescheduled';
  /** The proposal a rescheduling notice is about (each proposal is told once). */
  proposalId?: string;
};
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Writes a notice in the caller's transaction and answers the outbox row's id (platform/event-outbox.ts `write`). */
export type WriteNotice = (tx: Tx, notice: MeetingNotice) => Promise<string>;
/** Test-only switches (the race test's unlocked control): never set outside tests. */
export type MeetingsTesting = { unsafeDisableLocking: boolean; raceWindowMs: number };

/** Pending and approved meetings hold their slot, table and booth; rejected, completed and cancelled do not. */
const ACTIVE = [0, 1];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Thrown inside a transaction to roll it back when a conditional update found the row changed. */
class Changed extends Error {}
/** Something holding a slot: an active meeting, or a pending proposal of one (with its meeting's people and place). */
type Hold = { meetingId: string; requester: string; invitee: string; mode: number; place: number; tableNumber: number | null; booth: string | null };

/** The only file that queries the meetings module's tables; every query names the event (and the organisation). */
export function createMeetingsRepository(db: Db, testing: MeetingsTesting, writeNotice: WriteNotice) {
  // Prepared once per connection: the matches call reads it on every request.
  const versionOf = db
    .select({ v: sql<string>`${matchmakingVersions.version}::text` })
    .from(matchmakingVersions)
    .where(eq(matchmakingVersions.eventId, sql.placeholder('eventId')))
    .prepare('mm_version_of');
  const overlapping = (startsAt: Date, endsAt: Date) => and(lt(meetings.startsAt, endsAt), gt(meetings.endsAt, startsAt));
  const active = () => inArray(meetings.status, ACTIVE);

  async function lock(tx: Tx, eventId: string) {
    if (!testing.unsafeDisableLocking) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`meetings:${eventId}`}))`);
  }
  /** The meeting as read, still active and in the same labels (locked for the rest of the transaction), or null. */
  async function current(tx: Tx, m: MeetingRow): Promise<MeetingRow | null> {
    const [row] = await tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.eventId, m.eventId), eq(meetings.id, m.id), active(), eq(meetings.status, m.status), eq(meetings.responseStatus, m.responseStatus)))
      .for('update');
    return row ?? null;
  }
  /** What holds [startsAt, endsAt) in the event: active meetings and the pending proposals of active meetings, except meeting `except`'s own. */
  async function holds(tx: Tx, eventId: string, startsAt: Date, endsAt: Date, except: string | null): Promise<Hold[]> {
    const fields = { meetingId: meetings.id, requester: meetings.requesterEventUserId, invitee: meetings.inviteeEventUserId, mode: meetings.mode, place: meetings.place };
    // One after the other on the transaction's connection (both under the event's lock).
    const held = await tx
      .select({ ...fields, tableNumber: meetings.tableNumber, booth: meetings.booth })
      .from(meetings)
      .where(and(eq(meetings.eventId, eventId), active(), overlapping(startsAt, endsAt), except ? ne(meetings.id, except) : undefined));
    const proposed = await tx
        .select({ ...fields, tableNumber: meetingProposals.tableNumber, booth: meetingProposals.booth })
        .from(meetingProposals)
        .innerJoin(meetings, eq(meetings.id, meetingProposals.meetingId))
        .where(
          and(
            eq(meetingProposals.eventId, eventId),
            eq(meetingProposals.status, 0),
            eq(meetings.eventId, eventId),
            active(),
            lt(meetingProposals.startsAt, endsAt),
            gt(meetingProposals.endsAt, startsAt),
            except ? ne(meetingProposals.meetingId, except) : undefined,
          ),
        );
    return [...held, ...proposed];
  }
  /**
   * Whether `people` and the place are free in [startsAt, endsAt): neither person in another hold, a lounge table
   * free for a physical lounge meeting (the lowest is taken), the booth free for a physical booth meeting.
   */
  async function check(
    tx: Tx,
    eventId: string,
    people: string[],
    startsAt: Date,
    endsAt: Date,
    where: { mode: number; place: number; booth: string | null },
    loungeTables: number,
    except: string | null,
  ): Promise<{ conflict: BookingConflict } | { tableNumber: number | null }> {
    const all = await holds(tx, eventId, startsAt, endsAt, except);
    const busy = all.find((h) => people.includes(h.requester) || people.includes(h.invitee));
    if (busy) return { conflict: { kind: 'person', eventUserId: people.find((p) => p === busy.requester || p === busy.invitee)! } };
    let tableNumber: number | null = null;
    if (where.mode === 1 && where.place === 2) {
      const used = new Set(all.filter((h) => h.mode === 1 && h.place === 2).map((h) => h.tableNumber));
      for (let n = 1; n <= loungeTables && tableNumber === null; n++) if (!used.has(n)) tableNumber = n;
      if (tableNumber === null) return { conflict: { kind: 'table' } };
    }
    if (where.mode === 1 && where.place === 1 && where.booth) {
      const booth = where.booth.toLowerCase();
      if (all.some((h) => h.mode === 1 && h.place === 1 && h.booth?.toLowerCase() === booth)) return { conflict: { kind: 'booth' } };
    }
    return { tableNumber };
  }
  /** Moves meeting `m` (as read) to a proposal's slot, table and booth with `to` labels; throws Changed when it moved meanwhile. */
  async function moveMeeting(tx: Tx, m: MeetingRow, p: ProposalRow, to: { status: number; responseStatus: number }): Promise<MeetingRow> {
    const [row] = await tx
      .update(meetings)
      .set({
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        tableNumber: m.mode === 1 && m.place === 2 ? p.tableNumber : m.tableNumber,
        booth: m.mode === 1 && m.place === 1 ? p.booth : m.booth,
        status: to.status,
        responseStatus: to.responseStatus,
        sequence: sql`${meetings.sequence} + 1`,
        reminderSentAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(meetings.eventId, m.eventId), eq(meetings.id, m.id), active(), eq(meetings.status, m.status), eq(meetings.responseStatus, m.responseStatus)))
      .returning();
    if (!row) throw new Changed();
    return row;
  }

  return {
    async settings(s: Scope): Promise<SettingsRow | null> {
      const [row] = await db.select().from(meetingSettings).where(and(eq(meetingSettings.eventId, s.eventId), eq(meetingSettings.organisationId, s.organisationId)));
      return row ?? null;
    },
    async saveSettings(s: Scope, v: Pick<SettingsRow, 'days' | 'slotMinutes' | 'loungeTables'>): Promise<SettingsRow> {
      const [row] = await db
        .insert(meetingSettings)
        .values({ ...s, ...v })
        .onConflictDoUpdate({ target: meetingSettings.eventId, set: { ...v, updatedAt: sql`now()` }, setWhere: eq(meetingSettings.organisationId, s.organisationId) })
        .returning();
      return row!;
    },

    async matchProfile(eventId: string, eventUserId: string): Promise<MatchProfileRow | null> {
      const [row] = await db.select().from(matchmakingProfiles).where(and(eq(matchmakingProfiles.eventId, eventId), eq(matchmakingProfiles.eventUserId, eventUserId)));
      return row ?? null;
    },
    async saveMatchProfile(v: Omit<MatchProfileRow, 'updatedAt'>): Promise<MatchProfileRow> {
      const { eventUserId: _id, organisationId: _o, eventId: _e, userId: _u, ...patch } = v;
      const [row] = await db
        .insert(matchmakingProfiles)
        .values(v)
        .onConflictDoUpdate({ target: matchmakingProfiles.eventUserId, set: { ...patch, updatedAt: sql`now()` }, setWhere: eq(matchmakingProfiles.eventId, v.eventId) })
        .returning();
      return row!;
    },
    /** Every matchmaking profile of the event (the ranking's candidates). */
    async matchProfiles(eventId: string): Promise<MatchProfileRow[]> {
      return db.select().from(matchmakingProfiles).where(eq(matchmakingProfiles.eventId, eventId));
    },
    /**
     * The version of the event's profiles (the matching index's freshness): one primary-key read of the row migration
     * 0065's triggers move on every write to the event's profiles, by any process; '' while it never had one.
     */
    async matchStamp(eventId: string): Promise<string> {
      const [row] = await versionOf.execute({ eventId });
      return row?.v ?? '';
    },

    async meeting(eventId: string, id: string): Promise<MeetingRow | null> {
      const [row] = await db.select().from(meetings).where(and(eq(meetings.eventId, eventId), eq(meetings.id, id)));
      return row ?? null;
    },
    async meetingsOf(eventId: string, eventUserId: string): Promise<MeetingRow[]> {
      return db
        .select()
        .from(meetings)
        .where(and(eq(meetings.eventId, eventId), or(eq(meetings.requesterEventUserId, eventUserId), eq(meetings.inviteeEventUserId, eventUserId))))
        .orderBy(asc(meetings.startsAt), asc(meetings.id));
    },
    async list(s: Scope, f: MeetingFilter): Promise<{ rows: MeetingRow[]; total: number }> {
      const where: (SQL | undefined)[] = [eq(meetings.organisationId, s.organisationId), eq(meetings.eventId, s.eventId)];
      if (f.scheduled) where.push(eq(meetings.status, 1));
      else if (f.status !== undefined) where.push(eq(meetings.status, f.status));
      if (f.type !== undefined) where.push(eq(meetings.type, f.type));
      if (f.mode !== undefined) where.push(eq(meetings.mode, f.mode));
      if (f.eventUserIds) where.push(f.eventUserIds.length ? or(inArray(meetings.requesterEventUserId, f.eventUserIds), inArray(meetings.inviteeEventUserId, f.eventUserIds)) : sql`false`);
      const cond = and(...where);
      const [rows, [c]] = await Promise.all([
        db.select().from(meetings).where(cond).orderBy(asc(meetings.startsAt), desc(meetings.createdAt), asc(meetings.id)).limit(f.pageSize).offset((f.page - 1) * f.pageSize),
        db.select({ n: count() }).from(meetings).where(cond),
      ]);
      return { rows, total: Number(c?.n ?? 0) };
    },

    /**
     * Books a meeting: in one transaction holding the event's meeting lock (`pg_advisory_xact_lock`), checks that
     * neither person has another active meeting or pending proposal overlapping the slot, takes the lowest free lounge
     * table (physical, networking lounge) or checks the booth (physical, booth), then inserts. Two bookings of one
     * event queue on the lock, so the second sees the first's row and is refused.
     */
    async book(row: MeetingInsert & { id: string }, loungeTables: number, kind: MeetingNotice['kind']): Promise<{ meeting: MeetingRow; noticeId: string } | { conflict: BookingConflict }> {
      return db.transaction(async (tx) => {
        await lock(tx, row.eventId);
        const free = await check(tx, row.eventId, [row.requesterEventUserId, row.inviteeEventUserId], row.startsAt, row.endsAt, { mode: row.mode, place: row.place, booth: row.booth ?? null }, loungeTables, null);
        if ('conflict' in free) return free;
        if (testing.raceWindowMs > 0) await sleep(testing.raceWindowMs);
        const [meeting] = await tx
          .insert(meetings)
          .values({ ...row, tableNumber: free.tableNumber })
          .returning();
        return { meeting: meeting!, noticeId: await writeNotice(tx, { eventId: row.eventId, meetingId: row.id, kind }) };
      });
    },

    /**
     * Holds a new time for a meeting (a participant's proposal): under the event's meeting lock, the meeting must still
     * be in the state it was read in and have no pending proposal; the new slot must be free for both people (their
     * other meetings and pending proposals) and have a lounge table or the booth free, as for a booking. The meeting
     * keeps its own slot until the proposal is accepted.
     */
    async propose(
      m: MeetingRow,
      p: ProposalInput,
      loungeTables: number,
    ): Promise<{ meeting: MeetingRow; proposal: ProposalRow; noticeId: string } | { conflict: ProposalConflict }> {
      return db.transaction(async (tx) => {
        await lock(tx, m.eventId);
        const fresh = await current(tx, m);
        if (!fresh) return { conflict: { kind: 'changed' } };
        const [open] = await tx.select().from(meetingProposals).where(and(eq(meetingProposals.eventId, m.eventId), eq(meetingProposals.meetingId, m.id), eq(meetingProposals.status, 0)));
        if (open) return { conflict: { kind: 'open', proposal: open } };
        const free = await check(tx, m.eventId, [m.requesterEventUserId, m.inviteeEventUserId], p.startsAt, p.endsAt, { ...m, booth: p.booth }, loungeTables, m.id);
        if ('conflict' in free) return free;
        if (testing.raceWindowMs > 0) await sleep(testing.raceWindowMs);
        const [proposal] = await tx
          .insert(meetingProposals)
          .values({ ...p, organisationId: m.organisationId, eventId: m.eventId, meetingId: m.id, tableNumber: free.tableNumber, status: 0 })
          .returning();
        return { meeting: fresh, proposal: proposal!, noticeId: await writeNotice(tx, { eventId: m.eventId, meetingId: m.id, kind: 'rescheduleProposed', proposalId: proposal!.id }) };
      });
    },

    /**
     * The other side accepts a pending proposal: under the event's lock (the hold moves from the proposal to the
     * meeting), the proposal is marked accepted and the meeting moves to its slot, table and booth with `to` labels, a
     * bumped SEQUENCE and a new reminder; its old slot is free from then on. Null when either changed meanwhile.
     */
    async acceptProposal(m: MeetingRow, proposalId: string, to: { status: number; responseStatus: number }): Promise<{ meeting: MeetingRow; noticeId: string } | null> {
      try {
        return await db.transaction(async (tx) => {
          await lock(tx, m.eventId);
          const [p] = await tx
            .update(meetingProposals)
            .set({ status: 1, decidedAt: sql`now()` })
            .where(and(eq(meetingProposals.eventId, m.eventId), eq(meetingProposals.meetingId, m.id), eq(meetingProposals.id, proposalId), eq(meetingProposals.status, 0)))
            .returning();
          if (!p) throw new Changed();
          const meeting = await moveMeeting(tx, m, p, to);
          return { meeting, noticeId: await writeNotice(tx, { eventId: m.eventId, meetingId: m.id, kind: 'rescheduleAccepted', proposalId }) };
        });
      } catch (err) {
        if (err instanceof Changed) return null;
        throw err;
      }
    },

    /** Declines (2) or withdraws (4) a pending proposal: the meeting keeps its slot and status. Null when it was decided meanwhile. */
    async closeProposal(m: MeetingRow, proposalId: string, status: 2 | 4): Promise<{ proposal: ProposalRow; noticeId: string | null } | null> {
      return db.transaction(async (tx) => {
        const [p] = await tx
          .update(meetingProposals)
          .set({ status, decidedAt: sql`now()` })
          .where(and(eq(meetingProposals.eventId, m.eventId), eq(meetingProposals.meetingId, m.id), eq(meetingProposals.id, proposalId), eq(meetingProposals.status, 0)))
          .returning();
        if (!p) return null;
        return { proposal: p, noticeId: status === 2 ? await writeNotice(tx, { eventId: m.eventId, meetingId: m.id, kind: 'rescheduleDeclined', proposalId }) : null };
      });
    },

    /**
     * The organiser moves a meeting for both sides: the same checks as a proposal, then the proposal is recorded as
     * accepted (proposed by nobody) and the meeting moves at once, in one transaction under the event's lock.
     */
    async moveNow(m: MeetingRow, p: ProposalInput, loungeTables: number): Promise<{ meeting: MeetingRow; noticeId: string } | { conflict: ProposalConflict }> {
      try {
        return await db.transaction(async (tx) => {
          await lock(tx, m.eventId);
          const fresh = await current(tx, m);
          if (!fresh) return { conflict: { kind: 'changed' as const } };
          const [open] = await tx.select().from(meetingProposals).where(and(eq(meetingProposals.eventId, m.eventId), eq(meetingProposals.meetingId, m.id), eq(meetingProposals.status, 0)));
          if (open) return { conflict: { kind: 'open' as const, proposal: open } };
          const free = await check(tx, m.eventId, [m.requesterEventUserId, m.inviteeEventUserId], p.startsAt, p.endsAt, { ...m, booth: p.booth }, loungeTables, m.id);
          if ('conflict' in free) return free;
          const [proposal] = await tx
            .insert(meetingProposals)
            .values({ ...p, organisationId: m.organisationId, eventId: m.eventId, meetingId: m.id, tableNumber: free.tableNumber, status: 1, decidedAt: sql`now()` })
            .returning();
          const meeting = await moveMeeting(tx, m, proposal!, m);
          return { meeting, noticeId: await writeNotice(tx, { eventId: m.eventId, meetingId: m.id, kind: 'rescheduled', proposalId: proposal!.id }) };
        });
      } catch (err) {
        if (err instanceof Changed) return { conflict: { kind: 'changed' } };
        throw err;
      }
    },

    async proposal(eventId: string, id: string): Promise<ProposalRow | null> {
      const [row] = await db.select().from(meetingProposals).where(and(eq(meetingProposals.eventId, eventId), eq(meetingProposals.id, id)));
      return row ?? null;
    },
    /** The pending proposals of these meetings (one per meeting at most). */
    async pendingProposals(eventId: string, meetingIds: string[]): Promise<ProposalRow[]> {
      if (meetingIds.length === 0) return [];
      return db
        .select()
        .from(meetingProposals)
        .where(and(eq(meetingProposals.eventId, eventId), inArray(meetingProposals.meetingId, meetingIds), eq(meetingProposals.status, 0)));
    },
    /** The slots these people are busy in: their active meetings and the pending proposals of those (the slots view). */
    async busyOf(eventId: string, eventUserIds: string[]): Promise<{ startsAt: Date; endsAt: Date }[]> {
      const mine = or(inArray(meetings.requesterEventUserId, eventUserIds), inArray(meetings.inviteeEventUserId, eventUserIds));
      const [held, proposed] = await Promise.all([
        db.select({ startsAt: meetings.startsAt, endsAt: meetings.endsAt }).from(meetings).where(and(eq(meetings.eventId, eventId), active(), mine)),
        db
          .select({ startsAt: meetingProposals.startsAt, endsAt: meetingProposals.endsAt })
          .from(meetingProposals)
          .innerJoin(meetings, eq(meetings.id, meetingProposals.meetingId))
          .where(and(eq(meetingProposals.eventId, eventId), eq(meetingProposals.status, 0), eq(meetings.eventId, eventId), active(), mine)),
      ]);
      return [...held, ...proposed];
    },

    /**
     * Moves a meeting from the state it was read in (null when someone changed it meanwhile), and writes its notice
     * in the same transaction.
     */
    async move(
      eventId: string,
      id: string,
      from: { status: number; responseStatus: number },
      to: { status: number; responseStatus: number },
      kind: MeetingNotice['kind'],
    ): Promise<{ meeting: MeetingRow; noticeId: string } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(meetings)
          .set({ ...to, updatedAt: sql`now()` })
          .where(and(eq(meetings.eventId, eventId), eq(meetings.id, id), eq(meetings.status, from.status), eq(meetings.responseStatus, from.responseStatus)))
          .returning();
        if (!row) return null;
        // A meeting that no longer holds its slot (declined, cancelled, held) closes its pending proposal of a new time.
        if (!ACTIVE.includes(to.status))
          await tx
            .update(meetingProposals)
            .set({ status: 4, decidedAt: sql`now()` })
            .where(and(eq(meetingProposals.eventId, eventId), eq(meetingProposals.meetingId, id), eq(meetingProposals.status, 0)));
        return { meeting: row, noticeId: await writeNotice(tx, { eventId, meetingId: id, kind }) };
      });
    },

    /**
     * Approved meetings starting within [from, to) whose reminder is not sent yet, claimed (marked) at once, each
     * with its reminder notice written in the claim's transaction: a crash after the claim still sends it.
     */
    async claimReminders(from: Date, to: Date, limit = 200): Promise<{ meeting: MeetingRow; noticeId: string }[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(meetings)
          .set({ reminderSentAt: sql`now()` })
          .where(
            inArray(
              meetings.id,
              tx
                .select({ id: meetings.id })
                .from(meetings)
                .where(and(eq(meetings.status, 1), sql`${meetings.reminderSentAt} is null`, gt(meetings.startsAt, from), lt(meetings.startsAt, to)))
                .limit(limit),
            ),
          )
          .returning();
        const out: { meeting: MeetingRow; noticeId: string }[] = [];
        for (const m of rows) out.push({ meeting: m, noticeId: await writeNotice(tx, { eventId: m.eventId, meetingId: m.id, kind: 'reminder' }) });
        return out;
      });
    },
    /** Forgets a sent-mail mark (the send failed: the notice's next delivery tries again). */
    async unmarkMail(v: { eventId: string; meetingId: string; kind: string; eventUserId: string }): Promise<void> {
      await db
        .delete(meetingMails)
        .where(and(eq(meetingMails.eventId, v.eventId), eq(meetingMails.meetingId, v.meetingId), eq(meetingMails.kind, v.kind), eq(meetingMails.eventUserId, v.eventUserId)));
    },

    /** Records a mail as sent once per (meeting, kind, recipient); false when it was already sent. */
    async markMail(v: { id: string; eventId: string; meetingId: string; kind: string; eventUserId: string }): Promise<boolean> {
      const rows = await db.insert(meetingMails).values(v).onConflictDoNothing().returning({ id: meetingMails.id });
      return rows.length > 0;
    },

  };
}
export type MeetingsRepository = ReturnType<typeof createMeetingsRepository>;
