import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import {
  ZAgendaQuery,
  ZCalendarFeedQuery,
  ZScheduleFeed,
  ZBookingResult,
  ZBookmarkResult,
  ZApproveSessionRequest,
  ZDisapproveSessionRequest,
  ZMySessionRequests,
  ZOrgSessionRequest,
  ZOrgSessionRequests,
  ZSessionRequest,
  ZSessionRequestInput,
  ZSessionRequestParams,
  ZSessionRequestExportQuery,
  ZProgrammeDeleted,
  ZProgramme,
  ZProgrammePublished,
  ZProgrammeEventParams,
  ZProgrammeItemParams,
  ZProgrammeSessionParams,
  ZRoom,
  ZRoomList,
  ZRoomInput,
  ZSchedule,
  ZSession,
  ZSessionInput,
  ZSpeaker,
  ZSpeakerInput,
  ZSpeakerList,
  ZSpeakerListing,
  ZMySpeakerProfile,
  ZMySpeakerProfileInput,
  ZMySpeakerStatus,
  ZSpeakerInvitation,
  ZSpeakerPhotoParams,
  ZSpeakerPhotoUpload,
  ZTrack,
  ZTrackInput,
  ZTrackList,
} from './programme.schemas.ts';
import { ZScheduleSessionsReport } from './session-attendance.schemas.ts';
import { ZReportRangeQuery } from '../analytics/overview.schemas.ts';

const tags = ['programme'];
const ev = '/api/scheduleservices/api/events/:eventId';
const org = { auth: 'organiser', tags } as const;

/**
 * The programme (issue 16), under SPEC §7's `scheduleservices/api/` prefix.
 *
 * Organiser routes are scoped to the caller's organisation and item scope (another organisation's event or item
 * answers 404) and gated by the SPEC §2.7 codes: rooms AP-328..331 (Auditoriums), tracks AP-307..310, speakers
 * AP-335..338, sessions AP-300..303 (view, create, edit, delete). A session that puts a speaker or a room in two
 * places at once answers 409 PROGRAMME_SPEAKER_CLASH / PROGRAMME_ROOM_CLASH, naming the clashing session.
 *
 * Attendee routes: the Schedule (`session-list`) and Speakers (`speaker-listing`) tabs' data, each refused as the
 * portal refuses the tab (404/401/403). Booking needs a participant signed in to this event through `ei/{eventId}`
 * (403 PROGRAMME_NOT_PARTICIPANT otherwise); a full session puts the caller on its waitlist, in arrival order, and a
 * cancelled seat goes to the first on the waitlist.
 */
export const programmeRoutes = defineRoutes({
  programme: { ...org, method: 'GET', path: `${ev}/programme`, access: 'AP-300', params: ZProgrammeEventParams, response: ZProgramme },

  /** Each list below has its tab's view code, so a role with only that tab reads it (the programme above needs AP-300). */
  listRooms: { ...org, method: 'GET', path: `${ev}/rooms`, access: 'AP-328', params: ZProgrammeEventParams, response: ZRoomList },
  createRoom: { ...org, method: 'POST', path: `${ev}/rooms`, access: 'AP-329', params: ZProgrammeEventParams, body: ZRoomInput, status: 201, response: ZRoom },
  updateRoom: { ...org, method: 'PUT', path: `${ev}/rooms/:id`, access: 'AP-330', params: ZProgrammeItemParams, body: ZRoomInput, response: ZRoom },
  /**
   * A deletion is the organiser's draft: attendees keep the room until the publish, which removes it; refused with 409
   * PROGRAMME_ROOM_IN_USE while a session of the draft is in it. `restoreRoom` undoes it before the publish.
   */
  deleteRoom: { ...org, method: 'DELETE', path: `${ev}/rooms/:id`, access: 'AP-331', params: ZProgrammeItemParams, response: ZProgrammeDeleted },
  restoreRoom: { ...org, method: 'POST', path: `${ev}/rooms/:id/restore`, access: 'AP-331', params: ZProgrammeItemParams, response: ZRoom },

  listTracks: { ...org, method: 'GET', path: `${ev}/tracks`, access: 'AP-307', params: ZProgrammeEventParams, response: ZTrackList },
  createTrack: { ...org, method: 'POST', path: `${ev}/tracks`, access: 'AP-308', params: ZProgrammeEventParams, body: ZTrackInput, status: 201, response: ZTrack },
  updateTrack: { ...org, method: 'PUT', path: `${ev}/tracks/:id`, access: 'AP-309', params: ZProgrammeItemParams, body: ZTrackInput, response: ZTrack },
  /** As a room's: a draft deletion (409 PROGRAMME_TRACK_IN_USE while a session of the draft has the track), undone by `restoreTrack`. */
  deleteTrack: { ...org, method: 'DELETE', path: `${ev}/tracks/:id`, access: 'AP-310', params: ZProgrammeItemParams, response: ZProgrammeDeleted },
  restoreTrack: { ...org, method: 'POST', path: `${ev}/tracks/:id/restore`, access: 'AP-310', params: ZProgrammeItemParams, response: ZTrack },

  listSpeakers: { ...org, method: 'GET', path: `${ev}/speakers`, access: 'AP-335', params: ZProgrammeEventParams, response: ZSpeakerList },
  createSpeaker: { ...org, method: 'POST', path: `${ev}/speakers`, access: 'AP-336', params: ZProgrammeEventParams, body: ZSpeakerInput, status: 201, response: ZSpeaker },
  updateSpeaker: { ...org, method: 'PUT', path: `${ev}/speakers/:id`, access: 'AP-337', params: ZProgrammeItemParams, body: ZSpeakerInput, response: ZSpeaker },
  deleteSpeaker: { ...org, method: 'DELETE', path: `${ev}/speakers/:id`, access: 'AP-338', params: ZProgrammeItemParams, response: ZProgrammeDeleted },
  /** The speaker's photo (SPEC §5 image types, bytes of that type, ≤ 2 MB: 400 `fileTypeNotAllowed` / `fileContentMismatch` / `fileTooLarge` on `dataBase64`). */
  uploadSpeakerPhoto: { ...org, method: 'PUT', path: `${ev}/speakers/:id/photo`, access: 'AP-337', params: ZProgrammeItemParams, body: ZSpeakerPhotoUpload, response: ZSpeaker },
  /** Removes the speaker's photo (the stored image goes with it: its URL answers 404); no photo to remove is fine. */
  removeSpeakerPhoto: { ...org, method: 'DELETE', path: `${ev}/speakers/:id/photo`, access: 'AP-337', params: ZProgrammeItemParams, response: ZSpeaker },
  /**
   * Invites the speaker (SPEC §3.1 user type 5) by mail: their account (made when none has the speaker's email; an
   * organiser team account is refused 409 PROGRAMME_SPEAKER_TEAM_ACCOUNT), a participant of the event, linked to the
   * speaker, mailed a one-time expiring `adl` sign-in link to "My speaker profile". 400 `required` on `email` without one.
   */
  inviteSpeaker: { ...org, method: 'POST', path: `${ev}/speakers/:id/invitation`, access: 'AP-337', params: ZProgrammeItemParams, status: 201, response: ZSpeakerInvitation },
  /** A speaker's photo by its unguessable id (an <img> sends no bearer), cached for good: an id never changes its bytes. */
  speakerPhoto: { method: 'GET', path: '/api/scheduleservices/api/public/speaker-photos/:photoId', auth: 'public', tags, params: ZSpeakerPhotoParams, response: fileResponse('image/*') },

  /**
   * "My speaker profile" (the speaker signed in to the event through their invitation's link or `ei/{eventId}`): the
   * speaker record linked to their account in this event and its sessions; they confirm it and edit their title,
   * company, bio, links and photo. 403 PROGRAMME_NOT_PARTICIPANT without the event's access; 404 PROGRAMME_NOT_SPEAKER
   * when their account is no speaker of this event.
   */
  mySpeakerProfile: { method: 'GET', path: `${ev}/my-speaker-profile`, auth: 'user', tags, params: ZProgrammeEventParams, response: ZMySpeakerProfile },
  updateMySpeakerProfile: { method: 'PUT', path: `${ev}/my-speaker-profile`, auth: 'user', tags, params: ZProgrammeEventParams, body: ZMySpeakerProfileInput, response: ZMySpeakerProfile },
  confirmMySpeakerProfile: { method: 'POST', path: `${ev}/my-speaker-profile/confirm`, auth: 'user', tags, params: ZProgrammeEventParams, response: ZMySpeakerProfile },
  uploadMySpeakerPhoto: { method: 'PUT', path: `${ev}/my-speaker-profile/photo`, auth: 'user', tags, params: ZProgrammeEventParams, body: ZSpeakerPhotoUpload, response: ZMySpeakerProfile },
  removeMySpeakerPhoto: { method: 'DELETE', path: `${ev}/my-speaker-profile/photo`, auth: 'user', tags, params: ZProgrammeEventParams, response: ZMySpeakerProfile },
  /**
   * Whether the signed-in account is a speaker of this event, whatever its participant type (an attendee later invited
   * as a speaker keeps that type): the participant home shows "My speaker profile" by it. 403 PROGRAMME_NOT_PARTICIPANT
   * without the event's access.
   */
  mySpeakerStatus: { method: 'GET', path: `${ev}/my-speaker-profile/status`, auth: 'user', tags, params: ZProgrammeEventParams, response: ZMySpeakerStatus },

  /** 400 `timeCampare` on `end` when it is not after `start`; `unknownRoom`/`unknownTrack`/`unknownSpeaker` by field. */
  createSession: { ...org, method: 'POST', path: `${ev}/sessions`, access: 'AP-301', params: ZProgrammeEventParams, body: ZSessionInput, status: 201, response: ZSession },
  updateSession: { ...org, method: 'PUT', path: `${ev}/sessions/:id`, access: 'AP-302', params: ZProgrammeItemParams, body: ZSessionInput, response: ZSession },
  /** Deletes the session in the draft: attendees see it until the next publish (which tells its bookers it is cancelled). */
  deleteSession: { ...org, method: 'DELETE', path: `${ev}/sessions/:id`, access: 'AP-303', params: ZProgrammeItemParams, response: ZProgrammeDeleted },
  /**
   * Undoes a session's draft deletion before the publish (the delete code). 409 PROGRAMME_SESSION_DELETION_PUBLISHED once
   * a publish removed it; 409 PROGRAMME_ROOM_CLASH / PROGRAMME_SPEAKER_CLASH when its slot was taken meanwhile;
   * 409 PROGRAMME_RESTORE_BLOCKED while its room or track is deleted in the draft.
   */
  restoreSession: { ...org, method: 'POST', path: `${ev}/sessions/:id/restore`, access: 'AP-303', params: ZProgrammeItemParams, response: ZSession },
  /**
   * Versioned publishing: moves (time, room) and deletions are the organiser's draft until this publishes them as the
   * next version (AP-302, sessions edit). Everyone who booked, is waitlisted on or starred a moved or cancelled session
   * gets one inbox notice (SESSION_UPDATED) and a mail per session and version. 409 PROGRAMME_NOTHING_TO_PUBLISH.
   */
  publishProgramme: { ...org, method: 'POST', path: `${ev}/programme/publish`, access: 'AP-302', params: ZProgrammeEventParams, response: ZProgrammePublished },

  /**
   * The host report tab "Schedule Sessions" (SPEC §2.6, analytics type Schedule 11; T-199 Session Reports: view
   * AP-730): per session starting in the SPEC §9 range, people counted at its room's door, seats booked, capacity.
   */
  scheduleSessionsReport: { ...org, method: 'GET', path: `${ev}/reports/schedule-sessions`, access: 'AP-730', params: ZProgrammeEventParams, query: ZReportRangeQuery, response: ZScheduleSessionsReport },

  /** The Schedule tab (`session-list`) with the caller's own bookings. */
  schedule: { method: 'GET', path: `${ev}/schedule`, auth: 'public', tags, params: ZProgrammeEventParams, response: ZSchedule },
  /** The Agenda tab (`event-agenda`) and, with `from=portal`, the web portal's Agenda: the programme, read-only, under that tab's or entry's rules. */
  agenda: { method: 'GET', path: `${ev}/agenda`, auth: 'public', tags, params: ZProgrammeEventParams, query: ZAgendaQuery, response: ZSchedule },
  /** The Speakers tab (`speaker-listing`). */
  speakers: { method: 'GET', path: `${ev}/speaker-listing`, auth: 'public', tags, params: ZProgrammeEventParams, response: ZSpeakerListing },
  /** Books a seat, or joins the waitlist when the session is full (idempotent for the same participant). */
  book: { method: 'POST', path: `${ev}/sessions/:sessionId/booking`, auth: 'user', tags, params: ZProgrammeSessionParams, response: ZBookingResult },
  /** Gives the seat (or waitlist place) back; a freed seat goes to the first on the waitlist. */
  cancelBooking: { method: 'DELETE', path: `${ev}/sessions/:sessionId/booking`, auth: 'user', tags, params: ZProgrammeSessionParams, response: ZBookingResult },
  /** Stars a session for My schedule (any session, booking or not); starring twice keeps one bookmark. */
  bookmark: { method: 'PUT', path: `${ev}/sessions/:sessionId/bookmark`, auth: 'user', tags, params: ZProgrammeSessionParams, response: ZBookmarkResult },
  /** Removes the star (nothing to remove is fine: the answer is the state, not bookmarked). */
  removeBookmark: { method: 'DELETE', path: `${ev}/sessions/:sessionId/bookmark`, auth: 'user', tags, params: ZProgrammeSessionParams, response: ZBookmarkResult },

  /**
   * Session requests. A participant (as for booking) proposes a session or asks to speak on one (400 `unknownTrack`
   * / 404 for a session not of the event; 409 PROGRAMME_REQUEST_DUPLICATE while the same ask is pending) and reads
   * their own. The organiser lists them (SPEC §2.7 T-98 Requests: view AP-346) and approves (AP-348) or disapproves
   * (AP-349) once: a decided request answers 409 PROGRAMME_REQUEST_DECIDED. Each decision mails the requester the
   * SPEC §3.10 "Session request approved" / "Session request disapproved" message.
   */
  requestSession: { method: 'POST', path: `${ev}/session-requests`, auth: 'user', tags, params: ZProgrammeEventParams, body: ZSessionRequestInput, status: 201, response: ZSessionRequest },
  mySessionRequests: { method: 'GET', path: `${ev}/my-session-requests`, auth: 'user', tags, params: ZProgrammeEventParams, response: ZMySessionRequests },
  listSessionRequests: { ...org, method: 'GET', path: `${ev}/session-requests`, access: 'AP-346', params: ZProgrammeEventParams, response: ZOrgSessionRequests },
  /** Every request of the event, newest first, as CSV or XLSX (`?format=`; times in the event's zone). */
  exportSessionRequests: { ...org, method: 'GET', path: `${ev}/session-requests/export`, access: 'AP-347', params: ZProgrammeEventParams, query: ZSessionRequestExportQuery, response: fileResponse('text/csv; charset=utf-8') },
  /** A proposal needs `placement` (400 `required`) and becomes a session with the proposer as its speaker; "speak" adds them to the session. */
  approveSessionRequest: { ...org, method: 'POST', path: `${ev}/session-requests/:id/approve`, access: 'AP-348', params: ZSessionRequestParams, body: ZApproveSessionRequest, response: ZOrgSessionRequest },
  disapproveSessionRequest: { ...org, method: 'POST', path: `${ev}/session-requests/:id/disapprove`, access: 'AP-349', params: ZSessionRequestParams, body: ZDisapproveSessionRequest, response: ZOrgSessionRequest },

  /** One session as an iCalendar file (UTC times). */
  sessionIcs: { method: 'GET', path: `${ev}/sessions/:sessionId/calendar.ics`, auth: 'public', tags, params: ZProgrammeSessionParams, response: fileResponse('text/calendar') },
  /** The caller's booked and bookmarked sessions (and meetings) as one iCalendar file. */
  myScheduleIcs: { method: 'GET', path: `${ev}/my-schedule.ics`, auth: 'user', tags, params: ZProgrammeEventParams, response: fileResponse('text/calendar') },
  /** The address of the caller's schedule as a subscribed calendar (SPEC §3.7), and Google's and Outlook's subscribe links. */
  myScheduleFeed: { method: 'GET', path: `${ev}/my-schedule/feed`, auth: 'user', tags, params: ZProgrammeEventParams, response: ZScheduleFeed },
  /** The subscribed calendar itself: the booked sessions of the participation its signed address names, always current. */
  scheduleFeed: { method: 'GET', path: '/api/scheduleservices/api/calendar-feeds/my-schedule.ics', auth: 'public', tags, query: ZCalendarFeedQuery, response: fileResponse('text/calendar') },
});
