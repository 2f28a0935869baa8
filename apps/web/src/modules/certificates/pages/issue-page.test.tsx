// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { withAncestors } from '@pavilion/domain';
import type { TCertificateRule } from '@pavilion/domain/certificates/certificates.schemas';
import { AttendanceRules } from './issue-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
const realFetch = globalThis.fetch;
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
});

const ok = (data: unknown, status = 200) => new Response(JSON.stringify({ status: 'OK', data }), { status, headers: { 'content-type': 'application/json' } });
const access = { organisationId: 'o1', accessLevel: 2, codes: [...withAncestors(['AP-294', 'AP-296', 'AP-300'])], isAdmin: false, itemAccess: [], regionId: null, isRegionTeam: false };
const programme = {
  timeZone: 'Europe/Berlin', eventMode: 2, sponsors: [], tickets: [], startDate: '2027-03-01', endDate: '2027-03-03', rooms: [], speakers: [], sessions: [], version: 1, mail: null, changes: [],
  tracks: [{ id: 'track-data', name: 'Data', colour: '#1c7ed6' }, { id: 'track-design', name: 'Design', colour: '#e8590c' }],
};

/** A server of the rules and the programme: what is posted is listed afterwards, as the real one does. */
function serve() {
  const rules: TCertificateRule[] = [];
  const posted: unknown[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/auth/my-access')) return ok(access);
    if (url.includes('/scheduleservices/api/events/ev1/programme')) return ok(programme);
    if (url.includes('/events/ev1/certificate-rules') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { templateId: string; rule: TCertificateRule['rule']; isActive: boolean };
      posted.push(body);
      const saved: TCertificateRule = { id: `rule-${rules.length + 1}`, eventId: 'ev1', ...body, description: 'Attended at least 2 sessions of one track', lastRunAt: null, lastRunIssued: 0, createdAt: '2027-03-01T09:00:00.000Z' };
      rules.push(saved);
      return ok(saved, 201);
    }
    if (url.includes('/events/ev1/certificate-rules')) return ok(rules);
    return new Response(JSON.stringify({ status: 'ERROR', code: 'NOT_FOUND', message: url }), { status: 404, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { posted };
}

async function render() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={qc}>
        <MantineProvider env="test">
          <AttendanceRules eventId="ev1" templateId="tpl1" />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  return host;
}

const byLabel = (text: string) => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  if (!label) throw new Error(`no label ${text}`);
  return label;
};
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;

describe('AttendanceRules', () => {
  it('offers the programme tracks for a sessions-attended rule, saves the chosen one and names it in the list', async () => {
    const { posted } = serve();
    const host = await render();
    await vi.waitFor(() => expect(host.textContent).toContain('No attendance rules yet.'));

    await act(async () => byLabel('Attended at least N programme sessions').click());
    const trackInput = () => document.getElementById(byLabel('Only sessions of this track').htmlFor) as HTMLInputElement;
    await vi.waitFor(() => expect(trackInput()).toBeTruthy());
    expect(trackInput().placeholder).toBe('Any track');
    await act(async () => trackInput().click());
    await vi.waitFor(() => expect([...document.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual(expect.arrayContaining(['Data', 'Design'])));
    const design = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Design')!;
    await act(async () => design.click());
    await vi.waitFor(() => expect(trackInput().value).toBe('Design'));

    await act(async () => button('Add rule').click());
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ templateId: 'tpl1', rule: { kind: 'sessionsAttended', minSessions: 1, sessionIds: [], trackId: 'track-design' }, isActive: true });
    await vi.waitFor(() => expect(host.querySelector('[data-testid="certificate-rule"]')?.textContent).toContain('Track: Design'));
  });
});
