import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZDirectoryPage,
  ZDirectoryQuery,
  ZMatches,
  ZMatchProfile,
  ZMatchProfileInput,
  ZMeeting,
  ZMeetingActionInput,
  ZMeetingListQuery,
  ZMeetingPage,
  ZMeetingParams,
  ZMeetingProposalInput,
  ZProposalAnswerInput,
  ZProposalParams,
  ZMeetingRequest,
  ZMeetingSchedule,
  ZMeetingSettings,
  ZMeetingSettingsInput,
  ZMeetingsEventParams,
  ZMyMeetings,
  ZOrgParticipants,
  ZOrgParticipantsQuery,
  ZSlots,
  ZSlotsQuery,
} from './meetings.schemas.ts';

const tags = ['meetings'];
const ev = '/api/eventservices/events/:eventId';
const org = { auth: 'organiser', tags } as const;
const user = { auth: 'user', tags } as const;

/**
 * Networking, matchmaking and meetings (issue 18), under SPEC §7's `eventservices/` prefix.
 *
 * Organiser routes (404 for another organisation's event) use the SPEC §2.7 meeting codes: Meeting Slots AP-447 (view)
 * and AP-448 (edit) for the hours, slot length and lounge tables; Meetings AP-437 (view, the Meetings report tab),
 * Scheduled Meetings AP-445 (the Scheduled Meetings tab), Meetings AP-438 (create: schedule on behalf of both sides)
 * and AP-439 (edit: accept, decline, cancel or complete on someone's behalf).
 *
 * Participant routes need the `ei/{eventId}` sign-in of this event (403 MEETINGS_NOT_PARTICIPANT otherwise); the
 * directory is the Networking tab's data and is refused as the portal refuses the tab. A meeting that would put a
 * person, a lounge table or a booth in two meetings of one slot answers 409 (MEETING_PERSON_BUSY, MEETING_NO_TABLE,
 * MEETING_BOOTH_TAKEN, saying which); an action the meeting's status does not allow answers 409
 * MEETING_INVALID_TRANSITION naming the allowed actions.
 *
 * Rescheduling: either side proposes a new slot (`proposal`), which holds it for both people and the table or booth
 * under the same rules and 409s as a request, and MEETING_PROPOSAL_OPEN while another proposal waits; the other side
 * accepts (the meeting moves, its old slot is freed) or declines (it keeps its slot and status), the proposer may
 * withdraw; an answer the proposal's state or the caller's side does not allow is 409 MEETING_INVALID_TRANSITION naming
 * the allowed answers. The organiser moves a meeting for both sides at once (`organiserReschedule`, AP-439).
 */
export const meetingsRoutes = defineRoutes({
  settings: { ...org, method: 'GET', path: `${ev}/meetings/settings`, access: 'AP-447', params: ZMeetingsEventParams, response: ZMeetingSettings },
  saveSettings: { ...org, method: 'PUT', path: `${ev}/meetings/settings`, access: 'AP-448', params: ZMeetingsEventParams, body: ZMeetingSettingsInput, response: ZMeetingSettings },
  /** The Meetings report tab (all meetings, filters); `scheduled=true` is the Scheduled Meetings tab (access AP-437). */
  list: { ...org, method: 'GET', path: `${ev}/meetings`, access: 'AP-437', params: ZMeetingsEventParams, query: ZMeetingListQuery, response: ZMeetingPage },
  schedule: { ...org, method: 'POST', path: `${ev}/meetings`, access: 'AP-438', params: ZMeetingsEventParams, body: ZMeetingSchedule, status: 201, response: ZMeeting },
  /** The participant picker of scheduling on behalf (AP-438): the event's participations whose name has `q`, 50 at most. */
  participants: { ...org, method: 'GET', path: `${ev}/meetings/participants`, access: 'AP-438', params: ZMeetingsEventParams, query: ZOrgParticipantsQuery, response: ZOrgParticipants },
  organiserAction: { ...org, method: 'POST', path: `${ev}/meetings/:meetingId/status`, access: 'AP-439', params: ZMeetingParams, body: ZMeetingActionInput, response: ZMeeting },
  /** Moves a meeting to another slot on behalf of both sides (no answer needed; both are told). */
  organiserReschedule: { ...org, method: 'PUT', path: `${ev}/meetings/:meetingId/slot`, access: 'AP-439', params: ZMeetingParams, body: ZMeetingProposalInput, response: ZMeeting },

  /** The Networking tab: people who chose to appear in the directory, filtered and paged (SPEC §9 page size 10). */
  directory: { method: 'GET', path: `${ev}/networking/directory`, auth: 'public', tags, params: ZMeetingsEventParams, query: ZDirectoryQuery, response: ZDirectoryPage },

  /** mm/{eventId-eventUserId}: my matchmaking profile (made from my profile's interests until I save it). */
  myMatchProfile: { ...user, method: 'GET', path: `${ev}/matchmaking/me`, params: ZMeetingsEventParams, response: ZMatchProfile },
  saveMatchProfile: { ...user, method: 'PUT', path: `${ev}/matchmaking/me`, params: ZMeetingsEventParams, body: ZMatchProfileInput, response: ZMatchProfile },
  /** My top 20 matches, each explained. */
  matches: { ...user, method: 'GET', path: `${ev}/matchmaking/matches`, params: ZMeetingsEventParams, response: ZMatches },

  /** The slots of the meeting hours, each marked free when both the caller and `with` are free. */
  slots: { ...user, method: 'GET', path: `${ev}/meetings/slots`, params: ZMeetingsEventParams, query: ZSlotsQuery, response: ZSlots },
  mine: { ...user, method: 'GET', path: `${ev}/meetings/mine`, params: ZMeetingsEventParams, response: ZMyMeetings },
  request: { ...user, method: 'POST', path: `${ev}/meetings/requests`, params: ZMeetingsEventParams, body: ZMeetingRequest, status: 201, response: ZMeeting },
  action: { ...user, method: 'POST', path: `${ev}/meetings/mine/:meetingId/status`, params: ZMeetingParams, body: ZMeetingActionInput, response: ZMeeting },
  /** Proposes a new time for my meeting (the other side is asked; the new slot is held meanwhile). */
  propose: { ...user, method: 'POST', path: `${ev}/meetings/mine/:meetingId/proposals`, params: ZMeetingParams, body: ZMeetingProposalInput, status: 201, response: ZMeeting },
  /** Accepts or declines the other side's proposal, or withdraws my own. */
  answerProposal: { ...user, method: 'POST', path: `${ev}/meetings/mine/:meetingId/proposals/:proposalId/answer`, params: ZProposalParams, body: ZProposalAnswerInput, response: ZMeeting },
  /** My accepted and pending meetings as one iCalendar file (UTC times). */
  myMeetingsIcs: { ...user, method: 'GET', path: `${ev}/meetings/mine/calendar.ics`, params: ZMeetingsEventParams, response: fileResponse('text/calendar') },
});
