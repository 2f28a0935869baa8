import { lazy, Suspense, useEffect, useState } from 'react';
import type { Blocker } from 'react-router';

const LeaveConfirmModal = lazy(() => import('./leave-confirm-modal.tsx').then((m) => ({ default: m.LeaveConfirmModal })));

/**
 * The leave confirmation, loaded when a navigation is first blocked: Mantine's Modal (scroll area, focus trap,
 * floating-ui) is not part of the registration page's first download (budget: apps/web/scripts/check-bundle-budget.ts).
 * The chunk is fetched once the page is idle, so the dialog opens at once when needed.
 */
export function LeaveConfirmPrompt({ blocker, onLeave }: { blocker: Blocker; onLeave?: () => void }) {
  const isBlocked = blocker.state === 'blocked';
  const [hasBlocked, setHasBlocked] = useState(false);
  useEffect(() => {
    if (isBlocked) setHasBlocked(true);
  }, [isBlocked]);
  useEffect(() => {
    const id = setTimeout(() => void import('./leave-confirm-modal.tsx'), 2000);
    return () => clearTimeout(id);
  }, []);
  if (!isBlocked && !hasBlocked) return null;
  return (
    <Suspense fallback={null}>
      <LeaveConfirmModal blocker={blocker} onLeave={onLeave} />
    </Suspense>
  );
}
