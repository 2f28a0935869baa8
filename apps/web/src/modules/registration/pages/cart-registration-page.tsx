import '../public-i18n.ts';
import { useTranslation } from 'react-i18next';
import { useParams, type Params } from 'react-router';
import { queryClient } from '../../../app/query-client.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { CheckoutFlow } from '../components/public/checkout-flow.tsx';
import { PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { publicRegistrationInfoQuery, usePublicRegistrationInfo, useUnlockCode } from '../hooks/use-public-registration.ts';

/** The route's early start (app/route-helpers.tsx): the event's registration read leaves before the page renders. */
export function startData({ eventId }: Params): void {
  if (eventId) void queryClient.prefetchQuery(publicRegistrationInfoQuery(eventId));
}

/** `cart-registration/{eventId}`: choose tickets, fill in details, pay. Leaving asks for confirmation (SPEC §2.1). */
export function CartRegistrationPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const base = usePublicRegistrationInfo(eventId);
  const unlock = useUnlockCode(eventId, {}, base.data?.tickets.length ?? 0);
  const info = usePublicRegistrationInfo(eventId, unlock.code ? { unlockCode: unlock.code } : {});
  const kicker = t('registration.public.kicker');
  usePageTitle(info.data ? `${kicker} – ${info.data.eventName}` : kicker);

  if (info.isPending) return <PublicLoading kicker={kicker} />;
  if (info.isError && !info.data) return <PublicProblem kicker={kicker} error={info.error} onRetry={() => void info.refetch()} />;
  return <CheckoutFlow info={info.data!} variant="cart" kicker={kicker} unlockCode={unlock.code} onUnlock={(c) => void unlock.unlock(c)} />;
}
