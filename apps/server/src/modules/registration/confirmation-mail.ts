import { escapeHtml } from '@pavilion/domain';
import type { OrderRow, RegistrationRow } from './registration.repository.ts';
import type { MailAttachment } from '../../platform/mail.ts';
import { loadQrCode } from '../../platform/libraries.ts';

/** Drawn PNGs by the text they encode; about 2 KB each, so the cache stays under 5 MB. */
const QR_CACHE_SIZE = 2000;
const qrCache = new Map<string, Promise<Buffer>>();

/**
 * The ticket's QR image. It encodes the registration's signed credential (modules/credentials, passed in by app.ts),
 * the same string the e-badge shows and the gates verify. Drawing one costs milliseconds of CPU, so each is drawn once
 * per credential version: the signed string names the version, so a re-issued credential is a new key and the old
 * image is never served for it. Least recently used images leave first.
 */
export function ticketQrPng(text: string): Promise<Buffer> {
  const hit = qrCache.get(text);
  if (hit) {
    qrCache.delete(text);
    qrCache.set(text, hit);
    return hit;
  }
  const drawn = loadQrCode().then((QRCode) => QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 }));
  qrCache.set(text, drawn);
  drawn.catch(() => qrCache.delete(text));
  if (qrCache.size > QR_CACHE_SIZE) qrCache.delete(qrCache.keys().next().value!);
  return drawn;
}

/** Test hook: how many QR images are cached. */
export const qrCacheSize = () => qrCache.size;

function money(minor: number, currency: string): string {
  return `${currency} ${(minor / 100).toFixed(2)}`;
}

/**
 * The confirmation mail: one ticket per attendee with its QR code. Each QR is a PNG attached to the mail and shown
 * inline (`cid:`), so it displays where remote images are blocked and works offline at the gate; it encodes the
 * attendee's signed credential (`qrText`). The QR links to the attendee's e-badge (eb/{eventUserId}), where the PDF,
 * wallet passes and add-to-calendar live.
 */
export async function buildConfirmationMail(
  order: OrderRow,
  regs: RegistrationRow[],
  event: { name: string; startDate: string; venue: string },
  publicUrl: string,
  qrText: (registrationId: string) => Promise<string>,
): Promise<{ subject: string; text: string; html: string; attachments: MailAttachment[] }> {
  const subject = `Your registration ${order.registrationNo} for ${event.name}`;
  const lines = await Promise.all(
    regs.map(async (r, i) => {
      const ticket = order.lines.find((l) => l.ticketId === r.ticketId)?.ticketName ?? '';
      const qr: MailAttachment = {
        filename: regs.length > 1 ? `ticket-${order.registrationNo}-${i + 1}.png` : `ticket-${order.registrationNo}.png`,
        contentType: 'image/png',
        content: await ticketQrPng(await qrText(r.id)),
        cid: `ticket-${r.id}@pavilion`,
      };
      return { r, ticket, qr, ebadge: `${publicUrl}/eb/${r.id}` };
    }),
  );
  const text = [
    `Hello ${order.buyerFirstName},`,
    '',
    `Your registration ${order.registrationNo} for ${event.name} (${event.startDate}${event.venue ? `, ${event.venue}` : ''}) is confirmed.`,
    order.total > 0 ? `Total paid: ${money(order.total, order.currency)}` : 'This registration is free.',
    '',
    ...lines.map((l) => `- ${l.r.firstName} ${l.r.lastName} — ${l.ticket}: QR code attached (${l.qr.filename}); e-badge ${l.ebadge}`),
    '',
    `Order: ${publicUrl}/success/${order.eventId}/${order.id}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.buyerFirstName)},</p>`,
    `<p>Your registration <strong>${escapeHtml(order.registrationNo)}</strong> for <strong>${escapeHtml(event.name)}</strong> is confirmed.</p>`,
    order.total > 0 ? `<p>Total paid: ${escapeHtml(money(order.total, order.currency))}</p>` : '<p>This registration is free.</p>',
    ...lines.map(
      (l) =>
        `<div><p>${escapeHtml(`${l.r.firstName} ${l.r.lastName}`)} — ${escapeHtml(l.ticket)}</p><a href="${escapeHtml(l.ebadge)}"><img src="cid:${escapeHtml(l.qr.cid!)}" alt="Ticket QR code ${escapeHtml(order.registrationNo)}" width="240" height="240"></a><p><a href="${escapeHtml(l.ebadge)}">Open your e-badge</a></p></div>`,
    ),
  ].join('\n');
  return { subject, text, html, attachments: lines.map((l) => l.qr) };
}
