import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';
import type { TAccessRule } from './access.ts';
import type { TFeatureKey } from '../modules/placeholder/index.ts';
import { loadDashboardStrings } from './i18n.ts';

/** Building blocks of the route tables (router.tsx, signed-in-routes.tsx): every page is loaded on demand. */

type TModule = Record<string, unknown>;

/**
 * A page module may export `startData(params)`: it starts the page's first read (into the query cache) and returns
 * at once. It runs as the route's loader, so the request leaves before React renders the page rather than after, and
 * the route does not wait for it (the page shows its own loading state, as before).
 */
type TStartData = (params: Params) => void;

function lazyPage<M extends TModule, K extends keyof M & string>(load: () => Promise<M>, name: K, props: Record<string, unknown> | undefined, hasAppStrings: boolean) {
  return async () => {
    const [module] = await Promise.all([load(), hasAppStrings ? loadDashboardStrings() : undefined]);
    const Component = module[name] as ComponentType<Record<string, unknown>>;
    const startData = module.startData as TStartData | undefined;
    const loader = startData
      ? ({ params }: { params: Params }) => {
          startData(params);
          return null;
        }
      : undefined;
    return { ...(props ? { element: <Component {...props} /> } : { Component }), ...(loader ? { loader } : {}) };
  };
}

/**
 * A lazy page: `page(() => import('…'), 'ExportName', props?)`. It renders only once the login, dashboard and
 * attendee strings (locales/en-dashboard.ts) are in as well, so none of their keys ever shows raw.
 */
export function page<M extends TModule, K extends keyof M & string>(load: () => Promise<M>, name: K, props?: Record<string, unknown>) {
  return lazyPage(load, name, props, true);
}

/**
 * A lazy public page (registration, e-badges, verification, the scanner, footfall screens): it uses only the
 * shell's strings (locales/en.ts) and its module's own, so it does not wait for, or download, the dashboard strings.
 */
export function publicPage<M extends TModule, K extends keyof M & string>(load: () => Promise<M>, name: K, props?: Record<string, unknown>) {
  return lazyPage(load, name, props, false);
}

const loadNotAvailable = () => import('../modules/placeholder/pages/not-available-page.tsx');
/** A registered route whose feature ships in a later issue: the shared "not available yet" page. */
export function later(path: string, feature: TFeatureKey, isInShell = false): RouteObject {
  return { path, lazy: page(loadNotAvailable, 'NotAvailablePage', { feature, isInShell }) };
}
export function laterAll(paths: string[], feature: TFeatureKey): RouteObject[] {
  return paths.map((p) => later(p, feature));
}

const loadAccessGate = () => import('./access-gate.tsx');
/**
 * Dashboard routes shown only to holders of an access code (my-access); others get a friendly "not part of your
 * role" page. The gate is lazy so the access-code catalogue stays out of the public pages' bundle.
 */
export function gated(rule: TAccessRule, ...children: RouteObject[]): RouteObject {
  return { lazy: page(loadAccessGate, 'AccessGate', { rule }), children };
}
