import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';

/*
 * The public route table (app/router.tsx) is in the entry chunk, which lists each route's chunks for preloading. This
 * wrapper keeps the matchmaking page's own chunks (tags input, meetings api, …) out of that list: the public entry is
 * at its 200 KB budget. One more request on the first visit of mm/.
 */
const Page = lazy(() => import('./matchmaking-page.tsx').then((m) => ({ default: m.MatchmakingPage })));

export function MatchmakingRoute() {
  return (
    <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
      <Page />
    </Suspense>
  );
}
