/**
 * An inquiry's status (issue 18; the spec names no inquiry statuses, so these three): an attendee's question is
 * open until the company answers it; either side may close it; the attendee may reopen a closed or answered one by
 * asking again. A pure rule, used by the server and shown by the web.
 */
export const INQUIRY_STATUSES = ['open', 'answered', 'closed'] as const;
export type TInquiryStatus = (typeof INQUIRY_STATUSES)[number];
export type TInquiryStep = 'answer' | 'close' | 'reopen';

const MOVES: Record<TInquiryStatus, Partial<Record<TInquiryStep, TInquiryStatus>>> = {
  open: { answer: 'answered', close: 'closed' },
  answered: { answer: 'answered', close: 'closed', reopen: 'open' },
  closed: { reopen: 'open' },
};

/** The status after `step`, or null when the step is not allowed from `from` (answering a closed inquiry, say). */
export function nextInquiryStatus(from: TInquiryStatus, step: TInquiryStep): TInquiryStatus | null {
  return MOVES[from][step] ?? null;
}
