import { useCurrentEventId } from '../../dashboard/hooks/use-select-event.ts';

/**
 * The selected event of /app/registration/* (URL `?eventId=` or stored eventData). RegistrationSection renders its
 * sections only when there is one. Read directly rather than through outlet context, because each section sits
 * behind an AccessGate whose <Outlet/> does not forward context.
 */
export function useSectionEventId(): string {
  return useCurrentEventId()[0] ?? '';
}
