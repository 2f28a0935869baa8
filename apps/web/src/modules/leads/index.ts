import { lazy } from 'react';

/**
 * The leads module's door (STYLE.md: other modules and app/ import only this file). The attendee app's Leads tab
 * and the "drop my card" button are lazy components; the host's Onsite Leads page is loaded by path.
 */
export const LeadTab = lazy(() => import('./components/lead-tab.tsx').then((m) => ({ default: m.LeadTab })));
export const DropCardButton = lazy(() => import('./components/drop-card-button.tsx').then((m) => ({ default: m.DropCardButton })));
export const CompanyDocuments = lazy(() => import('./components/brief-bag.tsx').then((m) => ({ default: m.CompanyDocuments })));
/** "Add to brief bag" for one document (a company's or a product's); a signed-in participant of the event sees it. */
export const BagButton = lazy(() => import('./components/bag-button.tsx').then((m) => ({ default: m.BagButton })));
export const AskCompany = lazy(() => import('./components/inquiries.tsx').then((m) => ({ default: m.AskCompany })));
/** "Ask about this product" on a product of a company page (the product goes with the inquiry). */
export const AskProduct = lazy(() => import('./components/inquiries.tsx').then((m) => ({ default: m.AskProduct })));
export { leadsKeys } from './api/leads-keys.ts';
