import { z } from 'zod';
import { zPage } from '../common/pagination.ts';
import { LOCAL_DATE_TIME } from '../programme/programme-time.ts';
import { ValidationKey } from '../validation/error-keys.ts';
import { MEETING_ACTIONS, PROPOSAL_ANSWERS } from './meeting-actions.ts';
import { MAX_MATCH_TAGS } from './matchmaking.ts';

export const MeetingsErrorKey = { UnknownSlot: 'unknownSlot', BoothRequired: 'boothRequired', DuplicateTag: 'duplicateTag', InvalidCharacters: 'invalidCharacters', DuplicateDay: 'duplicateDay' } as const;

const zId = z.string().min(1).max(64);
const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const plain = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: MeetingsErrorKey.InvalidCharacters });
const tag = plain(40)
  .refine((s) => s.length > 0, { message: ValidationKey.Required })
  .refine((s) => !s.includes(','), { message: MeetingsErrorKey.InvalidCharacters });
const tags = z
  .array(tag)
  .max(MAX_MATCH_TAGS)
  .refine((l) => new Set(l.map((s) => s.trim().toLowerCase())).size === l.length, { message: MeetingsErrorKey.DuplicateTag });

export const ZMeetingsEventParams = z.object({ eventId: zId });
export const ZMeetingParams = z.object({ eventId: zId, meetingId: zId });

/* ---------- organiser: meeting hours, slot length, lounge tables ---------- */

/** One day of meeting hours, wall-clock in the event's time zone; the end must be after the start (SPEC §5 timeCampare). */
export const ZMeetingDay = z
  .strictObject({
    date: z.string().refine((v) => LOCAL_DATE.test(v), { message: ValidationKey.InvalidDate }),
    start: z.string().refine((v) => LOCAL_TIME.test(v), { message: ValidationKey.InvalidTime }),
    end: z.string().refine((v) => LOCAL_TIME.test(v), { message: ValidationKey.InvalidTime }),
  })
  .superRefine((d, ctx) => {
    if (LOCAL_TIME.test(d.start) && LOCAL_TIME.test(d.end) && d.end <= d.start) ctx.addIssue({ code: 'custom', path: ['end'], message: ValidationKey.TimeCompare });
  });
export const ZMeetingSettingsInput = z.strictObject({
  days: z
    .array(ZMeetingDay)
    .max(31)
    .refine((l) => new Set(l.map((d) => d.date)).size === l.length, { message: MeetingsErrorKey.DuplicateDay }),
  slotMinutes: z.number().int().min(5).max(240),
  loungeTables: z.number().int().min(0).max(1000),
});
export type TMeetingSettingsInput = z.infer<typeof ZMeetingSettingsInput>;
export const ZMeetingSettings = z.object({ days: z.array(z.object({ date: z.string(), start: z.string(), end: z.string() })), slotMinutes: z.number(), loungeTables: z.number(), timeZone: z.string() });
export type TMeetingSettings = z.infer<typeof ZMeetingSettings>;

/* ---------- matchmaking (mm/{eventId-eventUserId}) ---------- */

/** What a participant looks for and offers (≤ 10 tags each) and their interests (pre-filled from their profile). */
export const ZMatchProfileInput = z.strictObject({ company: plain(100), interests: tags, lookingFor: tags, offering: tags });
export type TMatchProfileInput = z.infer<typeof ZMatchProfileInput>;
export const ZMatchProfile = z.object({ eventUserId: z.string(), name: z.string(), company: z.string(), interests: z.array(z.string()), lookingFor: z.array(z.string()), offering: z.array(z.string()), saved: z.boolean() });
export type TMatchProfile = z.infer<typeof ZMatchProfile>;
export const ZMatch = z.object({
  eventUserId: z.string(),
  name: z.string(),
  company: z.string(),
  score: z.number(),
  explanation: z.string(),
  sharedInterests: z.array(z.string()),
  offering: z.array(z.string()),
  lookingFor: z.array(z.string()),
});
export type TMatch = z.infer<typeof ZMatch>;
export const ZMatches = z.object({ me: ZMatchProfile, matches: z.array(ZMatch) });
export type TMatches = z.infer<typeof ZMatches>;

/** The organiser's participant picker (scheduling on behalf): the event's participations by name, 50 at most. */
export const ZOrgParticipantsQuery = z.strictObject({ q: plain(100).optional() });
export type TOrgParticipantsQuery = z.infer<typeof ZOrgParticipantsQuery>;
export const ZOrgParticipants = z.object({ items: z.array(z.object({ eventUserId: z.string(), name: z.string(), userType: z.number() })), total: z.number() });
export type TOrgParticipants = z.infer<typeof ZOrgParticipants>;

/* ---------- networking directory tab ---------- */

export const ZDirectoryQuery = z.strictObject({
  q: plain(100).optional(),
  interest: plain(40).optional(),
  company: plain(100).optional(),
  /** A country of the listed profiles (ISO alpha-2). */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  userType: z.coerce.number().int().min(1).max(20).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** SPEC §9 pager: default page size 10. */
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type TDirectoryQuery = z.infer<typeof ZDirectoryQuery>;
export const ZDirectoryEntry = z.object({
  pair: z.string(),
  eventUserId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  countryCode: z.string(),
  interests: z.array(z.string()),
  photoUrl: z.string().nullable(),
  userType: z.number().nullable(),
});
export type TDirectoryEntry = z.infer<typeof ZDirectoryEntry>;
export const ZDirectoryPage = zPage(ZDirectoryEntry).extend({
  /** Filter choices from everyone listed (interests and companies), sorted. */
  interests: z.array(z.string()),
  companies: z.array(z.string()),
  /** The countries the listed people gave in their profile (ISO alpha-2, sorted): the country filter's choices. */
  countries: z.array(z.string()),
});
export type TDirectoryPage = z.infer<typeof ZDirectoryPage>;

/* ---------- meetings ---------- */

const zSlot = z.string().refine((v) => LOCAL_DATE_TIME.test(v), { message: ValidationKey.InvalidTime });
const meetingFields = {
  slot: zSlot,
  place: z.union([z.literal(1), z.literal(2)]),
  mode: z.union([z.literal(1), z.literal(2)]),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** The booth's name when the place is a booth (SPEC §3.10 Booth 1). */
  booth: plain(80).nullable().default(null),
  message: plain(500).default(''),
};
const boothRule = (m: { place: number; mode: number; booth: string | null }, ctx: z.RefinementCtx) => {
  if (m.place === 1 && m.mode === 1 && !m.booth) ctx.addIssue({ code: 'custom', path: ['booth'], message: MeetingsErrorKey.BoothRequired });
};
/** A participant asks another participant of the same event for a meeting in one slot (wall-clock, event zone). */
export const ZMeetingRequest = z.strictObject({ inviteeEventUserId: zId, ...meetingFields }).superRefine(boothRule);
export type TMeetingRequest = z.infer<typeof ZMeetingRequest>;
/** The organiser schedules a meeting on behalf of both sides (it starts Approved / Scheduled). */
export const ZMeetingSchedule = z.strictObject({ requesterEventUserId: zId, inviteeEventUserId: zId, ...meetingFields }).superRefine(boothRule);
export type TMeetingSchedule = z.infer<typeof ZMeetingSchedule>;
export const ZMeetingActionInput = z.strictObject({ action: z.enum(MEETING_ACTIONS) });
/**
 * A new time for a meeting (rescheduling): a slot of the meeting hours and, for a physical booth meeting, the booth
 * (the meeting's own when left out); a physical lounge meeting takes the lowest free table of the new slot.
 */
export const ZMeetingProposalInput = z.strictObject({ slot: zSlot, booth: plain(80).nullable().default(null) });
export type TMeetingProposalInput = z.infer<typeof ZMeetingProposalInput>;
export const ZProposalParams = z.object({ eventId: zId, meetingId: zId, proposalId: zId });
export const ZProposalAnswerInput = z.strictObject({ answer: z.enum(PROPOSAL_ANSWERS) });
/** The meeting's pending proposal of a new time (SPEC §4 first labelling: it is a request of its own). */
export const ZMeetingProposal = z.object({
  id: z.string(),
  /** Who proposed it; null when the organiser moved the meeting. */
  proposedBy: z.object({ eventUserId: z.string(), name: z.string() }).nullable(),
  slot: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  tableNumber: z.number().nullable(),
  booth: z.string().nullable(),
  status: z.number(),
  /** What the caller may answer (the other side: accept, decline; the proposer: withdraw). */
  answers: z.array(z.enum(PROPOSAL_ANSWERS)),
  createdAt: z.string(),
});
export type TMeetingProposal = z.infer<typeof ZMeetingProposal>;

export const ZMeeting = z.object({
  id: z.string(),
  requester: z.object({ eventUserId: z.string(), name: z.string() }),
  invitee: z.object({ eventUserId: z.string(), name: z.string() }),
  slot: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.number(),
  mode: z.number(),
  type: z.number(),
  tableNumber: z.number().nullable(),
  booth: z.string().nullable(),
  message: z.string(),
  status: z.number(),
  responseStatus: z.number(),
  /** The virtual meeting's video channel (chat module's generateRtcToken `cn`); null for a physical meeting. */
  videoChannel: z.string().nullable(),
  /** What the caller may do next. */
  actions: z.array(z.enum(MEETING_ACTIONS)),
  /** The pending proposal of a new time, if any (one at a time). */
  proposal: ZMeetingProposal.nullable(),
  /** Whether the caller may propose a new time now (pending or approved, no proposal pending). */
  canReschedule: z.boolean(),
  /** The iCalendar SEQUENCE: how many times the meeting moved. */
  sequence: z.number(),
  createdAt: z.string(),
});
export type TMeeting = z.infer<typeof ZMeeting>;
export const ZMyMeetings = z.object({ timeZone: z.string(), me: z.string(), meetings: z.array(ZMeeting) });
export type TMyMeetings = z.infer<typeof ZMyMeetings>;

/** A slot of the meeting hours and whether both people are free in it. */
export const ZSlot = z.object({ slot: z.string(), startsAt: z.string(), free: z.boolean() });
export const ZSlots = z.object({ timeZone: z.string(), slotMinutes: z.number(), slots: z.array(ZSlot) });
export type TSlots = z.infer<typeof ZSlots>;
export const ZSlotsQuery = z.strictObject({ with: zId });

export const ZMeetingListQuery = z.strictObject({
  status: z.coerce.number().int().min(0).max(4).optional(),
  type: z.coerce.number().int().min(1).max(3).optional(),
  mode: z.coerce.number().int().min(1).max(2).optional(),
  q: plain(100).optional(),
  /** Scheduled Meetings (SPEC §2.6): only approved meetings. */
  scheduled: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
});
export type TMeetingListQuery = z.infer<typeof ZMeetingListQuery>;
export const ZMeetingPage = zPage(ZMeeting).extend({ timeZone: z.string() });
export type TMeetingPage = z.infer<typeof ZMeetingPage>;
