import { Notifications } from '@mantine/notifications';
import { TOAST_POSITION } from '@pavilion/domain';

/** SPEC §9: toasts bottom-left, at most 4 at once; de-duplication is in toast.ts. Loaded on the first toast. */
export function NotificationsHost() {
  return <Notifications position={TOAST_POSITION} limit={4} zIndex={4000} />;
}
