import '../public-i18n.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { CheckoutFlow } from '../components/public/checkout-flow.tsx';
import { GroupTicketPicker } from '../components/public/group-ticket-picker.tsx';
import { MissingEvent } from '../components/public/missing-event.tsx';
import { PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { usePublicRegistrationInfo } from '../hooks/use-public-registration.ts';

/** `ticket-group-registration?eventId=`: one buyer books and pays for several named attendees. */
export function GroupRegistrationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? '';
  const info = usePublicRegistrationInfo(eventId);
  const kicker = t('registration.public.kickerGroup');
  usePageTitle(info.data ? `${kicker} – ${info.data.eventName}` : kicker);

  if (!eventId) return <MissingEvent kicker={kicker} />;
  if (info.isPending) return <PublicLoading kicker={kicker} />;
  if (info.isError && !info.data) return <PublicProblem kicker={kicker} error={info.error} onRetry={() => void info.refetch()} />;
  const data = info.data!;
  return (
    <CheckoutFlow
      info={data}
      variant="group"
      kicker={kicker}
      renderTickets={({ quantities, onChange }) => <GroupTicketPicker tickets={data.tickets} quantities={quantities} onChange={onChange} />}
    />
  );
}
