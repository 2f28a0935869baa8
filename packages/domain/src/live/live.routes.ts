import { defineRoutes } from '../common/route-contract.ts';
import {
  ZLiveConsole,
  ZLiveEventParams,
  ZLiveHistory,
  ZLiveHistoryQuery,
  ZLivePoll,
  ZLivePollParams,
  ZLiveQuestion,
  ZLiveQuestionParams,
  ZLiveReport,
  ZLiveRoom,
  ZLiveSessionParams,
  ZNowPlaying,
  ZNowPlayingInput,
  ZNowPlayingList,
  ZPollInput,
  ZQuestionActionInput,
} from './live.schemas.ts';
import { z } from 'zod';

const tags = ['live'];
const ev = '/api/chatservices/api/events/:eventId';
const user = { auth: 'user', tags } as const;
const org = { auth: 'organiser', tags } as const;

/**
 * The live session room (issue 17) over HTTP; what is said and voted travels on the /chatservices socket
 * (`messageSession`, `messageQNA`, `sessionPoll`, `sessionNowPlay`).
 *
 * Participant routes need the `ei/{eventId}` sign-in of this event (403 LIVE_NOT_PARTICIPANT otherwise); a session
 * that is not this event's answers 404 LIVE_SESSION_NOT_FOUND.
 *
 * Organiser routes (the moderator console) are scoped to the caller's organisation (another organisation's event
 * answers 404) and use the sessions codes of SPEC §2.7: AP-300 (view sessions) to read, AP-302 (edit sessions) to
 * moderate: answer or hide questions, create, push and close polls, set the session now playing.
 */
export const liveRoutes = defineRoutes({
  room: { ...user, method: 'GET', path: `${ev}/sessions/:sessionId/live`, params: ZLiveSessionParams, response: ZLiveRoom },
  /** The session chat, newest page first (`before` = the oldest message id already shown). */
  history: { ...user, method: 'GET', path: `${ev}/sessions/:sessionId/live/messages`, params: ZLiveSessionParams, query: ZLiveHistoryQuery, response: ZLiveHistory },
  /** The sessions now playing in the event's rooms (the attendee's Auditorium). */
  nowPlaying: { ...user, method: 'GET', path: `${ev}/live/now-playing`, params: ZLiveEventParams, response: ZNowPlayingList },

  console: { ...org, method: 'GET', path: `${ev}/sessions/:sessionId/console`, access: 'AP-300', params: ZLiveSessionParams, response: ZLiveConsole },
  questionAction: { ...org, method: 'POST', path: `${ev}/sessions/:sessionId/console/questions/:questionId`, access: 'AP-302', params: ZLiveQuestionParams, body: ZQuestionActionInput, response: ZLiveQuestion },
  createPoll: { ...org, method: 'POST', path: `${ev}/sessions/:sessionId/console/polls`, access: 'AP-302', params: ZLiveSessionParams, body: ZPollInput, status: 201, response: ZLivePoll },
  pushPoll: { ...org, method: 'POST', path: `${ev}/sessions/:sessionId/console/polls/:pollId/push`, access: 'AP-302', params: ZLivePollParams, response: ZLivePoll },
  closePoll: { ...org, method: 'POST', path: `${ev}/sessions/:sessionId/console/polls/:pollId/close`, access: 'AP-302', params: ZLivePollParams, response: ZLivePoll },
  /** `isLive: true` makes this session the one playing in its room (replacing another); false ends it (`noLive`). */
  setNowPlaying: { ...org, method: 'PUT', path: `${ev}/sessions/:sessionId/console/now-playing`, access: 'AP-302', params: ZLiveSessionParams, body: ZNowPlayingInput, response: z.object({ nowPlaying: ZNowPlaying.nullable() }) },
  /** Host report: per session, chat messages, questions, upvotes, polls and poll votes. */
  report: { ...org, method: 'GET', path: `${ev}/live/report`, access: 'AP-300', params: ZLiveEventParams, response: ZLiveReport },
});
