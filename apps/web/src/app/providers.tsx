import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useOnFirstInteraction } from '../ui/use-first-interaction.ts';
import { queryClient } from './query-client.ts';
import { theme } from './theme.ts';
import { prefetchToasts, useIsToastRequested } from './toast.ts';
import './i18n.ts';

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The theme's variables, written at build time instead of by the provider in every first render (app/theme-css.ts).
import './theme-variables.css';
import './global.css';

const NotificationsHost = lazy(() => import('./notifications-host.tsx').then((m) => ({ default: m.NotificationsHost })));

/**
 * The toast container and its code load at the visitor's first click or key press (and at the latest with the first
 * toast), so they are neither part of what a page needs before it can show (scripts/check-bundle-budget.ts) nor
 * fetched while a phone is still loading it, yet are on their way before an action can raise a toast.
 */
function DeferredNotifications() {
  const isRequested = useIsToastRequested();
  const [isLoaded, setLoaded] = useState(false);
  useOnFirstInteraction(() => {
    void prefetchToasts().then(
      () => setLoaded(true),
      () => undefined,
    );
  });
  if (!isRequested && !isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <DeferredNotifications />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
