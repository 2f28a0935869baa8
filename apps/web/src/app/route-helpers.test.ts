import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { publicPage } from './route-helpers.tsx';

const args = (params: Record<string, string>) => ({ params, request: new Request('http://localhost/x'), context: undefined }) as unknown as LoaderFunctionArgs;

describe('lazy pages', () => {
  it('run a page module’s startData as the route loader, with the route params, without waiting for it', async () => {
    const started: unknown[] = [];
    const route = await publicPage(async () => ({ Page: () => null, startData: (params: unknown) => void started.push(params) }), 'Page')();
    expect(route).toHaveProperty('Component');
    const loader = (route as { loader: (a: LoaderFunctionArgs) => unknown }).loader;
    expect(loader(args({ eventId: 'evt-1' }))).toBeNull();
    expect(started).toEqual([{ eventId: 'evt-1' }]);
  });

  it('give a page without startData no loader', async () => {
    const route = await publicPage(async () => ({ Page: () => null }), 'Page', { kind: 'x' })();
    expect(route).toHaveProperty('element');
    expect(route).not.toHaveProperty('loader');
  });
});
