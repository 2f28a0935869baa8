// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import '../programme-i18n.ts';
import { SessionStream } from './session-stream.tsx';
import { SessionExtras } from './session-extras.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];

async function render(node: ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  await act(async () => root.render(<MantineProvider>{node}</MantineProvider>));
  return host;
}
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
});

describe('SessionStream', () => {
  it('plays a YouTube stream in the privacy-enhanced player and links to it', async () => {
    const host = await render(<SessionStream url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" title="Keynote" />);
    expect(host.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(host.querySelector('iframe')?.getAttribute('title')).toBe('Stream of Keynote');
    expect(host.querySelector('a')?.textContent).toBe('Watch stream');
  });
  it('opens any other https stream in a new tab, with no frame', async () => {
    const host = await render(<SessionStream url="https://live.example.com/room-1" title="Keynote" />);
    expect(host.querySelector('iframe')).toBeNull();
    const link = host.querySelector('a')!;
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['https://live.example.com/room-1', '_blank', 'noopener noreferrer']);
  });
});

describe('SessionExtras', () => {
  it('labels moderators, names the tickets a restricted session is for, its sponsors and tags', async () => {
    const data = {
      speakers: [{ id: 'sp1', name: 'Lena Fischer', title: '', company: '', bio: '', links: [], photoUrl: null }],
      sponsors: [{ id: 'so1', name: 'Rhein Ventures', logoUrl: null }],
      tickets: [
        { id: 't1', name: 'Trade visitor' },
        { id: 't2', name: 'VIP' },
      ],
    };
    const host = await render(<SessionExtras s={{ moderatorIds: ['sp1'], sponsorIds: ['so1'], tags: ['AI'], ticketIds: ['t1', 't2'] }} data={data} />);
    expect(host.textContent).toContain('Moderator: Lena Fischer');
    expect(host.textContent).toContain('For Trade visitor, VIP holders');
    expect(host.textContent).toContain('Rhein Ventures');
    expect(host.textContent).toContain('#AI');
    const open = await render(<SessionExtras s={{ moderatorIds: [], sponsorIds: [], tags: [], ticketIds: [] }} data={data} />);
    // An open session with no extras adds nothing (Mantine's own style tags aside).
    expect(open.querySelectorAll('p, span, img')).toHaveLength(0);
  });
});
