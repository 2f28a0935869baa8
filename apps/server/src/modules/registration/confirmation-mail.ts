import QRCode from 'qrcode';
import { escapeHtml } from '@pavilion/domain';
import type { OrderRow, RegistrationRow } from './registration.repository.ts';
import { qrPath } from './registration.mappers.ts';

/**
 * The ticket's QR image. It encodes the registration's signed credential (modules/credentials, passed in by app.ts),
 * the same string the e-badge shows and the gates verify.
 */
export async function ticketQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

function money(minor: number, currency: string): string {
  return `${currency} ${(minor / 100).toFixed(2)}`;
}

/**
 * The confirmation mail: one ticket per attendee with its QR code. The QR is an <img> of a hosted PNG (the mailer
 * has no attachments); the URL carries two unguessable ids, and the PNG is served only for a paid order.
 */
export async function buildConfirmationMail(
  order: OrderRow,
  regs: RegistrationRow[],
  event: { name: string; startDate: string; venue: string },
  publicUrl: string,
): Promise<{ subject: string; text: string; html: string }> {
  const subject = `Your registration ${order.registrationNo} for ${event.name}`;
  const lines = regs.map((r) => {
    const ticket = order.lines.find((l) => l.ticketId === r.ticketId)?.ticketName ?? '';
    // Each attendee's e-badge (eb/{eventUserId}): the gate QR, PDF, wallet passes and add-to-calendar live there.
    return { r, ticket, qr: `${publicUrl}${qrPath(order.id, r.id)}`, ebadge: `${publicUrl}/eb/${r.id}` };
  });
  const text = [
    `Hello ${order.buyerFirstName},`,
    '',
    `Your registration ${order.registrationNo} for ${event.name} (${event.startDate}${event.venue ? `, ${event.venue}` : ''}) is confirmed.`,
    order.total > 0 ? `Total paid: ${money(order.total, order.currency)}` : 'This registration is free.',
    '',
    ...lines.map((l) => `- ${l.r.firstName} ${l.r.lastName} — ${l.ticket}: e-badge ${l.ebadge}`),
    '',
    `Order: ${publicUrl}/success/${order.eventId}/${order.id}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.buyerFirstName)},</p>`,
    `<p>Your registration <strong>${escapeHtml(order.registrationNo)}</strong> for <strong>${escapeHtml(event.name)}</strong> is confirmed.</p>`,
    order.total > 0 ? `<p>Total paid: ${escapeHtml(money(order.total, order.currency))}</p>` : '<p>This registration is free.</p>',
    ...lines.map(
      (l) =>
        `<div><p>${escapeHtml(`${l.r.firstName} ${l.r.lastName}`)} — ${escapeHtml(l.ticket)}</p><a href="${escapeHtml(l.ebadge)}"><img src="${escapeHtml(l.qr)}" alt="Ticket QR code ${escapeHtml(order.registrationNo)}" width="240" height="240"></a><p><a href="${escapeHtml(l.ebadge)}">Open your e-badge</a></p></div>`,
    ),
  ].join('\n');
  return { subject, text, html };
}
