import { DomainError } from '../common/domain-error.ts';

/** Error code thrown by `assertTransition` when a status change is not allowed (HTTP 409 on the server). */
export const INVALID_STATUS_TRANSITION = 'INVALID_STATUS_TRANSITION';

export type TStatusMachine<S extends number> = {
  readonly name: string;
  readonly statuses: readonly S[];
  /** For each status, the statuses it may move to. A status with no successors is terminal. */
  readonly transitions: Readonly<Record<S, readonly S[]>>;
  /** True when `from → to` is allowed. A status never "transitions" to itself: a no-op is not a change. */
  canTransition(from: number, to: number): boolean;
  /** Throws a DomainError(INVALID_STATUS_TRANSITION) unless `from → to` is allowed. */
  assertTransition(from: number, to: number): void;
  nextStatuses(from: number): readonly S[];
  isTerminal(status: number): boolean;
};

/** Builds a status machine from its transition table. Unknown statuses are never allowed to move. */
export function defineStatusMachine<S extends number>(
  name: string,
  transitions: Record<S, readonly S[]>,
): TStatusMachine<S> {
  const statuses = Object.keys(transitions).map(Number) as S[];
  const table = new Map<number, ReadonlySet<number>>(
    statuses.map((s) => [s, new Set<number>(transitions[s])]),
  );
  for (const [from, targets] of table) {
    for (const to of targets) {
      if (!table.has(to)) throw new Error(`${name}: ${from} → ${to} targets an unknown status`);
      if (to === from) throw new Error(`${name}: ${from} → ${from} is a no-op, not a transition`);
    }
  }
  const canTransition = (from: number, to: number) => table.get(from)?.has(to) ?? false;
  return {
    name,
    statuses,
    transitions,
    canTransition,
    assertTransition(from, to) {
      if (!canTransition(from, to)) {
        throw new DomainError(INVALID_STATUS_TRANSITION, `${name} cannot move from ${from} to ${to}.`, {
          machine: name,
          from,
          to,
        });
      }
    },
    nextStatuses: (from) => (table.has(from) ? transitions[from as S] : []),
    isTerminal: (status) => (table.get(status)?.size ?? 0) === 0,
  };
}

/** The same machine limited to a subset of its statuses (e.g. the statuses an SMS can have). */
export function restrictStatusMachine<S extends number, T extends S>(
  machine: TStatusMachine<S>,
  name: string,
  subset: readonly T[],
): TStatusMachine<T> {
  const allowed = new Set<number>(subset);
  const transitions = Object.fromEntries(
    subset.map((s) => [s, machine.transitions[s].filter((t) => allowed.has(t))]),
  ) as unknown as Record<T, readonly T[]>;
  return defineStatusMachine<T>(name, transitions);
}
