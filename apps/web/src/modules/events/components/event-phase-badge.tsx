import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { todayIn } from '../../../ui/format.ts';

export type TEventPhase = 'upcoming' | 'ongoing' | 'past';

export function eventPhase(event: { startDate: string; endDate: string; timeZone: string }): TEventPhase {
  const today = todayIn(event.timeZone);
  if (event.endDate < today) return 'past';
  if (event.startDate > today) return 'upcoming';
  return 'ongoing';
}

// Dark shades on the light tint keep text above 4.5:1.
const COLORS: Record<TEventPhase, { bg: string; fg: string }> = {
  upcoming: { bg: 'var(--mantine-color-brand-0)', fg: 'var(--mantine-color-brand-8)' },
  ongoing: { bg: 'var(--mantine-color-teal-0)', fg: 'var(--mantine-color-teal-9)' },
  past: { bg: 'var(--mantine-color-gray-1)', fg: 'var(--mantine-color-gray-8)' },
};

export function EventPhaseBadge({ event }: { event: { startDate: string; endDate: string; timeZone: string } }) {
  const { t } = useTranslation();
  const phase = eventPhase(event);
  return (
    <Badge radius="sm" variant="light" tt="none" styles={{ root: { background: COLORS[phase].bg, color: COLORS[phase].fg, overflow: 'visible' }, label: { overflow: 'visible' } }}>
      {t(`events.${phase}`)}
    </Badge>
  );
}
