import type { Page } from 'playwright-core';

/** The demo's organiser account (seeded by the server that e2e/support/server.ts starts). */
export const DEMO_ORGANISER = { email: 'organiser@demo.pavilion', password: 'Organiser@2026' };

/** Logs in through the login page, as a person would, and waits for the event list. */
export async function logInAsOrganiser(page: Page, account = DEMO_ORGANISER): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/email or mobile/i).fill(account.email);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForURL('**/list/events');
}

/** An organiser API call with the page's own session (set-up steps only; the journey under test runs in the UI). */
export async function organiserCallInPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([m, p, b]) => {
      const token = (JSON.parse(localStorage.getItem('auth') ?? 'null') as { accessToken: string }).accessToken;
      const res = await fetch(p, { method: m, headers: { authorization: `Bearer ${token}`, ...(b ? { 'content-type': 'application/json' } : {}) }, body: b ? JSON.stringify(b) : undefined });
      return { ok: res.ok, status: res.status, json: (await res.json()) as { data: unknown } };
    },
    [method, path, body] as const,
  );
  if (!result.ok) throw new Error(`${method} ${path} -> ${result.status} ${JSON.stringify(result.json)}`);
  return result.json.data as T;
}

type TPublicCall = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;

/**
 * Set-up by API, as the organiser (the page's session) and a buyer (public routes): the built-in test gateway on, a new
 * paid ticket, and the buyer's order of one, waiting on the gateway's page (`redirectUrl`) for the buyer to pay.
 */
export async function orderOnTestGateway(
  page: Page,
  publicCall: TPublicCall,
  eventId: string,
  ticket: { name: string; price: number; taxRateBp?: number },
  buyer: { firstName: string; lastName: string; email: string },
): Promise<{ orderId: string; registrationNo: string; redirectUrl: string; total: number }> {
  const settings = await organiserCallInPage<{ enabledProviders: string[] }>(page, 'GET', '/api/productservices/api/payment-settings');
  if (!settings.enabledProviders.includes('test')) {
    await organiserCallInPage(page, 'PUT', '/api/productservices/api/payment-settings', { enabledProviders: [...settings.enabledProviders, 'test'] });
  }
  const created = await organiserCallInPage<{ id: string }>(page, 'POST', `/api/eventservices/events/${eventId}/tickets`, { isFree: false, currency: 'EUR', ...ticket });
  const base = `/api/eventservices/public/events/${eventId}`;
  const items = [{ ticketId: created.id, quantity: 1 }];
  const quote = await publicCall<{ total: number; currency: string }>('POST', `${base}/quote`, { items });
  const order = await publicCall<{ order: { id: string; registrationNo: string }; payment: { redirectUrl: string } }>(
    'POST',
    `${base}/orders`,
    { items, expectedTotal: quote.total, currency: quote.currency, buyer, attendees: [{ ...buyer, ticketId: created.id, answers: {} }], paymentProvider: 'test' },
    { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  );
  return { orderId: order.order.id, registrationNo: order.order.registrationNo, redirectUrl: order.payment.redirectUrl, total: quote.total };
}
