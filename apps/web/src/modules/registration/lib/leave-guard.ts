/** SPEC §2.1: the exact words shown when someone leaves cart registration with data filled in. */
export const LEAVE_MESSAGE = 'Your filled data will be removed';

type TLoc = { pathname: string; search: string };

/**
 * Block a navigation only when there is something to lose and the person is really leaving the page: a change of
 * search params (the step) inside the same page is not leaving.
 */
export function shouldBlockLeave(isDirty: boolean, isReleased: boolean, from: TLoc, to: TLoc): boolean {
  if (!isDirty || isReleased) return false;
  return from.pathname !== to.pathname;
}
