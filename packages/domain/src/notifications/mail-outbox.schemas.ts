import { z } from 'zod';
import { ZPageQuery, zPage } from '../common/pagination.ts';

/**
 * The organiser's Mail outbox (issue 12): what Pavilion sent, or kept in the local outbox when there is no SMTP
 * server. Served only in development or with MAIL_OUTBOX_UI=1; otherwise the routes answer 404 MAIL_OUTBOX_DISABLED.
 */
export const MAIL_OUTBOX_DISABLED = 'MAIL_OUTBOX_DISABLED';

export const MAIL_STATUSES = ['queued', 'stored', 'sent', 'failed'] as const;
export const ZMailStatus = z.enum(MAIL_STATUSES);
export type TMailStatus = z.infer<typeof ZMailStatus>;

export const ZMailOutboxStatusResponse = z.object({
  enabled: z.boolean(),
  /** smtp: sent to SMTP_URL and recorded here; outbox: no SMTP_URL, the outbox is the only copy. */
  transport: z.enum(['smtp', 'outbox']),
});
export type TMailOutboxStatusResponse = z.infer<typeof ZMailOutboxStatusResponse>;

export const ZMailOutboxListQuery = ZPageQuery.extend({
  /** Part of the recipient's address, case-insensitive. */
  to: z.string().trim().max(254).optional(),
  /** Part of the subject, case-insensitive. */
  subject: z.string().trim().max(200).optional(),
  eventId: z.string().min(1).max(64).optional(),
}).strict();
export type TMailOutboxListQuery = z.infer<typeof ZMailOutboxListQuery>;

export const ZMailOutboxParams = z.object({ mailId: z.string().min(1).max(64) });
export const ZMailOutboxAttachmentParams = ZMailOutboxParams.extend({ index: z.coerce.number().int().min(0).max(1000) });

export const ZMailOutboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: ZMailStatus,
  transport: z.enum(['smtp', 'outbox']),
  eventId: z.string().nullable(),
  attachmentCount: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TMailOutboxItem = z.infer<typeof ZMailOutboxItem>;
export const ZMailOutboxListResponse = zPage(ZMailOutboxItem);

export const ZMailOutboxAttachment = z.object({
  /** Its position in the message: the download path's last segment. */
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  cid: z.string().nullable(),
});
export type TMailOutboxAttachment = z.infer<typeof ZMailOutboxAttachment>;

/** Where a link in a mail leads: the one-time and personal links an organiser tests are named. */
export const MAIL_LINK_KINDS = ['ebadge', 'order', 'passwordReset', 'invitation', 'autoLogin', 'verify', 'other'] as const;
export const ZMailLink = z.object({ url: z.string(), label: z.string(), kind: z.enum(MAIL_LINK_KINDS) });
export type TMailLink = z.infer<typeof ZMailLink>;

export const ZMailOutboxMessage = ZMailOutboxItem.extend({
  from: z.string(),
  text: z.string(),
  /** Sanitised (no scripts, handlers or forms), with `cid:` images replaced by their attachments as data: URLs. */
  html: z.string(),
  error: z.string().nullable(),
  attachments: z.array(ZMailOutboxAttachment),
  links: z.array(ZMailLink),
});
export type TMailOutboxMessage = z.infer<typeof ZMailOutboxMessage>;

/** Classifies a link by its path on the product's own host (SPEC §2.1 routes). */
export function mailLinkKind(url: string): TMailLink['kind'] {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return 'other';
  }
  if (/^\/eb\/(m\/)?[^/]+$/.test(path)) return 'ebadge';
  if (/^\/success\//.test(path)) return 'order';
  if (/^\/er\//.test(path)) return url.includes('invite=1') ? 'invitation' : 'passwordReset';
  if (/auto-?login/i.test(path)) return 'autoLogin';
  if (/^\/verify\//.test(path)) return 'verify';
  return 'other';
}
