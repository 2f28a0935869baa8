import { useSyncExternalStore } from 'react';

/**
 * SPEC §4: a nested show/hide counter. The indicator is visible from the first show and hidden only when every
 * show has been matched by a hide. Extra hides never drive the count below zero.
 */
export function createLoadingCounter() {
  let count = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    show(): void {
      count += 1;
      if (count === 1) emit();
    },
    hide(): void {
      if (count === 0) return;
      count -= 1;
      if (count === 0) emit();
    },
    /** Runs `work` between a show and its hide, whatever the outcome. */
    async track<T>(work: () => Promise<T>): Promise<T> {
      this.show();
      try {
        return await work();
      } finally {
        this.hide();
      }
    },
    get count(): number {
      return count;
    },
    isVisible: (): boolean => count > 0,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TLoadingCounter = ReturnType<typeof createLoadingCounter>;

export const loadingCounter = createLoadingCounter();

export function useIsLoading(counter: TLoadingCounter = loadingCounter): boolean {
  return useSyncExternalStore(counter.subscribe, counter.isVisible, counter.isVisible);
}
