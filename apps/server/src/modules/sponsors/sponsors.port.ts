import type { SponsorsRepository } from './sponsors.repository.ts';
import { SPONSOR_LOGO_PATH } from './sponsors.service.ts';

/**
 * A sponsor as another module may show it: its name, logo address and, when it has a website, the counted
 * click-through (the visit redirect) a link to it must use.
 */
export type SponsorFacts = { id: string; name: string; logoUrl: string | null; visitUrl?: string };

/**
 * What other modules read of sponsors (ARCHITECTURE.md "ports"): programme puts an event's sponsors on its sessions.
 * The caller has already checked the event (an organiser's scope, or the portal's tab rule).
 */
export function createSponsorsPort(repo: SponsorsRepository) {
  return {
    /** The event's sponsors, in the organiser's order. */
    async sponsorsOf(eventId: string): Promise<SponsorFacts[]> {
      const { sponsors } = await repo.showcase(eventId);
      return sponsors.map((s) => ({
        id: s.id,
        name: s.name,
        logoUrl: s.logoId ? `${SPONSOR_LOGO_PATH}/${s.logoId}` : null,
        // Left out without a website: there is nowhere to send a click.
        ...(s.website ? { visitUrl: `/api/eventservices/public/events/${encodeURIComponent(eventId)}/sponsors/${encodeURIComponent(s.id)}/visit` } : {}),
      }));
    },
  };
}
export type SponsorsPort = ReturnType<typeof createSponsorsPort>;
