import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    eventId: text('event_id'),
    visitorId: text('visitor_id').notNull(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_event_created_idx').on(t.eventId, t.createdAt)],
);
