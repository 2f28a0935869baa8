import '../public-i18n.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { CheckoutFlow } from '../components/public/checkout-flow.tsx';
import { PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { quantitiesFromItems } from '../lib/cart.ts';
import { usePublicCartLink, usePublicRegistrationInfo } from '../hooks/use-public-registration.ts';

/** `cs/{cartLinkId}`: a cart link the organiser shared, with its tickets (and coupon) already in the cart. */
export function CartLinkPage() {
  const { t } = useTranslation();
  const { cartLinkId = '' } = useParams();
  const link = usePublicCartLink(cartLinkId);
  const info = usePublicRegistrationInfo(link.data?.eventId);
  const kicker = t('registration.public.kicker');
  usePageTitle(info.data ? `${kicker} – ${info.data.eventName}` : kicker);

  if (link.isError) return <PublicProblem kicker={kicker} error={link.error} onRetry={() => void link.refetch()} />;
  if (info.isError && !info.data) return <PublicProblem kicker={kicker} error={info.error} onRetry={() => void info.refetch()} />;
  if (!link.data || !info.data) return <PublicLoading kicker={kicker} />;
  return (
    <CheckoutFlow
      info={info.data}
      variant="cart"
      kicker={kicker}
      cartLinkId={link.data.id}
      presetCoupon={link.data.couponCode}
      initialQuantities={quantitiesFromItems(link.data.items, info.data.tickets)}
    />
  );
}
