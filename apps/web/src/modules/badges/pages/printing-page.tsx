import '../badges-i18n.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { PrintQueue } from '../components/print-queue.tsx';

/** /app/badges/printing: filter, print one, or print a whole selection as a job. */
export function BadgePrintingPage() {
  const [eventId] = useCurrentEventId();
  return eventId ? <PrintQueue eventId={eventId} /> : null;
}
