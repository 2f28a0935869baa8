import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { attendeeProfiles } from './profile.tables.ts';

export type ProfileRow = typeof attendeeProfiles.$inferSelect;
export type ProfileFields = Pick<ProfileRow, 'jobTitle' | 'company' | 'interests' | 'isInDirectory' | 'isProfilePublic'>;

/** The only file that queries attendee_profiles. */
export function createProfileRepository(db: Db) {
  return {
    async byRegistrations(registrationIds: string[]): Promise<ProfileRow[]> {
      if (registrationIds.length === 0) return [];
      return db.select().from(attendeeProfiles).where(inArray(attendeeProfiles.registrationId, registrationIds));
    },
    /** Makes the missing rows with defaults (a new share id each); an existing row is kept as it is. */
    async ensure(rows: { registrationId: string; organisationId: string; eventId: string; publicId: string }[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(attendeeProfiles).values(rows).onConflictDoNothing({ target: attendeeProfiles.registrationId });
    },
    async update(registrationId: string, fields: ProfileFields): Promise<void> {
      await db
        .update(attendeeProfiles)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(attendeeProfiles.registrationId, registrationId));
    },
    /** The profile behind a share id, in its event only (an id of event B never answers for event A). */
    async byShareId(eventId: string, publicId: string): Promise<ProfileRow | null> {
      const [row] = await db
        .select()
        .from(attendeeProfiles)
        .where(and(eq(attendeeProfiles.eventId, eventId), eq(attendeeProfiles.publicId, publicId)))
        .limit(1);
      return row ?? null;
    },
    /** The event's profiles listed in its networking directory. */
    async inDirectory(eventId: string, limit: number): Promise<ProfileRow[]> {
      return db
        .select()
        .from(attendeeProfiles)
        .where(and(eq(attendeeProfiles.eventId, eventId), eq(attendeeProfiles.isInDirectory, true)))
        .orderBy(attendeeProfiles.registrationId)
        .limit(limit);
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
