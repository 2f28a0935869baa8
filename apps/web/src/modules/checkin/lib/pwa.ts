/**
 * The scanner as an installable PWA: its own manifest (linked only while the scanner page is open) and a service
 * worker whose scope is /scanner, so no other route of the app is ever controlled or cached by it.
 */
export const SCANNER_SW_URL = '/scanner-sw.js';
export const SCANNER_SCOPE = '/scanner';
export const SCANNER_MANIFEST_URL = '/scanner.webmanifest';

export function linkScannerManifest(): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = SCANNER_MANIFEST_URL;
  document.head.appendChild(link);
  const theme = document.createElement('meta');
  theme.name = 'theme-color';
  theme.content = '#2a359e';
  document.head.appendChild(theme);
  return () => {
    link.remove();
    theme.remove();
  };
}

/**
 * Registers the worker (production builds only: Vite's dev server serves modules the worker must not cache) and
 * hands it the scripts and styles this page has loaded so far, so the shell reloads without network next time.
 */
export async function registerScannerWorker(): Promise<void> {
  // Vite replaces import.meta.env at build time; the app's tsconfig has no vite/client types.
  const isProduction = (import.meta as unknown as { env?: { PROD?: boolean } }).env?.PROD === true;
  if (!('serviceWorker' in navigator) || !isProduction) return;
  try {
    const registration = await navigator.serviceWorker.register(SCANNER_SW_URL, { scope: SCANNER_SCOPE });
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    const urls = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => new URL(u).origin === location.origin && new URL(u).pathname.startsWith('/assets/'));
    const send = (w: ServiceWorker | null) => w?.postMessage({ type: 'cache-urls', urls });
    if (worker?.state === 'activated') send(worker);
    else worker?.addEventListener('statechange', () => worker.state === 'activated' && send(worker));
  } catch {
    // No worker (private mode, old browser): the scanner still works online and offline while the page stays open.
  }
}

/**
 * Asks the worker to keep every attendee photo of the snapshot for offline scans (it fetches the missing ones; after a
 * full snapshot it also drops photos no longer listed). Without a controlling worker, photos show only online.
 */
export function cacheSnapshotPhotos(urls: string[], isFull: boolean): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'cache-photos', urls, isFull });
}
