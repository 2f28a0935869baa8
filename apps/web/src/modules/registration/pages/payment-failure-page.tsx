import '../public-i18n.ts';
import { useRef } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCreditCardOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TPaymentProvider } from '@pavilion/domain/registration/registration.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { newIdempotencyKey, publicRegistrationApi } from '../api/public-registration-api.ts';
import { PublicRegistrationLayout } from '../components/public/public-registration-layout.tsx';
import { usePaymentSession, usePublicOrder } from '../hooks/use-public-registration.ts';
import { formatMoney } from '../lib/money.ts';

/**
 * `failure?eventId=&orderId=&sessionId=`: the payment did not go through. While the unpaid order still holds its
 * seats the buyer can try again with the same provider (POST /orders/:orderId/payments).
 */
export function PaymentFailurePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const eventId = params.get('eventId') ?? '';
  const orderId = params.get('orderId') ?? '';
  const sessionId = params.get('sessionId') ?? '';
  const order = usePublicOrder(orderId, { isPolling: false });
  const session = usePaymentSession(sessionId);
  const key = useRef(newIdempotencyKey());
  usePageTitle(t('registration.public.failureTitle'));
  const retry = useMutation({
    mutationFn: () =>
      publicRegistrationApi.retryPayment(orderId, { provider: (session.data?.provider ?? 'test') as TPaymentProvider }, key.current),
    onSuccess: (payment) => {
      if (payment.redirectUrl) window.location.assign(payment.redirectUrl);
    },
  });
  const canRetry = !!orderId && order.data?.status === 'pending';

  return (
    <PublicRegistrationLayout kicker={t('registration.public.kicker')} event={null} footer={t('registration.public.footer')}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
            <IconCreditCardOff size={32} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('registration.public.failureTitle')}
          </Title>
          <Text c="dimmed" maw={480}>
            {canRetry ? t('registration.public.failureBody') : t('registration.public.failureGeneric')}
          </Text>
          {order.data && (
            <Text size="sm">
              {t('registration.public.registrationNo')}: <strong>{order.data.registrationNo}</strong> · {formatMoney(order.data.total, order.data.currency)}
            </Text>
          )}
          {retry.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" styles={{ message: { color: 'var(--mantine-color-red-9)' } }}>
              {errorMessage(retry.error, t)}
            </Alert>
          )}
          <Group justify="center" gap="sm">
            {canRetry && (
              <Button size="md" loading={retry.isPending} onClick={() => retry.mutate()}>
                {t('registration.public.tryAgain')}
              </Button>
            )}
            {eventId && (
              <Button component={Link} to={`/cart-registration/${encodeURIComponent(eventId)}`} variant="default" size="md">
                {t('registration.public.startOver')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </PublicRegistrationLayout>
  );
}
