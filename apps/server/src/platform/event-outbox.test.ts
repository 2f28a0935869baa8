import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import type { Database } from './db.ts';
import { createEventBus } from './event-bus.ts';
import { createEventOutbox } from './event-outbox.ts';

type Events = { 'thing.done': { id: string } };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function rows() {
  return (await database.db.execute(sql`select name, payload, attempts, delivered_at, error from event_outbox order by created_at`)).rows as {
    name: string;
    payload: { id: string };
    attempts: number;
    delivered_at: Date | null;
    error: string | null;
  }[];
}

/** One process: a bus with a subscriber that records what it got, and the outbox job on it. */
function startProcess(handle: (p: { id: string }) => void | Promise<void>) {
  const bus = createEventBus<Events>();
  bus.subscribe('thing.done', handle);
  return createEventOutbox<Events>({ db: database.db, bus, pollMs: 60_000 });
}

describe('event outbox', () => {
  it('an event written in a committed transaction is delivered after the commit; a rolled-back one never', async () => {
    const got: string[] = [];
    const outbox = startProcess((p) => void got.push(p.id));
    await database.db.transaction(async (tx) => outbox.write(tx, 'thing.done', { id: 'kept' }));
    await database.db
      .transaction(async (tx) => {
        await outbox.write(tx, 'thing.done', { id: 'rolled-back' });
        throw new Error('abort');
      })
      .catch(() => {});
    outbox.wake();
    await new Promise((r) => setTimeout(r, 20));
    await outbox.worker.idle();
    expect(got).toEqual(['kept']);
    expect((await rows()).map((r) => [r.payload.id, r.delivered_at !== null])).toEqual([['kept', true]]);
    await outbox.worker.stop();
  });

  it('a row left owed by a crash (committed, never delivered) is delivered once on the next start, not again after', async () => {
    // The crashed process committed its change and its event, then died before any delivery.
    const crashed = startProcess(() => {
      throw new Error('never reached');
    });
    await database.db.transaction(async (tx) => crashed.write(tx, 'thing.done', { id: 'after-crash' }));

    const got: string[] = [];
    const next = startProcess((p) => void got.push(p.id));
    next.worker.start();
    await new Promise((r) => setTimeout(r, 20));
    await next.worker.idle();
    expect(got).toEqual(['after-crash']);
    await next.worker.stop();

    const again: string[] = [];
    const third = startProcess((p) => void again.push(p.id));
    third.worker.start();
    await new Promise((r) => setTimeout(r, 20));
    await third.worker.idle();
    await third.worker.stop();
    expect(again).toEqual([]);
    expect((await rows()).find((r) => r.payload.id === 'after-crash')).toMatchObject({ attempts: 1, error: null });
  });

  it('a failing subscriber leaves the row owed with its error, and a later pass delivers it', async () => {
    let fail = true;
    const got: string[] = [];
    const outbox = startProcess((p) => {
      if (fail) throw new Error('subscriber down');
      got.push(p.id);
    });
    await outbox.write(database.db, 'thing.done', { id: 'retried' });
    outbox.wake();
    await new Promise((r) => setTimeout(r, 20));
    await outbox.worker.idle();
    expect((await rows()).find((r) => r.payload.id === 'retried')).toMatchObject({ attempts: 1, delivered_at: null, error: 'subscriber down' });
    fail = false;
    outbox.wake();
    await new Promise((r) => setTimeout(r, 20));
    await outbox.worker.idle();
    expect(got).toEqual(['retried']);
    expect((await rows()).find((r) => r.payload.id === 'retried')).toMatchObject({ attempts: 2, error: null });
    await outbox.worker.stop();
  });

  it('a workflow step: deliverOrThrow throws what the subscriber threw and keeps the claim, so the job does not take the row before the caller discards it', async () => {
    const got: string[] = [];
    const outbox = startProcess((p) => {
      if (p.id === 'step-fails') throw new Error('payments down');
      got.push(p.id);
    });
    const failing = await outbox.write(database.db, 'thing.done', { id: 'step-fails' });
    await expect(outbox.deliverOrThrow(failing)).rejects.toThrow('payments down');
    // Within the claim's lease, the job leaves it alone.
    outbox.wake();
    await new Promise((r) => setTimeout(r, 20));
    await outbox.worker.idle();
    expect((await rows()).find((r) => r.payload.id === 'step-fails')).toMatchObject({ attempts: 1, delivered_at: null });
    // The caller compensates and discards the fact in its transaction: it is never delivered.
    await database.db.transaction((tx) => outbox.discard(tx, failing));
    expect((await rows()).find((r) => r.payload.id === 'step-fails')).toBeUndefined();
    const ok = await outbox.write(database.db, 'thing.done', { id: 'step-ok' });
    await outbox.deliverOrThrow(ok);
    expect(got).toEqual(['step-ok']);
    expect((await rows()).find((r) => r.payload.id === 'step-ok')?.delivered_at).not.toBeNull();
    await outbox.worker.stop();
  });
});
