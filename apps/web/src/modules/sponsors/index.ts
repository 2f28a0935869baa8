import { lazy } from 'react';

/**
 * The sponsors module's door (STYLE.md: other modules and app/ import only this file). The router loads the
 * organiser's page (app/sponsors) lazily by path; the attendee app's Sponsor tab and the portal's Sponsors entry
 * render the lazy `SponsorsTab`.
 */
export const SponsorsTab = lazy(() => import('./components/sponsors-tab.tsx').then((m) => ({ default: m.SponsorsTab })));
/** The participant home's "My sponsorship" card, shown when the server says the account is a sponsor's contact. */
export const SponsorshipHomeCard = lazy(() => import('./components/sponsorship-home-card.tsx').then((m) => ({ default: m.SponsorshipHomeCard })));
