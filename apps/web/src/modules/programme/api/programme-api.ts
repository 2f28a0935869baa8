import type { TSessionRequestExportFormat, TApproveSessionRequest, TDisapproveSessionRequest, TMySpeakerProfileInput, TRoomInput, TSessionInput, TSessionRequestInput, TSpeakerInput, TSpeakerPhotoUpload, TTrackInput } from '@pavilion/domain/programme/programme.schemas';
import { api } from '../../../app/api-client.ts';
import { downloadFile } from '../../../app/download.ts';

const EV = '/api/scheduleservices/api/events/:eventId';

export const programmeKeys = {
  programme: (eventId: string) => ['programme', eventId, 'organiser'] as const,
  schedule: (eventId: string) => ['programme', eventId, 'schedule'] as const,
  speakers: (eventId: string) => ['programme', eventId, 'speakers'] as const,
  agenda: (eventId: string, from: 'app' | 'portal') => ['programme', eventId, 'agenda', from] as const,
  /** The organiser's Auditoriums, Tracks and Speakers tabs (each with its own view code). */
  orgList: (eventId: string, list: 'rooms' | 'tracks' | 'speakers') => ['programme', eventId, 'organiser-list', list] as const,
  /** The organiser's Requests tab (AP-346) and the participant's own requests. */
  orgRequests: (eventId: string) => ['programme', eventId, 'organiser-requests'] as const,
  myRequests: (eventId: string) => ['programme', eventId, 'my-requests'] as const,
  /** The signed-in speaker's own profile in the event. */
  mySpeaker: (eventId: string) => ['programme', eventId, 'my-speaker'] as const,
  /** Whether the signed-in account is a speaker of the event (the participant home's link). */
  mySpeakerStatus: (eventId: string) => ['programme', eventId, 'my-speaker-status'] as const,
  /** The Schedule Sessions report tab, per range; check-in's areas for the room form. */
  sessionsReport: (eventId: string, range: number) => ['programme', eventId, 'sessions-report', range] as const,
  checkinAreas: (eventId: string) => ['programme', eventId, 'checkin-areas'] as const,
};

/** Organiser: the event's programme (rooms AP-328.., tracks AP-307.., speakers AP-335.., sessions AP-300..). */
export const programmeOrgApi = {
  programme: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/programme`, { params: { eventId }, signal }),
  listRooms: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/rooms`, { params: { eventId }, signal }),
  listTracks: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/tracks`, { params: { eventId }, signal }),
  listSpeakers: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/speakers`, { params: { eventId }, signal }),
  createRoom: (eventId: string, body: TRoomInput) => api.call(`POST ${EV}/rooms`, { params: { eventId }, body }),
  updateRoom: (eventId: string, id: string, body: TRoomInput) => api.call(`PUT ${EV}/rooms/:id`, { params: { eventId, id }, body }),
  deleteRoom: (eventId: string, id: string) => api.call(`DELETE ${EV}/rooms/:id`, { params: { eventId, id } }),
  /** Undoes a draft deletion before the publish (AP-331). */
  restoreRoom: (eventId: string, id: string) => api.call(`POST ${EV}/rooms/:id/restore`, { params: { eventId, id } }),
  createTrack: (eventId: string, body: TTrackInput) => api.call(`POST ${EV}/tracks`, { params: { eventId }, body }),
  updateTrack: (eventId: string, id: string, body: TTrackInput) => api.call(`PUT ${EV}/tracks/:id`, { params: { eventId, id }, body }),
  deleteTrack: (eventId: string, id: string) => api.call(`DELETE ${EV}/tracks/:id`, { params: { eventId, id } }),
  restoreTrack: (eventId: string, id: string) => api.call(`POST ${EV}/tracks/:id/restore`, { params: { eventId, id } }),
  createSpeaker: (eventId: string, body: TSpeakerInput) => api.call(`POST ${EV}/speakers`, { params: { eventId }, body }),
  updateSpeaker: (eventId: string, id: string, body: TSpeakerInput) => api.call(`PUT ${EV}/speakers/:id`, { params: { eventId, id }, body }),
  deleteSpeaker: (eventId: string, id: string) => api.call(`DELETE ${EV}/speakers/:id`, { params: { eventId, id } }),
  /** The speaker's photo (AP-337). */
  uploadSpeakerPhoto: (eventId: string, id: string, body: TSpeakerPhotoUpload) => api.call(`PUT ${EV}/speakers/:id/photo`, { params: { eventId, id }, body }),
  removeSpeakerPhoto: (eventId: string, id: string) => api.call(`DELETE ${EV}/speakers/:id/photo`, { params: { eventId, id } }),
  /** Mails the speaker a one-time sign-in link to "My speaker profile" (AP-337). */
  inviteSpeaker: (eventId: string, id: string) => api.call(`POST ${EV}/speakers/:id/invitation`, { params: { eventId, id } }),
  createSession: (eventId: string, body: TSessionInput) => api.call(`POST ${EV}/sessions`, { params: { eventId }, body }),
  updateSession: (eventId: string, id: string, body: TSessionInput) => api.call(`PUT ${EV}/sessions/:id`, { params: { eventId, id }, body }),
  deleteSession: (eventId: string, id: string) => api.call(`DELETE ${EV}/sessions/:id`, { params: { eventId, id } }),
  /** Undoes a session's draft deletion before the publish (AP-303). */
  restoreSession: (eventId: string, id: string) => api.call(`POST ${EV}/sessions/:id/restore`, { params: { eventId, id } }),
  /** Publishes the draft's moves and deletions as the next version (AP-302); their bookers are notified. */
  publishProgramme: (eventId: string) => api.call(`POST ${EV}/programme/publish`, { params: { eventId } }),
  /** The host report tab "Schedule Sessions" (AP-730) for a SPEC §9 range. */
  scheduleSessionsReport: (eventId: string, range: number, signal?: AbortSignal) => api.call(`GET ${EV}/reports/schedule-sessions`, { params: { eventId }, query: { range }, signal }),
  /** Check-in's areas of the event (AP-261), for a room's door. */
  checkinAreas: (eventId: string, signal?: AbortSignal) => api.call('GET /api/hospitalityservices/api/events/:eventId/areas', { params: { eventId }, signal }),
  /** Session requests: view AP-346, approve AP-348, disapprove AP-349. */
  listRequests: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/session-requests`, { params: { eventId }, signal }),
  approveRequest: (eventId: string, id: string, body: TApproveSessionRequest) => api.call(`POST ${EV}/session-requests/:id/approve`, { params: { eventId, id }, body }),
  disapproveRequest: (eventId: string, id: string, body: TDisapproveSessionRequest) => api.call(`POST ${EV}/session-requests/:id/disapprove`, { params: { eventId, id }, body }),
  /** Every request as a CSV or XLSX file (AP-347). */
  exportRequests: (eventId: string, format: TSessionRequestExportFormat) =>
    downloadFile(api.url(`GET ${EV}/session-requests/export`, { params: { eventId }, query: { format } }), {}, `session-requests.${format}`),
};

/** Attendee: the Schedule and Speakers tabs, bookings and calendar files (the client sends the event access token). */
export const programmeApi = {
  schedule: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/schedule`, { params: { eventId }, signal }),
  agenda: (eventId: string, from: 'app' | 'portal', signal?: AbortSignal) => api.call(`GET ${EV}/agenda`, { params: { eventId }, query: { from }, signal }),
  speakers: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/speaker-listing`, { params: { eventId }, signal }),
  book: (eventId: string, sessionId: string) => api.call(`POST ${EV}/sessions/:sessionId/booking`, { params: { eventId, sessionId } }),
  cancel: (eventId: string, sessionId: string) => api.call(`DELETE ${EV}/sessions/:sessionId/booking`, { params: { eventId, sessionId } }),
  sessionIcsUrl: (eventId: string, sessionId: string) => api.url(`GET ${EV}/sessions/:sessionId/calendar.ics`, { params: { eventId, sessionId } }),
  myIcsUrl: (eventId: string) => api.url(`GET ${EV}/my-schedule.ics`, { params: { eventId } }),
  myFeed: (eventId: string) => api.call(`GET ${EV}/my-schedule/feed`, { params: { eventId } }),
  bookmark: (eventId: string, sessionId: string) => api.call(`PUT ${EV}/sessions/:sessionId/bookmark`, { params: { eventId, sessionId } }),
  removeBookmark: (eventId: string, sessionId: string) => api.call(`DELETE ${EV}/sessions/:sessionId/bookmark`, { params: { eventId, sessionId } }),
  requestSession: (eventId: string, body: TSessionRequestInput) => api.call(`POST ${EV}/session-requests`, { params: { eventId }, body }),
  myRequests: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/my-session-requests`, { params: { eventId }, signal }),
};

/** The speaker's own area ("My speaker profile"): signed in to the event through their invitation's link. */
export const mySpeakerApi = {
  profile: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/my-speaker-profile`, { params: { eventId }, signal }),
  update: (eventId: string, body: TMySpeakerProfileInput) => api.call(`PUT ${EV}/my-speaker-profile`, { params: { eventId }, body }),
  confirm: (eventId: string) => api.call(`POST ${EV}/my-speaker-profile/confirm`, { params: { eventId } }),
  uploadPhoto: (eventId: string, body: TSpeakerPhotoUpload) => api.call(`PUT ${EV}/my-speaker-profile/photo`, { params: { eventId }, body }),
  removePhoto: (eventId: string) => api.call(`DELETE ${EV}/my-speaker-profile/photo`, { params: { eventId } }),
  status: (eventId: string, signal?: AbortSignal) => api.call(`GET ${EV}/my-speaker-profile/status`, { params: { eventId }, signal, isSilent: true }),
};
