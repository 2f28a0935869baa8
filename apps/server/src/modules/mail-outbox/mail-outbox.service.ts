import { mailLinkKind, type TMailOutboxItem, type TMailOutboxListQuery, type TMailOutboxMessage, type TMailOutboxStatusResponse, type TMailStatus, type TPage } from '@pavilion/domain';
import type { AuthUser } from '../../platform/auth-guard.ts';
import { sanitizeEmailHtml } from '../../platform/sanitize.ts';
import { mailOutboxErrors } from './mail-outbox.errors.ts';
import type { MailOutboxRepository, MailScope } from './mail-outbox.repository.ts';

export type MailOutboxDeps = {
  repo: MailOutboxRepository;
  /** Development, or MAIL_OUTBOX_UI=1: otherwise every route but the status answers 404 MAIL_OUTBOX_DISABLED. */
  isEnabled: boolean;
  transport: 'smtp' | 'outbox';
  from: string;
};

/** Inline images larger than this stay out of the rendered HTML (they remain downloadable). */
const MAX_INLINE_BYTES = 512 * 1024;

function scopeOf(caller: AuthUser, organisationId: string): MailScope {
  if (caller.isRegionTeam) throw mailOutboxErrors.regionTeam();
  const ids = caller.itemScope.get('event');
  return { organisationId, ...(ids ? { eventIds: [...ids] } : {}) };
}

function item(r: { id: string; toAddress: string; subject: string; status: string; transport: string; eventId: string | null; createdAt: Date; sentAt: Date | null }, attachmentCount: number): TMailOutboxItem {
  return {
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    status: r.status as TMailStatus,
    transport: r.transport === 'smtp' ? 'smtp' : 'outbox',
    eventId: r.eventId,
    attachmentCount,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

/** The organiser's Mail outbox: what Pavilion sent or kept, read back with its attachments and links. */
export function createMailOutboxService(deps: MailOutboxDeps) {
  const { repo } = deps;
  function assertEnabled() {
    if (!deps.isEnabled) throw mailOutboxErrors.disabled();
  }
  async function messageOr404(caller: AuthUser, organisationId: string, id: string) {
    assertEnabled();
    const row = await repo.find(scopeOf(caller, organisationId), id);
    if (!row) throw mailOutboxErrors.messageNotFound();
    return row;
  }

  return {
    status(): TMailOutboxStatusResponse {
      return { enabled: deps.isEnabled, transport: deps.transport };
    },
    async list(caller: AuthUser, organisationId: string, q: TMailOutboxListQuery): Promise<TPage<TMailOutboxItem>> {
      assertEnabled();
      const { rows, total } = await repo.list(scopeOf(caller, organisationId), q);
      return { items: rows.map((r) => item(r, r.attachmentCount)), total, page: q.page, pageSize: q.pageSize };
    },
    async get(caller: AuthUser, organisationId: string, id: string): Promise<TMailOutboxMessage> {
      const row = await messageOr404(caller, organisationId, id);
      const files = await repo.attachments(id);
      const byCid = new Map(files.filter((f) => f.cid && f.size <= MAX_INLINE_BYTES).map((f) => [f.cid!, f]));
      const { html, links } = await sanitizeEmailHtml(row.htmlBody, (cid) => {
        const f = byCid.get(cid);
        return f && /^image\/(png|jpeg|gif|webp)$/.test(f.contentType) ? `data:${f.contentType};base64,${f.content.toString('base64')}` : null;
      });
      // One entry per distinct target, named by its first text anchor (the QR image and "Open your e-badge" share one).
      const byUrl = new Map<string, { label: string; isText: boolean }>();
      for (const l of links) {
        const had = byUrl.get(l.url);
        if (!had || (!had.isText && l.isText)) byUrl.set(l.url, { label: l.label, isText: l.isText });
      }
      // The text part may carry links the HTML does not (the order page in the confirmation mail).
      for (const [url] of row.textBody.matchAll(/https?:\/\/[^\s<>"')]+/g)) if (!byUrl.has(url)) byUrl.set(url, { label: url, isText: true });
      return {
        ...item(row, files.length),
        // "Name <address>" reads as markup to the browser's response sanitiser: shown as "Name (address)".
        from: deps.from.replace(/\s*<([^<>]+)>\s*$/, ' ($1)'),
        text: row.textBody,
        html,
        error: row.error,
        attachments: files.map((f) => ({ index: f.position, filename: f.filename, contentType: f.contentType, size: f.size, cid: f.cid })),
        links: [...byUrl].map(([url, l]) => ({ url, label: l.label, kind: mailLinkKind(url) })),
      };
    },
    async attachment(caller: AuthUser, organisationId: string, id: string, index: number) {
      await messageOr404(caller, organisationId, id);
      const f = await repo.attachment(id, index);
      if (!f) throw mailOutboxErrors.attachmentNotFound();
      return { filename: f.filename, contentType: f.contentType, content: f.content };
    },
  };
}
export type MailOutboxService = ReturnType<typeof createMailOutboxService>;
