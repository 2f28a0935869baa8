import { z } from 'zod';
import type { TAccessArea } from './access-areas.ts';
import { ACTION_ROWS, MENU_ROWS, SUBMENU_ROWS, TAB_ROWS } from './access-codes.data.ts';

/**
 * SPEC §2.7 access codes: menu M-n → submenu SM-n → tab T-n → action permission AP-n. A code is usable only
 * when it and every ancestor are granted (`isAccessGranted`); that is the rule the workspace guard enforces.
 */
export const ACCESS_CODE_KINDS = ['menu', 'submenu', 'tab', 'action'] as const;
export type TAccessCodeKind = (typeof ACCESS_CODE_KINDS)[number];
export const ACCESS_CODE_PREFIX: Record<TAccessCodeKind, 'M' | 'SM' | 'T' | 'AP'> = {
  menu: 'M',
  submenu: 'SM',
  tab: 'T',
  action: 'AP',
};

export type TAccessCodeString = `M-${number}` | `SM-${number}` | `T-${number}` | `AP-${number}`;
export const ACCESS_CODE_PATTERN = /^(?:M|SM|T|AP)-[1-9]\d{0,4}$/;

export type TAccessCode = {
  readonly code: TAccessCodeString;
  readonly kind: TAccessCodeKind;
  readonly name: string;
  readonly area: TAccessArea;
  /** The code one level up; null for menus. */
  readonly parent: TAccessCodeString | null;
};

function build(): ReadonlyMap<string, TAccessCode> {
  const map = new Map<string, TAccessCode>();
  const add = (entry: TAccessCode) => {
    if (map.has(entry.code)) throw new Error(`duplicate access code ${entry.code}`);
    if (entry.parent !== null && !map.has(entry.parent)) throw new Error(`${entry.code}: unknown parent ${entry.parent}`);
    map.set(entry.code, entry);
  };
  for (const [code, name, area] of MENU_ROWS) add({ code, kind: 'menu', name, area, parent: null });
  for (const [code, name, parent, area] of SUBMENU_ROWS) add({ code, kind: 'submenu', name, area, parent });
  for (const [code, name, parent] of TAB_ROWS) add({ code, kind: 'tab', name, area: map.get(parent)!.area, parent });
  for (const [code, name, parent] of ACTION_ROWS) add({ code, kind: 'action', name, area: map.get(parent)!.area, parent });
  return map;
}

/** Every access code by its string. */
export const ACCESS_CODES: ReadonlyMap<string, TAccessCode> = build();

export const MENU_CODES: readonly TAccessCode[] = [...ACCESS_CODES.values()].filter((c) => c.kind === 'menu');
export const SUBMENU_CODES: readonly TAccessCode[] = [...ACCESS_CODES.values()].filter((c) => c.kind === 'submenu');
export const TAB_CODES: readonly TAccessCode[] = [...ACCESS_CODES.values()].filter((c) => c.kind === 'tab');
export const ACTION_CODES: readonly TAccessCode[] = [...ACCESS_CODES.values()].filter((c) => c.kind === 'action');

const childrenByParent = new Map<string, TAccessCode[]>();
for (const entry of ACCESS_CODES.values()) {
  if (entry.parent === null) continue;
  const list = childrenByParent.get(entry.parent) ?? [];
  list.push(entry);
  childrenByParent.set(entry.parent, list);
}

export function isAccessCode(value: string): value is TAccessCodeString {
  return ACCESS_CODES.has(value);
}

export function findAccessCode(code: string): TAccessCode | undefined {
  return ACCESS_CODES.get(code);
}

/** Direct children of a code (submenus of a menu, tabs of a submenu, actions of a tab). */
export function accessCodeChildren(code: string): readonly TAccessCode[] {
  return childrenByParent.get(code) ?? [];
}

/** Every code below `code`, depth first. */
export function accessCodeDescendants(code: string): readonly TAccessCode[] {
  const out: TAccessCode[] = [];
  const stack = [...accessCodeChildren(code)].reverse();
  while (stack.length > 0) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...[...accessCodeChildren(next.code)].reverse());
  }
  return out;
}

/** The chain from the menu down to `code` itself, e.g. [M-3, SM-6, T-12, AP-40]. Empty for an unknown code. */
export function accessCodePath(code: string): readonly TAccessCode[] {
  const path: TAccessCode[] = [];
  let current = ACCESS_CODES.get(code);
  while (current) {
    path.unshift(current);
    current = current.parent === null ? undefined : ACCESS_CODES.get(current.parent);
  }
  return path;
}

/** A code is granted only when it and all its ancestors are in `granted`; unknown codes are never granted. */
export function isAccessGranted(granted: ReadonlySet<string> | readonly string[], code: string): boolean {
  const set: ReadonlySet<string> = Array.isArray(granted) ? new Set(granted) : (granted as ReadonlySet<string>);
  const path = accessCodePath(code);
  return path.length > 0 && path.every((entry) => set.has(entry.code));
}

/**
 * The grants that are effective under the hierarchy: unknown codes and codes whose parent chain is not fully
 * granted are dropped. Use it to normalise a stored grant list before caching it in a token.
 */
export function effectiveGrants(granted: Iterable<string>): ReadonlySet<string> {
  const set = new Set(granted);
  return new Set([...set].filter((code) => isAccessGranted(set, code)));
}

/** Adds the ancestors of every given code, so that granting a tab also grants the submenu and menu above it. */
export function withAncestors(codes: Iterable<string>): ReadonlySet<string> {
  const out = new Set<string>();
  for (const code of codes) for (const entry of accessCodePath(code)) out.add(entry.code);
  return out;
}

export const ZAccessCode = z.string().refine(isAccessCode, { message: 'pattern' });
export const ZAccessCodeList = z.array(ZAccessCode).max(ACCESS_CODES.size);
