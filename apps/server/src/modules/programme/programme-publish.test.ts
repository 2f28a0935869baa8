import { describe, expect, it } from 'vitest';
import type { RoomRow, SessionRow, TrackRow } from './programme.repository.ts';
import { describeChange, describeRoomTrackChanges, draftCopy, isNotified, liveCopy, type DraftLinks, type Names } from './programme-publish.ts';

const at = (iso: string) => new Date(iso);
const names: Names = {
  rooms: new Map([['r1', 'Hall A'], ['r2', 'Hall B']]),
  tracks: new Map([['t1', 'Energy']]),
  speakers: new Map([['s1', 'Ada'], ['s2', 'Alan']]),
  sponsors: new Map([['p1', 'Acme'], ['p2', 'Rhein']]),
  tickets: new Map([['k1', 'VIP']]),
  // Hall A was published as "Main hall": the old side of a change names it as attendees know it.
  publishedRooms: new Map([['r1', 'Main hall'], ['r2', 'Hall B']]),
  publishedTracks: new Map([['t1', 'Energy']]),
};
const fields = { title: 'Grid storage', descriptionHtml: '', sessionType: 'talk', trackId: null, capacity: null, bookingRequired: false, tags: ['Energy'], streamUrl: null };
const links: DraftLinks = { speakerIds: ['s1'], moderatorIds: [], sponsorIds: ['p1', 'p2'], ticketIds: [] };

/** A session row published as `fields`/`links` at 09:00–10:00 UTC in Hall A, its draft as `draft`. */
function row(draft: Partial<SessionRow> = {}, published = draftCopy(fields, links)): SessionRow {
  return {
    id: 'x1',
    organisationId: 'o',
    eventId: 'e',
    ...fields,
    roomId: 'r1',
    startsAt: at('2027-03-02T09:00:00Z'),
    endsAt: at('2027-03-02T10:00:00Z'),
    bookedCount: 0,
    waitlistSeq: 0,
    publishedStartsAt: at('2027-03-02T09:00:00Z'),
    publishedEndsAt: at('2027-03-02T10:00:00Z'),
    publishedRoomId: 'r1',
    published,
    cancelledAt: null,
    unpublished: false,
    createdAt: at('2027-01-01T00:00:00Z'),
    updatedAt: at('2027-01-01T00:00:00Z'),
    ...draft,
  };
}
const change = (r: SessionRow, draftLinks = links) => describeChange(r, draftCopy(r, draftLinks), names, 'UTC');

describe('describeChange', () => {
  it('lists a session never published as added, telling nobody', () => {
    const c = change(row({ unpublished: true }));
    expect(c).toMatchObject({ kind: 'added', details: ['Added to the programme (2027-03-02 09:00–10:00, Hall A)'] });
    expect(isNotified(c!)).toBe(false);
  });
  it('finds nothing when the draft is the published copy, whatever order the sets were stored in', () => {
    expect(change(row({}, { ...draftCopy(fields, links), speakerIds: ['s1'] }))).toBeNull();
  });

  it('words each changed field old → new and tells nobody of an edit alone', () => {
    const c = change(row({ sessionType: 'panel', trackId: 't1', streamUrl: 'https://example.com/live', bookingRequired: true, capacity: 20 }), { ...links, moderatorIds: ['s2'], sponsorIds: ['p2', 'p1'], ticketIds: ['k1'] });
    expect(c).toEqual({
      sessionId: 'x1',
      title: 'Grid storage',
      kind: 'edited',
      text: '"Grid storage" updated: type, track, moderators, sponsors, ticket restriction, capacity, booking, stream.',
      details: [
        'Type: Talk → Panel',
        'Track: none → Energy',
        'Moderators: added Alan',
        'Sponsors: new order Rhein, Acme',
        'Ticket restriction: anyone → VIP',
        'Capacity: none → 20',
        'Booking: not needed → required',
        'Stream: built-in live page → https://example.com/live',
      ],
    });
    expect(isNotified(c!)).toBe(false);
  });

  it('says a renamed and moved session is both, in one notice', () => {
    const c = change(row({ title: 'Grid futures', startsAt: at('2027-03-02T16:00:00Z'), endsAt: at('2027-03-02T17:00:00Z'), roomId: 'r2' }));
    expect(c).toMatchObject({
      kind: 'moved',
      title: 'Grid futures',
      text: '"Grid storage" is now "Grid futures" and moved: time 2027-03-02 09:00–10:00 → 2027-03-02 16:00–17:00; room Main hall → Hall B (UTC).',
      details: ['Title: Grid storage → Grid futures', 'Time: 2027-03-02 09:00–10:00 → 2027-03-02 16:00–17:00 (UTC)', 'Room: Main hall → Hall B'],
    });
    expect(isNotified(c!)).toBe(true);
  });

  it('forgets rows deleted since the publish: a deleted speaker or sponsor is no change to publish', () => {
    const gone = { ...names, speakers: new Map([['s2', 'Alan']]), sponsors: new Map([['p2', 'Rhein']]) };
    // The draft's link rows went with the deleted speaker and sponsor (foreign keys); the copy still names them.
    expect(describeChange(row(), draftCopy(fields, { ...links, speakerIds: [], sponsorIds: ['p2'] }), gone, 'UTC')).toBeNull();
    expect(liveCopy(draftCopy({ ...fields, trackId: 't9' }, links), { tracks: names.tracks, speakers: gone.speakers })).toMatchObject({ trackId: null, speakerIds: [], sponsorIds: ['p1', 'p2'] });
  });

  it('names a cancelled session by its published title, time and room', () => {
    expect(change(row({ title: 'Draft title', cancelledAt: at('2027-02-01T00:00:00Z') }))).toMatchObject({ kind: 'cancelled', title: 'Grid storage', text: '"Grid storage" (2027-03-02 09:00–10:00, Main hall) is cancelled.' });
  });
});

describe('describeRoomTrackChanges', () => {
  const base = { organisationId: 'o', eventId: 'e', createdAt: at('2027-01-01T00:00:00Z') };
  const roomRow = (id: string, name: string, published: string, capacity: { was: number | null; now: number | null } = { was: null, now: null }, deletedAt: Date | null = null): RoomRow => ({
    ...base,
    id,
    name,
    capacity: capacity.now,
    checkinAreaId: null,
    published: { name: published, capacity: capacity.was },
    deletedAt,
  });
  const trackRow = (id: string, name: string, colour: string, published: { name: string; colour: string }, deletedAt: Date | null = null): TrackRow => ({ ...base, id, name, colour, published, deletedAt });

  it('lists a room resized (or made unlimited) and rooms and tracks deleted in the draft under their published names', () => {
    const rooms = [roomRow('r1', 'Hall A', 'Hall A', { was: 80, now: 120 }), roomRow('r2', 'Hall B', 'Hall B', { was: 50, now: null }), roomRow('r3', 'Gone', 'Old gone', { was: 5, now: 9 }, at('2027-01-02T00:00:00Z'))];
    const tracks = [trackRow('t1', 'Renamed', '#000000', { name: 'Data', colour: '#000000' }, at('2027-01-02T00:00:00Z'))];
    expect(describeRoomTrackChanges(rooms, tracks)).toEqual([
      { kind: 'room', id: 'r1', name: 'Hall A', details: ['Capacity: 80 → 120'] },
      { kind: 'room', id: 'r2', name: 'Hall B', details: ['Capacity: 50 → unlimited'] },
      { kind: 'room', id: 'r3', name: 'Old gone', details: ['Deleted'] },
      { kind: 'track', id: 't1', name: 'Data', details: ['Deleted'] },
    ]);
  });

  it('lists renamed rooms and renamed or recoloured tracks old → new, and nothing else', () => {
    const rooms = [roomRow('r1', 'Main hall', 'Hall A'), roomRow('r2', 'Hall B', 'Hall B')];
    const tracks = [trackRow('t1', 'AI', '#ff0000', { name: 'Data', colour: '#00ff00' }), trackRow('t2', 'Energy', '#2F9E44', { name: 'Energy', colour: '#2f9e44' })];
    expect(describeRoomTrackChanges(rooms, tracks)).toEqual([
      { kind: 'room', id: 'r1', name: 'Main hall', details: ['Name: Hall A → Main hall'] },
      { kind: 'track', id: 't1', name: 'AI', details: ['Name: Data → AI', 'Colour: #00ff00 → #ff0000'] },
    ]);
  });
});
