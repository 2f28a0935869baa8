import { z } from 'zod';
import { ZPageQuery } from '../common/pagination.ts';

/**
 * The organiser's inbox (issue 15): notices for one organisation member (an account of the organisation), not for a
 * participation of an event, so a member who never opened an event's app still gets them and none is made for them.
 * `link` is an in-app dashboard path (e.g. `/app/registration/orders?eventId=…&search=…`), never an outside URL.
 */
export const ORGANISER_NOTICE_KINDS = ['REFUND_FAILED'] as const;
export type TOrganiserNoticeKind = (typeof ORGANISER_NOTICE_KINDS)[number];

/** The socket event (on /chatservices, to the member's `user:<id>` room) that says a new notice is in the inbox. */
export const ORGANISER_NOTICE_SOCKET_EVENT = 'organiserNotice';

const zId = z.string().min(1).max(64);

export const ZOrganiserNotice = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  eventId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TOrganiserNotice = z.infer<typeof ZOrganiserNotice>;

export const ZOrganiserNoticeParams = z.object({ noticeId: zId });
export const ZOrganiserInboxQuery = ZPageQuery.extend({ unreadOnly: z.enum(['true', 'false']).optional() });
export type TOrganiserInboxQuery = z.infer<typeof ZOrganiserInboxQuery>;
export const ZOrganiserInboxPage = z.object({ items: z.array(ZOrganiserNotice), total: z.number().int(), unread: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TOrganiserInboxPage = z.infer<typeof ZOrganiserInboxPage>;
export const ZOrganiserInboxReadAll = z.object({ updated: z.number().int(), unread: z.number().int() });
export type TOrganiserInboxReadAll = z.infer<typeof ZOrganiserInboxReadAll>;
