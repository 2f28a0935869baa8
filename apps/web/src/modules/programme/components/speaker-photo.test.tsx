// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SpeakerPhotoField } from './speaker-photo.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
});

async function render(photoUrl: string | null, remove?: () => Promise<unknown>) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  const qc = new QueryClient();
  await act(async () =>
    root.render(
      <QueryClientProvider client={qc}>
        <MantineProvider env="test">
          <SpeakerPhotoField name="Ada Lovelace" photoUrl={photoUrl} upload={async () => undefined} remove={remove} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  return host;
}
const buttons = (host: HTMLElement, text: string) => [...host.querySelectorAll('button')].filter((b) => b.textContent?.trim() === text);

describe('SpeakerPhotoField', () => {
  it('removes the photo only after the question is answered: Keep photo (focused) changes nothing', async () => {
    const remove = vi.fn(async () => undefined);
    const host = await render('/api/scheduleservices/api/public/speaker-photos/abcdefgh', remove);
    const [ask] = buttons(host, 'Remove photo');
    expect(ask).toBeTruthy();
    await act(async () => ask!.click());
    expect(host.textContent).toContain('Remove this photo?');
    expect(host.textContent).toContain('Ada Lovelace’s initials');
    expect(ask!.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Keep photo');
    await act(async () => buttons(host, 'Keep photo')[0]!.click());
    expect(host.textContent).not.toContain('Remove this photo?');
    expect(remove).not.toHaveBeenCalled();

    await act(async () => buttons(host, 'Remove photo')[0]!.click());
    const confirm = buttons(host, 'Remove photo')[1]!;
    await act(async () => confirm.click());
    await vi.waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(host.textContent).not.toContain('Remove this photo?'));
  });

  it('offers no removal without a photo or without a remove route', async () => {
    expect(buttons(await render(null, async () => undefined), 'Remove photo')).toHaveLength(0);
    expect(buttons(await render('/api/scheduleservices/api/public/speaker-photos/abcdefgh'), 'Remove photo')).toHaveLength(0);
  });
});
