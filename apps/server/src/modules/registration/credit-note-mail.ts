import { escapeHtml, type TOrderCreditNote } from '@pavilion/domain';
import type { MailAttachment } from '../../platform/mail.ts';
import type { OrderRow } from './registration.repository.ts';

/** The mail outbox kind of a credit note's mail: one row per note (`reg_outbox` is unique per order and kind). */
export const CREDIT_NOTE_MAIL = 'credit_note:';
export const creditNoteMailKind = (creditNoteId: string) => `${CREDIT_NOTE_MAIL}${creditNoteId}`;

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/**
 * The buyer's mail for a refund's credit note (issue 15): what was refunded, the credit note attached as a PDF, and
 * its address (the order's unguessable id is its key) for when the attachment is stripped.
 */
export function buildCreditNoteMail(
  order: Pick<OrderRow, 'id' | 'eventId' | 'registrationNo' | 'buyerFirstName'>,
  eventName: string,
  doc: { note: TOrderCreditNote; fileName: string; bytes: Buffer },
  publicUrl: string,
): { subject: string; text: string; html: string; attachments: MailAttachment[] } {
  const { note } = doc;
  const amount = money(note.total, note.currency);
  const pdfUrl = `${publicUrl}/api/eventservices/public/orders/${order.id}/credit-notes/${note.id}/credit-note.pdf`;
  const orderUrl = `${publicUrl}/success/${order.eventId}/${order.id}`;
  const subject = `Credit note ${note.number} for your registration ${order.registrationNo}`;
  const text = [
    `Hello ${order.buyerFirstName},`,
    '',
    `${amount} of your registration ${order.registrationNo} for ${eventName} has been refunded.`,
    `Credit note ${note.number} (attached, ${doc.fileName}) credits invoice ${note.invoiceNumber}.`,
    '',
    `Credit note: ${pdfUrl}`,
    `Order: ${orderUrl}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(order.buyerFirstName)},</p>`,
    `<p>${escapeHtml(amount)} of your registration <strong>${escapeHtml(order.registrationNo)}</strong> for <strong>${escapeHtml(eventName)}</strong> has been refunded.</p>`,
    `<p>Credit note <strong>${escapeHtml(note.number)}</strong> (attached) credits invoice ${escapeHtml(note.invoiceNumber)}.</p>`,
    `<p><a href="${escapeHtml(pdfUrl)}">Download credit note ${escapeHtml(note.number)}</a> · <a href="${escapeHtml(orderUrl)}">Your order</a></p>`,
  ].join('\n');
  return { subject, text, html, attachments: [{ filename: doc.fileName, contentType: 'application/pdf', content: doc.bytes }] };
}
