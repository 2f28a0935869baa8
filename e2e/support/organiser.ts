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
