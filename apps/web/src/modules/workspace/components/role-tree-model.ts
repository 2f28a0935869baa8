import {
  ACCESS_AREA_LABELS,
  ACCESS_AREAS,
  MENU_CODES,
  accessCodeChildren,
  accessCodePath,
  findAccessCode,
  type TAccessArea,
  type TAccessCode,
  type TAccessCodeString,
} from '@pavilion/domain';

/**
 * The role editor's model: the SPEC §2.7 catalogue as area → menu → submenu → tab → action, and the selection
 * rules. Pure functions over sets, so ~1200 checkboxes stay cheap and the rules are testable without a DOM.
 */

export type TRoleTreeNode = {
  readonly code: string;
  readonly name: string;
  readonly kind: TAccessCode['kind'];
  readonly children: readonly TRoleTreeNode[];
  /** This code and every code below it. */
  readonly subtree: readonly string[];
};

export type TRoleTreeArea = {
  readonly area: TAccessArea;
  readonly label: string;
  readonly menus: readonly TRoleTreeNode[];
  readonly subtree: readonly string[];
};

export type TCheckState = 'all' | 'some' | 'none';

function toNode(entry: TAccessCode): TRoleTreeNode {
  const children = accessCodeChildren(entry.code).map(toNode);
  return { code: entry.code, name: entry.name, kind: entry.kind, children, subtree: [entry.code, ...children.flatMap((c) => c.subtree)] };
}

let cached: readonly TRoleTreeArea[] | null = null;

/** The catalogue grouped by area, in ACCESS_AREAS order; built once. */
export function roleTree(): readonly TRoleTreeArea[] {
  if (cached) return cached;
  const byArea = new Map<TAccessArea, TRoleTreeNode[]>();
  for (const menu of MENU_CODES) {
    const list = byArea.get(menu.area) ?? [];
    list.push(toNode(menu));
    byArea.set(menu.area, list);
  }
  cached = ACCESS_AREAS.filter((area) => byArea.has(area)).map((area) => {
    const menus = byArea.get(area)!;
    return { area, label: ACCESS_AREA_LABELS[area], menus, subtree: menus.flatMap((m) => m.subtree) };
  });
  return cached;
}

/** How much of a subtree is selected: drives the checked / indeterminate look. */
export function checkState(selected: ReadonlySet<string>, subtree: readonly string[]): TCheckState {
  let count = 0;
  for (const code of subtree) if (selected.has(code)) count += 1;
  if (count === 0) return 'none';
  return count === subtree.length ? 'all' : 'some';
}

export function countSelected(selected: ReadonlySet<string>, subtree: readonly string[]): number {
  let count = 0;
  for (const code of subtree) if (selected.has(code)) count += 1;
  return count;
}

/**
 * Checking a node grants it with everything below it and, because a code only works under its ancestors, the chain
 * above it (the server completes ancestors too). Unchecking removes the node and everything below; ancestors stay,
 * since another branch may still need them.
 */
export function toggleNode(selected: ReadonlySet<string>, node: Pick<TRoleTreeNode, 'code' | 'subtree'>, isChecked: boolean): Set<string> {
  const next = new Set(selected);
  if (isChecked) {
    for (const entry of accessCodePath(node.code)) next.add(entry.code);
    for (const code of node.subtree) next.add(code);
  } else {
    for (const code of node.subtree) next.delete(code);
  }
  return next;
}

/** A whole area at once (menus have no parent, so there are no ancestors to add). */
export function toggleArea(selected: ReadonlySet<string>, area: Pick<TRoleTreeArea, 'subtree'>, isChecked: boolean): Set<string> {
  const next = new Set(selected);
  for (const code of area.subtree) {
    if (isChecked) next.add(code);
    else next.delete(code);
  }
  return next;
}

/** A stored role's codes as an editor selection: unknown codes dropped, ancestors completed. */
export function selectionFromCodes(codes: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const code of codes) {
    if (!findAccessCode(code)) continue;
    for (const entry of accessCodePath(code)) out.add(entry.code);
  }
  return out;
}

/** The selection as the request's sorted code list (menus first, then by number). */
export function codesForRequest(selected: ReadonlySet<string>): TAccessCodeString[] {
  const order = { M: 0, SM: 1, T: 2, AP: 3 } as Record<string, number>;
  return [...selected]
    .filter((c): c is TAccessCodeString => !!findAccessCode(c))
    .sort((a, b) => {
      const [pa, na] = a.split('-') as [string, string];
      const [pb, nb] = b.split('-') as [string, string];
      return (order[pa]! - order[pb]!) || Number(na) - Number(nb);
    });
}

export type TTreeFilter = {
  /** Codes to show: the matches and their ancestors. */
  readonly visible: ReadonlySet<string>;
  readonly matchCount: number;
};

/** Case-insensitive match on name or code; null when the query is blank (show the collapsed tree). */
export function filterTree(query: string): TTreeFilter | null {
  const q = query.trim().toLowerCase();
  if (q === '') return null;
  const visible = new Set<string>();
  let matchCount = 0;
  const visit = (node: TRoleTreeNode) => {
    if (node.name.toLowerCase().includes(q) || node.code.toLowerCase() === q) {
      matchCount += 1;
      for (const entry of accessCodePath(node.code)) visible.add(entry.code);
    }
    node.children.forEach(visit);
  };
  for (const area of roleTree()) area.menus.forEach(visit);
  return { visible, matchCount };
}
