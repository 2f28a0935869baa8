import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';
import { checkinAreas } from '../checkin/checkin.tables.ts';
import { registrations, tickets } from '../registration/registration.tables.ts';
import { sponsors } from '../sponsors/sponsors.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
/** A session as attendees last saw it published, besides its time and room (`programme_sessions.published`). */
export type PublishedCopy = {
  title: string;
  descriptionHtml: string;
  sessionType: string;
  trackId: string | null;
  capacity: number | null;
  bookingRequired: boolean;
  tags: string[];
  streamUrl: string | null;
  speakerIds: string[];
  moderatorIds: string[];
  sponsorIds: string[];
  ticketIds: string[];
};
/** A room's name and capacity as attendees last saw them published (`programme_rooms.published`; capacity since migration 0054). */
export type PublishedRoom = { name: string; capacity: number | null };
/** A track's name and colour as attendees last saw them published (`programme_tracks.published`). */
export type PublishedTrack = { name: string; colour: string };
/** A room's or track's change in a published version (a rename, a new colour): told to nobody, listed to the organiser. */
export type RoomTrackChange = { kind: 'room' | 'track'; id: string; name: string; details: string[] };
/** One session's change in a published version (`details` and kinds other than moved/cancelled since migration 0046). */
export type VersionChange = { sessionId: string; title: string; kind: 'moved' | 'renamed' | 'edited' | 'cancelled' | 'added'; text: string; details?: string[] };
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/** A room, hall or auditorium of an event (issue 16). */
export const programmeRooms = pgTable(
  'programme_rooms',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    capacity: integer('capacity'),
    /** The room's door as a check-in area (session attendance); one room per area. */
    checkinAreaId: text('checkin_area_id').references(() => checkinAreas.id, { onDelete: 'set null' }),
    /**
     * Versioned publishing: the name and capacity attendees see (its last published copy, written when the room is made
     * and at each publish); `name` and `capacity` are the organiser's draft. The door is the organiser's own and stays live.
     */
    published: jsonb('published').$type<PublishedRoom>().notNull(),
    /** Deleted in the organiser's draft: attendees still see the room until the publish, which deletes the row. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('programme_rooms_event_idx').on(t.eventId), uniqueIndex('programme_rooms_checkin_area_idx').on(t.checkinAreaId)],
);

export const programmeTracks = pgTable(
  'programme_tracks',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    /** Versioned publishing: the name and colour attendees see (written when the track is made and at each publish). */
    published: jsonb('published').$type<PublishedTrack>().notNull(),
    /** Deleted in the organiser's draft: attendees still see the track until the publish, which deletes the row. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('programme_tracks_event_idx').on(t.eventId)],
);

/** A speaker's photo, served by its unguessable id; the bytes of an id never change (a new upload is a new id). */
export const programmeSpeakerPhotos = pgTable(
  'programme_speaker_photos',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('programme_speaker_photos_event_idx').on(t.eventId)],
);

/**
 * A speaker of the event's programme: SPEC §3.1 user type 5. Once invited, `userId` is the participant account the
 * invitation's link signs in (one speaker per account and event); the speaker then confirms (`confirmedAt`) and edits
 * their own title, company, bio, links and photo.
 */
export const programmeSpeakers = pgTable(
  'programme_speakers',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    userType: integer('user_type').notNull().default(5),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    company: text('company').notNull().default(''),
    bio: text('bio').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    email: text('email'),
    photoId: text('photo_id').references(() => programmeSpeakerPhotos.id, { onDelete: 'set null' }),
    userId: text('user_id'),
    invitedAt: ts('invited_at'),
    confirmedAt: ts('confirmed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('programme_speakers_event_idx').on(t.eventId), uniqueIndex('programme_speakers_account_idx').on(t.eventId, t.userId).where(sql`user_id is not null`)],
);

/**
 * A session. Times are UTC instants (the organiser types them in the event's zone). `bookedCount` and
 * `waitlistSeq` are changed only under a row lock of the session (`SELECT … FOR UPDATE`), so bookings never overrun
 * the capacity and waitlist places are numbered in arrival order.
 */
export const programmeSessions = pgTable(
  'programme_sessions',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    title: text('title').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    sessionType: text('session_type').notNull(),
    trackId: text('track_id').references(() => programmeTracks.id, { onDelete: 'set null' }),
    roomId: text('room_id').references(() => programmeRooms.id, { onDelete: 'set null' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    capacity: integer('capacity'),
    bookingRequired: boolean('booking_required').notNull().default(false),
    /** Free-text tags (trimmed, at most 10, once each whatever their case); the Schedule's tag filter and search. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The session's stream (https) shown in the Auditorium; null: the built-in live page. */
    streamUrl: text('stream_url'),
    bookedCount: integer('booked_count').notNull().default(0),
    waitlistSeq: integer('waitlist_seq').notNull().default(0),
    /**
     * Versioned publishing: what attendees see of the session's time and room (its last published copy; columns, since
     * attendance matches door scans to them in SQL). A new session is published as it is created; every later edit
     * changes the draft (the columns above and the link tables) only, until the organiser publishes. Null (rows older
     * than publishing) reads as the draft.
     */
    publishedStartsAt: ts('published_starts_at'),
    publishedEndsAt: ts('published_ends_at'),
    publishedRoomId: text('published_room_id').references(() => programmeRooms.id, { onDelete: 'set null' }),
    /**
     * The rest of the published copy: every other field attendees see (title, description, type, track, capacity,
     * booking, tags, stream URL) and the session's speakers, moderators, sponsors and ticket restriction as ids, written
     * when the session is made and at each publish. The row's own columns and link tables are the organiser's draft.
     * Ids of rows deleted since (a speaker, a sponsor, a ticket type, a track) are dropped when read.
     */
    published: jsonb('published').$type<PublishedCopy>().notNull(),
    /** The organiser deleted it in the draft: attendees still see it until the next publish, which removes it. */
    cancelledAt: ts('cancelled_at'),
    /**
     * Made in the draft and never published (an approved proposal, migration 0058): attendees do not see it at all until
     * the next publish, which lists it as added and clears this. Deleting it before then removes the row at once.
     */
    unpublished: boolean('unpublished').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('programme_sessions_event_idx').on(t.eventId, t.startsAt), index('programme_sessions_room_idx').on(t.roomId)],
);

/** One publish of an event's programme: version 1, 2, … with what changed (shown to the organiser). */
export const programmeVersions = pgTable(
  'programme_versions',
  {
    eventId: eventRef(),
    version: integer('version').notNull(),
    organisationId: text('organisation_id').notNull(),
    publishedByUserId: text('published_by_user_id'),
    changes: jsonb('changes').$type<VersionChange[]>().notNull().default([]),
    /** The rooms and tracks this version renamed or recoloured (migration 0050). */
    roomTrackChanges: jsonb('room_track_changes').$type<RoomTrackChange[]>().notNull().default([]),
    notified: integer('notified').notNull().default(0),
    publishedAt: ts('published_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.version] })],
);

/**
 * Issue 20: the "session updated" mails a publish owes, one row per (version, session, person) written by the publish's
 * transaction and sent by the programme mail job (never by the request). `sent_at` is the sent marker; `claimed_at` is
 * the job's lease (a row claimed by a process that died is taken again once it is 5 minutes old); a refusal is retried
 * and the third is recorded in `failed_at` with its reason. `session_id` has no reference: a cancelled session's row
 * goes in the same publish that owes its mail.
 */
export const programmePublishMails = pgTable(
  'programme_publish_mails',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    version: integer('version').notNull(),
    sessionId: text('session_id').notNull(),
    eventUserId: text('event_user_id').notNull(),
    userId: text('user_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: ts('claimed_at'),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    error: text('error'),
  },
  (t) => [
    foreignKey({ name: 'programme_publish_mails_version_fk', columns: [t.eventId, t.version], foreignColumns: [programmeVersions.eventId, programmeVersions.version] }).onDelete('cascade'),
    uniqueIndex('programme_publish_mails_once').on(t.eventId, t.version, t.sessionId, t.eventUserId),
    // The job's claim scans only rows still owed.
    index('programme_publish_mails_owed_idx').on(t.claimedAt).where(sql`sent_at is null and failed_at is null`),
  ],
);

export const programmeSessionSpeakers = pgTable(
  'programme_session_speakers',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => programmeSessions.id, { onDelete: 'cascade' }),
    speakerId: text('speaker_id')
      .notNull()
      .references(() => programmeSpeakers.id, { onDelete: 'cascade' }),
    eventId: eventRef(),
    /** 'speaker' or 'moderator': one role per person and session (the primary key); both are busy for clash checks. */
    role: text('role').notNull().default('speaker'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.speakerId] }), index('programme_session_speakers_speaker_idx').on(t.speakerId)],
);

/** The event's sponsors a session shows (sponsors module's rows: a deleted sponsor leaves the session). */
export const programmeSessionSponsors = pgTable(
  'programme_session_sponsors',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => programmeSessions.id, { onDelete: 'cascade' }),
    sponsorId: text('sponsor_id')
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    eventId: eventRef(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.sponsorId] }), index('programme_session_sponsors_event_idx').on(t.eventId)],
);

/**
 * A session's ticket restriction: only holders of these ticket types may book (or star) it; none listed, anyone.
 * A deleted ticket type leaves the list (registration's rows); the last one gone opens the session to everyone.
 */
export const programmeSessionTickets = pgTable(
  'programme_session_tickets',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => programmeSessions.id, { onDelete: 'cascade' }),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: eventRef(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.ticketId] }), index('programme_session_tickets_event_idx').on(t.eventId)],
);

/** A participant's seat ('booked') or waitlist place ('waitlisted', ordered by `position`) in a session. */
export const programmeBookings = pgTable(
  'programme_bookings',
  {
    id: text('id').primaryKey(),
    eventId: eventRef(),
    sessionId: text('session_id')
      .notNull()
      .references(() => programmeSessions.id, { onDelete: 'cascade' }),
    /** The participant (events' event user, from the event access token) and their account. */
    eventUserId: text('event_user_id').notNull(),
    userId: text('user_id').notNull(),
    status: text('status').notNull(),
    /** Waitlist arrival order (the session's `waitlistSeq` when they joined); null for a seat booked at once. */
    position: integer('position'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('programme_bookings_once_idx').on(t.sessionId, t.eventUserId), index('programme_bookings_user_idx').on(t.eventId, t.eventUserId)],
);

/** A participant's star on a session (any session, booking or not): it puts the session in their My schedule. */
export const programmeBookmarks = pgTable(
  'programme_bookmarks',
  {
    eventId: eventRef(),
    sessionId: text('session_id')
      .notNull()
      .references(() => programmeSessions.id, { onDelete: 'cascade' }),
    eventUserId: text('event_user_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.eventUserId] }), index('programme_bookmarks_user_idx').on(t.eventId, t.eventUserId)],
);

/**
 * A participant's session request: a proposal ('proposal': title, description, type, preferred track) or asking to
 * speak on a session ('speak': `sessionId`, message). The requester's name and email are their registration's, taken
 * when they asked (the speaker an approval creates, and where the decision is mailed). Decided once: `status` moves
 * from 'pending' to 'approved' or 'disapproved' under the row lock, never back.
 */
export const programmeSessionRequests = pgTable(
  'programme_session_requests',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    eventUserId: text('event_user_id').notNull(),
    userId: text('user_id').notNull(),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull().default(''),
    descriptionHtml: text('description_html').notNull().default(''),
    sessionType: text('session_type'),
    trackId: text('track_id').references(() => programmeTracks.id, { onDelete: 'set null' }),
    /** The session spoken on ('speak'), or the session an approved proposal became. */
    sessionId: text('session_id').references(() => programmeSessions.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('pending'),
    note: text('note').notNull().default(''),
    decidedByUserId: text('decided_by_user_id'),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('programme_session_requests_event_idx').on(t.eventId, t.createdAt), index('programme_session_requests_user_idx').on(t.eventId, t.eventUserId)],
);

/**
 * Session attendance (issue 16): a registration counted at a session because its credential was scanned at the
 * session's room door (the room's check-in area) while the session ran, or shortly before it began, or because its
 * presence in the room from such a scan overlapped the session long enough (packages/domain session-attribution.ts).
 * One row per session and registration (first and last seen, `scans`: the door scans that matched the session itself);
 * a person's rows are replaced by each reckoning from all their door scans (check-in's `checkin.admitted`, the fast
 * path, and the catch-up over check-in's scan ledger), under `programme_attendance_basis`.
 */
export const programmeSessionAttendance = pgTable(
  'programme_session_attendance',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => programmeSessions.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    firstSeenAt: ts('first_seen_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    scans: integer('scans').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.registrationId] }), index('programme_session_attendance_reg_idx').on(t.eventId, t.registrationId)],
);

/**
 * Session attendance by presence span: per registration and event, what its counted sessions were last worked out
 * from (`scans`: how many of its scans in the event check-in's ledger held; `computed_at`: the "now" of that
 * reckoning), so a reckoning from fewer scans or an earlier now never overwrites a fuller one (the row is the lock
 * that serialises two reckonings of one person). `recount_at`: when an open presence in a room next reaches a
 * session's overlap bar with no further scan; the catch-up counts the person again then (null: nothing pending).
 */
export const programmeAttendanceBasis = pgTable(
  'programme_attendance_basis',
  {
    eventId: eventRef(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    scans: integer('scans').notNull(),
    computedAt: ts('computed_at').notNull(),
    recountAt: ts('recount_at'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.registrationId] }), index('programme_attendance_basis_recount_idx').on(t.recountAt).where(sql`recount_at is not null`)],
);

/**
 * How far programme's attendance catch-up has read check-in's scan ledger (one row, id 'ledger'): every ledger row
 * with an id up to `low_id` is settled and was applied. `pending_id` is the ledger's head as seen at `pending_since`;
 * it becomes `low_id` once a settle time has passed, so a scan whose transaction drew its id before that read but
 * committed after it is still read again (the catch-up re-reads everything above `low_id`; applying it is idempotent).
 */
export const programmeAttendanceCursor = pgTable('programme_attendance_cursor', {
  id: text('id').primaryKey(),
  lowId: bigint('low_id', { mode: 'number' }).notNull().default(0),
  pendingId: bigint('pending_id', { mode: 'number' }),
  pendingSince: ts('pending_since'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
