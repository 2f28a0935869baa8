import { hasMarkup, type TApiRouteKey, type TCallData } from './api-client.ts';

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
 * The server's answer to `route` with these params, if it wrote one into the page; taken once. An answer with markup
 * in it is left to the API client, which sanitises responses (SPEC §5), so it is not used here.
 */
export function takeFirstPaintData<K extends TApiRouteKey>(route: K, params: Record<string, string>): TCallData<K> | undefined {
  const all = loadReads();
  const keys = Object.keys(params);
  const i = all.findIndex((r) => r.route === route && Object.keys(r.params).length === keys.length && keys.every((k) => r.params[k] === params[k]));
  if (i < 0) return undefined;
  const [read] = all.splice(i, 1);
  return hasMarkup(read!.data) ? undefined : (read!.data as TCallData<K>);
}

/** For tests: forget what was read, so the next call reads the document again. */
export function resetFirstPaintData(): void {
  reads = null;
}
