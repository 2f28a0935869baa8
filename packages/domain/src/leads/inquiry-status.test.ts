import { describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES, nextInquiryStatus } from './inquiry-status.ts';

describe('nextInquiryStatus', () => {
  it('answers open and answered inquiries, closes any but a closed one, reopens answered and closed ones', () => {
    expect(nextInquiryStatus('open', 'answer')).toBe('answered');
    expect(nextInquiryStatus('answered', 'answer')).toBe('answered');
    expect(nextInquiryStatus('closed', 'answer')).toBeNull();
    expect(nextInquiryStatus('open', 'close')).toBe('closed');
    expect(nextInquiryStatus('answered', 'close')).toBe('closed');
    expect(nextInquiryStatus('closed', 'close')).toBeNull();
    expect(nextInquiryStatus('open', 'reopen')).toBeNull();
    expect(nextInquiryStatus('answered', 'reopen')).toBe('open');
    expect(nextInquiryStatus('closed', 'reopen')).toBe('open');
  });
  it('never leads outside the three statuses', () => {
    for (const from of INQUIRY_STATUSES) for (const step of ['answer', 'close', 'reopen'] as const) expect([...INQUIRY_STATUSES, null]).toContain(nextInquiryStatus(from, step));
  });
});
