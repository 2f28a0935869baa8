import { z } from 'zod';

/**
 * Video (issue 17): 1:1 calls over the chat socket, networking lounges and discussion tables, their report tabs.
 * The socket payloads are chat.socket.ts' (SPEC §7 names); these are the HTTP shapes.
 */
const zId = z.string().min(1).max(64);
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A call's states: ringing until answered, declined, or 60 s passed (missed); an answered call is ended by either side. */
export const CALL_STATUSES = ['ringing', 'missed', 'declined', 'answered', 'ended'] as const;
export type TCallStatus = (typeof CALL_STATUSES)[number];

/** Table kinds: a networking lounge table (report type 16) or a discussion table with a topic (report type 17). */
export const TABLE_KINDS = ['lounge', 'discussion'] as const;
export type TTableKind = (typeof TABLE_KINDS)[number];
export const TABLE_SEATS_MIN = 2;
export const TABLE_SEATS_MAX = 8;
/** A table's video runs peer to peer (a mesh) for at most this many people; above it a media server (SFU) is needed. */
export const MESH_VIDEO_LIMIT = 4;
/**
 * With a media server the browser joins (Janus), it takes over every table of more than two people (issue 17: "An SFU
 * adapter … takes over tables of more than two"); two people stay peer to peer. A provider the browser cannot join
 * (LiveKit, token only) leaves the mesh limit at MESH_VIDEO_LIMIT so that small tables keep their video.
 */
export const SFU_MESH_LIMIT = 2;
/** The channel of a table's video (videoChat signalling among its seated members). */
export const tableChannel = (tableId: string) => `table-${tableId}`;

/** The media servers (SFU) the server can hand a table's video to. */
export const SFU_PROVIDERS = ['livekit', 'janus'] as const;

export const ZVideoEventParams = z.object({ eventId: zId });
export const ZTableParams = z.object({ eventId: zId, tableId: zId });

/** One STUN/TURN server as RTCPeerConnection takes it (config RTC_ICE_SERVERS). */
export const ZIceServer = z.strictObject({
  urls: z.union([z.string().min(1).max(300), z.array(z.string().min(1).max(300)).min(1).max(10)]),
  username: z.string().max(200).optional(),
  credential: z.string().max(500).optional(),
});
export type TIceServer = z.infer<typeof ZIceServer>;

/** What the call screen needs from the server: the ICE servers (none: host candidates, one network) and the media server. */
export const ZRtcConfig = z.object({
  iceServers: z.array(ZIceServer),
  /** The SFU for tables of more than MESH_VIDEO_LIMIT people, when one is configured (LIVEKIT_URL… or JANUS_URL…); null: mesh only. */
  sfu: z.object({ provider: z.enum(SFU_PROVIDERS), url: z.string() }).nullable(),
  meshLimit: z.number(),
  callWaitMs: z.number(),
});
export type TRtcConfig = z.infer<typeof ZRtcConfig>;

/* ---------- tables (organiser) ---------- */

const zLocal = z.string().regex(LOCAL_DATE_TIME, 'YYYY-MM-DDTHH:mm');
/** A table as the organiser writes it: opening hours are wall-clock in the event's time zone; the end after the start (timeCampare). */
export const ZTableInput = z
  .strictObject({
    kind: z.enum(TABLE_KINDS),
    topic: z.string().trim().min(1).max(120),
    seats: z.number().int().min(TABLE_SEATS_MIN).max(TABLE_SEATS_MAX),
    opensAt: zLocal,
    closesAt: zLocal,
  })
  .refine((v) => v.closesAt > v.opensAt, { message: 'timeCampare', path: ['closesAt'] });
export type TTableInput = z.infer<typeof ZTableInput>;

export const ZTable = z.object({
  id: z.string(),
  kind: z.enum(TABLE_KINDS),
  topic: z.string(),
  seats: z.number(),
  /** Wall-clock in the event's time zone. */
  opensAt: z.string(),
  closesAt: z.string(),
  timeZone: z.string(),
  isOpen: z.boolean(),
  seatsTaken: z.number(),
  /**
   * Who sits there, under their profile names. `feedId`: with Janus, on the caller's own table only, the publisher id
   * the server assigns them in the table's room: the caller's own always, another's once that person is in the room
   * under it (so no one seated can take an id before its holder does). The browser labels each remote feed by this id
   * from this list, never by the name a participant gives Janus, and reads the list again for a feed it cannot name
   * (issue 17).
   */
  seated: z.array(z.object({ eventUserId: z.string(), name: z.string(), feedId: z.number().int().positive().optional() })),
  /** The organiser's view only: people removed from this table and barred from it until allowed back. */
  barred: z.array(z.object({ eventUserId: z.string(), name: z.string(), barredAt: z.string() })).optional(),
});
export type TTable = z.infer<typeof ZTable>;
export const ZTables = z.array(ZTable);
/** A seated person of a table (the organiser removes them) or a barred one (the organiser allows them back). */
export const ZTablePersonParams = z.object({ eventId: zId, tableId: zId, eventUserId: zId });
export const ZTablePersonResult = z.object({ tableId: z.string(), eventUserId: z.string(), isBarred: z.boolean() });
export type TTablePersonResult = z.infer<typeof ZTablePersonResult>;

/** The attendee's lounge: every table, and the one they sit at. */
export const ZLounge = z.object({
  tables: z.array(ZTable),
  mySeat: z.string().nullable(),
  me: z.string(),
  /** Tables the organiser removed me from (refused with TABLE_BARRED until they allow me back). */
  barredFrom: z.array(z.string()),
});
export type TLounge = z.infer<typeof ZLounge>;

export const ZTableMessage = z.object({ tableId: z.string(), id: z.string(), content: z.string(), from: z.object({ eventUserId: z.string() }), createdAt: z.string() });
export type TTableMessage = z.infer<typeof ZTableMessage>;
export const ZTableMessages = z.object({ messages: z.array(ZTableMessage.extend({ name: z.string() })) });
export type TTableMessages = z.infer<typeof ZTableMessages>;

/**
 * A media-server (SFU) admission for a seated member of a table above the mesh limit. LiveKit: a JWT for the room.
 * Janus: a signed core token admitting to the VideoRoom plugin only, the table's numeric VideoRoom and a signed room
 * token admitting to that room only (both expiring).
 */
export const ZSfuToken = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('livekit'), url: z.string(), token: z.string(), room: z.string() }),
  /** Janus: the core token, the room, the seat's room token, and the publisher id and display name to join with. */
  z.object({ provider: z.literal('janus'), url: z.string(), token: z.string(), room: z.string(), roomId: z.number().int().positive(), roomToken: z.string(), publisherId: z.number().int().positive(), display: z.string() }),
]);
export type TSfuToken = z.infer<typeof ZSfuToken>;

/* ---------- reports (SPEC §2.6 host tabs; analytics types 16, 17, 18) ---------- */

export const ZVideoReportQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(14) });
/** One day's count and minutes (the chart). */
const ZReportDay = z.object({ date: z.string(), count: z.number(), minutes: z.number() });

export const ZTablesReport = z.object({
  type: z.number(),
  tables: z.number(),
  joins: z.number(),
  people: z.number(),
  messages: z.number(),
  totalMinutes: z.number(),
  averageMinutes: z.number(),
  byDay: z.array(ZReportDay),
  rows: z.array(z.object({ tableId: z.string(), topic: z.string(), seats: z.number(), joins: z.number(), people: z.number(), messages: z.number(), minutes: z.number() })),
});
export type TTablesReport = z.infer<typeof ZTablesReport>;

export const ZCallsReport = z.object({
  type: z.number(),
  calls: z.number(),
  answered: z.number(),
  missed: z.number(),
  declined: z.number(),
  totalMinutes: z.number(),
  averageMinutes: z.number(),
  byDay: z.array(ZReportDay),
  recent: z.array(
    z.object({ id: z.string(), caller: z.string(), callee: z.string(), status: z.enum(CALL_STATUSES), startedAt: z.string(), durationSeconds: z.number().nullable() }),
  ),
});
export type TCallsReport = z.infer<typeof ZCallsReport>;
