import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isAccessGranted, type TAccessCodeString, type TMyAccess } from '@pavilion/domain';
import { api } from './api-client.ts';

/**
 * What the signed-in user may see (GET auth/my-access). Menus, tabs and buttons are shown only for codes the user
 * holds; the server refuses the calls anyway, so this is about not offering what would fail.
 */

/** One code, or a list meaning "any of these" (a page that serves two permissions, e.g. regions or companies). */
export type TAccessRule = TAccessCodeString | readonly TAccessCodeString[];

/** The access query's key factory (cross-cutting, so it lives beside the session, not in a module). */
export const accessKeys = {
  all: ['access'] as const,
  mine: () => [...accessKeys.all, 'mine'] as const,
};

export function fetchMyAccess(signal?: AbortSignal): Promise<TMyAccess> {
  return api.call('GET /api/auth/my-access', { signal, isSilent: true });
}

/** True when `codes` grant the rule: the code and its whole menu → submenu → tab chain (domain isAccessGranted). */
export function isRuleGranted(codes: ReadonlySet<string>, rule: TAccessRule): boolean {
  if (typeof rule === 'string') return isAccessGranted(codes, rule);
  return rule.some((code) => isAccessGranted(codes, code));
}

export type TAccess = {
  /** True until the first answer (or error) arrives. */
  isPending: boolean;
  isError: boolean;
  data: TMyAccess | undefined;
  codes: ReadonlySet<string>;
  can: (rule: TAccessRule) => boolean;
  refetch: () => void;
};

const NO_CODES: ReadonlySet<string> = new Set();

export function useMyAccess() {
  return useQuery({
    queryKey: accessKeys.mine(),
    queryFn: ({ signal }) => fetchMyAccess(signal),
    // Permission changes must show without a new login: refetch whenever the tab regains focus.
    refetchOnWindowFocus: 'always',
    staleTime: 15_000,
  });
}

export function useAccess(): TAccess {
  const query = useMyAccess();
  const codesList = query.data?.codes;
  const codes = useMemo(() => (codesList ? new Set(codesList) : NO_CODES), [codesList]);
  return useMemo(
    () => ({
      isPending: query.isPending,
      isError: query.isError && !query.data,
      data: query.data,
      codes,
      can: (rule: TAccessRule) => isRuleGranted(codes, rule),
      refetch: () => void query.refetch(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query.isPending, query.isError, query.data, codes],
  );
}
