import { boolean, customType, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** An event's attendee-app tabs (SPEC §2.4), one row per tab once the organiser saved the list; none = the defaults. */
export const portalAppTabs = pgTable(
  'portal_app_tabs',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    tabName: text('tab_name').notNull(),
    title: text('title').notNull(),
    displayOrder: integer('display_order').notNull(),
    showInMenu: boolean('show_in_menu').notNull(),
    loginRequired: boolean('login_required').notNull().default(false),
    /** A portal_banners id, or ''. */
    menuBanner: text('menu_banner').notNull().default(''),
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tabName] })],
);

/** An event's web portal menu (SPEC §2.5), one row per entry once saved; none = the spec's PORTAL_MENU. */
export const portalMenuEntries = pgTable(
  'portal_menu_entries',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    displayOrder: integer('display_order').notNull(),
    isShown: boolean('is_shown').notNull(),
    eventMode: jsonb('event_mode').$type<number[]>().notNull(),
    showMenuOnPreEvent: boolean('show_menu_on_pre_event').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.key] })],
);

/** Menu banner images, checked to be the image type their name says (SPEC §5 and the magic bytes). */
export const portalBanners = pgTable('portal_banners', {
  id: text('id').primaryKey(),
  eventId: text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  organisationId: text('organisation_id').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
