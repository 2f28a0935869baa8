import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_POSITION } from '@pavilion/domain';
import { queryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import './i18n.ts';

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          {/* SPEC §9: toasts bottom-left; de-duplication is in toast.ts */}
          <Notifications position={TOAST_POSITION} limit={4} zIndex={4000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
