import '../public-i18n.ts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useTicketLink } from '../../share/index.ts';
import { CheckoutFlow } from '../components/public/checkout-flow.tsx';
import { PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { usePublicRegistrationInfo } from '../hooks/use-public-registration.ts';

/**
 * `r/{ticketId}` (SPEC §2.1 share link): the event's cart registration with this ticket already chosen. A ticket that
 * is unknown, hidden (its unlock code is not in the link), sold out or not on sale gets its own page, which leads to
 * the event's tickets when there is an event.
 */
export function TicketLinkPage() {
  const { t } = useTranslation();
  const { ticketId = '' } = useParams();
  const link = useTicketLink(ticketId);
  const info = usePublicRegistrationInfo(link.data?.eventId);
  const kicker = t('registration.public.kicker');
  usePageTitle(info.data ? `${kicker} – ${info.data.eventName}` : kicker);

  if (link.isError) return <PublicProblem kicker={kicker} error={link.error} onRetry={() => void link.refetch()} title={t('registration.public.ticketLink.missingTitle')} message={t('registration.public.ticketLink.missing')} />;
  if (info.isError && !info.data) return <PublicProblem kicker={kicker} error={info.error} onRetry={() => void info.refetch()} />;
  if (!link.data || !info.data) return <PublicLoading kicker={kicker} />;
  const ticket = info.data.tickets.find((x) => x.id === ticketId);
  if (!ticket || !ticket.isOnSale || ticket.isSoldOut) {
    return (
      <PublicProblem
        kicker={kicker}
        title={t('registration.public.ticketLink.missingTitle')}
        message={t('registration.public.ticketLink.missing')}
        action={
          <Button component={Link} to={`/cart-registration/${encodeURIComponent(link.data.eventId)}`} variant="light">
            {t('registration.public.ticketLink.allTickets')}
          </Button>
        }
      />
    );
  }
  return <CheckoutFlow info={info.data} variant="cart" kicker={kicker} initialQuantities={{ [ticket.id]: Math.max(1, ticket.minPerOrder) }} />;
}
