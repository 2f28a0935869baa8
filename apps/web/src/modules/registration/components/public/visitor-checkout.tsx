import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TVisitorCategory } from '@pavilion/domain/registration/registration.schemas';
import { usePublicRegistrationInfo } from '../../hooks/use-public-registration.ts';
import { CheckoutFlow } from './checkout-flow.tsx';
import { PublicLoading, PublicProblem } from './public-states.tsx';
import { StatusBadge } from '../status-badge.tsx';

/** Registration as a visitor of one category: its ticket, one seat, the category recorded on the order. */
export function VisitorCheckout({
  eventId,
  category,
  kicker,
  dateOptionId,
  ticketId,
  dateLabel,
}: {
  eventId: string;
  category: Pick<TVisitorCategory, 'id' | 'name' | 'description' | 'ticketId'>;
  kicker: string;
  dateOptionId?: string;
  ticketId?: string | null;
  dateLabel?: string;
}) {
  const { t } = useTranslation();
  const info = usePublicRegistrationInfo(eventId);
  if (info.isPending) return <PublicLoading kicker={kicker} />;
  if (info.isError && !info.data) return <PublicProblem kicker={kicker} error={info.error} onRetry={() => void info.refetch()} />;
  const data = info.data!;
  const fixed = ticketId ?? category.ticketId;
  const ticket = fixed ? data.tickets.find((x) => x.id === fixed) : undefined;
  if (!ticket || !ticket.isOnSale || ticket.isSoldOut) {
    return <PublicProblem kicker={kicker} title={t('registration.public.noCategories')} message={t('registration.public.noTicketsBody')} />;
  }
  return (
    <CheckoutFlow
      info={data}
      variant={dateOptionId ? 'date' : 'visitor'}
      kicker={kicker}
      fixedTicketId={ticket.id}
      visitorCategoryId={category.id}
      dateOptionId={dateOptionId}
      detailsIntro={
        <Paper withBorder p="md" bg="brand.0">
          <Group gap="xs">
            <Text fw={600}>{category.name}</Text>
            <StatusBadge>{ticket.name}</StatusBadge>
            {dateLabel && <StatusBadge color="teal">{dateLabel}</StatusBadge>}
          </Group>
          {category.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {category.description}
            </Text>
          )}
        </Paper>
      }
    />
  );
}
