import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_VERSION } from '@pavilion/domain/constants/session';
import { organiserFileUrl, organiserRegistrationApi } from './organiser-registration-api.ts';
import { organiserPaymentsApi } from './organiser-payments-api.ts';
import { publicAssetUrl, publicRegistrationApi } from './public-registration-api.ts';

/** The registration module's calls go out by their route contracts: method, filled path, body and headers. */
type TSent = { url: string; init: RequestInit };
let sent: TSent[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ status: 'OK', data: { id: 'x' } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const last = () => {
  const s = sent.at(-1)!;
  const url = new URL(s.url, 'http://x');
  return { method: s.init.method, path: url.pathname, search: url.searchParams, headers: s.init.headers as Record<string, string>, body: s.init.body ? JSON.parse(String(s.init.body)) : undefined };
};

describe('registration web calls', () => {
  it('places an order with its Idempotency-Key header and the body, on the event path', async () => {
    const body = { items: [{ ticketId: 't1', quantity: 1 }] } as never;
    await publicRegistrationApi.createOrder('ev 1', body, 'key-12345678');
    const s = last();
    expect(s.method).toBe('POST');
    expect(s.path).toBe('/api/eventservices/public/events/ev%201/orders');
    expect(s.headers['idempotency-key']).toBe('key-12345678');
    expect(s.body).toEqual({ items: [{ ticketId: 't1', quantity: 1 }] });
  });

  it('releases a cart with DELETE and reads the public registration with its query and the cache version', async () => {
    await publicRegistrationApi.releaseCart('c1');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/api/eventservices/public/carts/c1' });
    await publicRegistrationApi.info('e1', { unlockCode: 'VIP' });
    const s = last();
    expect(s).toMatchObject({ method: 'GET', path: '/api/eventservices/public/events/e1/registration' });
    expect(s.search.get('unlockCode')).toBe('VIP');
    expect(s.search.get('v')).toBe(CACHE_VERSION);
  });

  it('fills organiser paths: a registration id goes to :registrationId, an order id to :orderId', async () => {
    await organiserRegistrationApi.paymentStatus('e1', 'r1', { paymentStatus: 'paid' } as never);
    expect(last()).toMatchObject({ method: 'POST', path: '/api/eventservices/events/e1/registrations/r1/payment-status', body: { paymentStatus: 'paid' } });
    await organiserRegistrationApi.setTicketQuotas('e1', 't1', ['q1']);
    expect(last()).toMatchObject({ method: 'PUT', path: '/api/eventservices/events/e1/tickets/t1/quotas', body: { quotaIds: ['q1'] } });
    await organiserPaymentsApi.refund('e1', 'o1', { amount: 100 } as never);
    expect(last()).toMatchObject({ method: 'POST', path: '/api/productservices/api/events/e1/orders/o1/refunds', body: { amount: 100 } });
  });

  it('builds the file links from their contracts', () => {
    expect(publicAssetUrl.qr('o/1', 'r1')).toBe(`/api/eventservices/public/orders/o%2F1/attendees/r1/qr.png?v=${CACHE_VERSION}`);
    expect(publicAssetUrl.invoice('o1')).toBe(`/api/eventservices/public/orders/o1/invoice.pdf?v=${CACHE_VERSION}`);
    expect(organiserFileUrl.export('e1')).toBe(`/api/eventservices/events/e1/registrations/export?v=${CACHE_VERSION}`);
    expect(organiserFileUrl.invoice('e1', 'o1')).toBe(`/api/eventservices/events/e1/orders/o1/invoice.pdf?v=${CACHE_VERSION}`);
  });
});
