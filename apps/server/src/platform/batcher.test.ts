import { describe, expect, it } from 'vitest';
import { createBatcher, createKeyedLimiter, LimiterTimeout } from './batcher.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('createBatcher', () => {
  it('sends an item alone when idle, and gathers the items that arrive while a batch is running', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = createBatcher<number, number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await gate;
        return items.map((i) => i * 10);
      },
      { maxInFlight: 1, maxBatch: 3 },
    );
    const first = b.add(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4, 5].map((i) => b.add(i));
    await tick();
    expect(b.pending).toBe(4);
    release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('keeps items with the same key out of one batch, in arrival order', async () => {
    const batches: string[][] = [];
    const b = createBatcher<string, string>(async (items) => (batches.push(items), items), { maxInFlight: 1, maxBatch: 10, key: (s) => (s.startsWith('-') ? null : s[0]!) });
    await Promise.all(['a1', 'b1', 'a2', '-x', '-x', 'a3', 'b2'].map((s) => b.add(s)));
    expect(batches).toEqual([['a1', 'b1', '-x', '-x'], ['a2', 'b2'], ['a3']]);
  });

  it('fails every item of a batch whose run throws, and goes on with the next batch', async () => {
    let calls = 0;
    const b = createBatcher<number, number>(
      async (items) => {
        calls++;
        if (items.includes(2)) throw new Error('boom');
        return items;
      },
      { maxInFlight: 1, maxBatch: 2 },
    );
    const results = await Promise.allSettled([1, 2, 3].map((i) => b.add(i)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(calls).toBe(2);
  });

  it('refuses a run that answers the wrong number of results', async () => {
    const b = createBatcher<number, number>(async () => [1, 2], { maxInFlight: 2, maxBatch: 5 });
    await expect(b.add(1)).rejects.toThrow(/2 results for 1 items/);
  });

  it('runs at most maxInFlight batches at once', async () => {
    let running = 0;
    let peak = 0;
    const b = createBatcher<number, number>(
      async (items) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return items;
      },
      { maxInFlight: 2, maxBatch: 1 },
    );
    await Promise.all(Array.from({ length: 8 }, (_, i) => b.add(i)));
    expect(peak).toBe(2);
  });
});

describe('createKeyedLimiter', () => {
  it('runs at most `limit` calls per key, in arrival order, and other keys freely', async () => {
    const limiter = createKeyedLimiter(2, 1000);
    const order: string[] = [];
    let active = 0;
    let peak = 0;
    const job = (name: string) => async () => {
      active++;
      peak = Math.max(peak, active);
      order.push(name);
      await new Promise((r) => setTimeout(r, 10));
      active--;
      return name;
    };
    const a = ['a1', 'a2', 'a3', 'a4', 'a5'].map((n) => limiter.run('a', job(n)));
    const b = limiter.run('b', job('b1'));
    expect(limiter.load('a')).toBe(5);
    expect(await Promise.all([...a, b])).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1']);
    expect(order.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(peak).toBe(3); // two of a, one of b
    expect(limiter.load('a')).toBe(0);
  });

  it('gives up on a call that waits longer than maxWaitMs, without running it', async () => {
    const limiter = createKeyedLimiter(1, 20);
    let ran = 0;
    const slow = limiter.run('k', () => new Promise((r) => setTimeout(() => r('slow'), 60)));
    const late = limiter.run('k', async () => ++ran);
    await expect(late).rejects.toBeInstanceOf(LimiterTimeout);
    expect(await slow).toBe('slow');
    expect(ran).toBe(0);
    expect(await limiter.run('k', async () => 'next')).toBe('next');
  });

  it('frees the slot when a call throws', async () => {
    const limiter = createKeyedLimiter(1, 1000);
    await expect(limiter.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run('k', async () => 1)).toBe(1);
  });
});
