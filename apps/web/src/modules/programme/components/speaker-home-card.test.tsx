// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SpeakerHomeCard } from './speaker-home-card.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
const realFetch = globalThis.fetch;
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
});

/** The card over a server that answers the status route with `answer` (or an error status). */
async function renderWith(answer: { isSpeaker: boolean } | number) {
  const calls: string[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return typeof answer === 'number'
      ? new Response(JSON.stringify({ status: 'ERROR', code: 'PROGRAMME_NOT_PARTICIPANT', message: 'Sign in to this event first' }), { status: answer, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ status: 'OK', data: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <QueryClientProvider client={qc}><MantineProvider env="test"><SpeakerHomeCard eventId="ev 1" /></MantineProvider></QueryClientProvider> }]);
  await act(async () => root.render(<RouterProvider router={router} />));
  await vi.waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]).toContain('/api/scheduleservices/api/events/ev%201/my-speaker-profile/status');
  return host;
}

describe('SpeakerHomeCard', () => {
  it('links a speaker of the event to My speaker profile, whatever their participant type', async () => {
    const host = await renderWith({ isSpeaker: true });
    await vi.waitFor(() => expect(host.querySelector('section[aria-labelledby="home-speaker"]')).not.toBeNull());
    expect(host.querySelector('#home-speaker')?.textContent).toBe('You are a speaker');
    const link = [...host.querySelectorAll('a')].find((a) => a.textContent === 'My speaker profile');
    expect(link?.getAttribute('href')).toBe('/attendium/speaker?eventId=ev%201');
  });

  it('shows nothing to an account that is no speaker, nor when the server refuses', async () => {
    const notSpeaker = await renderWith({ isSpeaker: false });
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(notSpeaker.querySelector('section')).toBeNull();
    expect(notSpeaker.querySelector('a')).toBeNull();
    act(() => roots.pop()!.unmount());
    const refused = await renderWith(403);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(refused.querySelector('section')).toBeNull();
    expect(refused.querySelector('a')).toBeNull();
  });
});
