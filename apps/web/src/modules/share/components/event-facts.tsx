import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TShareEventCard } from '@pavilion/domain/share/share.schemas';
import { formatDateRange } from '../../../ui/format.ts';

/** The event card's facts: dates and venue, each with its label for screen readers. */
export function EventFacts({ event }: { event: TShareEventCard }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <IconCalendarEvent size={18} aria-hidden />
        <Text size="sm">
          <VisuallyHidden>{t('share.dates')}: </VisuallyHidden>
          {formatDateRange(event.startDate, event.endDate)}
        </Text>
      </Group>
      {event.venue && (
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={18} aria-hidden />
          <Text size="sm">
            <VisuallyHidden>{t('share.venue')}: </VisuallyHidden>
            {event.venue}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
