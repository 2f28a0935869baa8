import type { Page } from 'playwright-core';

/**
 * A first-time participant signs in where the event sends them: the event's sign-in page `ei/{eventId}` (email or
 * mobile and password), then lands on their home (`attendium`). Nothing is pre-set: the page starts signed out.
 */
export async function signInAtEvent(page: Page, eventId: string, account: { identifier: string; password: string }): Promise<void> {
  await page.goto(`/ei/${eventId}`);
  await page.getByLabel(/email or mobile/i).waitFor({ timeout: 60_000 });
  await page.getByLabel(/email or mobile/i).fill(account.identifier);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForURL('**/attendium*');
}
