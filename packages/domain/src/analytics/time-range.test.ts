import { describe, expect, it } from 'vitest';
import { TimeRangeFilter } from './analytics.enums.ts';
import { bucketStartMs, fillBuckets, timeRangeBounds, zoneOffsetMinutes } from './time-range.ts';

const now = new Date('2026-11-21T05:30:00Z'); // Saturday; 11:00 in Kolkata, 00:30 in New York

describe('zoneOffsetMinutes', () => {
  it.each([
    ['UTC', 0],
    ['Asia/Kolkata', 330],
    ['America/New_York', -300],
    ['Asia/Kathmandu', 345],
  ])('%s is %i minutes east', (zone, minutes) => {
    expect(zoneOffsetMinutes(zone, now)).toBe(minutes);
  });
});

describe('timeRangeBounds', () => {
  it('relative windows end now', () => {
    expect(timeRangeBounds(TimeRangeFilter.Now, now, 'UTC').from).toEqual(new Date('2026-11-21T05:25:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.Last15Min, now, 'UTC').from).toEqual(new Date('2026-11-21T05:15:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.Last30Min, now, 'UTC').from).toEqual(new Date('2026-11-21T05:00:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.Last1Hour, now, 'UTC').from).toEqual(new Date('2026-11-21T04:30:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.Last90Days, now, 'UTC').from).toEqual(new Date('2026-08-23T05:30:00Z'));
  });

  it('calendar ranges follow the event time zone', () => {
    expect(timeRangeBounds(TimeRangeFilter.Today, now, 'Asia/Kolkata').from).toEqual(new Date('2026-11-20T18:30:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.Today, now, 'America/New_York').from).toEqual(new Date('2026-11-21T05:00:00Z'));
    const y = timeRangeBounds(TimeRangeFilter.Yesterday, now, 'America/New_York');
    expect(y.from).toEqual(new Date('2026-11-20T05:00:00Z'));
    expect(y.to).toEqual(new Date('2026-11-21T05:00:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.ThisWeek, now, 'UTC').from).toEqual(new Date('2026-11-16T00:00:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.ThisMonth, now, 'UTC').from).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(timeRangeBounds(TimeRangeFilter.AllDates, now, 'UTC').from).toBeNull();
  });

  it('handles a daylight-saving change inside the range', () => {
    // Europe/London moved to GMT on 2026-10-25; the month started in BST.
    const at = new Date('2026-10-28T12:00:00Z');
    expect(timeRangeBounds(TimeRangeFilter.ThisMonth, at, 'Europe/London').from).toEqual(new Date('2026-09-30T23:00:00Z'));
  });
});

describe('bucketStartMs and fillBuckets', () => {
  it('aligns day buckets to the event’s midnight and fills every bucket of the range', () => {
    const at = new Date('2026-11-21T05:30:00Z'); // 11:00 in Kolkata
    expect(new Date(bucketStartMs(at.getTime(), 'day', 330)).toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(new Date(bucketStartMs(at.getTime(), 'day')).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    const from = new Date('2026-11-18T18:30:00Z');
    const filled = fillBuckets([{ at: new Date('2026-11-20T18:30:00Z'), n: 4 }], from, at, 'day', { n: 0 }, 330);
    expect(filled).toEqual([
      { at: '2026-11-18T18:30:00.000Z', n: 0 },
      { at: '2026-11-19T18:30:00.000Z', n: 0 },
      { at: '2026-11-20T18:30:00.000Z', n: 4 },
    ]);
    expect(fillBuckets([], null, at, 'day', { n: 0 })).toEqual([]);
  });
});
