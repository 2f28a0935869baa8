import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { firstPaintDataReady } from './app/first-paint-data.ts';
import { captureFirstView, firstRenderHolds, firstViewStylesReady, whenRouteReady } from './app/first-view.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

/**
 * The app starts in the task after the one that evaluated the modules above, and mounts React in the task after that,
 * so a phone's main thread is free in between (each long task counts in Lighthouse's TBT, docs/PERFORMANCE.md). Not a
 * top-level await: that changes how Rollup splits the chunks (the public page's JavaScript grew by 14 KB).
 */
function start() {
  const router = createAppRouter();
  // The router (its routes, the first match, the page's lazy import) in this task, React in the next.
  setTimeout(() => mount(router), 0);
}

function mount(router: ReturnType<typeof createAppRouter>) {
  const container = document.getElementById('root')!;
  // A public phone page arrives with the server's first view in #root (app/first-view.ts); React's first commit replaces
  // it, so that commit waits for the page's route (the visitor never sees the router's loading screen in between) and for
  // the stylesheets the server let load without blocking that view.
  const hasFirstView = captureFirstView(container);
  const root = createRoot(container);
  // The first render is a transition: React renders it in slices of a few milliseconds and lets the browser run in
  // between, instead of one long task that blocks a phone's main thread (Lighthouse's TBT, docs/PERFORMANCE.md).
  const render = () =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    });
  if (hasFirstView) {
    // …and for the sanitiser, when the page's first reads hold markup (app/first-paint-data.ts), and for the lazy parts
    // of the page the view drew, which its modules name as they load with the route (holdFirstRender).
    const ready = Promise.all([firstViewStylesReady(), firstPaintDataReady()]);
    whenRouteReady(router, () => void Promise.all([ready, firstRenderHolds()]).then(render));
  } else {
    render();
  }
}

setTimeout(start, 0);
