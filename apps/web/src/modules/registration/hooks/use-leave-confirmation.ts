import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { LEAVE_MESSAGE, shouldBlockLeave } from '../lib/leave-guard.ts';

export type TLeaveConfirmation = {
  blocker: Blocker;
  /** Call right before an intended hand-off (payment page, success page): no question, no beforeunload. */
  release: () => void;
};

/**
 * SPEC §2.1 cart registration: leaving with filled data asks for confirmation, both for in-app navigation
 * (react-router's blocker, answered by LeaveConfirmModal) and for reloads, closed tabs and typed URLs (the
 * browser's own beforeunload prompt, whose text browsers no longer let pages choose).
 */
export function useLeaveConfirmation(isDirty: boolean): TLeaveConfirmation {
  const isReleased = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldBlockLeave(isDirty, isReleased.current, currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (isReleased.current) return;
      e.preventDefault();
      // Legacy browsers show returnValue; modern ones show their own wording.
      e.returnValue = LEAVE_MESSAGE;
      return LEAVE_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const release = useCallback(() => {
    isReleased.current = true;
  }, []);

  return { blocker, release };
}
