import type { SponsorsRepository } from './sponsors.repository.ts';
import { SPONSOR_LOGO_PATH } from './sponsors.service.ts';

/** A sponsor as another module may show it: its name and logo address. */
export type SponsorFacts = { id: string; name: string; logoUrl: string | null };

/**
 * What other modules read of sponsors (ARCHITECTURE.md "ports"): programme puts an event's sponsors on its sessions.
 * The caller has already checked the event (an organiser's scope, or the portal's tab rule).
 */
export function createSponsorsPort(repo: SponsorsRepository) {
  return {
    /** The event's sponsors, in the organiser's order. */
    async sponsorsOf(eventId: string): Promise<SponsorFacts[]> {
      const { sponsors } = await repo.showcase(eventId);
      return sponsors.map((s) => ({ id: s.id, name: s.name, logoUrl: s.logoId ? `${SPONSOR_LOGO_PATH}/${s.logoId}` : null }));
    },
  };
}
export type SponsorsPort = ReturnType<typeof createSponsorsPort>;
