/**
 * The in-process event bus (issue 13): a module publishes what happened, other modules subscribe, and neither
 * holds a reference to the other. Each publishing module declares its events (name → payload) in its index.ts;
 * app.ts joins them into one map, so a publish or a subscription with a wrong name or payload fails the type check.
 *
 * Delivery is in-process and at most once: a subscriber runs after the publish, in the publisher's process. An
 * effect that must survive a crash (a mail, a certificate) is written to an outbox in the publisher's transaction
 * instead, and sent by a job (platform/mail-worker.ts).
 */

/** Event name → payload. */
export type EventMap = Record<string, unknown>;

export type EventHandler<P> = (payload: P) => void | Promise<void>;

/** What a publishing module is handed: it can publish its own events and nothing else. */
export type Publisher<E extends EventMap> = {
  /** Runs every subscriber and waits for them; rejects with the first failure once all have run. */
  publish<K extends keyof E & string>(name: K, payload: E[K]): Promise<void>;
  /** Fire and forget (a hot path, or a caller that must not wait): a subscriber's failure is logged. */
  emit<K extends keyof E & string>(name: K, payload: E[K]): void;
};

/** What a subscribing module is handed (in its `subscribe(bus)`): it can subscribe to the events it names. */
export type Subscriber<E extends EventMap> = {
  /** Adds a subscriber; answers a function that removes it. */
  subscribe<K extends keyof E & string>(name: K, handler: EventHandler<E[K]>): () => void;
};

export type EventBus<E extends EventMap> = Publisher<E> & Subscriber<E>;

export function createEventBus<E extends EventMap>(options: { log?: { error(obj: unknown, msg?: string): void } } = {}): EventBus<E> {
  const handlers = new Map<string, Set<EventHandler<never>>>();

  async function publish<K extends keyof E & string>(name: K, payload: E[K]): Promise<void> {
    const set = handlers.get(name);
    if (!set || set.size === 0) return;
    // A copy: a subscriber that unsubscribes (or subscribes) while running does not change this delivery.
    const results = await Promise.allSettled([...set].map(async (h) => (h as EventHandler<E[K]>)(payload)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  return {
    publish,
    emit(name, payload) {
      publish(name, payload).catch((err) => options.log?.error({ err, event: name }, 'event subscriber failed'));
    },
    subscribe(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler as EventHandler<never>);
      return () => {
        set.delete(handler as EventHandler<never>);
      };
    },
  };
}
