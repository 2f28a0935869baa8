// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sessionStore } from '../../../app/session-storage.ts';
import { ChatPage } from './chat-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];

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
});

describe('ChatPage', () => {
  it('lists a group with its member count and a 1:1 room with the online state in words', async () => {
    sessionStore.setEventData({ eventId: 'ev1', eventUserId: 'me', accessCodeToken: 'x' } as never);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(['chat', 'ev1', 'rooms'], {
      me: { eventUserId: 'me', name: 'Me' },
      restriction: null,
      rooms: [
        { roomId: 'r1', kind: 'group', title: 'Hall B crew', other: null, memberCount: 3, lastMessage: null, unread: 2, otherReadUpTo: null, isBlocked: false },
        { roomId: 'r2', kind: 'direct', title: 'Rita Red', other: { eventUserId: 'rita', name: 'Rita Red', onlineState: 2 }, memberCount: 2, lastMessage: null, unread: 0, otherReadUpTo: null, isBlocked: false },
      ],
    });
    const host = await render(<ChatPage />, qc);
    expect(host.textContent).toContain('Hall B crew');
    expect(host.textContent).toContain('3 members');
    expect(host.textContent).toContain('Online');
  });
});
