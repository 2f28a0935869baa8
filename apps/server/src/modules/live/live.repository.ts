import { and, asc, count, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { liveMessages, liveNowPlaying, livePolls, livePollVotes, liveQuestions, liveQuestionVotes } from './live.tables.ts';

export type LiveMessageRow = typeof liveMessages.$inferSelect;
export type LiveQuestionRow = typeof liveQuestions.$inferSelect;
export type LivePollRow = typeof livePolls.$inferSelect;
export type NowPlayingRow = typeof liveNowPlaying.$inferSelect;

/** The only file that queries the live_* tables. */
export function createLiveRepository(db: Db) {
  return {
    /* ------------------------------------------------------------ chat */
    /** Stored before delivery; null when this sender already used the clientId (a retry). */
    async insertMessage(row: typeof liveMessages.$inferInsert): Promise<LiveMessageRow | null> {
      const [m] = await db.insert(liveMessages).values(row).onConflictDoNothing().returning();
      return m ?? null;
    },
    async messageByClientId(sessionId: string, fromEventUserId: string, clientId: string): Promise<LiveMessageRow | null> {
      const [m] = await db
        .select()
        .from(liveMessages)
        .where(and(eq(liveMessages.sessionId, sessionId), eq(liveMessages.fromEventUserId, fromEventUserId), eq(liveMessages.clientId, clientId)))
        .limit(1);
      return m ?? null;
    },
    /** Newest first, before the message `beforeId` (by time, then id). */
    async history(sessionId: string, beforeId: string | undefined, limit: number): Promise<LiveMessageRow[]> {
      const where: (SQL | undefined)[] = [eq(liveMessages.sessionId, sessionId)];
      if (beforeId) {
        const [b] = await db.select({ createdAt: liveMessages.createdAt, id: liveMessages.id }).from(liveMessages).where(and(eq(liveMessages.sessionId, sessionId), eq(liveMessages.id, beforeId))).limit(1);
        if (!b) return [];
        where.push(or(lt(liveMessages.createdAt, b.createdAt), and(eq(liveMessages.createdAt, b.createdAt), lt(liveMessages.id, b.id))));
      }
      return db
        .select()
        .from(liveMessages)
        .where(and(...where))
        .orderBy(desc(liveMessages.createdAt), desc(liveMessages.id))
        .limit(limit);
    },

    /* ------------------------------------------------------------ Q&A */
    async insertQuestion(row: typeof liveQuestions.$inferInsert): Promise<LiveQuestionRow | null> {
      const [q] = await db.insert(liveQuestions).values(row).onConflictDoNothing().returning();
      return q ?? null;
    },
    async questionByClientId(sessionId: string, fromEventUserId: string, clientId: string): Promise<LiveQuestionRow | null> {
      const [q] = await db
        .select()
        .from(liveQuestions)
        .where(and(eq(liveQuestions.sessionId, sessionId), eq(liveQuestions.fromEventUserId, fromEventUserId), eq(liveQuestions.clientId, clientId)))
        .limit(1);
      return q ?? null;
    },
    async question(sessionId: string, id: string): Promise<LiveQuestionRow | null> {
      const [q] = await db.select().from(liveQuestions).where(and(eq(liveQuestions.sessionId, sessionId), eq(liveQuestions.id, id))).limit(1);
      return q ?? null;
    },
    /** Most upvoted first, then oldest first. */
    async questions(sessionId: string, withHidden: boolean): Promise<LiveQuestionRow[]> {
      return db
        .select()
        .from(liveQuestions)
        .where(and(eq(liveQuestions.sessionId, sessionId), withHidden ? undefined : eq(liveQuestions.isHidden, false)))
        .orderBy(desc(liveQuestions.upvotes), asc(liveQuestions.createdAt), asc(liveQuestions.id));
    },
    /**
     * Adds this person's upvote, or takes it back when they had given it; the question's count is recounted from the
     * votes in the same transaction, so concurrent toggles never drift.
     */
    async toggleUpvote(questionId: string, eventUserId: string): Promise<{ question: LiveQuestionRow; isUpvoted: boolean }> {
      return db.transaction(async (tx) => {
        const [added] = await tx.insert(liveQuestionVotes).values({ questionId, eventUserId }).onConflictDoNothing().returning();
        if (!added) await tx.delete(liveQuestionVotes).where(and(eq(liveQuestionVotes.questionId, questionId), eq(liveQuestionVotes.eventUserId, eventUserId)));
        const [q] = await tx
          .update(liveQuestions)
          .set({ upvotes: sql`(select count(*)::int from ${liveQuestionVotes} where ${liveQuestionVotes.questionId} = ${questionId})` })
          .where(eq(liveQuestions.id, questionId))
          .returning();
        return { question: q!, isUpvoted: !!added };
      });
    },
    async myUpvotes(sessionId: string, eventUserId: string): Promise<string[]> {
      const rows = await db
        .select({ id: liveQuestionVotes.questionId })
        .from(liveQuestionVotes)
        .innerJoin(liveQuestions, eq(liveQuestions.id, liveQuestionVotes.questionId))
        .where(and(eq(liveQuestions.sessionId, sessionId), eq(liveQuestionVotes.eventUserId, eventUserId)));
      return rows.map((r) => r.id);
    },
    async updateQuestion(sessionId: string, id: string, patch: { isAnswered?: boolean; isHidden?: boolean }): Promise<LiveQuestionRow | null> {
      const [q] = await db
        .update(liveQuestions)
        .set(patch)
        .where(and(eq(liveQuestions.sessionId, sessionId), eq(liveQuestions.id, id)))
        .returning();
      return q ?? null;
    },

    /* ------------------------------------------------------------ polls */
    async insertPoll(row: typeof livePolls.$inferInsert): Promise<LivePollRow> {
      const [p] = await db.insert(livePolls).values(row).returning();
      return p!;
    },
    async poll(sessionId: string, id: string): Promise<LivePollRow | null> {
      const [p] = await db.select().from(livePolls).where(and(eq(livePolls.sessionId, sessionId), eq(livePolls.id, id))).limit(1);
      return p ?? null;
    },
    /** Newest first. */
    async polls(sessionId: string): Promise<LivePollRow[]> {
      return db.select().from(livePolls).where(eq(livePolls.sessionId, sessionId)).orderBy(desc(livePolls.createdAt), desc(livePolls.id));
    },
    /** The poll the audience sees: the live one, else the one closed last (drafts are the moderator's). */
    async audiencePoll(sessionId: string): Promise<LivePollRow | null> {
      const [p] = await db
        .select()
        .from(livePolls)
        .where(and(eq(livePolls.sessionId, sessionId), ne(livePolls.status, 'draft')))
        .orderBy(sql`case when ${livePolls.status} = 'live' then 0 else 1 end`, desc(livePolls.closedAt), desc(livePolls.id))
        .limit(1);
      return p ?? null;
    },
    /**
     * Pushes a draft poll live and closes the session's other live poll (one live poll per session), in one
     * transaction. Null when the poll is not a draft any more (pushed or closed meanwhile); the closed ones are returned.
     */
    async pushPoll(sessionId: string, id: string, at: Date): Promise<{ pushed: LivePollRow; closed: LivePollRow[] } | null> {
      return db.transaction(async (tx) => {
        const [pushed] = await tx
          .update(livePolls)
          .set({ status: 'live', pushedAt: at })
          .where(and(eq(livePolls.sessionId, sessionId), eq(livePolls.id, id), eq(livePolls.status, 'draft')))
          .returning();
        if (!pushed) return null;
        const closed = await tx
          .update(livePolls)
          .set({ status: 'closed', closedAt: at })
          .where(and(eq(livePolls.sessionId, sessionId), eq(livePolls.status, 'live'), ne(livePolls.id, id)))
          .returning();
        return { pushed, closed };
      });
    },
    async closePoll(sessionId: string, id: string, at: Date): Promise<LivePollRow | null> {
      const [p] = await db
        .update(livePolls)
        .set({ status: 'closed', closedAt: at })
        .where(and(eq(livePolls.sessionId, sessionId), eq(livePolls.id, id), eq(livePolls.status, 'live')))
        .returning();
      return p ?? null;
    },
    /**
     * One vote per person (the primary key), counted only while the poll is live (checked under a share lock of the
     * poll, so a vote racing the close is not counted). 'voted', 'again' (had voted) or 'notLive'.
     */
    async vote(pollId: string, eventUserId: string, optionIndex: number): Promise<'voted' | 'again' | 'notLive'> {
      return db.transaction(async (tx) => {
        // A share lock on the poll: a close (an update of the row) waits for this vote, or this vote sees it closed.
        const [poll] = await tx.select({ status: livePolls.status }).from(livePolls).where(eq(livePolls.id, pollId)).for('share');
        if (poll?.status !== 'live') return 'notLive';
        const [added] = await tx.insert(livePollVotes).values({ pollId, eventUserId, optionIndex }).onConflictDoNothing().returning();
        return added ? 'voted' : 'again';
      });
    },
    /** Votes per option index, per poll. */
    async counts(pollIds: string[]): Promise<Map<string, Map<number, number>>> {
      const out = new Map<string, Map<number, number>>();
      if (pollIds.length === 0) return out;
      const rows = await db
        .select({ pollId: livePollVotes.pollId, option: livePollVotes.optionIndex, n: count() })
        .from(livePollVotes)
        .where(inArray(livePollVotes.pollId, pollIds))
        .groupBy(livePollVotes.pollId, livePollVotes.optionIndex);
      for (const r of rows) {
        const m = out.get(r.pollId) ?? new Map<number, number>();
        m.set(r.option, r.n);
        out.set(r.pollId, m);
      }
      return out;
    },
    async myVote(pollId: string, eventUserId: string): Promise<number | null> {
      const [v] = await db.select({ option: livePollVotes.optionIndex }).from(livePollVotes).where(and(eq(livePollVotes.pollId, pollId), eq(livePollVotes.eventUserId, eventUserId))).limit(1);
      return v?.option ?? null;
    },

    /* ------------------------------------------------------------ now playing */
    /** This session now plays in its room (replacing the room's previous one); the previous row is returned. */
    async setNowPlaying(row: { eventId: string; roomKey: string; sessionId: string; organisationId: string; since: Date }): Promise<{ row: NowPlayingRow; previous: string | null }> {
      return db.transaction(async (tx) => {
        const [prev] = await tx
          .select({ sessionId: liveNowPlaying.sessionId })
          .from(liveNowPlaying)
          .where(and(eq(liveNowPlaying.eventId, row.eventId), eq(liveNowPlaying.roomKey, row.roomKey)))
          .for('update');
        const [saved] = await tx
          .insert(liveNowPlaying)
          .values(row)
          .onConflictDoUpdate({ target: [liveNowPlaying.eventId, liveNowPlaying.roomKey], set: { sessionId: row.sessionId, since: row.since } })
          .returning();
        return { row: saved!, previous: prev && prev.sessionId !== row.sessionId ? prev.sessionId : null };
      });
    },
    /** Ends this session's now-playing; false when it was not playing. */
    async stopNowPlaying(eventId: string, sessionId: string): Promise<boolean> {
      const gone = await db.delete(liveNowPlaying).where(and(eq(liveNowPlaying.eventId, eventId), eq(liveNowPlaying.sessionId, sessionId))).returning();
      return gone.length > 0;
    },
    async nowPlaying(eventId: string): Promise<NowPlayingRow[]> {
      return db.select().from(liveNowPlaying).where(eq(liveNowPlaying.eventId, eventId)).orderBy(asc(liveNowPlaying.roomKey));
    },

    /* ------------------------------------------------------------ host report */
    async report(eventId: string): Promise<Map<string, { messages: number; questions: number; upvotes: number; polls: number; pollVotes: number }>> {
      const [messages, questions, polls, votes] = await Promise.all([
        db.select({ sessionId: liveMessages.sessionId, n: count() }).from(liveMessages).where(eq(liveMessages.eventId, eventId)).groupBy(liveMessages.sessionId),
        db
          .select({ sessionId: liveQuestions.sessionId, n: count(), up: sql<number>`coalesce(sum(${liveQuestions.upvotes}), 0)::int` })
          .from(liveQuestions)
          .where(eq(liveQuestions.eventId, eventId))
          .groupBy(liveQuestions.sessionId),
        db.select({ sessionId: livePolls.sessionId, n: count() }).from(livePolls).where(eq(livePolls.eventId, eventId)).groupBy(livePolls.sessionId),
        db
          .select({ sessionId: livePolls.sessionId, n: count() })
          .from(livePollVotes)
          .innerJoin(livePolls, eq(livePolls.id, livePollVotes.pollId))
          .where(eq(livePolls.eventId, eventId))
          .groupBy(livePolls.sessionId),
      ]);
      const out = new Map<string, { messages: number; questions: number; upvotes: number; polls: number; pollVotes: number }>();
      const at = (id: string) => {
        let r = out.get(id);
        if (!r) out.set(id, (r = { messages: 0, questions: 0, upvotes: 0, polls: 0, pollVotes: 0 }));
        return r;
      };
      for (const r of messages) at(r.sessionId).messages = r.n;
      for (const r of questions) Object.assign(at(r.sessionId), { questions: r.n, upvotes: Number(r.up) });
      for (const r of polls) at(r.sessionId).polls = r.n;
      for (const r of votes) at(r.sessionId).pollVotes = r.n;
      return out;
    },
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
