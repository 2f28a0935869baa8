// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { TAuthRecord } from '@pavilion/domain';
import { SCANNER_PAIRED_COOKIE, rememberScannerPaired } from './first-view-scanner.ts';
import { SIGNED_IN_COOKIE } from './first-view-signed-in.ts';
import { createSessionStore } from './session-storage.ts';
import { captureFirstView, firstRenderHolds, firstViewQr, firstViewStylesReady, hasFirstViewPart, holdFirstRender, whenRouteReady } from './first-view.ts';

/* React's takeover of the server's first view (apps/server/src/platform/first-view.ts writes it into #root). */
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

afterEach(() => {
  document.body.innerHTML = '';
  // An expiry in the past, not Max-Age=0: happy-dom keeps a cookie that expires "now" within the same millisecond.
  document.cookie = `${SCANNER_PAIRED_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

describe('captureFirstView', () => {
  it("finds the server's view and keeps its QR for the page's image, by e-badge and credential version", () => {
    document.body.innerHTML = `<div id="root"><div data-first-view="ebadge-mobile"><img data-first-view-qr="eu-1:3" src="${QR}"></div></div>`;
    expect(captureFirstView(document.getElementById('root')!)).toBe(true);
    expect(firstViewQr('eu-1', 3)).toBe(QR);
    // A re-issued credential (another version) or another badge is fetched as usual.
    expect(firstViewQr('eu-1', 4)).toBeUndefined();
    expect(firstViewQr('eu-2', 3)).toBeUndefined();
  });

  it('reports no view on a page the server did not draw, and takes no image that is not an inline SVG', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(captureFirstView(document.getElementById('root')!)).toBe(false);
    document.body.innerHTML = '<div id="root"><div data-first-view="ebadge-mobile"><img data-first-view-qr="eu-9:1" src="https://elsewhere.example/qr.svg"></div></div>';
    expect(captureFirstView(document.getElementById('root')!)).toBe(true);
    expect(firstViewQr('eu-9', 1)).toBeUndefined();
  });
});

describe('firstViewStylesReady', () => {
  it('switches the held-back stylesheets on and waits until each has loaded or failed', async () => {
    document.head.innerHTML = '<link rel="stylesheet" media="print" data-first-view-css><link rel="stylesheet" media="print" data-first-view-css>';
    const links = [...document.querySelectorAll('link')];
    let isDone = false;
    const ready = firstViewStylesReady().then(() => (isDone = true));
    expect(links.map((l) => l.media)).toEqual(['all', 'all']);
    await Promise.resolve();
    expect(isDone).toBe(false);
    links[0]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(isDone).toBe(false);
    links[1]!.dispatchEvent(new Event('error'));
    await ready;
    expect(isDone).toBe(true);
    document.head.innerHTML = '';
  });
});

describe('whenRouteReady', () => {
  function fakeRouter(initialized: boolean) {
    const listeners = new Set<(s: { initialized: boolean }) => void>();
    const router = {
      state: { initialized },
      subscribe(fn: (s: { initialized: boolean }) => void) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      set(next: boolean) {
        router.state = { initialized: next };
        for (const fn of [...listeners]) fn(router.state);
      },
      listeners,
    };
    return router;
  }

  it('renders once the first route is loaded, not before, and stops listening', () => {
    const router = fakeRouter(false);
    let renders = 0;
    whenRouteReady(router, () => renders++);
    expect(renders).toBe(0);
    router.set(false);
    expect(renders).toBe(0);
    router.set(true);
    router.set(true);
    expect(renders).toBe(1);
    expect(router.listeners.size).toBe(0);
  });

  it('renders at once when the route is already there', () => {
    let renders = 0;
    whenRouteReady(fakeRouter(true), () => renders++);
    expect(renders).toBe(1);
  });
});

describe('rememberScannerPaired', () => {
  it('keeps the paired cookie while a device is paired and drops it when it is not', () => {
    history.replaceState(null, '', '/scanner');
    rememberScannerPaired(true);
    expect(document.cookie).toContain(`${SCANNER_PAIRED_COOKIE}=1`);
    rememberScannerPaired(false);
    expect(document.cookie).not.toContain(`${SCANNER_PAIRED_COOKIE}=1`);
    // Only the scanner's path carries it.
    rememberScannerPaired(true);
    history.replaceState(null, '', '/cart-registration/ev1');
    expect(document.cookie).not.toContain(`${SCANNER_PAIRED_COOKIE}=1`);
    history.replaceState(null, '', '/scanner');
    rememberScannerPaired(false);
  });
});

describe('the signed-in cookie', () => {
  it('is kept while the session store holds a session and dropped at logout, also when another tab signs out', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) } as Storage;
    const store = createSessionStore(storage);
    expect(document.cookie).not.toContain(`${SIGNED_IN_COOKIE}=1`);
    const record = { accessToken: 'a', refreshToken: 'r', isLogin: true, userData: { id: 'u1', firstName: 'Ada', lastName: 'L' }, eventData: null } as unknown as TAuthRecord;
    store.saveAuthRecord(record);
    expect(document.cookie).toContain(`${SIGNED_IN_COOKIE}=1`);
    store.clear();
    expect(document.cookie).not.toContain(`${SIGNED_IN_COOKIE}=1`);
    store.saveAuthRecord(record);
    // Another tab logged out: the storage event reaches this tab's store.
    items.delete('auth');
    store.onExternalChange('auth');
    expect(document.cookie).not.toContain(`${SIGNED_IN_COOKIE}=1`);
  });
});

/* React's takeover of a server first view (main.tsx): which parts the view drew, and what the first render waits for. */
describe('the first view takeover', () => {
  it('finds a part only inside the server view in #root', () => {
    document.body.innerHTML = '<div id="root"><div data-first-view="app-tab" inert><main><div data-first-view-part="agenda"></div></main></div></div>';
    expect(hasFirstViewPart('agenda')).toBe(true);
    expect(hasFirstViewPart('other')).toBe(false);
    document.body.innerHTML = '<div id="root"><div data-first-view-part="agenda"></div></div>';
    expect(hasFirstViewPart('agenda')).toBe(false);
  });

  it('holds the first render until each held load has settled, a failed one included', async () => {
    let release!: () => void;
    holdFirstRender(new Promise<void>((resolve) => (release = resolve)));
    holdFirstRender(Promise.reject(new Error('chunk failed')));
    let isDone = false;
    const held = firstRenderHolds().then(() => (isDone = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(isDone).toBe(false);
    release();
    await held;
    expect(isDone).toBe(true);
  });
});
