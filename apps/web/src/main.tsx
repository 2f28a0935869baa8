import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

const router = createAppRouter();

const root = createRoot(document.getElementById('root')!);
// The first render is a transition: React renders it in slices of a few milliseconds and lets the browser run in
// between, instead of one long task that blocks a phone's main thread (Lighthouse's TBT, docs/PERFORMANCE.md).
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
