import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPublicDocumentCache } from './public-document-cache.ts';

describe('public document cache', () => {
  it('builds once per key and window, shares a build between concurrent misses, and builds again after the window', async () => {
    let t = 0;
    let builds = 0;
    const cache = createPublicDocumentCache({ ttlMs: 2000, maxEntries: 10, now: () => t });
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 5));
      return { sessions: Array.from({ length: 200 }, (_, i) => ({ title: `Session ${i}`, build: builds })) };
    };
    const [a, b] = await Promise.all([cache.get('ev1', build), cache.get('ev1', build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(JSON.parse(a.body)).toMatchObject({ status: 'OK', data: { sessions: expect.any(Array) } });
    expect(gunzipSync(a.gzip).toString()).toBe(a.body);
    t = 1999;
    expect(await cache.get('ev1', build)).toBe(a);
    expect(builds).toBe(1);
    await cache.get('ev2', build);
    expect(builds).toBe(2);
    t = 2000;
    const c = await cache.get('ev1', build);
    expect(builds).toBe(3);
    expect(c.etag).not.toBe(a.etag);
  });

  it('keeps no failed build: the next request builds again', async () => {
    const cache = createPublicDocumentCache({ ttlMs: 60_000, maxEntries: 10 });
    let fail = true;
    const build = async () => {
      if (fail) throw new Error('tab hidden');
      return { ok: true };
    };
    await expect(cache.get('ev', build)).rejects.toThrow('tab hidden');
    fail = false;
    expect(JSON.parse((await cache.get('ev', build)).body)).toEqual({ status: 'OK', data: { ok: true } });
  });

  it('forgets the oldest key beyond maxEntries', async () => {
    let builds = 0;
    const cache = createPublicDocumentCache({ ttlMs: 60_000, maxEntries: 2 });
    const build = async () => ({ n: ++builds });
    await cache.get('a', build);
    await cache.get('b', build);
    await cache.get('c', build);
    await cache.get('b', build);
    expect(builds).toBe(3);
    await cache.get('a', build);
    expect(builds).toBe(4);
  });
});
