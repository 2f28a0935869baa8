import { defineRoutes, fileResponse } from '../common/route-contract.ts';
import { ZMailOutboxAttachmentParams, ZMailOutboxListQuery, ZMailOutboxListResponse, ZMailOutboxMessage, ZMailOutboxParams, ZMailOutboxStatusResponse } from './mail-outbox.schemas.ts';

const tags = ['mail outbox'];
const base = '/api/notifyservices/api/mail-outbox';

/**
 * The organiser's Mail outbox (issue 12) under notifyservices (SPEC §7's notification service prefix). Each route
 * requires AP-647 Email Reports: View (the outbox is the report of what was mailed). Off unless in development or
 * MAIL_OUTBOX_UI=1: then every route but `status` answers 404 MAIL_OUTBOX_DISABLED.
 */
export const mailOutboxRoutes = defineRoutes({
  /** Whether the outbox is on, and whether mail goes to SMTP or stays here. */
  status: { method: 'GET', path: `${base}/status`, auth: 'organiser', access: 'AP-647', tags, response: ZMailOutboxStatusResponse },
  /** The recorded messages, newest first, filtered by recipient, subject or event. */
  list: { method: 'GET', path: base, auth: 'organiser', access: 'AP-647', tags, query: ZMailOutboxListQuery, response: ZMailOutboxListResponse },
  /** One message with its sanitised HTML, attachments and classified links. */
  message: { method: 'GET', path: `${base}/:mailId`, auth: 'organiser', access: 'AP-647', tags, params: ZMailOutboxParams, response: ZMailOutboxMessage },
  /**
   * One attachment, always as a download (`Content-Disposition: attachment`, `nosniff`, `private, no-store`), in the
   * attachment's own content type (octet-stream stands for any).
   */
  attachment: {
    method: 'GET',
    path: `${base}/:mailId/attachments/:index`,
    auth: 'organiser',
    access: 'AP-647',
    tags,
    params: ZMailOutboxAttachmentParams,
    response: fileResponse('application/octet-stream'),
  },
});
