import { Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPriceQuote, TPublicTicket } from '@pavilion/domain/registration/registration.schemas';
import { estimateTotal, seatCount, type TLineItem } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/money.ts';

function Row({ label, value, isStrong = false, color }: { label: string; value: string; isStrong?: boolean; color?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size={isStrong ? 'md' : 'sm'} fw={isStrong ? 700 : 400} c={color}>
        {label}
      </Text>
      <Text size={isStrong ? 'md' : 'sm'} fw={isStrong ? 700 : 500} c={color} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The order as the buyer will pay it: the server's quote when there is one (coupon, tax, rounding), otherwise an
 * estimate from the ticket prices, labelled as such.
 */
export function OrderSummary({
  items,
  tickets,
  quote,
  isQuoting = false,
  headingLevel = 2,
}: {
  items: readonly TLineItem[];
  tickets: readonly TPublicTicket[];
  quote?: TPriceQuote | null;
  isQuoting?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const currency = quote?.currency ?? tickets.find((x) => x.id === items[0]?.ticketId)?.currency ?? 'EUR';
  const count = seatCount(items);
  return (
    <Paper withBorder shadow="xs" p="md" component="section" aria-labelledby="order-summary-title">
      <Group justify="space-between" mb="sm">
        <Title order={headingLevel} fz={18} id="order-summary-title">
          {t('registration.public.summaryTitle')}
        </Title>
        {count > 0 && (
          <Text size="sm" c="dimmed">
            {t('registration.public.seats', { count })}
          </Text>
        )}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('registration.public.summaryEmpty')}
        </Text>
      ) : (
        <Stack gap={8}>
          {items.map((i) => {
            const ticket = tickets.find((x) => x.id === i.ticketId);
            const line = quote?.lines.find((l) => l.ticketId === i.ticketId);
            const unit = line?.unitPrice ?? ticket?.price ?? 0;
            return (
              <Stack key={i.ticketId} gap={0}>
                <Row label={ticket?.name ?? line?.ticketName ?? ''} value={unit === 0 ? t('registration.public.free') : formatMoney(unit * i.quantity, currency)} />
                {unit > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('registration.public.lineQty', { quantity: i.quantity, price: formatMoney(unit, currency) })}
                  </Text>
                )}
              </Stack>
            );
          })}
          <Divider my={4} />
          {isQuoting && !quote ? (
            <Skeleton h={60} />
          ) : quote ? (
            <>
              <Row label={t('registration.public.subtotal')} value={formatMoney(quote.subtotal, currency)} />
              {quote.discount > 0 && (
                <Row label={t('registration.public.discount', { code: quote.couponCode ?? '' })} value={`−${formatMoney(quote.discount, currency)}`} color="teal.9" />
              )}
              {quote.tax > 0 && <Row label={t('registration.public.tax')} value={formatMoney(quote.tax, currency)} />}
              <Divider my={4} />
              <Row label={t('registration.public.total')} value={formatMoney(quote.total, currency)} isStrong />
            </>
          ) : (
            <Row
              label={t('registration.public.estimated')}
              value={estimateTotal(items, tickets) === 0 ? t('registration.public.free') : formatMoney(estimateTotal(items, tickets), currency)}
              isStrong
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
