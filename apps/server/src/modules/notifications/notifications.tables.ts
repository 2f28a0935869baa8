import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TAnnouncementAudience, TBodyFormat } from '@pavilion/domain';
import { eventUsers, events } from '../events/events.tables.ts';

/**
 * An organiser's announcement (issue 17; SPEC §7 `announcement`, §3.10 campaign kind Announcement 1): stored with its
 * audience as sent and how many recipients it has, before anything is delivered. Read counts come from the
 * notifications it made (`notifications.announcement_id`). The inbox rows are written after the live broadcast, by the
 * `announcement.sent` outbox fact's job: until then `pendingRecipients` holds the recipients' participations (null once
 * every recipient's row exists), and a recipient who reads the inbox first gets their row written then.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Plain text, or rich text already sanitised (`format` 'html'). */
    body: text('body').notNull(),
    format: text('format').$type<TBodyFormat>().notNull().default('text'),
    audience: jsonb('audience').$type<TAnnouncementAudience>().notNull(),
    audienceLabel: text('audience_label').notNull().default(''),
    recipients: integer('recipients').notNull().default(0),
    /** The recipients whose inbox rows the job has not yet written (the audience as sent); null once filled. */
    pendingRecipients: text('pending_recipients').array(),
    createdByUserId: text('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_event_idx').on(t.eventId, t.createdAt),
    // An inbox read looks for the event's announcements not yet filled: almost always none, found in this small index.
    index('announcements_pending_idx')
      .on(t.eventId)
      .where(sql`${t.pendingRecipients} is not null`),
  ],
);

/**
 * One participant's inbox entry. `dedupeKey` makes a notice arrive once per participation even when its event is
 * delivered again (the event outbox is at least once): `announcement:<id>`, `meeting:<meetingId>:<kind>`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventUserId: text('event_user_id')
      .notNull()
      .references(() => eventUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    format: text('format').$type<TBodyFormat>().notNull().default('text'),
    link: text('link'),
    announcementId: text('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.eventUserId, t.dedupeKey),
    index('notifications_inbox_idx').on(t.eventUserId, t.createdAt),
    index('notifications_announcement_idx').on(t.announcementId),
  ],
);

/**
 * The mail of a failed refund's alert (kind `REFUND_FAILED`) to one member: taken before the send and given back when
 * it fails, so the `payment.refund_failed` fact delivered again (the event outbox is at least once) mails nobody twice
 * and a failed send is tried again at the next delivery.
 */
export const refundAlertMails = pgTable(
  'refund_alert_mails',
  {
    refundId: text('refund_id').notNull(),
    userId: text('user_id').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.userId] })],
);

/**
 * An organisation member's inbox entry (issue 15): keyed by the member's account, not by a participation, so alerting
 * an organiser creates nothing in the event. `accessCode` (e.g. AP-183) and `eventId` say who may still read it: the
 * list shows a notice only while the member holds the code and reaches the event. `dedupeKey` makes a notice arrive
 * once per member when its fact is delivered again (`refund-failed:<refundId>`).
 */
export const organiserNotices = pgTable(
  'organiser_notices',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    userId: text('user_id').notNull(),
    eventId: text('event_id').references(() => events.id, { onDelete: 'cascade' }),
    accessCode: text('access_code'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('organiser_notices_dedupe_uq').on(t.userId, t.dedupeKey), index('organiser_notices_inbox_idx').on(t.organisationId, t.userId, t.createdAt)],
);
