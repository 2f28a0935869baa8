import type { MailMessage } from '../../platform/mail.ts';
import type { InquiryRow } from './leads.repository.ts';

/** The event outbox's notice of one answer (`leads.inquiry.answered`): the answer as given, with its own id. */
export type InquiryAnswered = { eventId: string; inquiryId: string; answerId: string; answer: string; answeredBy: string };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The company's page in the attendee app's Exhibitors tab, where the asker sees the answer beside their question. */
export function companyPageUrl(publicUrl: string, eventId: string, companyId: string): string {
  return `${publicUrl}/tabs/exhibitors?eventId=${encodeURIComponent(eventId)}&company=${encodeURIComponent(companyId)}`;
}

/** The mail to the asker: their question, the answer (this notice's, not a later one) and a link back to the company. */
export function inquiryAnswerMail(
  notice: InquiryAnswered,
  inquiry: Pick<InquiryRow, 'askerEmail' | 'askerName' | 'message' | 'productName' | 'companyId' | 'organisationId'>,
  facts: { companyName: string; eventName: string; publicUrl: string },
): MailMessage {
  const link = companyPageUrl(facts.publicUrl, notice.eventId, inquiry.companyId);
  const about = inquiry.productName ? `${facts.companyName} (${inquiry.productName})` : facts.companyName;
  const text = [
    `Hello ${inquiry.askerName},`,
    '',
    `${facts.companyName} answered the question you asked at ${facts.eventName}.`,
    '',
    `Your question to ${about}:`,
    inquiry.message,
    '',
    `Answer from ${notice.answeredBy}:`,
    notice.answer,
    '',
    `See it on the company's page: ${link}`,
    '',
  ].join('\n');
  const para = (s: string) => escape(s).replace(/\r?\n/g, '<br>');
  const html = [
    `<p>Hello ${escape(inquiry.askerName)},</p>`,
    `<p>${escape(facts.companyName)} answered the question you asked at ${escape(facts.eventName)}.</p>`,
    `<p><strong>Your question to ${escape(about)}:</strong><br>${para(inquiry.message)}</p>`,
    `<p><strong>Answer from ${escape(notice.answeredBy)}:</strong><br>${para(notice.answer)}</p>`,
    `<p><a href="${escape(link)}">Open ${escape(facts.companyName)}'s page</a></p>`,
  ].join('');
  // One Message-ID per answer: a repeat after a crash folds into the same message in mail clients.
  const host = new URL(link).hostname || 'pavilion';
  return {
    to: inquiry.askerEmail,
    subject: `${facts.companyName} answered your question`,
    text,
    html,
    organisationId: inquiry.organisationId,
    eventId: notice.eventId,
    messageId: `<inquiry-answer.${notice.answerId}@${host}>`,
  };
}
