import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { prefetchToasts, useIsToastRequested } from './toast.ts';
import './i18n.ts';

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

const NotificationsHost = lazy(() => import('./notifications-host.tsx').then((m) => ({ default: m.NotificationsHost })));

/**
 * The toast container and its code load right after the first render (and at the latest with the first toast), so
 * they are not part of what a page needs before it can show (scripts/check-bundle-budget.ts), yet are in place
 * before anyone can act on the page.
 */
function DeferredNotifications() {
  const isRequested = useIsToastRequested();
  const [isLoaded, setLoaded] = useState(false);
  useEffect(() => {
    let isLive = true;
    void prefetchToasts().then(
      () => isLive && setLoaded(true),
      () => undefined,
    );
    return () => {
      isLive = false;
    };
  }, []);
  if (!isRequested && !isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <DeferredNotifications />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
