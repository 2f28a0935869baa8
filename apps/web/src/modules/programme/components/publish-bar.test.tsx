// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TProgramme } from '@pavilion/domain/programme/programme.schemas';
import '../programme-i18n.ts';
import { MAIL_PROGRESS_POLL_MS, useProgramme } from '../api/use-programme.ts';
import { MailProgress } from './publish-bar.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
const realFetch = globalThis.fetch;

async function render(node: ReactNode, qc: QueryClient) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const router = createMemoryRouter([{ path: '/', element: <QueryClientProvider client={qc}><MantineProvider>{node}</MantineProvider></QueryClientProvider> }]);
  await act(async () => root.render(<RouterProvider router={router} />));
  return host;
}

afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
  vi.useRealTimers();
});

const programme = (mail: TProgramme['mail']): TProgramme => ({ timeZone: 'Europe/Berlin', eventMode: 1, sponsors: [], tickets: [], startDate: '2027-03-01', endDate: '2027-03-03', rooms: [], tracks: [], speakers: [], sessions: [], version: 2, mail, changes: [], roomTrackChanges: [] });

function Progress({ eventId }: { eventId: string }) {
  const p = useProgramme(eventId);
  return p.data ? <MailProgress version={p.data.version} mail={p.data.mail} /> : null;
}

describe('MailProgress', () => {
  it('shows sent of total and the failed, and reads the programme again only while mails are owed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The job sends between reads: 1 of 3, then 2 of 3 with 1 given up on (nothing owed any more).
    const answers = [programme({ total: 3, sent: 1, failed: 0 }), programme({ total: 3, sent: 2, failed: 1 })];
    const calls: string[] = [];
    globalThis.fetch = vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const body = answers[Math.min(calls.length - 1, answers.length - 1)];
      return new Response(JSON.stringify({ status: 'OK', data: body }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const host = await render(<Progress eventId="ev1" />, qc);
    await vi.waitFor(() => expect(host.textContent).toContain('Version 2 emails: 1 of 3 sent'));
    expect(host.textContent).toContain('Sending…');
    expect(host.querySelector('[aria-labelledby="programme-mail-progress"]')).not.toBeNull();
    expect(calls[0]).toContain('/api/scheduleservices/api/events/ev1/programme');

    await act(async () => vi.advanceTimersByTime(MAIL_PROGRESS_POLL_MS + 50));
    await vi.waitFor(() => expect(host.textContent).toContain('Version 2 emails: 2 of 3 sent'));
    expect(host.textContent).toContain('1 failed');
    expect(host.textContent).toContain('All emails handled');
    expect(host.textContent).toContain('100% handled');
    const after = calls.length;
    // Nothing owed: no more polling.
    await act(async () => vi.advanceTimersByTime(MAIL_PROGRESS_POLL_MS * 3));
    expect(calls.length).toBe(after);
  });
});
