/**
 * The Day grid's move arithmetic (issue 16, schedule builder): where a dragged block lands (a room column and a start
 * snapped to 15 minutes) and the session's new wall-clock times, which keep its length. Pure, so it is unit-tested
 * without a browser; the grid measures its columns and passes the rectangles in.
 */

export const SNAP_MINUTES = 15;
export const DAY_MINUTES = 24 * 60;

/** The grid as measured on screen: the top of its time axis, its scale, and each room column's left and right edge. */
export type TGridLayout = {
  /** Viewport y of the first minute shown (the top of the columns). */
  top: number;
  /** The first and last minute of the day shown (the grid's hours). */
  firstMinute: number;
  lastMinute: number;
  pxPerMinute: number;
  columns: readonly { roomId: string | null; left: number; right: number }[];
};

export type TSlot = { roomId: string | null; startMinute: number };

/** "2027-03-02T09:30" → 570 (minutes since the wall-clock midnight). */
export const minuteOfDay = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

/** A wall-clock string as if it were UTC, for minute arithmetic that needs no time zone. */
const wallMs = (local: string) => Date.parse(`${local}:00Z`);
const localOf = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** The session's length in wall-clock minutes (end minus start). */
export const durationMinutes = (start: string, end: string) => Math.round((wallMs(end) - wallMs(start)) / 60_000);

const snap = (minute: number) => Math.round(minute / SNAP_MINUTES) * SNAP_MINUTES;
const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), Math.max(lo, hi));

/**
 * Where a block dropped at `pointer` lands. `grabOffsetY` is how far below the block's top edge it was grabbed, so the
 * block's top (not the pointer) gives the start. The start snaps to 15 minutes and stays inside the hours shown; the
 * column is the one under the pointer, or the nearest one when the pointer is left or right of the grid. Null when
 * the grid has no column.
 */
export function dropSlot(layout: TGridLayout, pointer: { x: number; y: number }, grabOffsetY = 0): TSlot | null {
  if (layout.columns.length === 0 || layout.pxPerMinute <= 0) return null;
  const raw = layout.firstMinute + (pointer.y - grabOffsetY - layout.top) / layout.pxPerMinute;
  const startMinute = clamp(snap(raw), layout.firstMinute, layout.lastMinute - SNAP_MINUTES);
  let best = layout.columns[0]!;
  let bestDistance = Infinity;
  for (const c of layout.columns) {
    const distance = pointer.x < c.left ? c.left - pointer.x : pointer.x > c.right ? pointer.x - c.right : 0;
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return { roomId: best.roomId, startMinute };
}

/** The session's new start and end when it starts at `startMinute` of `day`: the same length, so a late session may end the next day. */
export function movedTimes(session: { start: string; end: string }, day: string, startMinute: number): { start: string; end: string } {
  const start = wallMs(`${day}T00:00`) + startMinute * 60_000;
  return { start: localOf(start), end: localOf(start + durationMinutes(session.start, session.end) * 60_000) };
}

/**
 * The keyboard move: ArrowUp/ArrowDown move the start by 15 minutes (kept within the day), ArrowLeft/ArrowRight to
 * the previous or next room column (kept within the columns). Null for any other key.
 */
export function nudgeSlot(slot: TSlot, key: string, roomIds: readonly (string | null)[]): TSlot | null {
  const i = Math.max(roomIds.indexOf(slot.roomId), 0);
  switch (key) {
    case 'ArrowUp':
      return { ...slot, startMinute: clamp(slot.startMinute - SNAP_MINUTES, 0, DAY_MINUTES - SNAP_MINUTES) };
    case 'ArrowDown':
      return { ...slot, startMinute: clamp(slot.startMinute + SNAP_MINUTES, 0, DAY_MINUTES - SNAP_MINUTES) };
    case 'ArrowLeft':
      return roomIds.length ? { ...slot, roomId: roomIds[Math.max(i - 1, 0)]! } : slot;
    case 'ArrowRight':
      return roomIds.length ? { ...slot, roomId: roomIds[Math.min(i + 1, roomIds.length - 1)]! } : slot;
    default:
      return null;
  }
}

/** "09:45" for minute 585 of the day. */
export const clockOfMinute = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
