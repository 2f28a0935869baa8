import { z } from 'zod';
import { ValidationKey } from '../validation/error-keys.ts';
import { zEmail } from '../validation/email.ts';
import { zRichText } from '../validation/rich-text.ts';
import { IMAGE_EXTENSIONS, fileExtension } from '../validation/file-types.ts';
import { matchesFileSignature } from '../validation/magic-bytes.ts';
import { LOCAL_DATE_TIME } from './programme-time.ts';
import { isHttpsUrl } from '../venue/venue-media.ts';

/** Session types (issue 16). */
export const SESSION_TYPES = ['talk', 'panel', 'workshop', 'break'] as const;
export type TSessionType = (typeof SESSION_TYPES)[number];

/** A participant's place for a session that needs booking. */
export const BOOKING_STATUSES = ['booked', 'waitlisted'] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number];

export const ProgrammeErrorKey = {
  UnknownRoom: 'unknownRoom',
  UnknownTrack: 'unknownTrack',
  UnknownSpeaker: 'unknownSpeaker',
  HttpsUrlRequired: 'httpsUrlRequired',
  UnknownCheckinArea: 'unknownCheckinArea',
  FileTooLarge: 'fileTooLarge',
  /** A moderator who is also a speaker of the same session. */
  ModeratorIsSpeaker: 'moderatorIsSpeaker',
  UnknownSponsor: 'unknownSponsor',
  UnknownTicket: 'unknownTicket',
  /** A stream URL on an in-person event (streams are for virtual and hybrid events). */
  StreamNotForInPerson: 'streamNotForInPerson',
} as const;

/** A session's free-text tags: at most 10, each trimmed and 1–40 characters, kept once whatever their case. */
export const SESSION_TAGS_MAX = 10;
export const SESSION_TAG_MAX_LENGTH = 40;
/** Tags once each, case-insensitively, keeping the first spelling and the order typed. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A speaker's photo: one of SPEC §5's image types, its bytes of that type (magic bytes), at most 2 MB (§9: 1024 × 1024 bytes a megabyte). */
export const SPEAKER_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const SPEAKER_PHOTO_CONTENT_TYPES: Readonly<Record<(typeof IMAGE_EXTENSIONS)[number], string>> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
};
/** The upload check (server, and the web before sending): an image extension, the size, then bytes of that type. Null when acceptable. */
export function speakerPhotoProblem(fileName: string, bytes: Uint8Array): 'fileTypeNotAllowed' | 'fileContentMismatch' | 'fileTooLarge' | null {
  const ext = fileExtension(fileName);
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return ValidationKey.FileTypeNotAllowed;
  if (bytes.length > SPEAKER_PHOTO_MAX_BYTES) return ProgrammeErrorKey.FileTooLarge;
  return matchesFileSignature(ext, bytes) ? null : ValidationKey.FileContentMismatch;
}

const zId = z.string().min(1).max(64);
const zName = z.string().trim().max(160).refine((v) => v.length > 0, { message: ValidationKey.Required });
const zShort = z.string().trim().max(160);
/** "YYYY-MM-DDTHH:mm", a wall-clock time in the event's time zone. */
export const zLocalDateTime = z.string().refine((v) => LOCAL_DATE_TIME.test(v), { message: ValidationKey.InvalidTime });
const zCapacity = z.number().int().min(1).max(100_000);

export const ZProgrammeEventParams = z.object({ eventId: zId });
/** A calendar feed's signed address (a JWT: base64url parts joined by dots), in the query (it is longer than a path segment may be). */
export const ZCalendarFeedQuery = z.strictObject({ feed: z.string().min(20).max(2000).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/) });
/** The caller's schedule as a feed calendar apps subscribe to (https and webcal forms) and its Google/Outlook links. */
export const ZScheduleFeed = z.object({ url: z.string(), webcalUrl: z.string(), googleUrl: z.string(), outlookUrl: z.string() });
export type TScheduleFeed = z.infer<typeof ZScheduleFeed>;
export const ZProgrammeItemParams = z.object({ eventId: zId, id: zId });
export const ZProgrammeSessionParams = z.object({ eventId: zId, sessionId: zId });

/**
 * The room's door as a check-in area (issue 16, session attendance): none, an existing area of the event, or a new
 * area made for the room. Left out on an edit: the link stays as it is.
 */
export const ZRoomCheckinArea = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('none') }),
  z.strictObject({ mode: z.literal('existing'), areaId: zId }),
  z.strictObject({ mode: z.literal('create') }),
]);
export type TRoomCheckinArea = z.infer<typeof ZRoomCheckinArea>;
export const ZRoomInput = z.strictObject({ name: zName, capacity: zCapacity.nullable(), checkinArea: ZRoomCheckinArea.optional() });
/**
 * A room or track in the organiser's reads says how its draft stands against what attendees see: `published` (the
 * same), `changed` (a rename, a capacity, a colour waits for the publish) or `deleted` (deleted in the draft: attendees
 * still see it until the publish; the organiser can restore it). Attendees' reads leave it out.
 */
export const ZDraftState = z.enum(['published', 'changed', 'deleted']);
export type TDraftState = z.infer<typeof ZDraftState>;
export const ZRoom = z.object({ id: z.string(), name: z.string(), capacity: z.number().nullable(), checkinAreaId: z.string().nullable(), draftState: ZDraftState.optional() });

export const ZTrackInput = z.strictObject({ name: zName, colour: z.string().refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), { message: ValidationKey.Pattern }) });
export const ZTrack = z.object({ id: z.string(), name: z.string(), colour: z.string(), draftState: ZDraftState.optional() });

const zLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: ProgrammeErrorKey.HttpsUrlRequired });

/** A speaker (SPEC §3.1 user type 5) of the event's programme. */
export const ZSpeakerInput = z.strictObject({
  name: zName,
  title: zShort,
  company: zShort,
  bio: z.string().trim().max(4000),
  links: z.array(zLink).max(5),
  email: zEmail().nullable(),
});
/** A speaker's invitation: none sent, invited (a sign-in link mailed), confirmed (the speaker confirmed their profile). */
export const SPEAKER_INVITATION_STATUSES = ['none', 'invited', 'confirmed'] as const;
export type TSpeakerInvitationStatus = (typeof SPEAKER_INVITATION_STATUSES)[number];
export const ZSpeaker = z.object({
  id: z.string(),
  userType: z.literal(5),
  name: z.string(),
  title: z.string(),
  company: z.string(),
  bio: z.string(),
  links: z.array(z.string()),
  email: z.string().nullable(),
  /** The photo's address (an <img> src), or null. */
  photoUrl: z.string().nullable(),
  invitation: z.enum(SPEAKER_INVITATION_STATUSES),
});

/** A photo upload (the organiser's for a speaker, or the speaker's own). */
const PHOTO_BASE64_MAX = Math.ceil(SPEAKER_PHOTO_MAX_BYTES / 3) * 4 + 4;
export const ZSpeakerPhotoUpload = z.strictObject({
  fileName: z.string().trim().min(1).max(255),
  /** The image bytes, base64 (standard alphabet, no data: prefix). */
  dataBase64: z
    .string()
    .min(8)
    .refine((v) => v.length <= PHOTO_BASE64_MAX, { message: ProgrammeErrorKey.FileTooLarge })
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v), { message: ValidationKey.FileContentMismatch }),
});
export type TSpeakerPhotoUpload = z.infer<typeof ZSpeakerPhotoUpload>;
export const ZSpeakerPhotoParams = z.strictObject({ photoId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** Whether the signed-in account is a speaker of the event (the participant home's "My speaker profile" link). */
export const ZMySpeakerStatus = z.object({ isSpeaker: z.boolean() });
export type TMySpeakerStatus = z.infer<typeof ZMySpeakerStatus>;

/** What inviting answers: where the link went and until when it works. */
export const ZSpeakerInvitation = z.object({ speaker: ZSpeaker, sentTo: z.string(), expiresAt: z.string() });
export type TSpeakerInvitation = z.infer<typeof ZSpeakerInvitation>;

/** What the speaker edits of their own profile (their name and email stay the organiser's). */
export const ZMySpeakerProfileInput = z.strictObject({
  title: zShort,
  company: zShort,
  bio: z.string().trim().max(4000),
  links: z.array(zLink).max(5),
});
export type TMySpeakerProfileInput = z.infer<typeof ZMySpeakerProfileInput>;

/** "My speaker profile": the speaker's record in this event, and their sessions (times in the event's zone, room). */
export const ZMySpeakerProfile = z.object({
  eventId: z.string(),
  eventName: z.string(),
  timeZone: z.string(),
  speaker: ZSpeaker.omit({ email: true, userType: true }).extend({ confirmedAt: z.string().nullable() }),
  sessions: z.array(z.object({ id: z.string(), title: z.string(), start: z.string(), end: z.string(), room: z.string().nullable(), sessionType: z.enum(SESSION_TYPES) })),
});
export type TMySpeakerProfile = z.infer<typeof ZMySpeakerProfile>;

const zTag = z
  .string()
  .trim()
  .min(1)
  .max(SESSION_TAG_MAX_LENGTH)
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { message: 'invalidCharacters' });
/** A session's stream: an absolute https URL without credentials, as every link of the programme (http is refused everywhere). */
const zStreamUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => isHttpsUrl(v), { message: ProgrammeErrorKey.HttpsUrlRequired });

/**
 * A session as the organiser types it: start and end are wall-clock times in the event's time zone; the end must be
 * after the start (SPEC §5 `timeCampare`); a session that needs booking needs a capacity. The description is rich
 * text (SPEC §5 keys), sanitised on the server before it is stored.
 *
 * Moderators are speakers of the event in a moderator role (one person is a speaker or a moderator of a session, not
 * both: `moderatorIsSpeaker`); sponsors are the event's sponsors (sponsors module); tags are free text (de-duplicated
 * case-insensitively); `ticketIds` restrict booking to holders of those tickets (empty: everyone); `streamUrl` is the
 * session's stream in the Auditorium (null: the built-in live page). The five default to empty, so older callers
 * (the grid's move, session requests) keep working.
 */
export const ZSessionInput = z
  .strictObject({
    title: zName,
    descriptionHtml: zRichText(20_000),
    sessionType: z.enum(SESSION_TYPES),
    trackId: zId.nullable(),
    roomId: zId.nullable(),
    start: zLocalDateTime,
    end: zLocalDateTime,
    speakerIds: z.array(zId).max(20),
    moderatorIds: z.array(zId).max(10).default([]),
    sponsorIds: z.array(zId).max(20).default([]),
    tags: z.array(zTag).max(SESSION_TAGS_MAX).transform(uniqueTags).default([]),
    ticketIds: z.array(zId).max(50).default([]),
    streamUrl: zStreamUrl.nullable().default(null),
    capacity: zCapacity.nullable(),
    bookingRequired: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (LOCAL_DATE_TIME.test(s.start) && LOCAL_DATE_TIME.test(s.end) && s.end <= s.start) ctx.addIssue({ code: 'custom', path: ['end'], message: ValidationKey.TimeCompare });
    if (s.bookingRequired && s.capacity === null) ctx.addIssue({ code: 'custom', path: ['capacity'], message: ValidationKey.Required });
    s.moderatorIds.forEach((id, i) => {
      if (s.speakerIds.includes(id)) ctx.addIssue({ code: 'custom', path: ['moderatorIds', i], message: ProgrammeErrorKey.ModeratorIsSpeaker });
    });
  });
export type TSessionInput = z.infer<typeof ZSessionInput>;

export const ZSession = z.object({
  id: z.string(),
  title: z.string(),
  descriptionHtml: z.string(),
  sessionType: z.enum(SESSION_TYPES),
  trackId: z.string().nullable(),
  roomId: z.string().nullable(),
  /** Wall-clock times in the event's time zone. */
  start: z.string(),
  end: z.string(),
  /** The same instants in UTC (ISO 8601). */
  startsAt: z.string(),
  endsAt: z.string(),
  speakerIds: z.array(z.string()),
  moderatorIds: z.array(z.string()),
  sponsorIds: z.array(z.string()),
  tags: z.array(z.string()),
  /** Only holders of these tickets may book it (empty: anyone). */
  ticketIds: z.array(z.string()),
  /** The session's stream (null: the built-in live page). */
  streamUrl: z.string().nullable(),
  capacity: z.number().nullable(),
  bookingRequired: z.boolean(),
  bookedCount: z.number(),
  waitlistCount: z.number(),
  /**
   * The organiser's reads only: how the session's draft stands against what attendees see: `changed` (an unpublished
   * edit, or a session not yet published at all: an approved proposal), `deleted` (deleted in the draft, undone with
   * `restoreSession` until the publish) or `published`.
   */
  draftState: ZDraftState.optional(),
});

/**
 * One session's unpublished change: moved (its time or room differs from what attendees see), renamed (its title, not
 * moved), edited (any other field alone: description, type, track, speakers, moderators, sponsors, tags, ticket
 * restriction, capacity, booking, stream), cancelled (deleted in the draft) or added (a session never published: an
 * approved proposal). Moved, renamed and cancelled notify the
 * session's people; `text` is that notice's wording, and `details` one line per changed field, old → new, in readable
 * words ("Title: A → B", "Speakers: added X"), times in the event's time zone.
 */
export const ZProgrammeChange = z.object({ sessionId: z.string(), title: z.string(), kind: z.enum(['moved', 'renamed', 'edited', 'cancelled', 'added']), text: z.string(), details: z.array(z.string()) });
export type TProgrammeChange = z.infer<typeof ZProgrammeChange>;
/**
 * A room renamed or a track renamed or recoloured in the draft: attendees see the published name and colour until the
 * publish. `name` is the new name; `details` one line per field, old → new. Nobody is notified (a renamed room is
 * the same place: a session moved to another room is a session change and notifies).
 */
export const ZRoomTrackChange = z.object({ kind: z.enum(['room', 'track']), id: z.string(), name: z.string(), details: z.array(z.string()) });
export type TRoomTrackChange = z.infer<typeof ZRoomTrackChange>;

/** A sponsor as a session shows it (the sponsors module's port). */
/** `visitUrl`: the sponsors module's counted click-through to its website (absent without a website). */
export const ZSessionSponsor = z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable(), visitUrl: z.string().optional() });
export type TSessionSponsor = z.infer<typeof ZSessionSponsor>;
/** A ticket type a session may be restricted to (registration's port). */
export const ZSessionTicket = z.object({ id: z.string(), name: z.string() });

/** The organiser's whole programme of one event (the draft), its published version and what publishing would change. */
export const ZProgramme = z.object({
  timeZone: z.string(),
  /** SPEC §2.5 event mode (1 virtual, 2 in person, 3 hybrid): a stream URL is for virtual and hybrid events. */
  eventMode: z.number().nullable(),
  /** What the session form picks from: the event's sponsors and ticket types. */
  sponsors: z.array(ZSessionSponsor),
  tickets: z.array(ZSessionTicket),
  startDate: z.string(),
  endDate: z.string(),
  rooms: z.array(ZRoom),
  tracks: z.array(ZTrack),
  speakers: z.array(ZSpeaker),
  sessions: z.array(ZSession),
  /** Sessions deleted in the draft: attendees still see them until the publish; the lists offer their undo. */
  deletedSessions: z.array(ZSession).optional(),
  /** The last published version (0: never published; attendees see every session as it was made). */
  version: z.number(),
  /** The last version's "session updated" mails, sent by a job after the publish answered: owed in all, sent, given up on. */
  mail: z.object({ total: z.number(), sent: z.number(), failed: z.number() }),
  changes: z.array(ZProgrammeChange),
  roomTrackChanges: z.array(ZRoomTrackChange),
});

/** A publish: the new version, what changed, and how many participants were told. */
export const ZProgrammePublished = z.object({ version: z.number(), changes: z.array(ZProgrammeChange), roomTrackChanges: z.array(ZRoomTrackChange), notified: z.number() });
export type TProgrammePublished = z.infer<typeof ZProgrammePublished>;

/**
 * A deletion's answer. `pending`: attendees keep seeing the item until the next publish (it can be undone until then);
 * false when it is gone at once (a session never published, a speaker).
 */
export const ZProgrammeDeleted = z.object({ id: z.string(), pending: z.boolean() });

/** The Auditoriums, Tracks and Speakers tabs' own lists: each readable with its own view code (AP-328, AP-307, AP-335). */
export const ZRoomList = z.object({ items: z.array(ZRoom) });
export const ZTrackList = z.object({ items: z.array(ZTrack) });
export const ZSpeakerList = z.object({ items: z.array(ZSpeaker) });

/** What an attendee sees of a speaker (no email). */
export const ZPublicSpeaker = ZSpeaker.omit({ email: true, userType: true, invitation: true });

export const ZScheduleSession = ZSession.omit({ bookedCount: true, waitlistCount: true }).extend({
  /** Seats still free (null: no capacity set). */
  seatsLeft: z.number().nullable(),
  myStatus: z.enum(BOOKING_STATUSES).nullable(),
  /** 1 = next to be promoted, when waitlisted. */
  myWaitlistPosition: z.number().nullable(),
  /** The caller starred it for My schedule (any session, with or without booking). */
  bookmarked: z.boolean(),
  /**
   * Whether the caller may book it under its ticket restriction: true (no restriction, or they hold a listed ticket),
   * false (a participant holding none of them: booking and starring are refused), null (not signed in to the event).
   */
  isTicketAllowed: z.boolean().nullable(),
});

/** The attendee's Schedule tab: the event's sessions with the caller's own bookings. */
export const ZSchedule = z.object({
  eventName: z.string(),
  timeZone: z.string(),
  rooms: z.array(ZRoom),
  tracks: z.array(ZTrack),
  speakers: z.array(ZPublicSpeaker),
  /** The sponsors and ticket types the sessions name (only those). */
  sponsors: z.array(ZSessionSponsor),
  tickets: z.array(ZSessionTicket),
  sessions: z.array(ZScheduleSession),
});

/** Where the Agenda is read: the app's `event-agenda` tab (its rules) or the web portal's Agenda entry (the menu's). */
export const ZAgendaQuery = z.strictObject({ from: z.enum(['app', 'portal']).default('app') });

export const ZSpeakerListing = z.object({
  timeZone: z.string(),
  speakers: z.array(ZPublicSpeaker.extend({ sessions: z.array(z.object({ id: z.string(), title: z.string(), start: z.string() })) })),
});

export const ZBookingResult = z.object({ sessionId: z.string(), status: z.enum(BOOKING_STATUSES).nullable(), waitlistPosition: z.number().nullable() });

/** A bookmark's state after starring or un-starring a session (both idempotent). */
export const ZBookmarkResult = z.object({ sessionId: z.string(), bookmarked: z.boolean() });

/* ---------------------------------------------------------------- session requests */

/** What a participant asks: a new session of their own, or to speak on one already in the programme. */
export const SESSION_REQUEST_KINDS = ['proposal', 'speak'] as const;
export type TSessionRequestKind = (typeof SESSION_REQUEST_KINDS)[number];
/** A request's state; once decided it stays so (SPEC §4 request status: pending, approved, rejected). */
export const SESSION_REQUEST_STATUSES = ['pending', 'approved', 'disapproved'] as const;
export type TSessionRequestStatus = (typeof SESSION_REQUEST_STATUSES)[number];

const zMessage = z.string().trim().max(2000);

/**
 * A participant's request. A proposal carries the session as they would like it (the description is plain text or
 * rich text with the SPEC §5 keys, sanitised on the server); "speak" names a session of the event and says why.
 */
export const ZSessionRequestInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('proposal'),
    title: zName,
    descriptionHtml: zRichText(20_000),
    sessionType: z.enum(SESSION_TYPES),
    trackId: zId.nullable(),
  }),
  z.strictObject({ kind: z.literal('speak'), sessionId: zId, message: zMessage }),
]);
export type TSessionRequestInput = z.infer<typeof ZSessionRequestInput>;

/** A request as its author sees it. `sessionId` is the session spoken on, or the one an approved proposal became. */
export const ZSessionRequest = z.object({
  id: z.string(),
  kind: z.enum(SESSION_REQUEST_KINDS),
  title: z.string(),
  descriptionHtml: z.string(),
  sessionType: z.enum(SESSION_TYPES).nullable(),
  trackId: z.string().nullable(),
  sessionId: z.string().nullable(),
  message: z.string(),
  status: z.enum(SESSION_REQUEST_STATUSES),
  /** The organiser's note with the decision. */
  note: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TSessionRequest = z.infer<typeof ZSessionRequest>;
export const ZMySessionRequests = z.object({ items: z.array(ZSessionRequest) });

/** A request as the organiser sees it: with who asked (their registration name and email). */
export const ZOrgSessionRequest = ZSessionRequest.extend({ requesterName: z.string(), requesterEmail: z.string() });
export type TOrgSessionRequest = z.infer<typeof ZOrgSessionRequest>;
/** The organiser's Requests tab: every request, newest first, the pending count, and what placing a proposal needs. */
export const ZOrgSessionRequests = z.object({
  items: z.array(ZOrgSessionRequest),
  pending: z.number(),
  timeZone: z.string(),
  startDate: z.string(),
  rooms: z.array(ZRoom.pick({ id: true, name: true })),
});
export type TOrgSessionRequests = z.infer<typeof ZOrgSessionRequests>;
/** The Requests tab's export (SPEC §2.7 T-98 Requests: Export AP-347): every request of the event as `csv` or `xlsx`. */
export const SESSION_REQUEST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TSessionRequestExportFormat = (typeof SESSION_REQUEST_EXPORT_FORMATS)[number];
const isRequestExportFormat = (v: string): v is TSessionRequestExportFormat => (SESSION_REQUEST_EXPORT_FORMATS as readonly string[]).includes(v);
export const ZSessionRequestExportQuery = z.strictObject({ format: z.string().refine(isRequestExportFormat, { message: ValidationKey.Pattern }).transform((v) => v as TSessionRequestExportFormat) });
export type TSessionRequestExportQuery = z.infer<typeof ZSessionRequestExportQuery>;

/**
 * Approving. A proposal becomes a session of the programme, so the organiser places it: start and end in the event's
 * time zone (SPEC §5 `timeCampare`) and an optional room; the room and the proposer (its speaker) are checked for
 * clashes as any session is. "Speak" needs no placement (the session has its own).
 */
export const ZApproveSessionRequest = z
  .strictObject({
    note: zMessage,
    placement: z.strictObject({ start: zLocalDateTime, end: zLocalDateTime, roomId: zId.nullable() }).nullable(),
  })
  .superRefine((v, ctx) => {
    const p = v.placement;
    if (p && LOCAL_DATE_TIME.test(p.start) && LOCAL_DATE_TIME.test(p.end) && p.end <= p.start) ctx.addIssue({ code: 'custom', path: ['placement', 'end'], message: ValidationKey.TimeCompare });
  });
export type TApproveSessionRequest = z.infer<typeof ZApproveSessionRequest>;
export const ZDisapproveSessionRequest = z.strictObject({ note: zMessage });
export type TDisapproveSessionRequest = z.infer<typeof ZDisapproveSessionRequest>;
export const ZSessionRequestParams = z.object({ eventId: zId, id: zId });

export type TRoomInput = z.infer<typeof ZRoomInput>;
export type TRoom = z.infer<typeof ZRoom>;
export type TTrackInput = z.infer<typeof ZTrackInput>;
export type TTrack = z.infer<typeof ZTrack>;
export type TSpeakerInput = z.infer<typeof ZSpeakerInput>;
export type TSpeaker = z.infer<typeof ZSpeaker>;
export type TSession = z.infer<typeof ZSession>;
export type TProgramme = z.infer<typeof ZProgramme>;
export type TSchedule = z.infer<typeof ZSchedule>;
export type TScheduleSession = z.infer<typeof ZScheduleSession>;
export type TSpeakerListing = z.infer<typeof ZSpeakerListing>;
export type TBookingResult = z.infer<typeof ZBookingResult>;
export type TBookmarkResult = z.infer<typeof ZBookmarkResult>;
