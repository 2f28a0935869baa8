// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { openConfirmModal } from './confirm-modal.ts';
import { ModalsHost } from './modals-host.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const mountHost = () => {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <MantineProvider>
        <ModalsHost />
      </MantineProvider>,
    ),
  );
};
const dialogTitled = (title: string) => [...document.querySelectorAll('[role="dialog"]')].find((d) => d.textContent?.includes(title));
const click = (label: string) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === label);
  act(() => button!.click());
};

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('openConfirmModal', () => {
  it('shows a confirmation asked for before the lazily mounted host listens, once it does', async () => {
    const onConfirm = vi.fn();
    openConfirmModal({ title: 'Delete “Pop-up room”?', labels: { confirm: 'Delete', cancel: 'Cancel' }, onConfirm });
    expect(dialogTitled('Delete “Pop-up room”?')).toBeUndefined();
    mountHost();
    await flush();
    expect(dialogTitled('Delete “Pop-up room”?')).toBeDefined();
    click('Delete');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows it at once when the host listens, and queues again after the host is gone', async () => {
    mountHost();
    openConfirmModal({ title: 'Remove Mia?', labels: { confirm: 'Remove', cancel: 'Cancel' } });
    await flush();
    expect(dialogTitled('Remove Mia?')).toBeDefined();
    act(() => root!.unmount());
    root = null;
    document.body.innerHTML = '';
    const onConfirm = vi.fn();
    openConfirmModal({ title: 'Publish version 2?', labels: { confirm: 'Publish', cancel: 'Cancel' }, onConfirm });
    mountHost();
    await flush();
    click('Publish');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
