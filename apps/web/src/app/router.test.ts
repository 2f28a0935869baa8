import { describe, expect, it, vi } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { isSignedInPath, patchSignedInRoutes, routes, SIGNED_IN_ROUTE_ID } from './router.tsx';
import { signedInRoutes } from './signed-in-routes.tsx';

/** Every path a table declares, joined with its parents' paths, with each `:param` and `*` filled in. */
function samplePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((r) => {
    const here = r.path ? `${parent}/${r.path}` : parent;
    const own = r.path || r.index ? [here.replace(/:[^/]+/g, 'x').replace(/\*$/, 'anything') || '/'] : [];
    return [...own, ...samplePaths(r.children ?? [], here)];
  });
}

/** The full table, as it is once signed-in-routes.tsx has been patched in under RequireAuth. */
function withSignedIn(table: RouteObject[]): RouteObject[] {
  return table.map((r) =>
    r.id === SIGNED_IN_ROUTE_ID ? { ...r, children: signedInRoutes } : r.children ? { ...r, children: withSignedIn(r.children) } : r,
  ) as RouteObject[];
}

describe('isSignedInPath', () => {
  it('knows every path of signed-in-routes.tsx', () => {
    const paths = samplePaths(signedInRoutes);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !isSignedInPath(p))).toEqual([]);
  });

  it('claims no path of the public table', () => {
    const paths = samplePaths(routes).filter((p) => p !== '/anything');
    expect(paths).toContain('/cart-registration/x');
    expect(paths.filter((p) => isSignedInPath(p))).toEqual([]);
  });

  it('tells the attendee list (eb) from a public e-badge (eb/:eventUserId)', () => {
    expect(isSignedInPath('/eb')).toBe(true);
    expect(isSignedInPath('/eb/')).toBe(true);
    expect(isSignedInPath('/eb/abc')).toBe(false);
    for (const alone of ['/i', '/pl', '/ic']) expect(isSignedInPath(alone), alone).toBe(true);
    expect(isSignedInPath('/i/ev-share')).toBe(false);
    expect(isSignedInPath('/pl/ev-share')).toBe(false);
    expect(isSignedInPath('/eb/print/abc')).toBe(false);
    expect(isSignedInPath('/')).toBe(false);
    expect(isSignedInPath('/apps')).toBe(false);
  });

  it('matches each signed-in path to a signed-in route once patched in, and leaves public paths where they were', () => {
    const full = withSignedIn(routes);
    for (const path of samplePaths(signedInRoutes)) {
      const leaf = matchRoutes(full, path)?.at(-1)?.route;
      expect(leaf?.path, path).not.toBe('*');
    }
    for (const path of samplePaths(routes)) {
      expect(matchRoutes(full, path)?.at(-1)?.route, path).toBe(matchRoutes(routes, path)?.at(-1)?.route);
    }
  });
});

describe('patchSignedInRoutes', () => {
  const args = (path: string, patch: (id: string | null, children: RouteObject[]) => void) =>
    ({ path, patch, signal: new AbortController().signal, matches: [], fetcherKey: undefined }) as unknown as Parameters<typeof patchSignedInRoutes>[0];

  it('patches the signed-in table once, under RequireAuth, and only for its paths', async () => {
    const patch = vi.fn();
    await patchSignedInRoutes(args('/cart-registration/abc', patch));
    await patchSignedInRoutes(args('/eb/abc', patch));
    expect(patch).not.toHaveBeenCalled();
    await patchSignedInRoutes(args('/app/team', patch));
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch).toHaveBeenCalledWith(SIGNED_IN_ROUTE_ID, signedInRoutes);
    await patchSignedInRoutes(args('/list/events', patch));
    expect(patch).toHaveBeenCalledTimes(1);
  });
});
