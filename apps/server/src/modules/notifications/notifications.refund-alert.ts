import { escapeHtml } from '@pavilion/domain';
import type { MailMessage, MailResult } from '../../platform/mail.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import type { OrganiserNoticeInput } from './organiser-inbox.service.ts';

/** Payments' `payment.refund_failed` fact (durable: written in the webhook's transaction, delivered at least once). */
export type RefundFailed = { orderId: string; refundId: string; amount: number; currency: string; reason: string };

/** The code whose holders are alerted: Refunds: Approve Refund (the code that asked for the refund). */
export const REFUND_ALERT_CODE = 'AP-183';

export type RefundAlertDeps = {
  repo: Pick<NotificationsRepository, 'markRefundAlertMail' | 'unmarkRefundAlertMail'>;
  /** The order (registration's port), or null. */
  order: (orderId: string) => Promise<{ id: string; organisationId: string; eventId: string; registrationNo: string; buyerFirstName: string; buyerLastName: string; buyerEmail: string } | null>;
  findEvent: (eventId: string) => Promise<{ name: string } | null>;
  /** The organisation's active members who hold REFUND_ALERT_CODE and whose item scope reaches the event. */
  refundMembers: (organisationId: string, eventId: string) => Promise<{ userId: string; email: string; firstName: string }[]>;
  /** The organiser inbox (keyed by member, so alerting one makes no participation in the event). */
  notifyMembers: (organisationId: string, userIds: readonly string[], notice: OrganiserNoticeInput) => Promise<unknown[]>;
  send: (message: MailMessage) => Promise<MailResult>;
  publicUrl: string;
};

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** The dashboard path of the order: the event's orders, searched for its registration number. */
export function orderPath(eventId: string, registrationNo: string): string {
  return `/app/registration/orders?eventId=${encodeURIComponent(eventId)}&search=${encodeURIComponent(registrationNo)}`;
}
/** Where the organiser finds the order, from a mail. */
export function orderLink(publicUrl: string, eventId: string, registrationNo: string): string {
  return `${publicUrl}${orderPath(eventId, registrationNo)}`;
}

/**
 * A refund the provider reported failed (issue 15): the members who may approve refunds for the order's event get an
 * organiser-inbox notice (kind REFUND_FAILED, gated by AP-183 and the event, once per refund and member: its dedupe
 * key; stored for all of them in one insert before any mail) and a mail with the order, amount,
 * reason and a link to the order. Each member's mail is marked before the send and unmarked when it fails; a failure
 * throws after the others are done, so the outbox delivers the fact again and only the unmailed are tried.
 */
export function createRefundAlert(deps: RefundAlertDeps) {
  return async function refundFailed(fact: RefundFailed): Promise<{ noticed: number; mailed: number }> {
    const order = await deps.order(fact.orderId);
    if (!order) return { noticed: 0, mailed: 0 };
    const [event, members] = await Promise.all([deps.findEvent(order.eventId), deps.refundMembers(order.organisationId, order.eventId)]);
    const eventName = event?.name ?? 'your event';
    const amount = money(fact.amount, fact.currency);
    const buyer = `${order.buyerFirstName} ${order.buyerLastName}`.trim() || order.buyerEmail;
    const link = orderLink(deps.publicUrl, order.eventId, order.registrationNo);
    const reason = fact.reason.trim() || 'none given';
    const title = `Refund failed: order ${order.registrationNo}`;
    const body = `The refund of ${amount} on order ${order.registrationNo} (${buyer}) at ${eventName} failed at the payment provider. Reason given: ${reason}. The amount can be refunded again.`;

    const noticed = (
      await deps.notifyMembers(
        order.organisationId,
        members.map((m) => m.userId),
        { kind: 'REFUND_FAILED', title, body, link: orderPath(order.eventId, order.registrationNo), eventId: order.eventId, accessCode: REFUND_ALERT_CODE, dedupeKey: `refund-failed:${fact.refundId}` },
      )
    ).length;
    let mailed = 0;
    let failure: Error | null = null;
    for (const m of members) {
      if (!(await deps.repo.markRefundAlertMail({ refundId: fact.refundId, userId: m.userId, eventId: order.eventId }))) continue;
      try {
        const sent = await deps.send(alertMail({ to: m.email, firstName: m.firstName, organisationId: order.organisationId, eventId: order.eventId, refundId: fact.refundId, title, body, link, host: new URL(link).hostname }));
        if (sent.status === 'failed') throw new Error(sent.error ?? 'mail delivery failed');
        mailed++;
      } catch (err) {
        await deps.repo.unmarkRefundAlertMail(fact.refundId, m.userId);
        failure ??= err as Error;
      }
    }
    if (failure) throw failure;
    return { noticed, mailed };
  };
}

function alertMail(m: { to: string; firstName: string; organisationId: string; eventId: string; refundId: string; title: string; body: string; link: string; host: string }): MailMessage {
  const hello = m.firstName ? `Hello ${m.firstName},` : 'Hello,';
  return {
    to: m.to,
    organisationId: m.organisationId,
    eventId: m.eventId,
    subject: m.title,
    text: `${hello}\n\n${m.body}\n\nOpen the order: ${m.link}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(m.body)}</p><p><a href="${escapeHtml(m.link)}">Open the order</a></p>`,
    // One Message-ID per refund and member: a repeat after a crash folds into the same message in mail clients.
    messageId: `<refund-failed.${m.refundId}.${m.to.replace(/[^A-Za-z0-9.-]/g, '_')}@${m.host || 'pavilion'}>`,
  };
}
