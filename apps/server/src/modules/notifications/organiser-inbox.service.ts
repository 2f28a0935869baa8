import { ORGANISER_NOTICE_SOCKET_EVENT, type TOrganiserInboxPage, type TOrganiserInboxQuery, type TOrganiserInboxReadAll, type TOrganiserNotice } from '@pavilion/domain';
import { hasAccess, type AuthUser } from '../../platform/auth-guard.ts';
import { notificationsErrors } from './notifications.errors.ts';
import type { OrganiserInboxRepository, OrganiserNoticeRow, OrganiserReach } from './organiser-inbox.repository.ts';

/** What a module asks the organiser inbox to tell members: the code and event that gate reading it, and its dedupe key. */
export type OrganiserNoticeInput = { kind: string; title: string; body: string; link?: string | null; eventId?: string | null; accessCode?: string | null; dedupeKey: string };

/** Every code an organiser notice is gated by (a member without it does not see the notice, even one made earlier). */
export const ORGANISER_NOTICE_CODES = ['AP-183'] as const;

export type OrganiserInboxDeps = {
  repo: OrganiserInboxRepository;
  now: () => Date;
  newId: () => string;
  /** The member's sockets (`user:<id>` on /chatservices: the dashboard's organiser socket is in it). */
  emitToUser: (userId: string, event: string, payload: unknown) => void;
};

/** What the caller may read now: their codes among the gating ones (all for an admin) and their event scope. */
export function reachOf(caller: Pick<AuthUser, 'accessLevel' | 'grants' | 'organisationId' | 'itemScope'>): OrganiserReach {
  const codes = ORGANISER_NOTICE_CODES.filter((c) => hasAccess(caller, c));
  const scope = caller.itemScope.get('event');
  return { codes: codes.length === ORGANISER_NOTICE_CODES.length ? null : codes, eventIds: scope ? [...scope] : null };
}

/** The organiser's inbox (issue 15): notices keyed by organisation member, read by the member, scoped to the organisation. */
export function createOrganiserInboxService(deps: OrganiserInboxDeps) {
  const { repo } = deps;
  const view = (r: OrganiserNoticeRow): TOrganiserNotice => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    eventId: r.eventId,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt ? r.readAt.toISOString() : null,
  });

  return {
    /**
     * The port: one notice to several members of one organisation, stored once per member and `dedupeKey` (a fact
     * delivered again makes nothing new), then a live nudge to each new recipient's open dashboards.
     */
    async notifyMembers(organisationId: string, userIds: readonly string[], input: OrganiserNoticeInput): Promise<TOrganiserNotice[]> {
      const rows = await repo.insert(
        organisationId,
        userIds,
        { kind: input.kind, title: input.title, body: input.body, link: input.link ?? null, eventId: input.eventId ?? null, accessCode: input.accessCode ?? null, dedupeKey: input.dedupeKey },
        deps.now(),
        deps.newId,
      );
      return rows.map((r) => {
        const v = view(r);
        deps.emitToUser(r.userId, ORGANISER_NOTICE_SOCKET_EVENT, v);
        return v;
      });
    },

    async list(caller: AuthUser, organisationId: string, q: TOrganiserInboxQuery): Promise<TOrganiserInboxPage> {
      const { rows, total, unread } = await repo.list(organisationId, caller.userId, reachOf(caller), { page: q.page, pageSize: q.pageSize, unreadOnly: q.unreadOnly === 'true' });
      return { items: rows.map(view), total, unread, page: q.page, pageSize: q.pageSize };
    },
    async markRead(caller: AuthUser, organisationId: string, noticeId: string): Promise<TOrganiserNotice> {
      const row = await repo.markRead(organisationId, caller.userId, reachOf(caller), noticeId, deps.now());
      if (!row) throw notificationsErrors.notFound();
      return view(row);
    },
    async markAllRead(caller: AuthUser, organisationId: string): Promise<TOrganiserInboxReadAll> {
      return { updated: await repo.markAllRead(organisationId, caller.userId, reachOf(caller), deps.now()), unread: 0 };
    },
  };
}
export type OrganiserInboxService = ReturnType<typeof createOrganiserInboxService>;
