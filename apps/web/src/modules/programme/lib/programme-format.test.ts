import { describe, expect, it } from 'vitest';
import { dayLabel, eventDays, filterSessions, nowLineIndex, tagsOf } from './programme-format.ts';

const s = (id: string, start: string, over: Partial<{ title: string; trackId: string | null; roomId: string | null; speakerIds: string[]; startsAt: string }> = {}) => ({
  id,
  title: `Session ${id}`,
  start,
  trackId: null,
  roomId: null,
  speakerIds: [],
  startsAt: `${start}:00Z`,
  ...over,
});

describe('schedule filters', () => {
  const sessions = [
    s('a', '2027-03-01T09:00', { title: 'Opening keynote', trackId: 't1', roomId: 'r1' }),
    s('b', '2027-03-01T10:00', { title: 'Rust in production', trackId: 't2', roomId: 'r2', speakerIds: ['ada'] }),
    s('c', '2027-03-02T09:00', { title: 'Day two keynote', trackId: 't1', roomId: 'r1' }),
  ];
  const speakers = [{ id: 'ada', name: 'Ada Lovelace' }];
  const ids = (f: Partial<{ day: string; search: string; trackId: string; roomId: string }>) =>
    filterSessions(sessions, speakers, { day: '2027-03-01', search: '', trackId: '', roomId: '', ...f }).map((x) => x.id);

  it('keeps the chosen day, track and room', () => {
    expect(ids({})).toEqual(['a', 'b']);
    expect(ids({ day: '2027-03-02' })).toEqual(['c']);
    expect(ids({ trackId: 't2' })).toEqual(['b']);
    expect(ids({ roomId: 'r1' })).toEqual(['a']);
    expect(ids({ roomId: 'r1', trackId: 't2' })).toEqual([]);
  });

  it('searches titles and speaker names, ignoring case and spaces around', () => {
    expect(ids({ search: '  KEYNOTE ' })).toEqual(['a']);
    expect(ids({ search: 'lovelace' })).toEqual(['b']);
    expect(ids({ search: 'nothing like it' })).toEqual([]);
  });

  it('filters by a tag in any case, and searches tags and moderators too', () => {
    const tagged = [
      { ...s('a', '2027-03-01T09:00'), tags: ['AI', 'Ethics'], moderatorIds: [] },
      { ...s('b', '2027-03-01T10:00'), tags: ['ai'], moderatorIds: ['ada'] },
      { ...s('c', '2027-03-01T11:00'), tags: [], moderatorIds: [] },
    ];
    const f = (over: Partial<{ search: string; tag: string }>) => filterSessions(tagged, speakers, { day: '2027-03-01', search: '', trackId: '', roomId: '', ...over }).map((x) => x.id);
    expect(f({ tag: 'ai' })).toEqual(['a', 'b']);
    expect(f({ tag: 'Ethics' })).toEqual(['a']);
    expect(f({ search: 'ethic' })).toEqual(['a']);
    expect(f({ search: 'lovelace' })).toEqual(['b']);
    expect(tagsOf(tagged)).toEqual(['AI', 'Ethics']);
  });

  it('puts the now line before the first session still to start', () => {
    expect(nowLineIndex(sessions, new Date('2027-03-01T09:30:00Z'))).toBe(1);
    expect(nowLineIndex(sessions, new Date('2027-02-28T00:00:00Z'))).toBe(0);
    expect(nowLineIndex(sessions, new Date('2027-03-03T00:00:00Z'))).toBe(-1);
  });

  it('names days and lists every day of the event', () => {
    expect(dayLabel('2027-03-02')).toBe('Tue 2 Mar');
    // Written without Intl (the server's first view of the Agenda writes the same), as Intl's en-GB writes it.
    const intl = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    for (let d = new Date(Date.UTC(2026, 0, 1)); d.getUTCFullYear() < 2028; d.setUTCDate(d.getUTCDate() + 1)) {
      expect(dayLabel(d.toISOString().slice(0, 10))).toBe(intl.format(d));
    }
    expect(eventDays('2027-02-27', '2027-03-02')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01', '2027-03-02']);
  });
});
