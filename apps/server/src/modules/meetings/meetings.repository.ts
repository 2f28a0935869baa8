import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { matchmakingProfiles, meetingMails, meetingSettings, meetings } from './meetings.tables.ts';

export type SettingsRow = typeof meetingSettings.$inferSelect;
export type MatchProfileRow = typeof matchmakingProfiles.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingInsert = typeof meetings.$inferInsert;
export type Scope = { organisationId: string; eventId: string };
export type MeetingFilter = { status?: number; type?: number; mode?: number; eventUserIds?: string[]; scheduled?: boolean; page: number; pageSize: number };
export type BookingConflict = { kind: 'person'; eventUserId: string } | { kind: 'table' } | { kind: 'booth' };
/** A change told to both sides by mail: written to the platform's event outbox in the change's own transaction. */
export type MeetingNotice = { eventId: string; meetingId: string; kind: 'requested' | 'accepted' | 'declined' | 'tentative' | 'cancelled' | 'completed' | 'scheduled' | 'reminder' };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Writes a notice in the caller's transaction and answers the outbox row's id (platform/event-outbox.ts `write`). */
export type WriteNotice = (tx: Tx, notice: MeetingNotice) => Promise<string>;
/** Test-only switches (the race test's unlocked control): never set outside tests. */
export type MeetingsTesting = { unsafeDisableLocking: boolean; raceWindowMs: number };

/** Pending and approved meetings hold their slot, table and booth; rejected, completed and cancelled do not. */
const ACTIVE = [0, 1];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The only file that queries the meetings module's tables; every query names the event (and the organisation). */
export function createMeetingsRepository(db: Db, testing: MeetingsTesting, writeNotice: WriteNotice) {
  const overlapping = (startsAt: Date, endsAt: Date) => and(lt(meetings.startsAt, endsAt), gt(meetings.endsAt, startsAt));
  const active = () => inArray(meetings.status, ACTIVE);

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
    /** What the event's profiles look like from far: their count and latest change (the matching index's freshness). */
    async matchStamp(eventId: string): Promise<string> {
      const [row] = await db
        .select({ n: count(), at: sql<string | null>`max(${matchmakingProfiles.updatedAt})::text` })
        .from(matchmakingProfiles)
        .where(eq(matchmakingProfiles.eventId, eventId));
      return `${row?.n ?? 0} ${row?.at ?? ''}`;
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
    /** The active meetings of any of these people (their busy slots). */
    async activeOf(eventId: string, eventUserIds: string[]): Promise<MeetingRow[]> {
      return db
        .select()
        .from(meetings)
        .where(and(eq(meetings.eventId, eventId), active(), or(inArray(meetings.requesterEventUserId, eventUserIds), inArray(meetings.inviteeEventUserId, eventUserIds))));
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
     * neither person has another active meeting overlapping the slot, takes the lowest free lounge table (physical,
     * networking lounge) or checks the booth (physical, booth), then inserts. Two bookings of one event queue on the
     * lock, so the second sees the first's row and is refused.
     */
    async book(row: MeetingInsert & { id: string }, loungeTables: number, kind: MeetingNotice['kind']): Promise<{ meeting: MeetingRow; noticeId: string } | { conflict: BookingConflict }> {
      return db.transaction(async (tx) => {
        if (!testing.unsafeDisableLocking) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`meetings:${row.eventId}`}))`);
        const people = [row.requesterEventUserId, row.inviteeEventUserId];
        const busy = await tx
          .select({ requester: meetings.requesterEventUserId, invitee: meetings.inviteeEventUserId })
          .from(meetings)
          .where(and(eq(meetings.eventId, row.eventId), active(), overlapping(row.startsAt, row.endsAt), or(inArray(meetings.requesterEventUserId, people), inArray(meetings.inviteeEventUserId, people))))
          .limit(1);
        if (busy[0]) {
          const who = people.find((p) => p === busy[0]!.requester || p === busy[0]!.invitee)!;
          return { conflict: { kind: 'person', eventUserId: who } };
        }
        let tableNumber: number | null = null;
        if (row.mode === 1 && row.place === 2) {
          const taken = await tx
            .select({ t: meetings.tableNumber })
            .from(meetings)
            .where(and(eq(meetings.eventId, row.eventId), active(), overlapping(row.startsAt, row.endsAt), eq(meetings.mode, 1), eq(meetings.place, 2)));
          const used = new Set(taken.map((x) => x.t));
          for (let n = 1; n <= loungeTables && tableNumber === null; n++) if (!used.has(n)) tableNumber = n;
          if (tableNumber === null) return { conflict: { kind: 'table' } };
        }
        if (row.mode === 1 && row.place === 1 && row.booth) {
          const [other] = await tx
            .select({ id: meetings.id })
            .from(meetings)
            .where(and(eq(meetings.eventId, row.eventId), active(), overlapping(row.startsAt, row.endsAt), eq(meetings.mode, 1), eq(meetings.place, 1), sql`lower(${meetings.booth}) = lower(${row.booth})`))
            .limit(1);
          if (other) return { conflict: { kind: 'booth' } };
        }
        if (testing.raceWindowMs > 0) await sleep(testing.raceWindowMs);
        const [meeting] = await tx
          .insert(meetings)
          .values({ ...row, tableNumber })
          .returning();
        return { meeting: meeting!, noticeId: await writeNotice(tx, { eventId: row.eventId, meetingId: row.id, kind }) };
      });
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
        return row ? { meeting: row, noticeId: await writeNotice(tx, { eventId, meetingId: id, kind }) } : null;
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
