import { useEffect, useState } from 'react';
import { remainingMs } from '../lib/countdown.ts';

/** Milliseconds left until `expiresAt`, re-rendering every second while time remains. */
export function useCountdown(expiresAt: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const left = remainingMs(expiresAt, now);
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [expiresAt]);
  return left;
}
