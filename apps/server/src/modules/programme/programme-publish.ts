import { utcToZonedLocal } from '@pavilion/domain';
import type { PublishedCopy, RoomTrackChange } from './programme.tables.ts';
import type { ProgrammeChange, RoomRow, SessionRow, TrackRow } from './programme.repository.ts';

/*
 * Versioned publishing (issue 16): what attendees see of a session is its published copy (`published_*` time and room,
 * and the `published` JSON of every other field and its people); the row and its link tables are the organiser's
 * draft. These pure functions build a copy from the draft, compare the two and word the difference.
 */

/** A session's draft links, as the link tables hold them. */
export type DraftLinks = { speakerIds: string[]; moderatorIds: string[]; sponsorIds: string[]; ticketIds: string[] };

/** The copy a publish writes: the draft's fields and links (speakers, moderators and tickets as sets; sponsors in order). */
export function draftCopy(v: Pick<PublishedCopy, 'title' | 'descriptionHtml' | 'sessionType' | 'bookingRequired' | 'tags'> & Partial<Pick<PublishedCopy, 'trackId' | 'capacity' | 'streamUrl'>>, links: DraftLinks): PublishedCopy {
  return {
    title: v.title,
    descriptionHtml: v.descriptionHtml,
    sessionType: v.sessionType,
    trackId: v.trackId ?? null,
    capacity: v.capacity ?? null,
    bookingRequired: v.bookingRequired,
    tags: [...v.tags],
    streamUrl: v.streamUrl ?? null,
    speakerIds: [...new Set(links.speakerIds)].sort(),
    moderatorIds: [...new Set(links.moderatorIds)].sort(),
    sponsorIds: [...new Set(links.sponsorIds)],
    ticketIds: [...new Set(links.ticketIds)].sort(),
  };
}

/** What still exists of the rows a copy names (undefined: not checked). A deleted one leaves the copy, as it leaves the draft. */
export type Known = { tracks?: { has(id: string): boolean }; speakers?: { has(id: string): boolean }; sponsors?: { has(id: string): boolean }; tickets?: { has(id: string): boolean } };

/** The copy without ids of tracks, speakers, sponsors or ticket types deleted since it was published. */
export function liveCopy(c: PublishedCopy, known: Known): PublishedCopy {
  const keep = (ids: string[], set: Known[keyof Known]) => (set ? ids.filter((id) => set.has(id)) : ids);
  return {
    ...c,
    trackId: c.trackId && known.tracks && !known.tracks.has(c.trackId) ? null : c.trackId,
    speakerIds: keep(c.speakerIds, known.speakers),
    moderatorIds: keep(c.moderatorIds, known.speakers),
    sponsorIds: keep(c.sponsorIds, known.sponsors),
    ticketIds: keep(c.ticketIds, known.tickets),
  };
}

/**
 * The names a change is worded with (the event's rooms, tracks, speakers, sponsors and ticket types, the draft's), and
 * the rooms' and tracks' published names: what attendees knew, on the old side of "A → B".
 */
export type Names = {
  rooms: Map<string, string>;
  tracks: Map<string, string>;
  speakers: Map<string, string>;
  sponsors: Map<string, string>;
  tickets: Map<string, string>;
  publishedRooms: Map<string, string>;
  publishedTracks: Map<string, string>;
};

/** "2027-02-17 14:00–16:00" in the zone (the end's date too when it is another day). */
export function span(startsAt: Date, endsAt: Date, timeZone: string): string {
  const a = utcToZonedLocal(startsAt, timeZone);
  const b = utcToZonedLocal(endsAt, timeZone);
  return `${a.replace('T', ' ')}–${a.slice(0, 10) === b.slice(0, 10) ? b.slice(11) : b.replace('T', ' ')}`;
}

const TYPE_NAMES: Record<string, string> = { talk: 'Talk', panel: 'Panel', workshop: 'Workshop', break: 'Break' };
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => b[i] === x);
const listOr = (names: string[], none: string) => (names.length ? names.join(', ') : none);

/** "added X, Y; removed Z" between two id sets, named through `name`. */
function addedRemoved(was: string[], now: string[], name: (id: string) => string): string {
  const added = now.filter((id) => !was.includes(id)).map(name);
  const removed = was.filter((id) => !now.includes(id)).map(name);
  return [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean).join('; ');
}

/** The published copy of a session's time and room (rows from before publishing read as their draft). */
function publishedPlace(row: SessionRow): { startsAt: Date; endsAt: Date; roomId: string | null } {
  if (!row.publishedStartsAt || !row.publishedEndsAt) return row;
  return { startsAt: row.publishedStartsAt, endsAt: row.publishedEndsAt, roomId: row.publishedRoomId };
}

/**
 * What publishing changes for one session, old → new per field in readable words, or null when the draft is what
 * attendees see. The kind says whom it concerns: `added` (a draft session never published) tells nobody, `moved` (time or room), `renamed` (title, not moved) and `cancelled`
 * notify the session's bookers, waitlisted and starrers; `edited` (any other field alone, a description say) does not.
 * `text` is the notice's and mail's wording, `details` the organiser's confirm dialog's lines.
 */
export function describeChange(row: SessionRow, draft: PublishedCopy, names: Names, timeZone: string): ProgrammeChange | null {
  const wasAt = publishedPlace(row);
  const was = liveCopy(row.published, { tracks: names.tracks, speakers: names.speakers, sponsors: names.sponsors, tickets: names.tickets });
  // The old side names rooms and tracks as attendees know them (published), the new side as they will be.
  const roomName = (id: string | null) => (id ? (names.rooms.get(id) ?? 'a room') : 'no room');
  const wasRoomName = (id: string | null) => (id ? (names.publishedRooms.get(id) ?? roomName(id)) : 'no room');
  const named = (m: Map<string, string>, what: string) => (id: string) => m.get(id) ?? what;
  if (row.cancelledAt) {
    const before = `${span(wasAt.startsAt, wasAt.endsAt, timeZone)}, ${wasRoomName(wasAt.roomId)}`;
    return { sessionId: row.id, title: was.title, kind: 'cancelled', text: `"${was.title}" (${before}) is cancelled.`, details: [`Removed from the programme (${before})`] };
  }
  if (row.unpublished) {
    // Never published (an approved proposal): attendees see it for the first time; nobody booked or starred it.
    const at = `${span(row.startsAt, row.endsAt, timeZone)}, ${roomName(row.roomId)}`;
    return { sessionId: row.id, title: draft.title, kind: 'added', text: `"${draft.title}" (${at}) is added.`, details: [`Added to the programme (${at})`] };
  }
  const isRetimed = wasAt.startsAt.getTime() !== row.startsAt.getTime() || wasAt.endsAt.getTime() !== row.endsAt.getTime();
  const isRoomChanged = wasAt.roomId !== row.roomId;
  const isRenamed = was.title !== draft.title;
  const details: string[] = [];
  const edited: string[] = [];
  const line = (label: string, text: string) => {
    details.push(`${label}: ${text}`);
    edited.push(label.toLowerCase());
  };
  if (isRenamed) line('Title', `${was.title} → ${draft.title}`);
  if (isRetimed) line('Time', `${span(wasAt.startsAt, wasAt.endsAt, timeZone)} → ${span(row.startsAt, row.endsAt, timeZone)} (${timeZone})`);
  if (isRoomChanged) line('Room', `${wasRoomName(wasAt.roomId)} → ${roomName(row.roomId)}`);
  if (was.descriptionHtml !== draft.descriptionHtml) line('Description', 'edited');
  if (was.sessionType !== draft.sessionType) line('Type', `${TYPE_NAMES[was.sessionType] ?? was.sessionType} → ${TYPE_NAMES[draft.sessionType] ?? draft.sessionType}`);
  if (was.trackId !== draft.trackId) line('Track', `${was.trackId ? (names.publishedTracks.get(was.trackId) ?? named(names.tracks, 'a track')(was.trackId)) : 'none'} → ${draft.trackId ? named(names.tracks, 'a track')(draft.trackId) : 'none'}`);
  if (!sameSet(was.speakerIds, draft.speakerIds)) line('Speakers', addedRemoved(was.speakerIds, draft.speakerIds, named(names.speakers, 'a speaker')));
  if (!sameSet(was.moderatorIds, draft.moderatorIds)) line('Moderators', addedRemoved(was.moderatorIds, draft.moderatorIds, named(names.speakers, 'a speaker')));
  if (!sameList(was.sponsorIds, draft.sponsorIds)) {
    line('Sponsors', sameSet(was.sponsorIds, draft.sponsorIds) ? `new order ${draft.sponsorIds.map(named(names.sponsors, 'a sponsor')).join(', ')}` : addedRemoved(was.sponsorIds, draft.sponsorIds, named(names.sponsors, 'a sponsor')));
  }
  if (!sameList(was.tags, draft.tags)) line('Tags', sameSet(was.tags, draft.tags) ? `new order ${draft.tags.join(', ')}` : addedRemoved(was.tags, draft.tags, (x) => x));
  if (!sameSet(was.ticketIds, draft.ticketIds)) {
    const ticketNames = (ids: string[]) => listOr(ids.map(named(names.tickets, 'a ticket type')), 'anyone');
    line('Ticket restriction', `${ticketNames(was.ticketIds)} → ${ticketNames(draft.ticketIds)}`);
  }
  if (was.capacity !== draft.capacity) line('Capacity', `${was.capacity ?? 'none'} → ${draft.capacity ?? 'none'}`);
  if (was.bookingRequired !== draft.bookingRequired) line('Booking', `${was.bookingRequired ? 'required' : 'not needed'} → ${draft.bookingRequired ? 'required' : 'not needed'}`);
  if (was.streamUrl !== draft.streamUrl) line('Stream', `${was.streamUrl ?? 'built-in live page'} → ${draft.streamUrl ?? 'built-in live page'}`);
  if (details.length === 0) return null;

  const base = { sessionId: row.id, title: draft.title, details };
  if (isRetimed || isRoomChanged) {
    const parts: string[] = [];
    if (isRetimed) parts.push(`time ${span(wasAt.startsAt, wasAt.endsAt, timeZone)} → ${span(row.startsAt, row.endsAt, timeZone)}`);
    if (isRoomChanged) parts.push(`room ${wasRoomName(wasAt.roomId)} → ${roomName(row.roomId)}`);
    const who = isRenamed ? `"${was.title}" is now "${draft.title}" and` : `"${draft.title}"`;
    return { ...base, kind: 'moved', text: `${who} moved: ${parts.join('; ')} (${timeZone}).` };
  }
  if (isRenamed) return { ...base, kind: 'renamed', text: `"${was.title}" is now "${draft.title}".` };
  return { ...base, kind: 'edited', text: `"${draft.title}" updated: ${edited.join(', ')}.` };
}

/** Whether a change is told to the session's people (inbox and mail): time, room, title or cancellation (an added session has nobody yet). */
export const isNotified = (c: Pick<ProgrammeChange, 'kind'>) => c.kind !== 'edited' && c.kind !== 'added';

const capacityText = (n: number | null | undefined) => (n === null || n === undefined ? 'unlimited' : String(n));

/**
 * The rooms renamed, resized or deleted and the tracks renamed, recoloured or deleted in the draft, old → new, in the
 * order the organiser made them. Nobody is told (the "session updated" notices are for a session's own time, room and
 * title: a renamed room is still the same place, and a room or track can only be deleted once no session of the draft
 * uses it); the publish dialog lists them and attendees see them from the publish on.
 */
export function describeRoomTrackChanges(rooms: RoomRow[], tracks: TrackRow[]): RoomTrackChange[] {
  const out: RoomTrackChange[] = [];
  for (const r of rooms) {
    if (r.deletedAt) {
      out.push({ kind: 'room', id: r.id, name: r.published.name, details: ['Deleted'] });
      continue;
    }
    const details: string[] = [];
    if (r.published.name !== r.name) details.push(`Name: ${r.published.name} → ${r.name}`);
    // Rooms published before migration 0054 had their capacity copied in by it; `undefined` reads as the draft's.
    const was = r.published.capacity === undefined ? r.capacity : r.published.capacity;
    if (was !== r.capacity) details.push(`Capacity: ${capacityText(was)} → ${capacityText(r.capacity)}`);
    if (details.length) out.push({ kind: 'room', id: r.id, name: r.name, details });
  }
  for (const t of tracks) {
    if (t.deletedAt) {
      out.push({ kind: 'track', id: t.id, name: t.published.name, details: ['Deleted'] });
      continue;
    }
    const details: string[] = [];
    if (t.published.name !== t.name) details.push(`Name: ${t.published.name} → ${t.name}`);
    if (t.published.colour.toLowerCase() !== t.colour.toLowerCase()) details.push(`Colour: ${t.published.colour} → ${t.colour}`);
    if (details.length) out.push({ kind: 'track', id: t.id, name: t.name, details });
  }
  return out;
}
