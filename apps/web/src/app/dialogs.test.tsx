// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import './i18n.ts';

const performLogout = vi.fn(async () => '/');
vi.mock('./logout.ts', () => ({ performLogout: (...args: unknown[]) => performLogout(...(args as [])) }));

const { DesktopHintDialog, SessionExpiredDialog, DESKTOP_HINT_KEY, isPhoneFirstPath } = await import('./dialogs.tsx');
const { wantsDesktopHint } = await import('./dialog-rules.ts');
const { sessionExpiredState } = await import('./session-expired.ts');
const { sessionStore } = await import('./session-storage.ts');

// @testing-library is not installed: a minimal render/query layer over react-dom and the DOM.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];

function render(ui: ReactElement) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  roots.push(root);
  act(() => root.render(ui));
  return { unmount: () => act(() => root.unmount()) };
}

function cleanup() {
  while (roots.length) {
    const r = roots.pop()!;
    act(() => r.unmount());
  }
  document.body.innerHTML = '';
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

const screen = {
  queryByText: (text: string) => [...document.body.querySelectorAll('*')].find((el) => el.children.length === 0 && el.textContent?.trim() === text) ?? null,
  getByText(text: string) {
    const el = screen.queryByText(text);
    if (!el) throw new Error(`text not found: ${text}`);
    return el;
  },
  async findByText(text: string) {
    await flush();
    return screen.getByText(text);
  },
  getByRole(role: 'button' | 'dialog', opts: { name?: string } = {}) {
    const selector = role === 'button' ? 'button' : '[role="dialog"], dialog, section[role="dialog"]';
    const el = [...document.body.querySelectorAll(selector)].find((e) => !opts.name || e.textContent?.trim() === opts.name);
    if (!el) throw new Error(`role not found: ${role} ${opts.name ?? ''}`);
    return el as HTMLElement;
  },
  async findByRole(role: 'button' | 'dialog', opts: { name?: string } = {}) {
    await flush();
    return screen.getByRole(role, opts);
  },
};

const fireEvent = {
  click: (el: Element) => act(() => void el.dispatchEvent(new MouseEvent('click', { bubbles: true }))),
  mouseDown: (el: Element) => act(() => void el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))),
  keyDown: (el: Element, init: KeyboardEventInit) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }))),
};

function renderAt(path: string, element = <SessionExpiredDialog />) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

beforeEach(() => {
  performLogout.mockClear();
  sessionStore.clear();
});
afterEach(() => {
  cleanup();
  act(() => sessionExpiredState.reset());
});

describe('SessionExpiredDialog', () => {
  it('appears on /list/ pages when a refresh was rejected, with "Login Again"', async () => {
    renderAt('/list/events');
    await flush();
    expect(screen.queryByText('Your Session is expired')).toBeNull();
    act(() => sessionExpiredState.markExpired());
    expect(await screen.findByText('Your Session is expired')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login Again' })).toBeTruthy();
  });

  it('does not appear on /app/ pages without event data, but does with it', async () => {
    act(() => sessionExpiredState.markExpired());
    const first = renderAt('/app/settings');
    await flush();
    expect(screen.queryByText('Your Session is expired')).toBeNull();
    first.unmount();
    sessionStore.setEventData({ eventId: 'e1', eventUserId: '', accessCodeToken: '' });
    renderAt('/app/settings');
    expect(await screen.findByText('Your Session is expired')).toBeTruthy();
  });

  it('never appears on other pages', async () => {
    sessionStore.setEventData({ eventId: 'e1', eventUserId: '', accessCodeToken: '' });
    act(() => sessionExpiredState.markExpired());
    renderAt('/attendium');
    await flush();
    expect(screen.queryByText('Your Session is expired')).toBeNull();
  });

  it('ignores a click outside, and logs out on Escape', async () => {
    act(() => sessionExpiredState.markExpired());
    renderAt('/list/events');
    const dialog = await screen.findByRole('dialog');
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).toBeTruthy();
    fireEvent.mouseDown(overlay!);
    fireEvent.click(overlay!);
    expect(performLogout).not.toHaveBeenCalled();
    expect(screen.getByText('Your Session is expired')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    expect(performLogout).toHaveBeenCalledTimes(1);
  });

  it('"Login Again" logs out (clears the session and goes to the landing page)', async () => {
    act(() => sessionExpiredState.markExpired());
    renderAt('/list/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Login Again' }));
    expect(performLogout).toHaveBeenCalledTimes(1);
  });
});

describe('DesktopHintDialog', () => {
  it('asks small screens once per session', async () => {
    // It opens on organiser pages only, whose routes load the dashboard strings before they render (route-helpers).
    const { loadDashboardStrings } = await import('./i18n.ts');
    await loadDashboardStrings();
    sessionStorage.removeItem(DESKTOP_HINT_KEY);
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query.includes('max-width: 767.98px'), media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, onchange: null, dispatchEvent: () => false }) as MediaQueryList,
    );
    const view = renderAt('/list/events', <DesktopHintDialog />);
    expect(await screen.findByText('Maximize Your Experience on Desktop')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(sessionStorage.getItem(DESKTOP_HINT_KEY)).toBe('1');
    view.unmount();
    renderAt('/list/events', <DesktopHintDialog />);
    await flush();
    expect(screen.queryByText('Maximize Your Experience on Desktop')).toBeNull();
    matchMedia.mockRestore();
  });
});

describe('wantsDesktopHint', () => {
  it.each([
    ['/app', true],
    ['/list/events', true],
    ['/badge-printing/ev1', true],
    ['/eb/m/reg1', false],
    ['/eb/reg1', false],
    ['/verify/ebadge/ev1', false],
    ['/tabs/event-info', false],
    ['/scanner', false],
    ['/cart-registration/ev1', false],
    ['/attendium', false],
    ['/', false],
  ])('%s → %s', (path, expected) => {
    expect(wantsDesktopHint(path)).toBe(expected);
  });
});

describe('needsConfirmModals', () => {
  it.each([
    ['/app/exhibitors/companies', true],
    ['/attendium/stand', true],
    ['/attendium/stand/orders', true],
    ['/attendium', false],
    ['/attendium/standings', false],
    ['/tabs/exhibitors', false],
  ])('%s → %s', async (path, expected) => {
    const { needsConfirmModals } = await import('./dialog-rules.ts');
    expect(needsConfirmModals(path)).toBe(expected);
  });
});

describe('isPhoneFirstPath', () => {
  it.each([
    ['/cart-registration/ev1', true],
    ['/cs/link1', true],
    ['/success/ev/ord', true],
    ['/phipay-res/x/ev/ord', true],
    ['/visitors/press', true],
    ['/', false],
    ['/list/events', false],
    ['/ei/ev1', false],
    ['/csv', false],
  ])('%s → %s', (path, expected) => {
    expect(isPhoneFirstPath(path)).toBe(expected);
  });
});
