import '../public-i18n.ts';
import { useEffect, useRef } from 'react';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { PublicRegistrationLayout } from '../components/public/public-registration-layout.tsx';
import { PublicProblem } from '../components/public/public-states.tsx';
import { usePaymentSession, useVerifyRedirect } from '../hooks/use-public-registration.ts';
import { outcomePath } from '../lib/outcome.ts';

/**
 * `eazy-res/{identifier}` and `phipay-res/{identifier}[/{eventId}/{orderId}[/{sessionId}]]`: a provider sent the buyer
 * back. The identifier is the payment session. A Razorpay-style return carries a signature, verified on the server;
 * then the buyer goes on to the success or failure page.
 */
export function PaymentResultPage({ kind }: { kind: 'eazy' | 'phipay' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { identifier = '' } = useParams();
  const [params] = useSearchParams();
  const session = usePaymentSession(identifier);
  const verify = useVerifyRedirect(identifier);
  const hasVerified = useRef(false);
  usePageTitle(t('registration.public.resultChecking'));

  const signature = params.get('razorpay_signature');
  const providerOrderId = params.get('razorpay_order_id');
  const providerPaymentId = params.get('razorpay_payment_id');

  useEffect(() => {
    if (kind !== 'phipay' || hasVerified.current || !signature || !providerOrderId || !providerPaymentId) return;
    hasVerified.current = true;
    verify.mutate(
      { signature, providerOrderId, providerPaymentId },
      {
        onSuccess: (r) => {
          const to = outcomePath(r);
          if (to) navigate(to, { replace: true });
        },
      },
    );
    // verify is stable for this page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, signature, providerOrderId, providerPaymentId]);

  useEffect(() => {
    if (!session.data) return;
    const to = outcomePath(session.data);
    if (to) navigate(to, { replace: true });
  }, [session.data, navigate]);

  if (session.isError || verify.isError) {
    return (
      <PublicProblem
        kicker={t('registration.public.kicker')}
        error={session.error ?? verify.error}
        title={t('registration.public.resultUnknown')}
        message={t('registration.public.resultUnknownBody')}
      />
    );
  }
  return (
    <PublicRegistrationLayout kicker={t('registration.public.kicker')} event={null} footer={t('registration.public.footer')}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" ta="center" gap="sm" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('registration.public.resultChecking')}
          </Title>
          <Text c="dimmed">{t('registration.public.resultCheckingBody')}</Text>
        </Stack>
      </Paper>
    </PublicRegistrationLayout>
  );
}
