import { describe, expect, it } from 'vitest';
import { outcomePath } from './outcome.ts';

describe('outcomePath', () => {
  it('sends captured payments to success and failed ones to failure', () => {
    expect(outcomePath({ eventId: 'e', orderId: 'o', sessionId: 's', status: 'captured' })).toBe('/success/e/o/s');
    expect(outcomePath({ eventId: 'e', orderId: 'o', sessionId: 's', status: 'failed' })).toBe('/failure?eventId=e&orderId=o&sessionId=s');
    expect(outcomePath({ eventId: 'e', orderId: 'o', sessionId: 's', status: 'created' })).toBeNull();
  });
});
