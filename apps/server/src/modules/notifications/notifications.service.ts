import {
  ATTENDEE_NOTIFICATION_TEMPLATE_TYPES,
  type TAnnouncement,
  type TAnnouncementAudience,
  type TAnnouncementAudienceOptions,
  type TAnnouncementInput,
  type TAnnouncementPage,
  type TBodyFormat,
  type TChatOutbound,
  type TChatOutboundEvent,
  type TMarkAllRead,
  type TNotification,
  type TNotificationPage,
  type TNotificationsQuery,
  type TPageQuery,
} from '@pavilion/domain';
import type { Audit } from '../../platform/audit.ts';
import type { AuthUser, EventAccess } from '../../platform/auth-guard.ts';
import { notificationsErrors } from './notifications.errors.ts';
import type { ListedAnnouncement, NotificationRow, NotificationsRepository } from './notifications.repository.ts';

export type NotificationsCaller = { user: AuthUser | null; eventAccess: EventAccess | null };
export type NotificationsEvent = { id: string; organisationId: string; name: string; timeZone: string };
/** What another module asks the inbox to tell (the port's `notify`). */
export type NoticeInput = { kind: string; title: string; body: string; format?: TBodyFormat; link?: string | null; dedupeKey: string };
/** A meeting change as the meetings module tells it (`meeting.notice`), with what the inbox needs to word it. */
export type MeetingNoticeFacts = {
  kind: 'requested' | 'accepted' | 'declined' | 'tentative' | 'cancelled' | 'completed' | 'scheduled' | 'reminder' | 'rescheduleProposed' | 'rescheduleAccepted' | 'rescheduleDeclined' | 'rescheduled';
  meetingId: string;
  /** The proposal of a new time a rescheduling notice is about (each is told once). */
  proposalId?: string;
  event: NotificationsEvent;
  slot: string;
  /** Each recipient with the other side's name (and, for a new time, the meetings module's wording). */
  recipients: { eventUserId: string; otherName: string; text?: string }[];
};
type Sender = { toEventUsers<E extends TChatOutboundEvent>(ids: readonly string[], event: E, payload: TChatOutbound<E>): void; toRoom<E extends TChatOutboundEvent>(room: string, event: E, payload: TChatOutbound<E>): void };

export type NotificationsDeps = {
  repo: NotificationsRepository;
  audit: Audit;
  now: () => Date;
  newId: () => string;
  socket: Sender;
  /** 404 unless the organiser's organisation (and item scope) holds the event (events module). */
  assertEvent: (caller: AuthUser, organisationId: string, eventId: string) => Promise<void>;
  findEvent: (eventId: string) => Promise<NotificationsEvent | null>;
  /** Every participation of the event, ids only (events service). */
  everyone: (eventId: string) => Promise<string[]>;
  /** The participations of the admissible holders of these ticket types (registration port → auth port → events). */
  ticketHolders: (eventId: string, ticketIds: string[]) => Promise<string[]>;
  tickets: (eventId: string) => Promise<{ id: string; name: string }[]>;
  sessions: (eventId: string) => Promise<{ id: string; title: string; startsAt: Date; bookingRequired: boolean }[]>;
  /** The participations that booked a seat in the session (programme port). */
  sessionAudience: (eventId: string, sessionId: string) => Promise<string[]>;
  namesOf: (userIds: string[]) => Promise<Map<string, string | null>>;
  sanitize: (html: string) => Promise<string>;
  /**
   * The inbox fill of a sent announcement (`announcement.sent`, the outbox): `record` writes the fact in the
   * announcement's transaction, `deliver` runs it after the commit (not awaited by the request; the outbox job delivers
   * it again after a crash or a failure, and the fill is idempotent).
   */
  announced: { record: (tx: Parameters<Parameters<NotificationsRepository['createAnnouncement']>[2]>[0], fact: AnnouncementSent) => Promise<string>; deliver: (factId: string) => Promise<void> };
  log?: { error(obj: unknown, msg?: string): void };
};
/** `announcement.sent` (durable): the announcement whose recipients' inbox rows are still to be written. */
export type AnnouncementSent = { organisationId: string; eventId: string; announcementId: string };

/** The room every participant socket of an event is in (platform/realtime.ts joins it with the event access token). */
export const eventRoom = (eventId: string) => `event:${eventId}`;

/** Rich text as plain text (the live toast shows text; the inbox renders the sanitised HTML). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** SPEC §3.10 attendee catalogue: a meeting notice's kind and its name. */
const MEETING_KIND: Partial<Record<MeetingNoticeFacts['kind'], string>> = {
  scheduled: 'MEETING_SCHEDULED',
  requested: 'MEETING_INVITED',
  reminder: 'MEETING_REMINDER',
  accepted: 'MEETING_ACCEPTED',
  declined: 'MEETING_DECLINED',
  tentative: 'MEETING_TENTATIVE',
  cancelled: 'MEETING_CANCELLED',
  // No "rescheduled" in the catalogue: a proposed new time is an invitation, its answer accepted or declined, the organiser's move scheduled.
  rescheduleProposed: 'MEETING_INVITED',
  rescheduleAccepted: 'MEETING_ACCEPTED',
  rescheduleDeclined: 'MEETING_DECLINED',
  rescheduled: 'MEETING_SCHEDULED',
};
const catalogueName = (key: string) => ATTENDEE_NOTIFICATION_TEMPLATE_TYPES.find((t) => t.key === key)?.name ?? key;

export function createNotificationsService(deps: NotificationsDeps) {
  const { repo } = deps;

  const view = (r: NotificationRow): TNotification => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    format: r.format,
    link: r.link,
    announcementId: r.announcementId,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt ? r.readAt.toISOString() : null,
  });

  async function organiserEvent(caller: AuthUser, organisationId: string, eventId: string): Promise<NotificationsEvent> {
    await deps.assertEvent(caller, organisationId, eventId);
    const event = await deps.findEvent(eventId);
    if (!event || event.organisationId !== organisationId) throw notificationsErrors.notFound('Event');
    return event;
  }
  function participantOf(caller: NotificationsCaller, eventId: string): { eventUserId: string } {
    if (!caller.user || !caller.eventAccess || caller.eventAccess.eventId !== eventId) throw notificationsErrors.notParticipant();
    return { eventUserId: caller.eventAccess.eventUserId };
  }

  /** Who an audience is, and how it reads in the list; refuses ids that are not the event's. */
  async function resolveAudience(eventId: string, audience: TAnnouncementAudience): Promise<{ eventUserIds: string[]; label: string }> {
    if (audience.kind === 'everyone') return { eventUserIds: await deps.everyone(eventId), label: 'Everyone' };
    if (audience.kind === 'ticketTypes') {
      const names = new Map((await deps.tickets(eventId)).map((t) => [t.id, t.name]));
      if (audience.ticketIds.some((id) => !names.has(id))) throw notificationsErrors.unknownTickets();
      return { eventUserIds: await deps.ticketHolders(eventId, audience.ticketIds), label: audience.ticketIds.map((id) => names.get(id)!).join(', ') };
    }
    const session = (await deps.sessions(eventId)).find((s) => s.id === audience.sessionId);
    if (!session) throw notificationsErrors.unknownSession();
    if (!session.bookingRequired) throw notificationsErrors.sessionWithoutBooking();
    return { eventUserIds: await deps.sessionAudience(eventId, session.id), label: session.title };
  }

  /**
   * The port other modules call: one notice for many participations of one event, one insert (batched), then live
   * delivery to each recipient's sockets (`notification`). Idempotent per participation and `dedupeKey`.
   */
  async function notify(eventId: string, eventUserIds: readonly string[], input: NoticeInput): Promise<TNotification[]> {
    if (eventUserIds.length === 0) return [];
    const event = await deps.findEvent(eventId);
    if (!event) return [];
    const made = await repo.insertNotices(
      { organisationId: event.organisationId, eventId },
      eventUserIds,
      { kind: input.kind, title: input.title, body: input.body, format: input.format ?? 'text', link: input.link ?? null, dedupeKey: input.dedupeKey },
      deps.now(),
    );
    const rows = await repo.notificationsByIds(made.map((m) => m.id));
    const views = rows.map(view);
    for (const r of rows) deps.socket.toEventUsers([r.eventUserId], 'notification', view(r));
    return views;
  }

  async function announcementViews(rows: (ListedAnnouncement & { read: number })[]): Promise<TAnnouncement[]> {
    const names = await deps.namesOf([...new Set(rows.map((r) => r.createdByUserId).filter((x): x is string => !!x))]);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      format: r.format,
      audience: r.audience,
      audienceLabel: r.audienceLabel,
      recipients: r.recipients,
      read: r.read,
      sentAt: r.createdAt.toISOString(),
      sentBy: r.createdByUserId ? (names.get(r.createdByUserId) ?? null) : null,
    }));
  }

  return {
    notify,

    /* ---------- organiser: announcements ---------- */
    async audienceOptions(caller: AuthUser, organisationId: string, eventId: string): Promise<TAnnouncementAudienceOptions> {
      await organiserEvent(caller, organisationId, eventId);
      const [everyone, tickets, sessions] = await Promise.all([deps.everyone(eventId), deps.tickets(eventId), deps.sessions(eventId)]);
      return {
        everyone: everyone.length,
        tickets,
        sessions: sessions.filter((s) => s.bookingRequired).map((s) => ({ id: s.id, title: s.title, startsAt: s.startsAt.toISOString() })),
      };
    },

    /**
     * Stores the announcement with its recipients (one transaction, with its `announcement.sent` fact), delivers it live
     * (to the event's room when it is for everyone: one broadcast; else to the recipients' rooms), records the audit,
     * and answers; the recipients' inbox rows are written just after, by the fact's delivery (`fillAnnouncement`). A
     * recipient who reads the inbox before that gets their row then (`fillMine`), so the inbox is never behind.
     */
    async send(caller: AuthUser, organisationId: string, eventId: string, input: TAnnouncementInput): Promise<TAnnouncement> {
      await organiserEvent(caller, organisationId, eventId);
      const format = input.format ?? 'text';
      const body = format === 'html' ? (await deps.sanitize(input.body)).trim() : input.body;
      if (format === 'html' && htmlToText(body) === '') throw notificationsErrors.emptyBody();
      const { eventUserIds, label } = await resolveAudience(eventId, input.audience);
      if (eventUserIds.length === 0) throw notificationsErrors.noRecipients();
      const at = deps.now();
      const id = deps.newId();
      const { announcement, recipients, factId } = await repo.createAnnouncement(
        { id, organisationId, eventId, title: input.title, body, format, audience: input.audience, audienceLabel: label, createdByUserId: caller.userId, createdAt: at },
        eventUserIds,
        (tx) => deps.announced.record(tx, { organisationId, eventId, announcementId: id }),
      );
      const live = { id: announcement.id, title: announcement.title, body: format === 'html' ? htmlToText(body) : body, sentAt: at.toISOString() };
      if (input.audience.kind === 'everyone') deps.socket.toRoom(eventRoom(eventId), 'announcement', live);
      else deps.socket.toEventUsers(eventUserIds, 'announcement', live);
      // The inbox fill, after this turn: a failure is the outbox job's to retry, never the request's.
      setImmediate(() => {
        deps.announced.deliver(factId).catch((err: unknown) => deps.log?.error({ err, announcementId: id }, 'announcement inbox fill failed'));
      });
      await deps.audit.record({ organisationId, actorUserId: caller.userId, action: 'announcements.send', target: announcement.id, meta: { eventId, audience: input.audience.kind, recipients } });
      return (await announcementViews([{ ...announcement, read: 0 }]))[0]!;
    },

    /** `announcement.sent`: every recipient's inbox row, once (a second delivery, or a reader who came first, adds none). */
    async fillAnnouncement(fact: AnnouncementSent): Promise<number> {
      return repo.fillAnnouncement(fact.eventId, fact.announcementId);
    },

    async announcements(caller: AuthUser, organisationId: string, eventId: string, q: TPageQuery): Promise<TAnnouncementPage> {
      await organiserEvent(caller, organisationId, eventId);
      const { rows, total } = await repo.announcements({ organisationId, eventId }, q.page, q.pageSize);
      return { items: await announcementViews(rows), total, page: q.page, pageSize: q.pageSize };
    },

    /* ---------- participant: the inbox ---------- */
    async mine(caller: NotificationsCaller, eventId: string, q: TNotificationsQuery): Promise<TNotificationPage> {
      const me = participantOf(caller, eventId);
      await repo.fillMine(eventId, me.eventUserId);
      const { rows, total, unread } = await repo.inbox(eventId, me.eventUserId, { page: q.page, pageSize: q.pageSize, unreadOnly: q.unreadOnly === 'true' });
      return { items: rows.map(view), total, unread, page: q.page, pageSize: q.pageSize };
    },
    async markRead(caller: NotificationsCaller, eventId: string, notificationId: string): Promise<TNotification> {
      const me = participantOf(caller, eventId);
      const row = await repo.markRead(eventId, me.eventUserId, notificationId, deps.now());
      if (!row) throw notificationsErrors.notFound();
      return view(row);
    },
    async markAllRead(caller: NotificationsCaller, eventId: string): Promise<TMarkAllRead> {
      const me = participantOf(caller, eventId);
      await repo.fillMine(eventId, me.eventUserId);
      const updated = await repo.markAllRead(eventId, me.eventUserId, deps.now());
      return { updated, unread: 0 };
    },
    /** The inbound socket event `announcement` ({announcementId}): the sender's copy of it, marked read. */
    async readAnnouncement(actor: { eventId: string; eventUserId: string }, announcementId: string) {
      await repo.fillMine(actor.eventId, actor.eventUserId);
      const row = await repo.markAnnouncementRead(actor.eventId, actor.eventUserId, announcementId, deps.now());
      if (!row) throw notificationsErrors.notFound('Announcement');
      return { notificationId: row.id, readAt: row.readAt!.toISOString(), unread: await repo.unreadCount(actor.eventId, actor.eventUserId) };
    },

    /** A decided session request (programme's `session.request.decided`) in the requester's inbox, once. */
    async sessionRequestNotice(d: { eventId: string; requestId: string; eventUserId: string; status: 'approved' | 'disapproved'; title: string; body: string }): Promise<number> {
      const kind = d.status === 'approved' ? 'SESSION_REQUEST_APPROVED' : 'SESSION_REQUEST_DISAPPROVED';
      return (await notify(d.eventId, [d.eventUserId], { kind, title: d.title, body: d.body, link: '/tabs/session-list', dedupeKey: `session-request:${d.requestId}` })).length;
    },

    /**
     * A published programme version moved or cancelled a session: one notice to everyone who booked or starred it, in
     * one batched insert, once per session and version. SPEC §3.10's catalogue has no "session updated" entry, so the
     * kind is SESSION_UPDATED (beside the catalogue's SESSION_REQUEST_* keys).
     */
    async sessionUpdatedNotice(d: { eventId: string; sessionId: string; version: number; eventUserIds: string[]; title: string; body: string }): Promise<number> {
      return (await notify(d.eventId, d.eventUserIds, { kind: 'SESSION_UPDATED', title: d.title, body: d.body, link: '/tabs/session-list', dedupeKey: `session-updated:${d.sessionId}:${d.version}` })).length;
    },

    /* ---------- the meetings bridge (issue 18) ---------- */
    /** A meeting notice in the inbox of the people it concerns (the same people its mail goes to), once per kind. */
    async meetingNotice(f: MeetingNoticeFacts): Promise<number> {
      const kind = MEETING_KIND[f.kind];
      if (!kind) return 0;
      let made = 0;
      for (const r of f.recipients) {
        const title = catalogueName(kind);
        const body = r.text || `${f.kind === 'requested' ? `${r.otherName} invites you to a meeting` : `With ${r.otherName}`}, ${f.slot.replace('T', ' ')} (${f.event.timeZone}).`;
        const link = `/mm/${encodeURIComponent(`${f.event.id}-${r.eventUserId}`)}`;
        made += (await notify(f.event.id, [r.eventUserId], { kind, title, body, link, dedupeKey: `meeting:${f.meetingId}:${f.kind}${f.proposalId ? `:${f.proposalId}` : ''}` })).length;
      }
      return made;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
