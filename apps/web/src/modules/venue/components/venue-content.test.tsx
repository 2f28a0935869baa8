// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../venue-i18n.ts';
import { LobbyContent, VirtualRoomContent } from './venue-content.tsx';
import { VideoEmbed } from './video-embed.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];

async function render(node: ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const router = createMemoryRouter([{ path: '/', element: <MantineProvider>{node}</MantineProvider> }]);
  await act(async () => root.render(<RouterProvider router={router} />));
  return host;
}

afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
});

describe('LobbyContent', () => {
  it('makes each hotspot a link named by its label to its portal page, in a named navigation', async () => {
    const host = await render(
      <LobbyContent
        eventName="Expo"
        config={{
          bannerImageId: 'bannerImage01',
          welcomeVideoUrl: null,
          welcomeImageId: null,
          hotspots: [
            { label: 'To the hall', target: 'exhibition-hall', x: 20, y: 50 },
            { label: 'Need help?', target: 'help-desk', x: 80, y: 50 },
          ],
        }}
      />,
    );
    const nav = host.querySelector('nav[aria-label="Where to go from the lobby"]')!;
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['To the hall', '/attendium-v2/exhibition-hall'],
      ['Need help?', '/attendium-v2/help-desk'],
    ]);
    expect(host.querySelector('img')?.getAttribute('alt')).toBe('The lobby of Expo');
  });
});

describe('VideoEmbed', () => {
  it('plays YouTube from youtube-nocookie in a sandboxed frame, and shows nothing for another host', async () => {
    const host = await render(<VideoEmbed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" title="Welcome video" />);
    const frame = host.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation allow-popups');
    expect(frame.getAttribute('title')).toBe('Welcome video');
    const other = await render(<VideoEmbed url="https://evil.example/watch?v=dQw4w9WgXcQ" title="x" />);
    expect(other.querySelector('iframe, video')).toBeNull();
  });
});

describe('VirtualRoomContent', () => {
  const room = { title: 'Lounge', description: 'Meet', joinUrl: 'https://meet.example.org/r/1', opensAt: '09:00', closesAt: '18:00' };
  it('links the join URL in a new tab while open, and offers no link while closed', async () => {
    const open = await render(<VirtualRoomContent config={room} timeZone="Asia/Kolkata" isOpenNow />);
    const a = open.querySelector('a[href="https://meet.example.org/r/1"]')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(open.textContent).toContain('Open 09:00–18:00 (Asia/Kolkata)');
    const closed = await render(<VirtualRoomContent config={room} timeZone="Asia/Kolkata" isOpenNow={false} />);
    expect(closed.querySelector('a[href="https://meet.example.org/r/1"]')).toBeNull();
    expect(closed.textContent).toContain('Closed now');
  });
});
