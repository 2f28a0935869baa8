// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../public-i18n.ts';
import { useLeaveConfirmation } from '../../hooks/use-leave-confirmation.ts';
import { LeaveConfirmModal } from './leave-confirm-modal.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const textOf = (text: string) => [...document.body.querySelectorAll('*')].find((el) => el.children.length === 0 && el.textContent?.trim() === text) ?? null;
const button = (name: string) => [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement | undefined;

/** A stand-in for the cart page: typing makes it dirty; the release button plays the checkout hand-off. */
function DirtyForm() {
  const [value, setValue] = useState('');
  const leave = useLeaveConfirmation(value !== '');
  return (
    <>
      <input aria-label="name" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      <button type="button" onClick={() => setValue('Asha')}>
        fill
      </button>
      <button type="button" onClick={leave.release}>
        release
      </button>
      <LeaveConfirmModal blocker={leave.blocker} />
    </>
  );
}

function renderFlow() {
  const router = createMemoryRouter(
    [
      { path: '/cart-registration/:eventId', element: <DirtyForm /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/cart-registration/e1'] },
  );
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  roots.push(root);
  act(() =>
    root.render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    ),
  );
  return router;
}

afterEach(() => {
  while (roots.length) {
    const r = roots.pop()!;
    act(() => r.unmount());
  }
  document.body.innerHTML = '';
});

describe('LeaveConfirmModal with useLeaveConfirmation', () => {
  it('lets a clean page go without asking', async () => {
    const router = renderFlow();
    await act(() => router.navigate('/elsewhere'));
    await flush();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks with the SPEC text when data was filled; Stay keeps the page, Leave goes', async () => {
    const router = renderFlow();
    act(() => button('fill')!.click());
    await act(() => router.navigate('/elsewhere'));
    await flush();
    expect(textOf('Your filled data will be removed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart-registration/e1');

    act(() => button('Stay on this page')!.click());
    await flush();
    expect(router.state.location.pathname).toBe('/cart-registration/e1');

    await act(() => router.navigate('/elsewhere'));
    await flush();
    act(() => button('Leave')!.click());
    await flush();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('does not ask after release (the hand-off to payment)', async () => {
    const router = renderFlow();
    act(() => button('fill')!.click());
    act(() => button('release')!.click());
    await act(() => router.navigate('/elsewhere'));
    await flush();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
