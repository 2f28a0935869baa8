import '../badges-i18n.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PrintQueue } from '../components/print-queue.tsx';
import { StationLayout } from '../components/station-layout.tsx';

/**
 * badge-printing/{eventId}[/{registrationNo}[/{eventUserId}]]: the venue print station. The whole queue, one
 * registration (all its attendees), or one attendee (eventUserId = registration id).
 */
export function BadgeStationPage() {
  const { t } = useTranslation();
  const { eventId = '', registrationNo, eventUserId } = useParams();
  return (
    <StationLayout title={registrationNo ? t('badges.station.titleOne', { registrationNo }) : t('badges.station.title')}>
      <PrintQueue eventId={eventId} registrationNo={registrationNo} registrationId={eventUserId} />
    </StationLayout>
  );
}
