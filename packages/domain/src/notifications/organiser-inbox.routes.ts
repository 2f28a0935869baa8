import { defineRoutes } from '../common/route-contract.ts';
import { ZOrganiserInboxPage, ZOrganiserInboxQuery, ZOrganiserInboxReadAll, ZOrganiserNotice, ZOrganiserNoticeParams } from './organiser-inbox.schemas.ts';

const tags = ['notifications'];
const base = '/api/notifyservices/api/organiser/notifications';
// Any signed-in member of an organisation (the guard answers 403 FORBIDDEN without one): the inbox has no code of its
// own; each notice carries the code that gates it.
const org = { auth: 'member', tags } as const;

/**
 * The organiser's inbox (issue 15): every signed-in member of an organisation reads and marks their own notices, and
 * only those of their organisation. A notice made for a code (a failed refund: AP-183) or an event is shown only while
 * the member still holds that code and reaches that event; another member's notice id answers 404.
 */
export const organiserInboxRoutes = defineRoutes({
  list: { ...org, method: 'GET', path: base, query: ZOrganiserInboxQuery, response: ZOrganiserInboxPage },
  markRead: { ...org, method: 'POST', path: `${base}/:noticeId/read`, params: ZOrganiserNoticeParams, response: ZOrganiserNotice },
  markAllRead: { ...org, method: 'POST', path: `${base}/read-all`, response: ZOrganiserInboxReadAll },
});
