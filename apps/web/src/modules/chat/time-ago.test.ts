import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { timeAgo } from './time-ago.ts';

const t = ((key: string, o?: { count: number }) => (o ? `${key}:${o.count}` : key)) as unknown as TFunction;
const now = new Date('2026-05-10T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

describe('chat time-ago (SPEC §9)', () => {
  it('says Just Now under a minute, then minutes, hours, and day and month from 24 hours', () => {
    expect(timeAgo(ago(59), now, t)).toBe('chat.justNow');
    expect(timeAgo(ago(60), now, t)).toBe('chat.minutesAgo:1');
    expect(timeAgo(ago(3599), now, t)).toBe('chat.minutesAgo:59');
    expect(timeAgo(ago(3600), now, t)).toBe('chat.hoursAgo:1');
    expect(timeAgo(ago(24 * 3600 - 1), now, t)).toBe('chat.hoursAgo:23');
    expect(timeAgo(ago(24 * 3600), now, t, 'UTC')).toBe('9 May');
    expect(timeAgo('2026-05-01T23:30:00Z', now, t, 'Asia/Kolkata')).toBe('2 May');
  });
});
