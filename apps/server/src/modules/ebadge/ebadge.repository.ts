import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { EventFacts } from '../events/index.ts';
import type { Attendee, RegistrationPort } from '../registration/index.ts';
import { ebadgeSettings, walletConfigs } from './ebadge.tables.ts';
import type { TShareOption } from '@pavilion/domain';

export type EbadgeSettingsRow = typeof ebadgeSettings.$inferSelect;
export type WalletConfigRow = typeof walletConfigs.$inferSelect;

/** A registration (as registration's port tells it) with everything its e-badge shows. */
export type EbadgeSource = Omit<Attendee, 'categoryId' | 'createdAt'> & {
  event: { id: string; name: string; startDate: string; endDate: string; timeZone: string; venue: string; description: string };
};

/** What the repository reads through other modules' ports (never their tables). */
export type EbadgePorts = {
  registrations: Pick<RegistrationPort, 'attendee' | 'attendeesByEmail'>;
  findEvent: (eventId: string) => Promise<EventFacts | null>;
};

function toSource({ categoryId: _c, createdAt: _t, ...a }: Attendee, e: EventFacts): EbadgeSource {
  return { ...a, event: { id: e.id, name: e.name, startDate: e.startDate, endDate: e.endDate, timeZone: e.timeZone, venue: e.venue ?? '', description: e.description ?? '' } };
}

/**
 * The only file that queries e-badge settings and wallet configs. An e-badge is a view of one registration: that
 * comes from registration's port, the event's facts from the events module.
 */
export function createEbadgeRepository(db: Db, ports: EbadgePorts) {
  async function withEvent(a: Attendee | null): Promise<EbadgeSource | null> {
    if (!a) return null;
    const e = await ports.findEvent(a.eventId);
    return e ? toSource(a, e) : null;
  }
  return {
    findSource: async (registrationId: string): Promise<EbadgeSource | null> => withEvent(await ports.registrations.attendee(registrationId)),
    sourceInEvent: async (eventId: string, registrationId: string): Promise<EbadgeSource | null> => withEvent(await ports.registrations.attendee(registrationId, eventId)),
    /** The e-badges of one person across events, matched by email (case-insensitive), newest event first. */
    async sourcesByEmail(email: string, limit = 200): Promise<EbadgeSource[]> {
      const attendees = await ports.registrations.attendeesByEmail(email, limit);
      const events = new Map(await Promise.all([...new Set(attendees.map((a) => a.eventId))].map(async (id) => [id, await ports.findEvent(id)] as const)));
      const sources = attendees.flatMap((a) => {
        const e = events.get(a.eventId);
        return e ? [toSource(a, e)] : [];
      });
      // Newest event first; within an event, newest registration first (the port's order, kept by a stable sort).
      return sources.sort((x, y) => y.event.startDate.localeCompare(x.event.startDate));
    },
    async findSettings(eventId: string): Promise<EbadgeSettingsRow | null> {
      const [row] = await db.select().from(ebadgeSettings).where(eq(ebadgeSettings.eventId, eventId)).limit(1);
      return row ?? null;
    },
    async upsertSettings(row: typeof ebadgeSettings.$inferInsert): Promise<EbadgeSettingsRow> {
      const [saved] = await db
        .insert(ebadgeSettings)
        .values(row)
        .onConflictDoUpdate({ target: ebadgeSettings.eventId, set: { verificationReveal: row.verificationReveal, showCategory: row.showCategory, shareOptions: row.shareOptions, updatedAt: new Date() } })
        .returning();
      return saved!;
    },
    /** The share options alone: a new row takes the other settings' defaults (DB defaults), an existing one keeps them. */
    async upsertShareOptions(row: { eventId: string; organisationId: string; shareOptions: TShareOption[] }): Promise<void> {
      await db.insert(ebadgeSettings).values(row).onConflictDoUpdate({ target: ebadgeSettings.eventId, set: { shareOptions: row.shareOptions, updatedAt: new Date() } });
    },
    async findWallet(organisationId: string): Promise<WalletConfigRow | null> {
      const [row] = await db.select().from(walletConfigs).where(eq(walletConfigs.organisationId, organisationId)).limit(1);
      return row ?? null;
    },
    async upsertWallet(row: typeof walletConfigs.$inferInsert): Promise<void> {
      const set: Partial<typeof walletConfigs.$inferInsert> = { updatedAt: new Date() };
      if (row.google !== undefined) set.google = row.google;
      if (row.apple !== undefined) set.apple = row.apple;
      await db.insert(walletConfigs).values(row).onConflictDoUpdate({ target: walletConfigs.organisationId, set });
    },
  };
}
export type EbadgeRepository = ReturnType<typeof createEbadgeRepository>;
