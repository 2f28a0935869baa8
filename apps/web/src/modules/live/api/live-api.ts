import type { TPollInput } from '@pavilion/domain/live/live.schemas';
import { api } from '../../../app/api-client.ts';

const EV = '/api/chatservices/api/events/:eventId';

/** The live module's one query-key factory. */
export const liveKeys = {
  all: ['live'] as const,
  event: (eventId: string) => [...liveKeys.all, eventId] as const,
  room: (eventId: string, sessionId: string) => [...liveKeys.event(eventId), 'room', sessionId] as const,
  history: (eventId: string, sessionId: string) => [...liveKeys.event(eventId), 'history', sessionId] as const,
  nowPlaying: (eventId: string) => [...liveKeys.event(eventId), 'now-playing'] as const,
  console: (eventId: string, sessionId: string) => [...liveKeys.event(eventId), 'console', sessionId] as const,
  report: (eventId: string) => [...liveKeys.event(eventId), 'report'] as const,
};

/** The participant's reads; what they say and vote travels on the /chatservices socket. */
export const liveApi = {
  room: (eventId: string, sessionId: string, signal?: AbortSignal) => api.call(`GET ${EV}/sessions/:sessionId/live`, { params: { eventId, sessionId }, signal }),
  history: (eventId: string, sessionId: string, before: string, signal?: AbortSignal) => api.call(`GET ${EV}/sessions/:sessionId/live/messages`, { params: { eventId, sessionId }, query: { before }, signal }),
  nowPlaying: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/live/now-playing`, { params: { eventId }, signal }),
};

/** The organiser's moderator console. */
export const liveOrgApi = {
  console: (eventId: string, sessionId: string, signal?: AbortSignal) => api.call(`GET ${EV}/sessions/:sessionId/console`, { params: { eventId, sessionId }, signal }),
  questionAction: (eventId: string, sessionId: string, questionId: string, action: 'answer' | 'reopen' | 'hide' | 'unhide') =>
    api.call(`POST ${EV}/sessions/:sessionId/console/questions/:questionId`, { params: { eventId, sessionId, questionId }, body: { action } }),
  createPoll: (eventId: string, sessionId: string, body: TPollInput) => api.call(`POST ${EV}/sessions/:sessionId/console/polls`, { params: { eventId, sessionId }, body }),
  pushPoll: (eventId: string, sessionId: string, pollId: string) => api.call(`POST ${EV}/sessions/:sessionId/console/polls/:pollId/push`, { params: { eventId, sessionId, pollId } }),
  closePoll: (eventId: string, sessionId: string, pollId: string) => api.call(`POST ${EV}/sessions/:sessionId/console/polls/:pollId/close`, { params: { eventId, sessionId, pollId } }),
  setNowPlaying: (eventId: string, sessionId: string, isLive: boolean) => api.call(`PUT ${EV}/sessions/:sessionId/console/now-playing`, { params: { eventId, sessionId }, body: { isLive } }),
  report: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/live/report`, { params: { eventId }, signal }),
  /** The event's sessions to pick from (the programme's organiser read, AP-300). */
  programme: (eventId: string, signal?: AbortSignal) => api.call('GET /api/scheduleservices/api/events/:eventId/programme', { params: { eventId }, signal }),
};
