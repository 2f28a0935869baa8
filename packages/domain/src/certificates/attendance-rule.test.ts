import { describe, expect, it } from 'vitest';
import { describeAttendanceRule, meetsAttendanceRule, qualifyingRegistrations, ZAttendanceRule, type TAttendanceSummary } from './attendance-rule.ts';

const summaries: TAttendanceSummary[] = [
  { registrationId: 'r-two-sessions', areas: [
    { areaId: 's1', areaKind: 'session', minutes: 40, entries: 1 },
    { areaId: 's2', areaKind: 'session', minutes: 10, entries: 2 },
    { areaId: 'g', areaKind: 'gate', minutes: 0, entries: 1 },
  ] },
  { registrationId: 'r-one-session-twice', areas: [{ areaId: 's1', areaKind: 'session', minutes: 90, entries: 3 }] },
  { registrationId: 'r-hall-only', areas: [
    { areaId: 'h1', areaKind: 'hall', minutes: 50, entries: 1 },
    { areaId: 'h2', areaKind: 'hall', minutes: 15, entries: 1 },
  ] },
  { registrationId: 'r-nothing', areas: [] },
  { registrationId: 'r-never-entered', areas: [{ areaId: 's3', areaKind: 'session', minutes: 0, entries: 0 }] },
];

describe('attendance rules', () => {
  it('counts distinct session areas with an entry; gates, halls and repeat entries do not add up', () => {
    expect(qualifyingRegistrations({ kind: 'sessionAreas', minAreas: 2 }, summaries)).toEqual(['r-two-sessions']);
    expect(qualifyingRegistrations({ kind: 'sessionAreas', minAreas: 1 }, summaries)).toEqual(['r-two-sessions', 'r-one-session-twice']);
  });

  it('sums minutes in one area, or across all areas when none is named', () => {
    expect(qualifyingRegistrations({ kind: 'minutesInArea', areaId: 's1', minMinutes: 60 }, summaries)).toEqual(['r-one-session-twice']);
    expect(qualifyingRegistrations({ kind: 'minutesInArea', areaId: 'h1', minMinutes: 50 }, summaries)).toEqual(['r-hall-only']);
    expect(qualifyingRegistrations({ kind: 'minutesInArea', areaId: null, minMinutes: 60 }, summaries)).toEqual(['r-one-session-twice', 'r-hall-only']);
    expect(meetsAttendanceRule({ kind: 'minutesInArea', areaId: null, minMinutes: 51 }, summaries[0]!)).toBe(false);
  });

  it('ignores negative or broken minute figures and lists a registration once', () => {
    const odd: TAttendanceSummary[] = [
      { registrationId: 'x', areas: [{ areaId: 'a', areaKind: 'hall', minutes: -500, entries: 1 }, { areaId: 'b', areaKind: 'hall', minutes: Number.NaN, entries: 1 }] },
      { registrationId: 'y', areas: [{ areaId: 'a', areaKind: 'hall', minutes: 30, entries: 1 }] },
      { registrationId: 'y', areas: [{ areaId: 'a', areaKind: 'hall', minutes: 30, entries: 1 }] },
    ];
    expect(qualifyingRegistrations({ kind: 'minutesInArea', areaId: null, minMinutes: 1 }, odd)).toEqual(['y']);
  });

  it('validates rule input and reads as a sentence', () => {
    expect(ZAttendanceRule.safeParse({ kind: 'sessionAreas', minAreas: 0 }).success).toBe(false);
    expect(ZAttendanceRule.safeParse({ kind: 'minutesInArea', minMinutes: 10 }).success).toBe(false);
    expect(ZAttendanceRule.safeParse({ kind: 'sessionAreas', minAreas: 2, extra: 1 }).success).toBe(false);
    expect(describeAttendanceRule({ kind: 'sessionAreas', minAreas: 1 })).toBe('Checked in to at least 1 session area');
    expect(describeAttendanceRule({ kind: 'minutesInArea', areaId: null, minMinutes: 90 })).toBe('At least 90 minutes inside any area');
    expect(describeAttendanceRule({ kind: 'minutesInArea', areaId: 'h1', minMinutes: 5 }, () => 'Hall A')).toBe('At least 5 minutes inside Hall A');
  });
});

describe('the sessions attended rule', () => {
  const people: TAttendanceSummary[] = [
    { registrationId: 'two', areas: [], sessions: [{ sessionId: 'a', trackId: 't1' }, { sessionId: 'b', trackId: 't2' }, { sessionId: 'a', trackId: 't1' }] },
    { registrationId: 'one', areas: [], sessions: [{ sessionId: 'b', trackId: 't2' }] },
    { registrationId: 'areas-only', areas: [{ areaId: 's1', areaKind: 'session', minutes: 40, entries: 1 }] },
  ];
  const rule = (r: Partial<{ minSessions: number; sessionIds: string[]; trackId: string | null }>) => ZAttendanceRule.parse({ kind: 'sessionsAttended', minSessions: 1, ...r });

  it('counts distinct sessions, not scans or areas', () => {
    expect(qualifyingRegistrations(rule({ minSessions: 2 }), people)).toEqual(['two']);
    expect(qualifyingRegistrations(rule({ minSessions: 1 }), people)).toEqual(['two', 'one']);
    expect(qualifyingRegistrations(rule({ minSessions: 3 }), people)).toEqual([]);
  });

  it('keeps to the chosen sessions or track', () => {
    expect(qualifyingRegistrations(rule({ sessionIds: ['a'] }), people)).toEqual(['two']);
    expect(qualifyingRegistrations(rule({ trackId: 't2' }), people)).toEqual(['two', 'one']);
    expect(qualifyingRegistrations(rule({ trackId: 't1', minSessions: 2 }), people)).toEqual([]);
  });

  it('is described in words and refuses a zero minimum', () => {
    expect(describeAttendanceRule(rule({ minSessions: 1 }))).toBe('Attended at least 1 session');
    expect(describeAttendanceRule(rule({ minSessions: 2, sessionIds: ['a', 'b'] }))).toBe('Attended at least 2 sessions of 2 chosen');
    expect(ZAttendanceRule.safeParse({ kind: 'sessionsAttended', minSessions: 0 }).success).toBe(false);
  });
});
