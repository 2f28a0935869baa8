// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { accessCodePath } from '@pavilion/domain';
import { ProgrammeSectionIndex } from './programme-section.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
const realFetch = globalThis.fetch;
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
});

/** The codes a member holds: each code with its menu → submenu → tab chain, as the server grants them. */
const granted = (codes: string[]) => [...new Set(codes.flatMap((c) => accessCodePath(c).map((e) => e.code)))];

function Tab() {
  return <p data-testid="tab">{useParams().tab}</p>;
}

async function landOn(codes: string[]) {
  globalThis.fetch = vi.fn(async () => new Response(JSON.stringify({ status: 'OK', data: { codes: granted(codes) } }), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/app/sessions', element: <ProgrammeSectionIndex /> },
      { path: '/app/sessions/:tab', element: <Tab /> },
    ],
    { initialEntries: ['/app/sessions?eventId=ev1'] },
  );
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  await act(async () => root.render(<QueryClientProvider client={qc}><RouterProvider router={router} /></QueryClientProvider>));
  await vi.waitFor(() => expect(host.querySelector('[data-testid="tab"]')).not.toBeNull());
  return { tab: host.querySelector('[data-testid="tab"]')!.textContent, search: router.state.location.search };
}

describe('ProgrammeSectionIndex', () => {
  it('opens E-posters for a member holding only the e-poster codes, keeping the event in the address', async () => {
    expect(await landOn(['AP-756'])).toEqual({ tab: 'eposters', search: '?eventId=ev1' });
  });
  it('opens the first tab the member may see: the sessions list, or Rooms without it', async () => {
    expect((await landOn(['AP-300', 'AP-756'])).tab).toBe('list');
    expect((await landOn(['AP-328', 'AP-307'])).tab).toBe('rooms');
  });
});
