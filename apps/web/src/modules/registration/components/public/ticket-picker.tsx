import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPublicTicket } from '@pavilion/domain/registration/registration.schemas';
import { maxQuantity, stepQuantity, type TQuantities } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatShortDateTime } from '../../../../ui/format.ts';
import { StatusBadge } from '../status-badge.tsx';


export function TicketPrice({ ticket }: { ticket: Pick<TPublicTicket, 'isFree' | 'price' | 'currency' | 'taxRateBp'> }) {
  const { t } = useTranslation();
  if (ticket.isFree || ticket.price === 0) return <Text fw={700}>{t('registration.public.free')}</Text>;
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text fw={700}>{formatMoney(ticket.price, ticket.currency)}</Text>
      {ticket.taxRateBp > 0 && (
        <Text size="xs" c="dimmed">
          {t('registration.public.plusTax', { rate: ticket.taxRateBp / 100 })}
        </Text>
      )}
    </Group>
  );
}

function TicketStatus({ ticket }: { ticket: TPublicTicket }) {
  const { t } = useTranslation();
  if (ticket.isSoldOut) return <StatusBadge color="gray">{t('registration.public.soldOut')}</StatusBadge>;
  if (!ticket.isOnSale) {
    const starts = ticket.salesStart && Date.parse(ticket.salesStart) > Date.now();
    return (
      <StatusBadge color="gray">
        {starts ? t('registration.public.notYetOnSale', { date: formatShortDateTime(ticket.salesStart!) }) : t('registration.public.salesEnded')}
      </StatusBadge>
    );
  }
  if (ticket.available !== null && ticket.available <= 10) {
    return (
      <StatusBadge color="red">
        {t('registration.public.onlyLeft', { count: ticket.available })}
      </StatusBadge>
    );
  }
  return null;
}

/** Quantity steppers for each ticket; a live region-free design: the number itself is the output of the buttons. */
export function TicketPicker({ tickets, quantities, onChange }: { tickets: readonly TPublicTicket[]; quantities: TQuantities; onChange: (next: TQuantities) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {tickets.map((ticket) => {
        const q = quantities[ticket.id] ?? 0;
        const max = maxQuantity(ticket);
        const canAdd = stepQuantity(ticket, q, 1) !== q;
        const set = (dir: 1 | -1) => onChange({ ...quantities, [ticket.id]: stepQuantity(ticket, q, dir) });
        const nameId = `ticket-${ticket.id}-name`;
        return (
          <li key={ticket.id} className="reg-ticket-row" data-selected={q > 0} aria-labelledby={nameId}>
            <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} id={nameId} style={{ overflowWrap: 'anywhere' }}>
                  {ticket.name}
                </Text>
                <TicketPrice ticket={ticket} />
                {ticket.description && (
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {ticket.description}
                  </Text>
                )}
                <Group gap={6}>
                  <TicketStatus ticket={ticket} />
                  {ticket.minPerOrder > 1 && max > 0 && (
                    <Text size="xs" c="dimmed">
                      {t('registration.public.minPerOrder', { count: ticket.minPerOrder })}
                    </Text>
                  )}
                </Group>
              </Stack>
              {max > 0 && (
                <Group gap={4} wrap="nowrap" role="group" aria-label={t('registration.public.quantityOf', { name: ticket.name })}>
                  <ActionIcon
                    variant="default"
                    size={40}
                    radius="xl"
                    aria-label={t('registration.public.decrease', { name: ticket.name })}
                    disabled={q === 0}
                    onClick={() => set(-1)}
                  >
                    <IconMinus size={18} aria-hidden />
                  </ActionIcon>
                  <Text
                    component="output"
                    fw={700}
                    w={32}
                    ta="center"
                    aria-live="polite"
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                    data-testid={`qty-${ticket.id}`}
                  >
                    {q}
                  </Text>
                  <ActionIcon
                    variant={q > 0 ? 'filled' : 'light'}
                    size={40}
                    radius="xl"
                    aria-label={t('registration.public.increase', { name: ticket.name })}
                    disabled={!canAdd}
                    onClick={() => set(1)}
                  >
                    <IconPlus size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
