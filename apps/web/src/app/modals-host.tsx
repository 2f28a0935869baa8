import { ModalsProvider } from '@mantine/modals';

/**
 * Renders the dialogs opened through `modals.open…()` (@mantine/modals talks to it through window events, so it
 * needs no children). Mounted lazily by the root layout once a page that may use it is shown (root-layout.tsx).
 */
export function ModalsHost() {
  return <ModalsProvider />;
}
