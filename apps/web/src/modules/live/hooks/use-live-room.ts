import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TChatAck } from '@pavilion/domain/chat/chat.schemas';
import type { TLiveMessage, TLivePoll, TLiveQuestion, TLiveRoom, TNowPlaying } from '@pavilion/domain/live/live.schemas';
import { useParticipantSocket } from '../../chat/index.ts';
import { liveApi, liveKeys } from '../api/live-api.ts';

/** Questions as the room shows them: open ones by votes (then oldest first), answered ones after. */
export function sortQuestions(qs: TLiveQuestion[]): TLiveQuestion[] {
  return [...qs].sort((a, b) => Number(a.isAnswered) - Number(b.isAnswered) || b.upvotes - a.upvotes || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** A delivered or acknowledged question joins (or replaces) its place; a hidden one leaves the audience's list. */
export function upsertQuestion(list: TLiveQuestion[], q: TLiveQuestion, keepHidden = false): TLiveQuestion[] {
  const rest = list.filter((x) => x.id !== q.id);
  return sortQuestions(q.isHidden && !keepHidden ? rest : [...rest, q]);
}

/** A message joins the chat once (the client removes duplicates by message id). */
export function addLiveMessage(list: TLiveMessage[], m: TLiveMessage): TLiveMessage[] {
  return list.some((x) => x.id === m.id) ? list : [...list, m];
}

function patchRoom(qc: QueryClient, eventId: string, sessionId: string, fn: (r: TLiveRoom) => TLiveRoom) {
  qc.setQueryData<TLiveRoom>(liveKeys.room(eventId, sessionId), (old) => (old ? fn(old) : old));
}

let seq = 0;
const clientId = () => `${Date.now().toString(36)}-${(++seq).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * A participant's live room of one session: its state from `GET …/live`, kept current by the shared participant
 * socket (messageSession, messageQNA, sessionPoll, sessionNowPlay, noLive). The socket joins the session's room on
 * each (re)connect and the state is read again then, so nothing sent while offline is missed.
 */
export function useLiveRoom(eventId: string, sessionId: string, me: string | null) {
  const qc = useQueryClient();
  const socket = useParticipantSocket(eventId, me);
  const key = liveKeys.room(eventId, sessionId);
  const room = useQuery({ queryKey: key, queryFn: ({ signal }) => liveApi.room(eventId, sessionId, signal), enabled: !!me, retry: false });
  const [older, setOlder] = useState<{ messages: TLiveMessage[]; hasMore: boolean | null }>({ messages: [], hasMore: null });
  const { emit, on, isConnected } = socket;

  useEffect(() => setOlder({ messages: [], hasMore: null }), [sessionId]);

  useEffect(() => {
    if (!isConnected) return;
    void emit('messageSession', { sessionId, join: true }).then((ack) => {
      if (ack.ok) void qc.invalidateQueries({ queryKey: liveKeys.room(eventId, sessionId) });
    });
    return () => void emit('messageSession', { sessionId, join: false });
  }, [isConnected, emit, sessionId, eventId, qc]);

  useEffect(() => {
    const offs = [
      on('messageSession', (m) => m.sessionId === sessionId && patchRoom(qc, eventId, sessionId, (r) => ({ ...r, history: { ...r.history, messages: addLiveMessage(r.history.messages, m) } }))),
      on('messageQNA', (q) => q.sessionId === sessionId && patchRoom(qc, eventId, sessionId, (r) => ({ ...r, questions: upsertQuestion(r.questions, q) }))),
      on('sessionPoll', (p) =>
        p.sessionId === sessionId &&
        patchRoom(qc, eventId, sessionId, (r) => {
          // Another poll pushed replaces this one; a closed one stays shown with its results unless a newer one is live.
          if (r.poll && r.poll.pollId !== p.pollId && p.status === 'closed') return r;
          return { ...r, poll: p, myVote: r.poll?.pollId === p.pollId ? r.myVote : null };
        }),
      ),
      on('sessionNowPlay', (np) => {
        void qc.invalidateQueries({ queryKey: liveKeys.nowPlaying(eventId) });
        patchRoom(qc, eventId, sessionId, (r) => ({ ...r, nowPlaying: np.sessionId === sessionId ? np : r.nowPlaying?.roomId === np.roomId ? null : r.nowPlaying }));
      }),
      on('noLive', (x) => {
        void qc.invalidateQueries({ queryKey: liveKeys.nowPlaying(eventId) });
        if (x.sessionId === sessionId) patchRoom(qc, eventId, sessionId, (r) => ({ ...r, nowPlaying: null }));
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [on, qc, eventId, sessionId]);

  const loadOlder = useCallback(async () => {
    const first = older.messages[0] ?? room.data?.history.messages[0];
    if (!first) return;
    const page = await liveApi.history(eventId, sessionId, first.id);
    setOlder((o) => ({ messages: [...page.messages, ...o.messages], hasMore: page.hasMore }));
  }, [older.messages, room.data, eventId, sessionId]);

  const say = useCallback(
    async (content: string): Promise<TChatAck<TLiveMessage>> => {
      const ack = await emit<TLiveMessage>('messageSession', { sessionId, content, clientId: clientId() });
      if (ack.ok && ack.data) patchRoom(qc, eventId, sessionId, (r) => ({ ...r, history: { ...r.history, messages: addLiveMessage(r.history.messages, ack.data!) } }));
      return ack;
    },
    [emit, qc, eventId, sessionId],
  );
  const ask = useCallback(
    async (question: string): Promise<TChatAck<TLiveQuestion>> => {
      const ack = await emit<TLiveQuestion>('messageQNA', { sessionId, question, clientId: clientId() });
      if (ack.ok && ack.data) patchRoom(qc, eventId, sessionId, (r) => ({ ...r, questions: upsertQuestion(r.questions, ack.data!) }));
      return ack;
    },
    [emit, qc, eventId, sessionId],
  );
  const act = useCallback(
    async (questionId: string, action: 'upvote' | 'answer' | 'reopen' | 'hide' | 'unhide') => {
      const ack = await emit<TLiveQuestion & { isUpvotedByMe?: boolean }>('messageQNA', { sessionId, questionId, action });
      if (ack.ok && ack.data) {
        const { isUpvotedByMe, ...q } = ack.data;
        patchRoom(qc, eventId, sessionId, (r) => ({
          ...r,
          questions: upsertQuestion(r.questions, q),
          myUpvotes: isUpvotedByMe === undefined ? r.myUpvotes : isUpvotedByMe ? [...new Set([...r.myUpvotes, q.id])] : r.myUpvotes.filter((x) => x !== q.id),
        }));
      }
      return ack;
    },
    [emit, qc, eventId, sessionId],
  );
  const vote = useCallback(
    async (pollId: string, option: number) => {
      const ack = await emit<TLivePoll & { myVote: number }>('sessionPoll', { sessionId, pollId, vote: option });
      if (ack.ok && ack.data) {
        const { myVote, ...poll } = ack.data;
        patchRoom(qc, eventId, sessionId, (r) => ({ ...r, poll, myVote }));
      } else if (!ack.ok && ack.code === 'LIVE_ALREADY_VOTED') void qc.invalidateQueries({ queryKey: key });
      return ack;
    },
    [emit, qc, eventId, sessionId, key],
  );

  const messages = [...older.messages, ...(room.data?.history.messages ?? [])];
  const hasMore = older.hasMore ?? room.data?.history.hasMore ?? false;
  return { room, socket, messages, hasMore, loadOlder, say, ask, act, vote };
}

/**
 * The sessions now playing in the event (the Auditorium follows them live: sessionNowPlay and noLive re-read the list).
 * Null ids (not signed in to this event) read nothing.
 */
export function useNowPlaying(eventId: string, me: string | null): { items: TNowPlaying[]; isPending: boolean } {
  const qc = useQueryClient();
  const { on, onReconnect } = useParticipantSocket(eventId, me);
  const list = useQuery({ queryKey: liveKeys.nowPlaying(eventId), queryFn: ({ signal }) => liveApi.nowPlaying(eventId, signal), enabled: !!me, retry: false });
  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: liveKeys.nowPlaying(eventId) });
    const offs = [on('sessionNowPlay', refresh), on('noLive', refresh), onReconnect(refresh)];
    return () => offs.forEach((off) => off());
  }, [on, onReconnect, qc, eventId]);
  return { items: list.data?.items ?? [], isPending: !!me && list.isPending };
}
