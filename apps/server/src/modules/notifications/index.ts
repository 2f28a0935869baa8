import type { FastifyInstance } from 'fastify';
import { defineModule, type AppEvents } from '../../platform/app-module.ts';
import type { Db } from '../../platform/db.ts';
import type { Subscriber } from '../../platform/event-bus.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import type { ChatSocket } from '../chat/index.ts';
import { newTimeLine, noticeSides, type MeetingNotice } from '../meetings/index.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { registerNotificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService, type AnnouncementSent, type MeetingNoticeFacts, type NotificationsDeps } from './notifications.service.ts';
import { createRefundAlert, REFUND_ALERT_CODE, type RefundAlertDeps } from './notifications.refund-alert.ts';
import { createOrganiserInboxRepository } from './organiser-inbox.repository.ts';
import { registerOrganiserInboxRoutes } from './organiser-inbox.routes.ts';
import { createOrganiserInboxService } from './organiser-inbox.service.ts';
import { canReachItem, hasAccess } from '../../platform/auth-guard.ts';

export type { NotificationsService, NoticeInput, AnnouncementSent } from './notifications.service.ts';
/** The notifications module's durable facts: an announcement whose inbox rows are still to be written. */
export type NotificationsEvents = { 'announcement.sent': AnnouncementSent };

/** Everyone in an event is at most this many participations (one read; the insert is batched). */
const EVERYONE_LIMIT = 200_000;

/**
 * The attendee's notifications inbox and the organiser's announcements (issue 17). Other modules tell a participant
 * something through `port.notify(eventId, eventUserIds, notice)`; meeting notices (`meeting.notice`) reach the inbox
 * through this module's subscription. The inbound socket event `announcement` marks the sender's copy read.
 */
export function createNotificationsModule(
  db: Db,
  deps: Omit<NotificationsDeps, 'repo' | 'newId' | 'socket'> & {
    socket: ChatSocket;
    /** What a meeting notice is about (meetings' service: the meeting, its two sides' names, the slot). */
    meetingFacts: (notice: MeetingNotice) => Promise<Omit<MeetingNoticeFacts, 'kind' | 'meetingId'> | null>;
    /** A failed refund's alert to the members who approve refunds (notifications.refund-alert.ts). */
    refundAlert: Omit<RefundAlertDeps, 'repo' | 'notifyMembers'>;
    /** The member's sockets (`user:<id>`), for the organiser inbox's live nudge. */
    emitToUser: (userId: string, event: string, payload: unknown) => void;
  },
) {
  const repo = createNotificationsRepository(db);
  const service = createNotificationsService({ ...deps, repo, newId });
  // The organiser inbox (issue 15): notices keyed by organisation member, beside the participants' inbox.
  const organiserInbox = createOrganiserInboxService({ repo: createOrganiserInboxRepository(db), now: deps.now, newId, emitToUser: deps.emitToUser });
  const refundFailed = createRefundAlert({ ...deps.refundAlert, repo, notifyMembers: organiserInbox.notifyMembers });
  deps.socket.handle('announcement', (actor, data) => service.readAnnouncement(actor, data.announcementId));
  return {
    service,
    /** What other modules call: one notice for many participations, stored, then delivered live. */
    port: { notify: service.notify, notifyMembers: organiserInbox.notifyMembers },
    organiserInbox,
    subscribe(bus: Subscriber<AppEvents>) {
      // A sent announcement's inbox rows (written after the broadcast; idempotent, so a second delivery adds none).
      bus.subscribe('announcement.sent', async (fact) => {
        await service.fillAnnouncement(fact);
      });
      // A refund the provider reported failed (payments' durable fact): inbox notice and mail to who approves refunds.
      bus.subscribe('payment.refund_failed', async (fact) => {
        await refundFailed(fact);
      });
      bus.subscribe('meeting.notice', async (notice) => {
        const facts = await deps.meetingFacts(notice);
        if (facts) await service.meetingNotice({ ...facts, kind: notice.kind, meetingId: notice.meetingId, proposalId: notice.proposalId });
      });
      bus.subscribe('session.request.decided', async (d) => {
        await service.sessionRequestNotice(d);
      });
      bus.subscribe('session.updated', async (d) => {
        await service.sessionUpdatedNotice(d);
      });
      // An approved product order (exhibition's `product.order.decided`): SPEC §3.10 "Product approved", once per order.
      bus.subscribe('product.order.decided', async (d) => {
        await service.notify(d.eventId, [d.eventUserId], { kind: 'PRODUCT_APPROVED', title: d.title, body: d.body, link: `/tabs/exhibitors?eventId=${encodeURIComponent(d.eventId)}&company=${encodeURIComponent(d.companyId)}`, dedupeKey: `product-order:${d.orderId}` });
      });
    },
    plugin: async (app: FastifyInstance) => {
      registerNotificationsRoutes(app, service);
      registerOrganiserInboxRoutes(app, organiserInbox);
    },
  };
}

/* eslint-disable @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface */
declare module '../../platform/app-module.ts' {
  interface AppModules {
    notifications: ReturnType<typeof createNotificationsModule>;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The notifications module in the app's module list (after chat, its socket; programme, sessions; meetings, notices). */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['events', 'chat', 'programme', 'meetings'],
  create: (p, { events, chat, programme, meetings }) =>
    createNotificationsModule(p.db, {
      audit: p.audit,
      now: p.now,
      socket: chat.socket,
      assertEvent: events.assertEvent,
      findEvent: (eventId) => events.service.findOwner(eventId),
      everyone: (eventId) => events.service.participantIds(eventId, EVERYONE_LIMIT),
      // The announcement's inbox fill: the fact in the announcement's transaction, delivered after the broadcast.
      announced: { record: (tx, fact) => p.outbox.write(tx, 'announcement.sent', fact), deliver: (id) => p.outbox.deliver(id) },
      log: p.log,
      ticketHolders: async (eventId, ticketIds) => {
        // Registration's emails of the admissible holders → their accounts (auth) → their participations (events).
        const emails = await p.ports.registration.holderEmails(eventId, ticketIds);
        const userIds = [...new Set((await p.ports.auth.userIdsByEmail(emails)).values())];
        return (await events.service.participantsOfUsers(eventId, userIds)).map((x) => x.eventUserId);
      },
      tickets: (eventId) => p.ports.registration.ticketsOf(eventId),
      sessions: (eventId) => programme.port.sessionsOf(eventId),
      sessionAudience: (eventId, sessionId) => programme.port.audienceOf(eventId, sessionId),
      namesOf: (userIds) => p.ports.auth.namesOf(userIds),
      sanitize: sanitizeRichText,
      emitToUser: (userId, event, payload) => p.realtime.emitToUser(userId, event, payload),
      refundAlert: {
        order: (orderId) => p.ports.registration.order(orderId),
        findEvent: (eventId) => events.service.findOwner(eventId),
        // Every active member whose role holds the code (admins hold all) and whose item scope reaches the event.
        refundMembers: async (organisationId, eventId) => {
          const { rows } = await p.ports.auth.listMembers(organisationId, { page: 1, pageSize: 1000 });
          const out: { userId: string; email: string; firstName: string }[] = [];
          for (const m of rows) {
            const caller = await p.ports.access.loadCaller(m.id);
            if (caller && caller.organisationId === organisationId && hasAccess(caller, REFUND_ALERT_CODE) && canReachItem(caller, 'event', eventId)) out.push({ userId: m.id, email: m.email, firstName: m.firstName });
          }
          return out;
        },
        send: (m) => p.mailer.send(m),
        publicUrl: p.publicUrl,
      },
      meetingFacts: async (notice) => {
        const f = await meetings.service.mailFacts(notice);
        if (!f) return null;
        const m = f.meeting;
        // A new time (rescheduling) concerns the other side of its proposer, its answer the proposer; meetings words it.
        const recipients = noticeSides(notice.kind, m, f.proposal?.proposedBy ?? null).map((eventUserId) => {
          const other = eventUserId === m.requesterEventUserId ? m.inviteeEventUserId : m.requesterEventUserId;
          const otherName = f.who.get(other)?.name ?? 'a participant';
          return { eventUserId, otherName, text: f.proposal ? newTimeLine(notice.kind, otherName, f.proposal.slot, f.slot, f.event.timeZone) : '' };
        });
        return { event: f.event, slot: f.slot, recipients };
      },
    }),
});
