import { useEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../hooks/use-countdown.ts';
import { crossedThreshold, formatRemaining } from '../../lib/countdown.ts';
import { StatusBadge } from '../status-badge.tsx';

/**
 * How long the cart's seats stay reserved. The visible clock ticks every second; screen readers hear only the
 * few moments that matter (5, 2, 1 minute, 30 seconds, and expiry) through a polite live region.
 */
export function ReservationCountdown({ expiresAt, onExpire }: { expiresAt: string; onExpire?: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(expiresAt);
  const previous = useRef(left);
  const [announcement, setAnnouncement] = useState('');
  const hasExpired = left <= 0;

  useEffect(() => {
    const crossed = crossedThreshold(previous.current, left);
    previous.current = left;
    if (crossed !== null) setAnnouncement(t('registration.public.timerAnnounce', { time: formatRemaining(crossed) }));
  }, [left, t]);

  useEffect(() => {
    if (!hasExpired) return;
    setAnnouncement(t('registration.public.timerExpired'));
    onExpire?.();
    // onExpire is a callback prop; expiry fires once per reservation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasExpired]);

  const color = left <= 60_000 ? 'red' : left <= 5 * 60_000 ? 'orange' : 'brand';
  return (
    <>
      <StatusBadge
        size="lg"
       
        color={color}
        leftSection={<IconClockHour4 size={16} aria-hidden />}
        styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { fontVariantNumeric: 'tabular-nums', textTransform: 'none', overflow: 'visible' } }}
        role="timer"
        aria-label={t('registration.public.timerLabel', { time: formatRemaining(left) })}
      >
        {t('registration.public.timerShort', { time: formatRemaining(left) })}
      </StatusBadge>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </>
  );
}
