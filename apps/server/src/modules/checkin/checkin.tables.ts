import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from '../events/events.tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const eventRef = () =>
  text('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/** A place where credentials are scanned (gate, hall, session room), with its access rules and capacity. */
export const checkinAreas = pgTable(
  'checkin_areas',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    ticketIds: jsonb('ticket_ids').$type<string[]>().notNull().default([]),
    categoryIds: jsonb('category_ids').$type<string[]>().notNull().default([]),
    timeWindows: jsonb('time_windows').$type<{ start: string; end: string }[]>().notNull().default([]),
    tracksExit: boolean('tracks_exit').notNull().default(true),
    allowsReentry: boolean('allows_reentry').notNull().default(true),
    autoCheckoutAt: ts('auto_checkout_at'),
    autoCheckoutAfterMinutes: integer('auto_checkout_after_minutes'),
    capacity: integer('capacity'),
    capacityMode: text('capacity_mode').notNull().default('warn'),
    /** Secret of the public footfall page (footfall-ct/<areaId>?key=...). Only counts are shown there. */
    displayKey: text('display_key').notNull(),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('checkin_areas_event_idx').on(t.eventId)],
);

/** A scanner, kiosk, badge printer or turnstile. Secrets (pairing code, token) are stored as SHA-256 only. */
/** Devices grouped to be managed together (T-81, AP-283..287). A device is in at most one group. */
export const checkinDeviceGroups = pgTable(
  'checkin_device_groups',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkin_device_groups_name_uq').on(t.eventId, sql`lower(${t.name})`)],
);

export const checkinDevices = pgTable(
  'checkin_devices',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: eventRef(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    areaIds: jsonb('area_ids').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    tokenHash: text('token_hash'),
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    pairedAt: ts('paired_at'),
    lastSeenAt: ts('last_seen_at'),
    revokedAt: ts('revoked_at'),
    deletedAt: ts('deleted_at'),
    relayUrl: text('relay_url'),
    relayEnabled: boolean('relay_enabled').notNull().default(false),
    groupId: text('group_id').references(() => checkinDeviceGroups.id, { onDelete: 'set null' }),
    lastRelayAt: ts('last_relay_at'),
    lastRelayStatus: text('last_relay_status'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('checkin_devices_event_idx').on(t.eventId),
    index('checkin_devices_group_idx').on(t.groupId),
    uniqueIndex('checkin_devices_token_uq').on(t.tokenHash),
    uniqueIndex('checkin_devices_code_uq').on(t.codeHash),
  ],
);

/**
 * Who is inside which area now: one row per (area, registration). The atomic state change of a scan happens on this
 * row (conditional upsert), which is what makes "admitted once while inside" hold across gates and instances.
 */
export const checkinPresence = pgTable(
  'checkin_presence',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => checkinAreas.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id').notNull(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    inside: boolean('inside').notNull().default(false),
    hasLeft: boolean('has_left').notNull().default(false),
    enteredAt: ts('entered_at'),
    leftAt: ts('left_at'),
    entries: integer('entries').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.areaId, t.registrationId] }),
    index('checkin_presence_inside_idx').on(t.areaId).where(sql`inside`),
    index('checkin_presence_event_idx').on(t.eventId),
  ],
);

/** The scan ledger: every scan (accepted or refused), online, offline, manual or automatic check-out. */
export const checkinScans = pgTable(
  'checkin_scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    areaId: text('area_id').notNull(),
    deviceId: text('device_id'),
    registrationId: text('registration_id'),
    direction: text('direction').notNull(),
    result: text('result').notNull(),
    source: text('source').notNull(),
    localResult: text('local_result'),
    /** Offline scans: the device's UUID; (device, nonce) is unique so a replayed batch counts nothing twice. */
    nonce: text('nonce'),
    conflict: text('conflict'),
    actorUserId: text('actor_user_id'),
    scannedAt: ts('scanned_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('checkin_scans_event_time_idx').on(t.eventId, t.scannedAt),
    index('checkin_scans_area_time_idx').on(t.areaId, t.scannedAt),
    index('checkin_scans_reg_idx').on(t.registrationId, t.areaId),
    index('checkin_scans_device_idx').on(t.deviceId, t.receivedAt),
    uniqueIndex('checkin_scans_device_nonce_uq').on(t.deviceId, t.nonce),
  ],
);

/** What an offline sync could not prevent (double admission, admission of a refused credential). */
export const checkinConflicts = pgTable(
  'checkin_conflicts',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    areaId: text('area_id').notNull(),
    deviceId: text('device_id'),
    registrationId: text('registration_id'),
    scanId: bigint('scan_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    localResult: text('local_result').notNull(),
    serverResult: text('server_result').notNull(),
    scannedAt: ts('scanned_at').notNull(),
    detectedAt: ts('detected_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: text('resolved_by'),
    note: text('note'),
  },
  (t) => [index('checkin_conflicts_event_idx').on(t.eventId, t.detectedAt)],
);

/** Device events other than scans (those are in the ledger with their device id): pairing, syncs, relay, logout. */
export const checkinDeviceLogs = pgTable(
  'checkin_device_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: text('organisation_id').notNull(),
    eventId: text('event_id').notNull(),
    deviceId: text('device_id').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('checkin_device_logs_event_idx').on(t.eventId, t.createdAt), index('checkin_device_logs_device_idx').on(t.deviceId, t.createdAt)],
);
