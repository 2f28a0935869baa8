import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatCalendarDateRange, parseCalendarDate } from './calendar-date.ts';

const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const local = (iso: string) => {
  const d = parseCalendarDate(iso)!;
  return new Date(d.year, d.month - 1, d.day);
};

describe('calendar dates in en-GB without Intl', () => {
  it('writes every month as Intl en-GB does', () => {
    for (let month = 1; month <= 12; month++) {
      const iso = `2027-${String(month).padStart(2, '0')}-05`;
      expect(formatCalendarDate(iso)).toBe(intl.format(local(iso)));
    }
  });

  it('writes ranges within a month, across months and across years as Intl formatRange does', () => {
    const cases: Array<[string, string]> = [
      ['2027-02-16', '2027-02-18'],
      ['2027-02-28', '2027-03-03'],
      ['2026-12-30', '2027-01-02'],
      ['2027-02-16', '2027-02-16'],
    ];
    for (const [start, end] of cases) {
      const expected = intl.formatRange(local(start), local(end)).replace(/\u2009/g, ' ');
      expect(formatCalendarDateRange(start, end)).toBe(expected);
    }
    expect(formatCalendarDateRange('2027-02-16', '2027-02-18')).toBe('16 – 18 Feb 2027');
  });

  it('takes the date part of a timestamp and leaves text that is not a date as it is', () => {
    expect(formatCalendarDate('2027-09-01T23:30:00Z')).toBe('1 Sept 2027');
    expect(formatCalendarDate('soon')).toBe('soon');
    expect(formatCalendarDateRange('2027-13-01', '2027-02-01')).toBe('2027-13-01 – 2027-02-01');
  });
});
