import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';

/** A copy of `pattern` without the g/y flags, so that `test` is stateless (no lastIndex carry-over). */
function stateless(pattern: RegExp): RegExp {
  return pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
}

/** SPEC §5: every item of the list must match `pattern` → pattern. An empty list is valid. */
export function listPatternProblem(items: readonly string[], pattern: RegExp): 'pattern' | null {
  const p = stateless(pattern);
  return items.every((item) => p.test(item)) ? null : ValidationKey.Pattern;
}

export function everyItemMatches(items: readonly string[], pattern: RegExp): boolean {
  return listPatternProblem(items, pattern) === null;
}

/** Index of each item that does not match, for per-item error display. */
export function mismatchedItemIndexes(items: readonly string[], pattern: RegExp): number[] {
  const p = stateless(pattern);
  return items.flatMap((item, i) => (p.test(item) ? [] : [i]));
}

/** An array schema whose items must each match `pattern`; each failing item gets its own `pattern` issue. */
export const zListOfPattern = (pattern: RegExp) =>
  z.array(z.string()).superRefine((items, ctx) => {
    for (const index of mismatchedItemIndexes(items, pattern)) {
      ctx.addIssue({ code: 'custom', message: ValidationKey.Pattern, path: [index] });
    }
  });
