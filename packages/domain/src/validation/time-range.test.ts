import { describe, it, expect } from 'vitest';
import { parseClockTime, timeRangeProblem, zTimeRange } from './time-range.ts';

describe('parseClockTime', () => {
  it.each([
    ['00:00', 0, 'AM'],
    ['09:30', 570, 'AM'],
    ['12:00', 720, 'PM'],
    ['23:59', 1439, 'PM'],
    ['12:00 AM', 0, 'AM'],
    ['12:30 pm', 750, 'PM'],
    ['1:05PM', 785, 'PM'],
    ['10:00:30', 600.5, 'AM'],
  ] as const)('%s', (value, minutes, meridiem) => {
    expect(parseClockTime(value)).toEqual({ minutes, meridiem });
  });
  it.each(['24:00', '12:60', '13:00 PM', '0:10 AM', '', 'noon', '1:2'])('refuses %j', (value) => {
    expect(parseClockTime(value)).toBeNull();
  });
});

describe('timeRangeProblem', () => {
  it.each([
    ['09:00', '10:00', {}, null],
    ['09:00', '09:01', {}, null],
    ['09:00', '09:00', {}, 'timeCampare'], // equal is not "after"
    ['10:00', '09:00', {}, 'timeCampare'],
    ['10:00 PM', '01:00 AM', {}, 'timeCampare'],
    ['10:00 PM', '01:00 AM', { allowPastMidnight: true }, null], // am/pm differs: past midnight
    ['22:00', '01:00', { allowPastMidnight: true }, null],
    ['10:00 AM', '09:00 AM', { allowPastMidnight: true }, 'timeCampare'], // same meridiem: no wrap
    ['11:00 PM', '10:00 PM', { allowPastMidnight: true }, 'timeCampare'],
    ['bad', '10:00', {}, 'invalidTime'],
  ] as const)('%s → %s %j', (start, end, options, expected) => {
    expect(timeRangeProblem(start, end, options)).toBe(expected);
  });

  it('zTimeRange reports timeCampare on endTime', () => {
    const result = zTimeRange().safeParse({ startTime: '10:00', endTime: '09:00' });
    expect(result.error?.issues[0]).toEqual(expect.objectContaining({ message: 'timeCampare', path: ['endTime'] }));
    expect(zTimeRange({ allowPastMidnight: true }).safeParse({ startTime: '11:00 PM', endTime: '12:30 AM' }).success).toBe(true);
  });
});
