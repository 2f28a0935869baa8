import '../public-i18n.ts';
import { Alert, Anchor, Button, Divider, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconDownload, IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { TPublicOrder } from '@pavilion/domain/registration/registration.schemas';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { PublicRegistrationLayout } from '../components/public/public-registration-layout.tsx';
import { PublicLoading, PublicProblem } from '../components/public/public-states.tsx';
import { usePublicCreditNotes, usePublicOrder } from '../hooks/use-public-registration.ts';
import { formatMoney } from '../lib/money.ts';
import { publicAssetUrl } from '../api/public-registration-api.ts';
import { StatusBadge } from '../components/status-badge.tsx';

const APPROVAL_COLORS = { pending: 'orange', approved: 'teal', disapproved: 'red', suspended: 'gray' } as const;

/**
 * `success/{eventId}/{orderId}[/{sessionId}]`: the order's registration number and tickets. The payment webhook may
 * land a moment after the redirect, so a pending order is read again until it is paid (the public order contract and the test gateway's in packages/domain/src/registration).
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  const { eventId = '', orderId = '' } = useParams();
  const location = useLocation();
  const instructions = (location.state as { instructions?: string | null } | null)?.instructions ?? null;
  const order = usePublicOrder(orderId);
  const isRefunded = order.data?.paymentStatus === 'refunded' || order.data?.paymentStatus === 'partially_refunded';
  const creditNotes = usePublicCreditNotes(orderId, isRefunded);
  const [startedAt] = useState(() => Date.now());
  usePageTitle(t('registration.public.successTitle'));
  const kicker = t('registration.public.kicker');

  if (order.isPending) return <PublicLoading kicker={kicker} />;
  if (order.isError) return <PublicProblem kicker={kicker} error={order.error} message={t('registration.public.orderNotFound')} />;
  const o = order.data;
  const isWaiting = o.status === 'pending' && o.paymentStatus !== 'failed' && !instructions;
  const isTimedOut = isWaiting && Date.now() - startedAt > 120_000;

  return (
    <PublicRegistrationLayout kicker={kicker} event={null} footer={t('registration.public.footer')}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="lg">
          <OutcomeHeader order={o} isWaiting={isWaiting} isTimedOut={isTimedOut} instructions={instructions} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Paper bg="gray.0" p="md" radius="md">
              <Text size="sm" c="dimmed">
                {t('registration.public.registrationNo')}
              </Text>
              <Text fw={800} fz={24} style={{ letterSpacing: '0.04em' }} data-testid="registration-no">
                {o.registrationNo}
              </Text>
            </Paper>
            <Paper bg="gray.0" p="md" radius="md">
              <Text size="sm" c="dimmed">
                {o.status === 'paid' && o.total > 0 ? t('registration.public.paid') : t('registration.public.orderTotal')}
              </Text>
              <Text fw={800} fz={24}>
                {o.total === 0 ? t('registration.public.free') : formatMoney(o.total, o.currency)}
              </Text>
            </Paper>
          </SimpleGrid>

          <div>
            <Title order={2} fz={18} mb="sm">
              {t('registration.public.attendeesList')}
            </Title>
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {o.attendees.map((a) => {
                const name = `${a.firstName} ${a.lastName}`.trim();
                return (
                  <Paper component="li" key={a.id} withBorder p="sm" radius="md">
                    <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {a.ticketName}
                        </Text>
                        <StatusBadge color={APPROVAL_COLORS[a.approvalStatus]} mt={4}>
                          {t(`registration.public.approval.${a.approvalStatus}`)}
                        </StatusBadge>
                      </Stack>
                      {a.qrUrl && o.status === 'paid' && a.approvalStatus === 'approved' && (
                        <Image src={a.qrUrl} alt={t('registration.public.qrAlt', { name })} w={96} h={96} fit="contain" radius="sm" />
                      )}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </div>

          {creditNotes.data && creditNotes.data.length > 0 && (
            <div>
              <Title order={2} fz={18} mb="sm">
                {t('registration.public.creditNotes')}
              </Title>
              <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {creditNotes.data.map((n) => (
                  <li key={n.id}>
                    <Anchor href={publicAssetUrl.creditNote(o.id, n.id)} target="_blank" rel="noopener">
                      <Group gap={6} component="span">
                        <IconDownload size={16} aria-hidden />
                        {t('registration.public.creditNoteLink', { number: n.number, amount: formatMoney(n.total, n.currency) })}
                      </Group>
                    </Anchor>
                  </li>
                ))}
              </Stack>
            </div>
          )}

          <Divider />
          <Group justify="space-between" gap="sm">
            <Button component={Link} to={`/cart-registration/${encodeURIComponent(eventId || o.eventId)}`} variant="default">
              {t('registration.public.registerAnother')}
            </Button>
            {o.invoiceUrl && (
              <Anchor href={publicAssetUrl.invoice(o.id)} target="_blank" rel="noopener">
                <Group gap={6}>
                  <IconDownload size={16} aria-hidden />
                  {t('registration.public.downloadInvoice')}
                </Group>
              </Anchor>
            )}
          </Group>
        </Stack>
      </Paper>
    </PublicRegistrationLayout>
  );
}

function OutcomeHeader({ order, isWaiting, isTimedOut, instructions }: { order: TPublicOrder; isWaiting: boolean; isTimedOut: boolean; instructions: string | null }) {
  const { t } = useTranslation();
  if (isTimedOut) {
    return (
      <Header icon={<IconHourglass size={32} />} color="orange" title={t('registration.public.resultUnknown')} body={t('registration.public.resultUnknownBody')} />
    );
  }
  if (isWaiting) {
    return (
      <Stack align="center" ta="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {t('registration.public.successPaymentPending')}
        </Title>
        <Text c="dimmed">{t('registration.public.successPaymentPendingBody')}</Text>
      </Stack>
    );
  }
  if (instructions && order.status === 'pending') {
    return (
      <Stack gap="sm">
        <Header icon={<IconClockHour4 size={32} />} color="orange" title={t('registration.public.successPendingApproval')} body="" />
        <Alert variant="light" styles={{ message: { color: 'var(--mantine-color-gray-9)', whiteSpace: 'pre-line' } }}>
          {instructions}
        </Alert>
      </Stack>
    );
  }
  const isAwaitingApproval = order.attendees.some((a) => a.approvalStatus === 'pending');
  if (isAwaitingApproval) {
    return (
      <Header
        icon={<IconClockHour4 size={32} />}
        color="orange"
        title={t('registration.public.successPendingApproval')}
        body={t('registration.public.successPendingApprovalBody')}
      />
    );
  }
  return (
    <Header
      icon={<IconCircleCheck size={32} />}
      color="teal"
      title={t('registration.public.successTitle')}
      body={order.total > 0 ? t('registration.public.successPaidBody') : t('registration.public.successFreeBody')}
    />
  );
}

function Header({ icon, color, title, body }: { icon: React.ReactNode; color: string; title: string; body: string }) {
  return (
    <Stack align="center" ta="center" gap="sm" role="status">
      <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {body && (
        <Text c="dimmed" maw={480}>
          {body}
        </Text>
      )}
    </Stack>
  );
}
