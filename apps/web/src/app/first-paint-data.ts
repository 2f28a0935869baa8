import { hasMarkup, isSanitiserLoaded, loadSanitiser, sanitiseResponse, type TApiRouteKey, type TCallData } from './api-client.ts';

/**
 * The public reads the server made for this page's first paint and wrote into its HTML (apps/server/src/platform/
 * spa.ts, the `data` of src/app/first-paint.ts), so a public phone page can render without waiting for its first API
 * round trip. Each read is handed out once: it answers the first query that asks for it, and later reads of the same
 * data go to the network as usual.
 */
type TRead = { route: string; params: Record<string, string>; data: unknown };

const ELEMENT_ID = 'pavilion-first-data';
let reads: TRead[] | null = null;

function loadReads(): TRead[] {
  if (reads) return reads;
  reads = [];
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return reads;
  try {
    const parsed = JSON.parse(element.textContent) as unknown;
    if (Array.isArray(parsed)) reads = parsed as TRead[];
  } catch {
    // A damaged element is no data: the page fetches as usual.
  }
  element.remove();
  return reads;
}

/**
 * Resolves when the page's first reads can be taken: at once, or once the sanitiser has loaded when one of them holds
 * markup (an event's rich-text description), so that the first render can use it as the API client would (SPEC §5).
 */
export function firstPaintDataReady(): Promise<void> {
  return loadReads().some((r) => hasMarkup(r.data)) ? loadSanitiser().then(() => undefined, () => undefined) : Promise.resolve();
}

/**
 * The server's answer to `route` with these params, if it wrote one into the page; taken once. An answer with markup
 * is sanitised as the API client sanitises responses (SPEC §5); before the sanitiser has loaded (firstPaintDataReady)
 * it is not used, and the page fetches it.
 */
export function takeFirstPaintData<K extends TApiRouteKey>(route: K, params: Record<string, string>): TCallData<K> | undefined {
  const all = loadReads();
  const keys = Object.keys(params);
  const i = all.findIndex((r) => r.route === route && Object.keys(r.params).length === keys.length && keys.every((k) => r.params[k] === params[k]));
  if (i < 0) return undefined;
  const [read] = all.splice(i, 1);
  if (!hasMarkup(read!.data)) return read!.data as TCallData<K>;
  return isSanitiserLoaded() ? (sanitiseResponse(read!.data) as TCallData<K>) : undefined;
}

/** For tests: forget what was read, so the next call reads the document again. */
export function resetFirstPaintData(): void {
  reads = null;
}
