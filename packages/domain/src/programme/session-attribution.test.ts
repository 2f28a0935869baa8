import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeSessions, endOfZonedDay, minOverlapMs, presencesOf, type TRoomScan, type TRoomSession } from './session-attribution.ts';

const TZ = 'Europe/Berlin';
const MIN = 60_000;
// 2 March 2027, Berlin wall clock (UTC+1).
const at = (h: number, m = 0) => new Date(Date.UTC(2027, 2, 2, h - 1, m));
const dayEnd = (d: Date) => endOfZonedDay(d, TZ);
const session = (id: string, roomId: string, from: Date, to: Date): TRoomSession => ({ id, roomId, startsAt: from, endsAt: to });
const scanIn = (roomId: string, when: Date, id = 0): TRoomScan => ({ roomId, at: when, direction: 'in', id });
const scanOut = (roomId: string, when: Date, id = 0): TRoomScan => ({ roomId, at: when, direction: 'out', id });
const ids = (r: ReturnType<typeof attributeSessions>) => r.counts.map((c) => c.sessionId);

const A = session('a', 'r1', at(9), at(10));
const B = session('b', 'r1', at(10), at(11));
const C = session('c', 'r1', at(11), at(11, 20));
const OTHER = session('x', 'r2', at(10), at(11));
const ALL = [A, B, C, OTHER];

describe('minOverlapMs', () => {
  it('is half the session or 15 minutes, the lesser', () => {
    expect(minOverlapMs(A)).toBe(15 * MIN);
    expect(minOverlapMs(C)).toBe(10 * MIN);
    expect(minOverlapMs(session('z', 'r1', at(9), at(9)))).toBe(0);
  });
});

describe('endOfZonedDay', () => {
  it('is the next local midnight, across a daylight-saving change too', () => {
    expect(endOfZonedDay(at(23, 30), TZ).toISOString()).toBe('2027-03-02T23:00:00.000Z');
    expect(endOfZonedDay(new Date('2027-03-28T12:00:00Z'), TZ).toISOString()).toBe('2027-03-28T22:00:00.000Z');
    expect(endOfZonedDay(new Date('2027-03-28T12:00:00Z'), 'Asia/Kolkata').toISOString()).toBe('2027-03-28T18:30:00.000Z');
  });
});

describe('attributeSessions', () => {
  it('one scan into the first of two consecutive sessions counts at both once the second has run 15 minutes', () => {
    const scans = [scanIn('r1', at(9, 5))];
    const early = attributeSessions(scans, ALL, at(10, 10), dayEnd);
    expect(ids(early)).toEqual(['a']);
    expect(early.recountAt).toEqual(at(10, 15));
    const later = attributeSessions(scans, ALL, at(10, 15), dayEnd);
    expect(later.counts).toEqual([
      { sessionId: 'a', firstAt: at(9, 5), lastAt: at(10), scans: 1 },
      { sessionId: 'b', firstAt: at(10), lastAt: at(10, 15), scans: 0 },
    ]);
    // Still there: the short session after it needs half of its 20 minutes.
    expect(later.recountAt).toEqual(at(11, 10));
    expect(ids(attributeSessions(scans, ALL, at(11, 10), dayEnd))).toEqual(['a', 'b', 'c']);
    expect(attributeSessions(scans, ALL, at(12), dayEnd).recountAt).toBeNull();
  });

  it('a presence ends at an exit scan at that door, or at a scan at another room door', () => {
    expect(ids(attributeSessions([scanIn('r1', at(9, 5)), scanOut('r1', at(9, 58))], ALL, at(12), dayEnd))).toEqual(['a']);
    // Leaving at 10:20: b had 20 minutes of them (and the exit scan itself falls in b).
    expect(ids(attributeSessions([scanIn('r1', at(9, 5)), scanOut('r1', at(10, 20))], ALL, at(12), dayEnd))).toEqual(['a', 'b']);
    // Into room 2 at 10:05: five minutes of b is not enough; x counts by its own scan.
    expect(ids(attributeSessions([scanIn('r1', at(9, 5)), scanIn('r2', at(10, 5))], ALL, at(12), dayEnd))).toEqual(['a', 'x']);
    // An exit at another room's door also means the person was elsewhere.
    expect(ids(attributeSessions([scanIn('r1', at(9, 5)), scanOut('r2', at(10, 5))], ALL, at(12), dayEnd))).toEqual(['a', 'x']);
  });

  it('sums the overlap of several presences in the room', () => {
    const scans = [scanIn('r1', at(10)), scanOut('r1', at(10, 8)), scanIn('r1', at(10, 20)), scanOut('r1', at(10, 27))];
    expect(ids(attributeSessions(scans, [B], at(12), dayEnd))).toEqual(['b']);
    expect(ids(attributeSessions(scans.slice(0, 2), [session('b2', 'r1', at(10, 20), at(11))], at(12), dayEnd))).toEqual([]);
  });

  it('a presence ends at the end of the event day', () => {
    const late = session('late', 'r1', at(23), at(23, 50));
    const next = session('next', 'r1', new Date(at(23).getTime() + 60 * MIN), new Date(at(23).getTime() + 120 * MIN));
    const r = attributeSessions([scanIn('r1', at(22, 0))], [late, next], new Date(at(23).getTime() + 3 * 60 * MIN), dayEnd);
    expect(ids(r)).toEqual(['late']);
    expect(r.recountAt).toBeNull();
  });

  it('an exit synced late takes back a session its presence no longer reaches; the scan order does not matter', () => {
    const entry = scanIn('r1', at(9, 5), 1);
    const exit = scanOut('r1', at(9, 50), 2);
    expect(ids(attributeSessions([entry], ALL, at(12), dayEnd))).toEqual(['a', 'b', 'c']);
    expect(ids(attributeSessions([exit, entry], ALL, at(12), dayEnd))).toEqual(['a']);
    expect(attributeSessions([exit, entry], ALL, at(12), dayEnd)).toEqual(attributeSessions([entry, exit], ALL, at(12), dayEnd));
  });

  it('keeps the door scan rule: a scan in the last minutes, or ten minutes early, counts at its own session', () => {
    expect(ids(attributeSessions([scanIn('r1', at(9, 58)), scanIn('r2', at(9, 59))], [A], at(12), dayEnd))).toEqual(['a']);
    expect(ids(attributeSessions([scanIn('r1', at(8, 50))], [A], at(8, 55), dayEnd))).toEqual(['a']);
    expect(ids(attributeSessions([scanIn('r1', at(8, 49))], [A], at(8, 55), dayEnd))).toEqual([]);
    expect(ids(attributeSessions([scanOut('r1', at(10, 5))], [A, B], at(12), dayEnd))).toEqual(['a']);
  });

  it('ignores scans after now until their time, and presences before anything was scanned', () => {
    expect(presencesOf([scanIn('r1', at(11))], at(10), dayEnd)).toEqual([]);
    expect(attributeSessions([scanIn('r1', at(9, 30))], [A], at(9), dayEnd)).toEqual({ counts: [], recountAt: at(9, 30) });
    expect(presencesOf([scanOut('r1', at(9))], at(10), dayEnd)).toEqual([]);
    expect(presencesOf([scanIn('r1', at(9)), scanIn('r1', at(9, 30))], at(10), dayEnd)).toEqual([{ roomId: 'r1', from: at(9), to: at(10), isOpen: true, until: dayEnd(at(9)) }]);
  });
});

describe('attributeSessions, properties', () => {
  const base = at(8).getTime();
  const rooms = ['r1', 'r2', 'r3'];
  const arbScan = fc.record({
    roomId: fc.constantFrom(...rooms),
    minute: fc.integer({ min: 0, max: 18 * 60 }),
    direction: fc.constantFrom<'in' | 'out'>('in', 'in', 'out'),
  });
  const arbSession = fc.record({ roomId: fc.constantFrom(...rooms), start: fc.integer({ min: 0, max: 16 * 60 }), length: fc.integer({ min: 1, max: 180 }) });
  const arbCase = fc.record({
    scans: fc.array(arbScan, { maxLength: 12 }),
    sessions: fc.array(arbSession, { minLength: 1, maxLength: 10 }),
    now: fc.integer({ min: 0, max: 20 * 60 }),
    later: fc.integer({ min: 0, max: 24 * 60 }),
  });
  // Scans are in the past (a scan later than now waits for its time: `recountAt`, tested above).
  const build = (c: { scans: { roomId: string; minute: number; direction: 'in' | 'out' }[]; sessions: { roomId: string; start: number; length: number }[]; now: number }) => ({
    scans: c.scans.filter((s) => s.minute <= c.now).map((s, i): TRoomScan => ({ roomId: s.roomId, at: new Date(base + s.minute * MIN), direction: s.direction, id: i + 1 })),
    sessions: c.sessions.map((s, i) => session(`s${String(i).padStart(2, '0')}`, s.roomId, new Date(base + s.start * MIN), new Date(base + (s.start + s.length) * MIN))),
  });

  it('the same scans give the same sessions whatever order they arrive in', () => {
    fc.assert(
      fc.property(arbCase, fc.integer(), (c, seed) => {
        const { scans, sessions } = build(c);
        const shuffled = [...scans].sort((x, y) => ((x.id! * 7919 + seed) % 13) - ((y.id! * 7919 + seed) % 13));
        const now = new Date(base + c.now * MIN);
        expect(attributeSessions(shuffled, sessions, now, dayEnd)).toEqual(attributeSessions(scans, sessions, now, dayEnd));
      }),
    );
  });

  it('time passing never takes a session away', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const { scans, sessions } = build(c);
        const then = ids(attributeSessions(scans, sessions, new Date(base + c.now * MIN), dayEnd));
        const after = ids(attributeSessions(scans, sessions, new Date(base + (c.now + c.later) * MIN), dayEnd));
        expect(then.every((id) => after.includes(id))).toBe(true);
      }),
    );
  });

  it('recountAt is exactly when the next session is gained with no new scan (and null when none will be)', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const { scans, sessions } = build(c);
        const now = new Date(base + c.now * MIN);
        const r = attributeSessions(scans, sessions, now, dayEnd);
        if (r.recountAt === null) {
          expect(ids(attributeSessions(scans, sessions, new Date(base + 48 * 60 * MIN), dayEnd))).toEqual(ids(r));
          return;
        }
        expect(r.recountAt.getTime()).toBeGreaterThan(now.getTime());
        expect(ids(attributeSessions(scans, sessions, new Date(r.recountAt.getTime() - 1), dayEnd))).toEqual(ids(r));
        expect(attributeSessions(scans, sessions, r.recountAt, dayEnd).counts.length).toBeGreaterThan(r.counts.length);
      }),
    );
  });

  it('counts only sessions of rooms the person was scanned at, each once', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const { scans, sessions } = build(c);
        const r = attributeSessions(scans, sessions, new Date(base + c.now * MIN), dayEnd);
        const scannedRooms = new Set(scans.map((s) => s.roomId));
        expect(r.counts.every((x) => scannedRooms.has(sessions.find((s) => s.id === x.sessionId)!.roomId!))).toBe(true);
        expect(new Set(ids(r)).size).toBe(r.counts.length);
      }),
    );
  });
});
