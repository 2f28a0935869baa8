import { describe, expect, it } from 'vitest';
import { eventEndsAt } from './brief-bag-mail.ts';

describe('eventEndsAt', () => {
  it('is midnight after the last day in the event time zone', () => {
    expect(eventEndsAt('2027-03-03', 'Europe/Berlin').toISOString()).toBe('2027-03-03T23:00:00.000Z');
    expect(eventEndsAt('2027-07-31', 'Asia/Kolkata').toISOString()).toBe('2027-07-31T18:30:00.000Z');
    expect(eventEndsAt('2027-12-31', 'UTC').toISOString()).toBe('2028-01-01T00:00:00.000Z');
  });
});
