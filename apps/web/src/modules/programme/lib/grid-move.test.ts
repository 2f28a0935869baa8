import { describe, expect, it } from 'vitest';
import { clockOfMinute, dropSlot, durationMinutes, movedTimes, nudgeSlot, type TGridLayout } from './grid-move.ts';

// Two rooms side by side from x=100 to 300 and 304 to 504, the grid's 09:00 at y=200, 1.2 px per minute, 09:00–13:00.
const layout: TGridLayout = {
  top: 200,
  firstMinute: 9 * 60,
  lastMinute: 13 * 60,
  pxPerMinute: 1.2,
  columns: [
    { roomId: 'hall', left: 100, right: 300 },
    { roomId: 'studio', left: 304, right: 504 },
  ],
};
const yAt = (minute: number) => 200 + (minute - 9 * 60) * 1.2;

describe('dropSlot: pointer position → room and start', () => {
  it('reads the room under the pointer and the start from the block top', () => {
    expect(dropSlot(layout, { x: 150, y: yAt(10 * 60) })).toEqual({ roomId: 'hall', startMinute: 600 });
    expect(dropSlot(layout, { x: 400, y: yAt(10 * 60 + 30) })).toEqual({ roomId: 'studio', startMinute: 630 });
    // Grabbed 24 px (20 minutes) below its top: the block's top is 20 minutes above the pointer.
    expect(dropSlot(layout, { x: 400, y: yAt(11 * 60 + 20) }, 24)).toEqual({ roomId: 'studio', startMinute: 660 });
  });

  it('snaps to the nearest 15 minutes', () => {
    expect(dropSlot(layout, { x: 150, y: yAt(10 * 60 + 7) })?.startMinute).toBe(600);
    expect(dropSlot(layout, { x: 150, y: yAt(10 * 60 + 8) })?.startMinute).toBe(615);
    expect(dropSlot(layout, { x: 150, y: yAt(10 * 60 + 52) })?.startMinute).toBe(645);
    expect(dropSlot(layout, { x: 150, y: yAt(10 * 60 + 53) })?.startMinute).toBe(660);
  });

  it('keeps the start inside the hours shown', () => {
    expect(dropSlot(layout, { x: 150, y: 0 })?.startMinute).toBe(540);
    expect(dropSlot(layout, { x: 150, y: 5000 })?.startMinute).toBe(13 * 60 - 15);
  });

  it('takes the nearest column when the pointer is in a gap or outside the grid', () => {
    expect(dropSlot(layout, { x: 302, y: yAt(600) })?.roomId).toBe('hall');
    expect(dropSlot(layout, { x: 303.5, y: yAt(600) })?.roomId).toBe('studio');
    expect(dropSlot(layout, { x: 10, y: yAt(600) })?.roomId).toBe('hall');
    expect(dropSlot(layout, { x: 900, y: yAt(600) })?.roomId).toBe('studio');
  });

  it('drops on the "No room" column as no room, and nowhere when there is no column', () => {
    const withNone = { ...layout, columns: [...layout.columns, { roomId: null, left: 508, right: 708 }] };
    expect(dropSlot(withNone, { x: 600, y: yAt(600) })).toEqual({ roomId: null, startMinute: 600 });
    expect(dropSlot({ ...layout, columns: [] }, { x: 150, y: yAt(600) })).toBeNull();
  });
});

describe('movedTimes: the new start and end keep the length', () => {
  it('moves within the day', () => {
    expect(movedTimes({ start: '2027-02-16T10:00', end: '2027-02-16T11:00' }, '2027-02-16', 10 * 60 + 30)).toEqual({ start: '2027-02-16T10:30', end: '2027-02-16T11:30' });
    expect(durationMinutes('2027-02-17T14:00', '2027-02-17T16:45')).toBe(165);
  });

  it('lets a late session end the next day, also across a month end', () => {
    expect(movedTimes({ start: '2027-02-28T20:00', end: '2027-02-28T22:00' }, '2027-02-28', 23 * 60)).toEqual({ start: '2027-02-28T23:00', end: '2027-03-01T01:00' });
  });
});

describe('nudgeSlot: the keyboard move', () => {
  const rooms = ['hall', 'studio', null];
  it('moves by 15 minutes and by one room, within the day and the columns', () => {
    expect(nudgeSlot({ roomId: 'hall', startMinute: 600 }, 'ArrowDown', rooms)).toEqual({ roomId: 'hall', startMinute: 615 });
    expect(nudgeSlot({ roomId: 'hall', startMinute: 600 }, 'ArrowUp', rooms)).toEqual({ roomId: 'hall', startMinute: 585 });
    expect(nudgeSlot({ roomId: 'hall', startMinute: 0 }, 'ArrowUp', rooms)).toEqual({ roomId: 'hall', startMinute: 0 });
    expect(nudgeSlot({ roomId: 'hall', startMinute: 1425 }, 'ArrowDown', rooms)).toEqual({ roomId: 'hall', startMinute: 1425 });
    expect(nudgeSlot({ roomId: 'hall', startMinute: 600 }, 'ArrowRight', rooms)?.roomId).toBe('studio');
    expect(nudgeSlot({ roomId: 'studio', startMinute: 600 }, 'ArrowRight', rooms)?.roomId).toBeNull();
    expect(nudgeSlot({ roomId: null, startMinute: 600 }, 'ArrowRight', rooms)?.roomId).toBeNull();
    expect(nudgeSlot({ roomId: 'hall', startMinute: 600 }, 'ArrowLeft', rooms)?.roomId).toBe('hall');
    expect(nudgeSlot({ roomId: 'hall', startMinute: 600 }, 'x', rooms)).toBeNull();
  });

  it('formats a minute of the day', () => {
    expect(clockOfMinute(585)).toBe('09:45');
    expect(clockOfMinute(0)).toBe('00:00');
  });
});
