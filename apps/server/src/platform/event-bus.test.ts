import { describe, expect, it, vi } from 'vitest';
import { createEventBus, type Publisher } from './event-bus.ts';

type Events = {
  'thing.done': { id: string };
  'count.changed': { eventId: string; n: number };
};

describe('event bus', () => {
  it('delivers a publish to every subscriber of that name, with its payload, and to no other', async () => {
    const bus = createEventBus<Events>();
    const a: string[] = [];
    const b: string[] = [];
    const other: unknown[] = [];
    bus.subscribe('thing.done', (p) => void a.push(p.id));
    bus.subscribe('thing.done', async (p) => {
      await new Promise((r) => setTimeout(r, 5));
      b.push(p.id);
    });
    bus.subscribe('count.changed', (p) => void other.push(p));
    await bus.publish('thing.done', { id: 'x1' });
    // publish waited for the slow subscriber too.
    expect(a).toEqual(['x1']);
    expect(b).toEqual(['x1']);
    expect(other).toEqual([]);
  });

  it('publish with no subscriber is a no-op; an unsubscribed handler is not called again', async () => {
    const bus = createEventBus<Events>();
    await expect(bus.publish('thing.done', { id: 'none' })).resolves.toBeUndefined();
    const seen: number[] = [];
    const off = bus.subscribe('count.changed', (p) => void seen.push(p.n));
    await bus.publish('count.changed', { eventId: 'e', n: 1 });
    off();
    await bus.publish('count.changed', { eventId: 'e', n: 2 });
    expect(seen).toEqual([1]);
  });

  it('publish runs every subscriber even when one fails, then rejects with the failure', async () => {
    const bus = createEventBus<Events>();
    const ran: string[] = [];
    bus.subscribe('thing.done', () => {
      throw new Error('boom');
    });
    bus.subscribe('thing.done', (p) => void ran.push(p.id));
    await expect(bus.publish('thing.done', { id: 'y' })).rejects.toThrow('boom');
    expect(ran).toEqual(['y']);
  });

  it('emit does not wait and logs a failing subscriber instead of rejecting', async () => {
    const log = { error: vi.fn() };
    const bus = createEventBus<Events>({ log });
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    bus.subscribe('thing.done', async () => {
      await done;
      throw new Error('late');
    });
    expect(bus.emit('thing.done', { id: 'z' })).toBeUndefined();
    expect(log.error).not.toHaveBeenCalled();
    resolve();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ event: 'thing.done' }), 'event subscriber failed'));
  });

  it('a module handed a Publisher of its own events can publish them through the app-wide bus', async () => {
    const bus = createEventBus<Events & { 'other.module': { x: boolean } }>();
    const publisher: Publisher<Pick<Events, 'count.changed'>> = bus;
    const seen: number[] = [];
    bus.subscribe('count.changed', (p) => void seen.push(p.n));
    await publisher.publish('count.changed', { eventId: 'e', n: 7 });
    expect(seen).toEqual([7]);
  });
});
