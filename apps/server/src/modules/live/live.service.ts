import {
  LIVE_HISTORY_PAGE_SIZE,
  isDangerousString,
  type TChatOutbound,
  type TChatOutboundEvent,
  type TLiveConsole,
  type TLiveHistory,
  type TLiveMessage,
  type TLivePoll,
  type TLiveQuestion,
  type TLiveReport,
  type TLiveRoom,
  type TNowPlaying,
  type TNowPlayingList,
  type TPollInput,
  type TPollStatus,
  type TQnaAction,
} from '@pavilion/domain';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import type { ProgrammeSessionFacts } from '../programme/index.ts';
import type { ChatSocketContext } from '../chat/index.ts';

/** Who acts: a participation of one event (from the socket's or the request's event access token). */
type ChatActor = { userId: string; eventId: string; eventUserId: string };
import { liveErrors } from './live.errors.ts';
import type { LiveMessageRow, LivePollRow, LiveQuestionRow, LiveRepository, NowPlayingRow } from './live.repository.ts';

/** The socket.io room of a session's live audience. */
export const liveSessionRoom = (sessionId: string) => `liveSession:${sessionId}`;

export type LiveDeps = {
  repo: LiveRepository;
  newId: () => string;
  now: () => Date;
  /** programme's port: the session when it is this event's. */
  sessionOf: (eventId: string, sessionId: string) => Promise<ProgrammeSessionFacts | null>;
  sessionsOf: (eventId: string) => Promise<ProgrammeSessionFacts[]>;
  /** 404 unless the organiser's organisation (and item scope) holds the event (the events module's). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  /** Is this account an organiser of the event who may edit its sessions (AP-302)? The socket's moderator check. */
  isOrganiserModerator: (userId: string, eventId: string) => Promise<boolean>;
  /** The account's email (lower case), to find the session's speakers among participants. */
  emailOf: (userId: string) => Promise<string | null>;
  /** Display names of participations of the event. */
  names: (eventId: string, eventUserIds: string[]) => Promise<Map<string, string>>;
  /** Sends to a socket.io room of /chatservices (every instance). */
  toRoom: <E extends TChatOutboundEvent>(room: string, event: E, payload: TChatOutbound<E>) => void;
  /** The room of the event's open organiser pages, and of all its participants' sockets. */
  organiserRoom: (eventId: string) => string;
  eventRoom: (eventId: string) => string;
};

type Session = ProgrammeSessionFacts;

/** The request's participation of this event, or 403. */
export function liveActorOf(user: { userId: string }, eventAccess: EventAccess | null, eventId: string): ChatActor {
  if (!eventAccess || eventAccess.eventId !== eventId) throw liveErrors.notParticipant();
  return { userId: user.userId, eventId, eventUserId: eventAccess.eventUserId };
}

const roomKeyOf = (s: Session) => s.roomId ?? '';

export function createLiveService(deps: LiveDeps) {
  const { repo } = deps;

  async function sessionOrThrow(eventId: string, sessionId: string): Promise<Session> {
    const s = await deps.sessionOf(eventId, sessionId);
    if (!s) throw liveErrors.sessionNotFound();
    return s;
  }
  const card = (s: Session) => ({ id: s.id, title: s.title, roomId: s.roomId, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() });

  /** To the session's audience and the event's open organiser pages (the moderator console). */
  function broadcast<E extends TChatOutboundEvent>(s: Session, event: E, payload: TChatOutbound<E>) {
    deps.toRoom(liveSessionRoom(s.id), event, payload);
    deps.toRoom(deps.organiserRoom(s.eventId), event, payload);
  }

  async function messages(eventId: string, rows: LiveMessageRow[]): Promise<TLiveMessage[]> {
    const names = await deps.names(eventId, [...new Set(rows.map((r) => r.fromEventUserId))]);
    return rows.map((r) => ({ sessionId: r.sessionId, id: r.id, content: r.content, from: { eventUserId: r.fromEventUserId, name: names.get(r.fromEventUserId) ?? 'Participant' }, clientId: r.clientId, createdAt: r.createdAt.toISOString() }));
  }
  async function questions(eventId: string, rows: LiveQuestionRow[]): Promise<TLiveQuestion[]> {
    const names = await deps.names(eventId, [...new Set(rows.map((r) => r.fromEventUserId))]);
    return rows.map((r) => ({
      sessionId: r.sessionId,
      id: r.id,
      question: r.question,
      upvotes: r.upvotes,
      isAnswered: r.isAnswered,
      isHidden: r.isHidden,
      from: { eventUserId: r.fromEventUserId, name: names.get(r.fromEventUserId) ?? 'Participant' },
      createdAt: r.createdAt.toISOString(),
    }));
  }
  async function polls(rows: LivePollRow[]): Promise<TLivePoll[]> {
    const counts = await repo.counts(rows.map((r) => r.id));
    return rows.map((r) => {
      const c = counts.get(r.id);
      const options = r.options.map((label, i) => ({ label, votes: c?.get(i) ?? 0 }));
      return { sessionId: r.sessionId, pollId: r.id, question: r.question, options, status: r.status as TPollStatus, totalVotes: options.reduce((n, o) => n + o.votes, 0), createdAt: r.createdAt.toISOString() };
    });
  }
  const onePoll = async (row: LivePollRow) => (await polls([row]))[0]!;

  async function nowPlayingOf(eventId: string, rows: NowPlayingRow[]): Promise<TNowPlaying[]> {
    const out: TNowPlaying[] = [];
    for (const r of rows) {
      const s = await deps.sessionOf(eventId, r.sessionId);
      if (s) out.push({ sessionId: s.id, roomId: s.roomId, title: s.title, since: r.since.toISOString() });
    }
    return out;
  }
  async function nowPlayingOfSession(s: Session): Promise<TNowPlaying | null> {
    const row = (await repo.nowPlaying(s.eventId)).find((r) => r.sessionId === s.id);
    return row ? { sessionId: s.id, roomId: s.roomId, title: s.title, since: row.since.toISOString() } : null;
  }

  async function history(s: Session, before: string | undefined, limit = LIVE_HISTORY_PAGE_SIZE): Promise<TLiveHistory> {
    const rows = await repo.history(s.id, before, limit + 1);
    return { messages: await messages(s.eventId, rows.slice(0, limit).reverse()), hasMore: rows.length > limit };
  }

  /** A participant moderates the session when their account is the event's organiser (AP-302) or one of its speakers. */
  async function isModerator(actor: ChatActor, s: Session): Promise<boolean> {
    if (await deps.isOrganiserModerator(actor.userId, actor.eventId)) return true;
    if (s.speakerEmails.length === 0) return false;
    const email = await deps.emailOf(actor.userId);
    return !!email && s.speakerEmails.includes(email.toLowerCase());
  }
  async function moderatorSession(actor: ChatActor, sessionId: string): Promise<Session> {
    const s = await sessionOrThrow(actor.eventId, sessionId);
    if (!(await isModerator(actor, s))) throw liveErrors.notModerator();
    return s;
  }
  async function organiserSession(caller: AuthUser, organisationId: string, eventId: string, sessionId: string): Promise<Session> {
    await deps.assertEvent(caller, organisationId, eventId);
    const s = await sessionOrThrow(eventId, sessionId);
    if (s.organisationId !== organisationId) throw liveErrors.sessionNotFound();
    return s;
  }

  /* ------------------------------------------------------------ moderation (the console over HTTP, or a moderator's socket) */

  async function moderateQuestion(s: Session, questionId: string, action: Exclude<TQnaAction, 'upvote'>): Promise<TLiveQuestion> {
    const patch = { answer: { isAnswered: true }, reopen: { isAnswered: false }, hide: { isHidden: true }, unhide: { isHidden: false } }[action];
    const row = await repo.updateQuestion(s.id, questionId, patch);
    if (!row) throw liveErrors.questionNotFound();
    const [q] = await questions(s.eventId, [row]);
    broadcast(s, 'messageQNA', q!);
    return q!;
  }
  async function pushPoll(s: Session, pollId: string): Promise<TLivePoll> {
    const existing = await repo.poll(s.id, pollId);
    if (!existing) throw liveErrors.pollNotFound();
    if (existing.status === 'live') return onePoll(existing);
    if (existing.status === 'closed') throw liveErrors.pollClosed();
    const done = await repo.pushPoll(s.id, pollId, deps.now());
    if (!done) {
      const again = await repo.poll(s.id, pollId);
      if (again?.status === 'live') return onePoll(again);
      throw liveErrors.pollClosed();
    }
    for (const closed of await polls(done.closed)) broadcast(s, 'sessionPoll', closed);
    const poll = await onePoll(done.pushed);
    broadcast(s, 'sessionPoll', poll);
    return poll;
  }
  async function closePoll(s: Session, pollId: string): Promise<TLivePoll> {
    const existing = await repo.poll(s.id, pollId);
    if (!existing) throw liveErrors.pollNotFound();
    if (existing.status === 'draft') throw liveErrors.pollNotLive();
    if (existing.status === 'closed') return onePoll(existing);
    const row = (await repo.closePoll(s.id, pollId, deps.now())) ?? (await repo.poll(s.id, pollId))!;
    const poll = await onePoll(row);
    broadcast(s, 'sessionPoll', poll);
    return poll;
  }
  async function nowPlay(s: Session, isLive: boolean): Promise<TNowPlaying | null> {
    const targets = [deps.eventRoom(s.eventId), deps.organiserRoom(s.eventId), liveSessionRoom(s.id)];
    if (!isLive) {
      if (await repo.stopNowPlaying(s.eventId, s.id)) for (const r of targets) deps.toRoom(r, 'noLive', { sessionId: s.id, roomId: s.roomId });
      return null;
    }
    const { row, previous } = await repo.setNowPlaying({ eventId: s.eventId, roomKey: roomKeyOf(s), sessionId: s.id, organisationId: s.organisationId, since: deps.now() });
    if (previous) for (const r of [...targets.slice(0, 2), liveSessionRoom(previous)]) deps.toRoom(r, 'noLive', { sessionId: previous, roomId: s.roomId });
    const playing: TNowPlaying = { sessionId: s.id, roomId: s.roomId, title: s.title, since: row.since.toISOString() };
    for (const r of targets) deps.toRoom(r, 'sessionNowPlay', playing);
    return playing;
  }

  return {
    /* ------------------------------------------------------------ socket (participants) */

    /** `messageSession {sessionId, join}`: enters (or leaves) the session's room, only for a session of the actor's event. */
    async join(actor: ChatActor, sessionId: string, join: boolean, ctx: Pick<ChatSocketContext, 'join' | 'leave'>) {
      if (!join) {
        ctx.leave(liveSessionRoom(sessionId));
        return { sessionId, joined: false };
      }
      const s = await sessionOrThrow(actor.eventId, sessionId);
      ctx.join(liveSessionRoom(s.id));
      return { sessionId: s.id, joined: true };
    },

    /** `messageSession {sessionId, content}`: stored, then delivered to the session's room. A retried clientId answers the stored one. */
    async say(actor: ChatActor, input: { sessionId: string; content: string; clientId?: string }): Promise<TLiveMessage> {
      const s = await sessionOrThrow(actor.eventId, input.sessionId);
      if (isDangerousString(input.content)) throw liveErrors.dangerous();
      if (input.clientId) {
        const earlier = await repo.messageByClientId(s.id, actor.eventUserId, input.clientId);
        if (earlier) return (await messages(s.eventId, [earlier]))[0]!;
      }
      const row =
        (await repo.insertMessage({ id: deps.newId(), organisationId: s.organisationId, eventId: s.eventId, sessionId: s.id, fromEventUserId: actor.eventUserId, content: input.content, clientId: input.clientId ?? null, createdAt: deps.now() })) ??
        (await repo.messageByClientId(s.id, actor.eventUserId, input.clientId!));
      const [m] = await messages(s.eventId, [row!]);
      broadcast(s, 'messageSession', m!);
      return m!;
    },

    /** `messageQNA {sessionId, question}`: a new question, stored, then delivered to the room. */
    async ask(actor: ChatActor, input: { sessionId: string; question: string; clientId?: string }): Promise<TLiveQuestion> {
      const s = await sessionOrThrow(actor.eventId, input.sessionId);
      if (isDangerousString(input.question)) throw liveErrors.dangerous();
      if (input.clientId) {
        const earlier = await repo.questionByClientId(s.id, actor.eventUserId, input.clientId);
        if (earlier) return (await questions(s.eventId, [earlier]))[0]!;
      }
      const row =
        (await repo.insertQuestion({ id: deps.newId(), organisationId: s.organisationId, eventId: s.eventId, sessionId: s.id, fromEventUserId: actor.eventUserId, question: input.question, clientId: input.clientId ?? null, createdAt: deps.now() })) ??
        (await repo.questionByClientId(s.id, actor.eventUserId, input.clientId!));
      const [q] = await questions(s.eventId, [row!]);
      broadcast(s, 'messageQNA', q!);
      return q!;
    },

    /** `messageQNA {sessionId, questionId, action}`: an upvote toggles the actor's one vote; the rest are the moderator's. */
    async actOnQuestion(actor: ChatActor, input: { sessionId: string; questionId: string; action: TQnaAction }): Promise<TLiveQuestion & { isUpvotedByMe?: boolean }> {
      if (input.action !== 'upvote') return moderateQuestion(await moderatorSession(actor, input.sessionId), input.questionId, input.action);
      const s = await sessionOrThrow(actor.eventId, input.sessionId);
      const row = await repo.question(s.id, input.questionId);
      if (!row || row.isHidden) throw liveErrors.questionNotFound();
      if (row.fromEventUserId === actor.eventUserId) throw liveErrors.ownQuestion();
      const { question, isUpvoted } = await repo.toggleUpvote(row.id, actor.eventUserId);
      const [q] = await questions(s.eventId, [question]);
      broadcast(s, 'messageQNA', q!);
      return { ...q!, isUpvotedByMe: isUpvoted };
    },

    /** `sessionPoll`: a vote (once per person, while live), or a moderator's push / close. */
    async poll(actor: ChatActor, input: { sessionId: string; pollId: string; vote?: number; close?: true }): Promise<TLivePoll & { myVote?: number }> {
      if (input.vote === undefined) {
        const s = await moderatorSession(actor, input.sessionId);
        return input.close ? closePoll(s, input.pollId) : pushPoll(s, input.pollId);
      }
      const s = await sessionOrThrow(actor.eventId, input.sessionId);
      const row = await repo.poll(s.id, input.pollId);
      if (!row || row.status === 'draft') throw liveErrors.pollNotFound();
      if (input.vote >= row.options.length) throw liveErrors.badOption();
      const result = await repo.vote(row.id, actor.eventUserId, input.vote);
      if (result === 'again') throw liveErrors.alreadyVoted();
      if (result === 'notLive') throw liveErrors.pollNotLive();
      const poll = await onePoll(row);
      broadcast(s, 'sessionPoll', poll);
      return { ...poll, myVote: input.vote };
    },

    /** `sessionNowPlay`: a moderator marks the session now playing in its room, or ends it (`noLive`). */
    async nowPlay(actor: ChatActor, input: { sessionId: string; isLive: boolean }) {
      return { nowPlaying: await nowPlay(await moderatorSession(actor, input.sessionId), input.isLive) };
    },

    /* ------------------------------------------------------------ HTTP (participants) */

    async room(actor: ChatActor, sessionId: string): Promise<TLiveRoom> {
      const s = await sessionOrThrow(actor.eventId, sessionId);
      const [page, qs, mine, poll, moderator, playing] = await Promise.all([
        history(s, undefined),
        repo.questions(s.id, false),
        repo.myUpvotes(s.id, actor.eventUserId),
        repo.audiencePoll(s.id),
        isModerator(actor, s),
        nowPlayingOfSession(s),
      ]);
      return {
        session: card(s),
        me: { eventUserId: actor.eventUserId, isModerator: moderator },
        history: page,
        questions: await questions(s.eventId, qs),
        myUpvotes: mine,
        poll: poll ? await onePoll(poll) : null,
        myVote: poll ? await repo.myVote(poll.id, actor.eventUserId) : null,
        nowPlaying: playing,
      };
    },
    async history(actor: ChatActor, sessionId: string, q: { before?: string; limit?: number }): Promise<TLiveHistory> {
      return history(await sessionOrThrow(actor.eventId, sessionId), q.before, q.limit);
    },
    async nowPlaying(actor: ChatActor): Promise<TNowPlayingList> {
      return { items: await nowPlayingOf(actor.eventId, await repo.nowPlaying(actor.eventId)) };
    },

    /* ------------------------------------------------------------ HTTP (the organiser's moderator console) */

    async console(caller: AuthUser, organisationId: string, eventId: string, sessionId: string): Promise<TLiveConsole> {
      const s = await organiserSession(caller, organisationId, eventId, sessionId);
      const [page, qs, ps, playing] = await Promise.all([history(s, undefined), repo.questions(s.id, true), repo.polls(s.id), nowPlayingOfSession(s)]);
      return { session: card(s), history: page, questions: await questions(eventId, qs), polls: await polls(ps), nowPlaying: playing };
    },
    async questionAction(caller: AuthUser, organisationId: string, eventId: string, sessionId: string, questionId: string, action: Exclude<TQnaAction, 'upvote'>) {
      return moderateQuestion(await organiserSession(caller, organisationId, eventId, sessionId), questionId, action);
    },
    async createPoll(caller: AuthUser, organisationId: string, eventId: string, sessionId: string, input: TPollInput): Promise<TLivePoll> {
      const s = await organiserSession(caller, organisationId, eventId, sessionId);
      if ([input.question, ...input.options].some((x) => isDangerousString(x))) throw liveErrors.dangerous();
      return onePoll(await repo.insertPoll({ id: deps.newId(), organisationId, eventId, sessionId: s.id, question: input.question, options: input.options, status: 'draft', createdAt: deps.now() }));
    },
    async pushPoll(caller: AuthUser, organisationId: string, eventId: string, sessionId: string, pollId: string) {
      return pushPoll(await organiserSession(caller, organisationId, eventId, sessionId), pollId);
    },
    async closePoll(caller: AuthUser, organisationId: string, eventId: string, sessionId: string, pollId: string) {
      return closePoll(await organiserSession(caller, organisationId, eventId, sessionId), pollId);
    },
    async setNowPlaying(caller: AuthUser, organisationId: string, eventId: string, sessionId: string, isLive: boolean) {
      return { nowPlaying: await nowPlay(await organiserSession(caller, organisationId, eventId, sessionId), isLive) };
    },
    async report(caller: AuthUser, organisationId: string, eventId: string): Promise<TLiveReport> {
      await deps.assertEvent(caller, organisationId, eventId);
      const [sessions, counts] = await Promise.all([deps.sessionsOf(eventId), repo.report(eventId)]);
      const zero = { messages: 0, questions: 0, upvotes: 0, polls: 0, pollVotes: 0 };
      return { items: sessions.map((s) => ({ sessionId: s.id, title: s.title, ...(counts.get(s.id) ?? zero) })) };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
