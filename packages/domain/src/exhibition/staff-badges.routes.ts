import { defineRoutes } from '../common/route-contract.ts';
import {
  ZMyStaffBadgeParams,
  ZStaffBadgeCompanyParams,
  ZStaffBadgeEventParams,
  ZStaffBadgeIssueInput,
  ZStaffBadgeList,
  ZStaffBadgeParams,
  ZStaffBadgeSettings,
  ZStaffBadgeSettingsInput,
  ZStaffMember,
} from './staff-badges.ts';

const tags = ['exhibition'];
const ev = '/api/eventservices/events/:eventId/exhibition';
const mine = '/api/eventservices/events/:eventId/my-stand';

/**
 * Issue 15: exhibitor staff badges (staff-badges.ts). The organiser chooses the event's staff badge ticket under
 * Booths (AP-535 view, AP-537 edit, beside the staff quota rule) and issues or revokes a company's badges (Companies:
 * AP-482 view, AP-484 edit); the company's admin does the same for their own company on My stand (403
 * EXHIBITION_NOT_COMPANY_ADMIN for anyone else). Issuing beyond the quota answers 409 EXHIBITION_STAFF_QUOTA_EXCEEDED,
 * before a ticket is chosen 409 EXHIBITION_STAFF_BADGE_TICKET_NOT_SET, a second issue 409 EXHIBITION_BADGE_ISSUED.
 */
export const staffBadgesRoutes = defineRoutes({
  staffBadgeSettings: { method: 'GET', path: `${ev}/staff-badges/settings`, auth: 'organiser', access: 'AP-535', tags, params: ZStaffBadgeEventParams, response: ZStaffBadgeSettings },
  /** A paid ticket answers 400 ticketId: ticketNotFree; another event's ticket or category 400 unknownTicket / unknownCategory. */
  saveStaffBadgeSettings: { method: 'PUT', path: `${ev}/staff-badges/settings`, auth: 'organiser', access: 'AP-537', tags, params: ZStaffBadgeEventParams, body: ZStaffBadgeSettingsInput, response: ZStaffBadgeSettings },

  companyStaffBadges: { method: 'GET', path: `${ev}/companies/:companyId/staff-badges`, auth: 'organiser', access: 'AP-482', tags, params: ZStaffBadgeCompanyParams, response: ZStaffBadgeList },
  issueStaffBadge: { method: 'POST', path: `${ev}/companies/:companyId/staff-badges/:staffId`, auth: 'organiser', access: 'AP-484', tags, params: ZStaffBadgeParams, body: ZStaffBadgeIssueInput, status: 201, response: ZStaffMember },
  revokeStaffBadge: { method: 'DELETE', path: `${ev}/companies/:companyId/staff-badges/:staffId`, auth: 'organiser', access: 'AP-484', tags, params: ZStaffBadgeParams, response: ZStaffMember },

  myStaffBadges: { method: 'GET', path: `${mine}/staff-badges`, auth: 'user', tags, params: ZStaffBadgeEventParams, response: ZStaffBadgeList },
  myIssueStaffBadge: { method: 'POST', path: `${mine}/staff-badges/:staffId`, auth: 'user', tags, params: ZMyStaffBadgeParams, body: ZStaffBadgeIssueInput, status: 201, response: ZStaffMember },
  myRevokeStaffBadge: { method: 'DELETE', path: `${mine}/staff-badges/:staffId`, auth: 'user', tags, params: ZMyStaffBadgeParams, response: ZStaffMember },
});
