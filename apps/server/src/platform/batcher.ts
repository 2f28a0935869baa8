/**
 * Coalesces concurrent calls into batches (group commit for hot paths such as gate scans).
 *
 * While `maxInFlight` batches are running, new items wait and leave together in the next one. With no load an item
 * leaves on the next turn of the event loop (`setImmediate`), so batching adds no latency; under load one database
 * round trip serves many callers. `key` keeps two items with the same key out of one batch (a statement may not
 * change one row twice): the later one waits for the next batch, in arrival order.
 *
 * `run` answers one output per input, in the same order. If it throws, every item of that batch fails with the error.
 */
export type Batcher<I, O> = { add(item: I): Promise<O>; readonly pending: number; readonly inFlight: number };

export type BatcherOptions<I> = {
  maxInFlight: number;
  maxBatch: number;
  key?: (item: I) => string | null;
};

type Waiting<I, O> = { item: I; resolve: (o: O) => void; reject: (err: unknown) => void };

export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, options: BatcherOptions<I>): Batcher<I, O> {
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  function take(): Waiting<I, O>[] {
    if (!options.key) return queue.splice(0, options.maxBatch);
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (const w of queue) {
      const k = batch.length < options.maxBatch ? options.key(w.item) : null;
      if (batch.length < options.maxBatch && (k === null || !keys.has(k))) {
        if (k !== null) keys.add(k);
        batch.push(w);
      } else rest.push(w);
    }
    queue = rest;
    return batch;
  }

  function pump() {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = take();
      inFlight++;
      let out: Promise<O[]>;
      try {
        out = run(batch.map((w) => w.item));
      } catch (err) {
        out = Promise.reject(err);
      }
      out
        .then(
          (outputs) => {
            if (outputs.length !== batch.length) throw new Error(`batch answered ${outputs.length} results for ${batch.length} items`);
            batch.forEach((w, i) => w.resolve(outputs[i]!));
          },
        )
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          inFlight--;
          schedule();
        });
    }
  }

  function schedule() {
    if (scheduled || queue.length === 0 || inFlight >= options.maxInFlight) return;
    scheduled = true;
    setImmediate(pump);
  }

  return {
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    get pending() {
      return queue.length;
    },
    get inFlight() {
      return inFlight;
    },
  };
}

/** A call waited longer than `maxWaitMs` for its turn (it did not run). */
export class LimiterTimeout extends Error {
  constructor() {
    super('waited too long for a turn');
  }
}

/**
 * At most `limit` calls per key run at once; the rest wait in arrival order, each at most `maxWaitMs` (then it fails
 * with LimiterTimeout without running). Used where calls on one key would only queue on the same database lock
 * anyway (checkout on one event's quotas): waiting here keeps them from holding pooled connections that every other
 * query needs.
 */
export function createKeyedLimiter(limit: number, maxWaitMs: number) {
  type Slot = { active: number; waiting: Set<() => void> };
  const running = new Map<string, Slot>();
  function release(key: string, slot: Slot) {
    const next = slot.waiting.values().next();
    if (!next.done) {
      // The slot passes straight to the next caller.
      slot.waiting.delete(next.value);
      next.value();
    } else if (--slot.active === 0) running.delete(key);
  }
  return {
    async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      let slot = running.get(key);
      if (!slot) running.set(key, (slot = { active: 0, waiting: new Set() }));
      if (slot.active >= limit) {
        const s = slot;
        await new Promise<void>((resolve, reject) => {
          const turn = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            s.waiting.delete(turn);
            reject(new LimiterTimeout());
          }, maxWaitMs);
          s.waiting.add(turn);
        });
      } else slot.active++;
      try {
        return await fn();
      } finally {
        release(key, slot);
      }
    },
    /** Calls running or waiting for this key. */
    load(key: string): number {
      const slot = running.get(key);
      return slot ? slot.active + slot.waiting.size : 0;
    },
  };
}
