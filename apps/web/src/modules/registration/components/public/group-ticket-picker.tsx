import { ActionIcon, Group, Radio, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPublicTicket } from '@pavilion/domain/registration/registration.schemas';
import { maxQuantity, type TQuantities } from '../../lib/cart.ts';
import { TicketPrice } from './ticket-picker.tsx';

/** Group registration: one ticket type for the whole group, and how many people are in it. */
export function GroupTicketPicker({ tickets, quantities, onChange }: { tickets: readonly TPublicTicket[]; quantities: TQuantities; onChange: (q: TQuantities) => void }) {
  const { t } = useTranslation();
  const buyable = tickets.filter((x) => maxQuantity(x) > 0);
  const selectedId = Object.keys(quantities).find((id) => (quantities[id] ?? 0) > 0) ?? '';
  const selected = buyable.find((x) => x.id === selectedId);
  const count = selected ? (quantities[selected.id] ?? 0) : 0;
  const min = selected ? Math.max(2, selected.minPerOrder) : 2;
  const max = selected ? maxQuantity(selected) : 0;
  const choose = (id: string) => {
    const ticket = buyable.find((x) => x.id === id);
    if (!ticket) return;
    const start = Math.min(maxQuantity(ticket), Math.max(2, ticket.minPerOrder, count));
    onChange({ [id]: start });
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('registration.public.groupHint')}
      </Text>
      <Radio.Group value={selectedId} onChange={choose} label={t('registration.public.groupTicket')} withAsterisk>
        <Stack gap="xs" mt="xs">
          {buyable.map((ticket) => (
            <label key={ticket.id} className="reg-option-card">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Radio value={ticket.id} label={<Text fw={600}>{ticket.name}</Text>} />
                <TicketPrice ticket={ticket} />
              </Group>
            </label>
          ))}
        </Stack>
      </Radio.Group>
      {selected && (
        <Group justify="space-between" wrap="nowrap" className="reg-ticket-row">
          <Text fw={600} id="group-size-label">
            {t('registration.public.groupSize')}
          </Text>
          <Group gap={4} wrap="nowrap" role="group" aria-labelledby="group-size-label">
            <ActionIcon variant="default" size={40} radius="xl" aria-label={t('registration.public.removeAttendee', { n: count })} disabled={count <= min} onClick={() => onChange({ [selected.id]: count - 1 })}>
              <IconMinus size={18} aria-hidden />
            </ActionIcon>
            <Text component="output" fw={700} w={32} ta="center" aria-live="polite" data-testid="group-size">
              {count}
            </Text>
            <ActionIcon variant="filled" size={40} radius="xl" aria-label={t('registration.public.addAttendee')} disabled={count >= max} onClick={() => onChange({ [selected.id]: count + 1 })}>
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
