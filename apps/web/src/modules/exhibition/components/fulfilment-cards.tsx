import '../exhibition-i18n.ts';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFulfilmentBoard } from '@pavilion/domain/exhibition/service-forms';
import { StatusBadge } from './submission-parts.tsx';

/**
 * The fulfilment board's cards (the organiser's and a service provider's): what to deliver to which stall, by when,
 * with a large "Done" button per approved order on a phone.
 */
export function FulfilmentCards({ items, canTick, onTick, tickingId }: { items: TFulfilmentBoard['items']; canTick: boolean; onTick: (id: string) => void; tickingId: string | null }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((s) => (
        <Paper key={s.id} component="li" withBorder p="md" radius="md" bg={s.status === 'fulfilled' ? 'gray.0' : undefined} aria-label={`${s.booth.hall} · ${s.booth.number}: ${s.formName}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} size="lg">
                {s.booth.hall} · {s.booth.number}
              </Text>
              <StatusBadge status={s.status} />
            </Group>
            <Text fw={600}>{s.formName}</Text>
            <Text size="sm">{s.company.name}</Text>
            {s.deadline && (
              <Text size="sm" c="dimmed">
                {t('exhibition.forms.fulfilment.by', { deadline: s.deadline.replace('T', ' ') })}
              </Text>
            )}
            {s.lines.map((l) => (
              <Text key={l.name} size="sm">
                {l.quantity} × {l.name}
                {l.unit ? ` (${l.unit})` : ''}
              </Text>
            ))}
            {s.answers
              .filter((a) => a.value)
              .map((a) => (
                <Text key={a.label} size="sm">
                  {a.label}: {a.value}
                </Text>
              ))}
            {s.status === 'approved' && canTick && (
              <Button mt="xs" size="md" fullWidth leftSection={<IconCheck size={18} aria-hidden />} aria-label={t('exhibition.forms.fulfilment.tick', { form: s.formName, number: s.booth.number })} loading={tickingId === s.id} onClick={() => onTick(s.id)}>
                {t('exhibition.forms.fulfilment.done')}
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
