import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { programmeSpeakers } from './programme.tables.ts';

/**
 * Programme's read model for modules built before it (a platform port, as exhibition's booth forms): auth asks it
 * whether an account is a speaker of an event (linked by a speaker invitation), so that the event's sign-in link opens
 * "My speaker profile" for an attendee account invited as a speaker, as it does for a Speaker account.
 */
export function createSpeakerAccountsPort(db: Db) {
  return {
    async isSpeakerOf(eventId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: programmeSpeakers.id })
        .from(programmeSpeakers)
        .where(and(eq(programmeSpeakers.eventId, eventId), eq(programmeSpeakers.userId, userId)))
        .limit(1);
      return !!row;
    },
  };
}
export type SpeakerAccountsPort = ReturnType<typeof createSpeakerAccountsPort>;
