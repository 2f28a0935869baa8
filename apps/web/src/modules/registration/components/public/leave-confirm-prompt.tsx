import { lazy, Suspense, useEffect, useState } from 'react';
import type { Blocker } from 'react-router';
import { useOnFirstInteraction } from '../../../../ui/use-first-interaction.ts';

const LeaveConfirmModal = lazy(() => import('./leave-confirm-modal.tsx').then((m) => ({ default: m.LeaveConfirmModal })));

/**
 * The leave confirmation, loaded when a navigation is first blocked: Mantine's Modal (scroll area, focus trap,
 * floating-ui) is not part of the registration page's first download (budget: apps/web/scripts/check-bundle-budget.ts).
 * The chunk is fetched at the visitor's first click or key press, so the dialog opens at once when needed.
 */
export function LeaveConfirmPrompt({ blocker, onLeave }: { blocker: Blocker; onLeave?: () => void }) {
  const isBlocked = blocker.state === 'blocked';
  const [hasBlocked, setHasBlocked] = useState(false);
  useEffect(() => {
    if (isBlocked) setHasBlocked(true);
  }, [isBlocked]);
  // Leaving with filled data needs an action first: fetch the dialog's code at the first one, not during the page load.
  useOnFirstInteraction(() => void import('./leave-confirm-modal.tsx'));
  if (!isBlocked && !hasBlocked) return null;
  return (
    <Suspense fallback={null}>
      <LeaveConfirmModal blocker={blocker} onLeave={onLeave} />
    </Suspense>
  );
}
