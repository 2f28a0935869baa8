import { z } from 'zod';
import { ZPageQuery } from '../common/pagination.ts';
import { ValidationKey } from '../validation/error-keys.ts';
import { hasDoubleCurlyVariable, hasHtmlClassAttribute } from '../validation/rich-text.ts';
import { isNonBlank } from '../validation/text.ts';
import { ATTENDEE_NOTIFICATION_TEMPLATE_TYPES } from './notification-templates.ts';

/**
 * The attendee's notifications inbox and the organiser's announcements (issue 17). A notification's `kind` is a key of
 * SPEC §3.10's attendee notification catalogue (`MEETING_INVITED`, …) or `ANNOUNCEMENT` (SPEC §3.10 campaign kind
 * Announcement 1, which the catalogue does not list).
 */
export const NOTIFICATION_KINDS = ['ANNOUNCEMENT', ...ATTENDEE_NOTIFICATION_TEMPLATE_TYPES.map((t) => t.key)] as const;
export type TNotificationKind = string;
export const ANNOUNCEMENT_KIND = 'ANNOUNCEMENT';

/** Limits of an announcement (plain text, or rich text sanitised by the server). */
export const ANNOUNCEMENT_LIMITS = { title: 200, text: 5000, html: 20_000, ticketTypes: 50 } as const;
export const BODY_FORMATS = ['text', 'html'] as const;
export type TBodyFormat = (typeof BODY_FORMATS)[number];

const zId = z.string().min(1).max(64);
const noControl = (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s);

export const ZNotificationsEventParams = z.object({ eventId: zId });
export const ZNotificationParams = z.object({ eventId: zId, notificationId: zId });

/** One entry of a participant's inbox. `link` is an in-app path (e.g. `/mm/…`), never an outside URL. */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  format: z.enum(BODY_FORMATS),
  link: z.string().nullable(),
  announcementId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = ZPageQuery.extend({ unreadOnly: z.enum(['true', 'false']).optional() });
export type TNotificationsQuery = z.infer<typeof ZNotificationsQuery>;
export const ZNotificationPage = z.object({ items: z.array(ZNotification), total: z.number().int(), unread: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TNotificationPage = z.infer<typeof ZNotificationPage>;
export const ZMarkAllRead = z.object({ updated: z.number().int(), unread: z.number().int() });
export type TMarkAllRead = z.infer<typeof ZMarkAllRead>;

/* ---------- announcements (organiser) ---------- */

/** Who an announcement goes to: everyone in the event, holders of chosen ticket types, or the people who booked a session. */
export const ZAnnouncementAudience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('everyone') }),
  z.strictObject({
    kind: z.literal('ticketTypes'),
    ticketIds: z
      .array(zId)
      .max(ANNOUNCEMENT_LIMITS.ticketTypes)
      .refine((l) => l.length > 0, { message: ValidationKey.Required })
      .refine((l) => new Set(l).size === l.length, { message: 'duplicate' }),
  }),
  z.strictObject({ kind: z.literal('session'), sessionId: zId }),
]);
export type TAnnouncementAudience = z.infer<typeof ZAnnouncementAudience>;

/**
 * An announcement to send now. Plain text keeps its line breaks and is shown as text; rich text (`format: 'html'`)
 * follows SPEC §5 (no class attributes, no `{{variables}}`) and is sanitised by the server before it is stored.
 */
export const ZAnnouncementInput = z
  .strictObject({
    title: z.string().trim().max(ANNOUNCEMENT_LIMITS.title).refine(isNonBlank, { message: ValidationKey.Required }).refine(noControl, { message: 'invalidCharacters' }),
    body: z.string().trim().max(ANNOUNCEMENT_LIMITS.html).refine(isNonBlank, { message: ValidationKey.Required }),
    format: z.enum(BODY_FORMATS).default('text'),
    audience: ZAnnouncementAudience,
  })
  .superRefine((a, ctx) => {
    if (a.format === 'text') {
      if (a.body.length > ANNOUNCEMENT_LIMITS.text) ctx.addIssue({ code: 'custom', path: ['body'], message: 'tooLong' });
      if (!noControl(a.body)) ctx.addIssue({ code: 'custom', path: ['body'], message: 'invalidCharacters' });
      return;
    }
    if (hasHtmlClassAttribute(a.body)) ctx.addIssue({ code: 'custom', path: ['body'], message: ValidationKey.HtmlClassNotAllowed });
    if (hasDoubleCurlyVariable(a.body)) ctx.addIssue({ code: 'custom', path: ['body'], message: ValidationKey.DoubleCurlyVariableNotAllowed });
  });
export type TAnnouncementInput = z.input<typeof ZAnnouncementInput>;

export const ZAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  format: z.enum(BODY_FORMATS),
  audience: ZAnnouncementAudience,
  /** What the audience was, in words (ticket names, the session's title), as it was when sent. */
  audienceLabel: z.string(),
  recipients: z.number().int(),
  read: z.number().int(),
  sentAt: z.string(),
  sentBy: z.string().nullable(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;
export const ZAnnouncementPage = z.object({ items: z.array(ZAnnouncement), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TAnnouncementPage = z.infer<typeof ZAnnouncementPage>;
export const ZAnnouncementsQuery = ZPageQuery;

/** What the organiser's form offers: the event's ticket types and sessions, and how many people are in the event. */
export const ZAnnouncementAudienceOptions = z.object({
  everyone: z.number().int(),
  tickets: z.array(z.object({ id: z.string(), name: z.string() })),
  sessions: z.array(z.object({ id: z.string(), title: z.string(), startsAt: z.string() })),
});
export type TAnnouncementAudienceOptions = z.infer<typeof ZAnnouncementAudienceOptions>;

/** The inbound socket event `announcement` answers with this: the caller's copy, now read. */
export const ZAnnouncementReadAck = z.object({ notificationId: z.string(), readAt: z.string(), unread: z.number().int() });
