import { describe, expect, it, vi } from 'vitest';
import { ZPageViewRequest } from '@pavilion/domain';
import { redactPath, sendPageView } from './page-views.ts';

describe('redactPath', () => {
  it('keeps ordinary paths', () => {
    expect(redactPath('/list/events')).toBe('/list/events');
    expect(redactPath('/ei/evt_123')).toBe('/ei/evt_123');
  });

  it('never logs reset codes, auto-login keys or phone numbers', () => {
    expect(redactPath('/er/secret-code-123456')).toBe('/er/:code');
    expect(redactPath('/exe/lgn/9876543210')).toBe('/exe/lgn/:contactNo');
    expect(redactPath('/exe/lgn/evt1/9876543210')).toBe('/exe/lgn/evt1/:contactNo');
    expect(redactPath('/adl/KEY123456789012345/evt1')).toBe('/adl/:autoLoginKey/evt1');
    expect(redactPath('/ebf/lgn/KEY123456789012345/f1/b1/evt1')).toBe('/ebf/lgn/:autoLoginKey/f1/b1/evt1');
  });
});

describe('sendPageView', () => {
  it('POSTs a ZPageViewRequest with keepalive and swallows failures', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    sendPageView({ path: '/list/events', referrer: '/', eventId: 'e1', visitorId: 'visitor-123456' }, { fetch });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/analytics/api/page-views');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    const body = JSON.parse(String(init.body));
    expect(ZPageViewRequest.parse(body)).toEqual({ path: '/list/events', referrer: '/', eventId: 'e1', visitorId: 'visitor-123456' });
    await Promise.resolve();
  });

  it('omits empty optional fields (strict schema)', () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    sendPageView({ path: '/', visitorId: 'visitor-123456' }, { fetch });
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toEqual({ path: '/', visitorId: 'visitor-123456' });
    expect(ZPageViewRequest.safeParse(body).success).toBe(true);
  });
});
