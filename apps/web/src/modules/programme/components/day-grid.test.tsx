// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { accessCodePath } from '@pavilion/domain';
import type { TProgramme, TSession } from '@pavilion/domain/programme/programme.schemas';
import '../programme-i18n.ts';
import { DayGrid } from './day-grid.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
const realFetch = globalThis.fetch;
const realRect = Element.prototype.getBoundingClientRect;

const session = (over: Partial<TSession> & Pick<TSession, 'id' | 'title' | 'start' | 'end'>): TSession => ({
  descriptionHtml: '',
  sessionType: 'talk',
  trackId: null,
  roomId: 'hall',
  startsAt: '',
  endsAt: '',
  speakerIds: [],
  moderatorIds: [],
  sponsorIds: [],
  tags: [],
  ticketIds: [],
  streamUrl: null,
  capacity: null,
  bookingRequired: false,
  bookedCount: 0,
  waitlistCount: 0,
  ...over,
});
const room = (id: string, name: string) => ({ id, name, capacity: null, checkinAreaId: null });
const programme = {
  timeZone: 'Europe/Berlin',
  eventMode: 3,
  sponsors: [],
  tickets: [],
  startDate: '2027-02-16',
  endDate: '2027-02-17',
  rooms: [room('hall', 'Hall'), room('studio', 'Studio')],
  tracks: [],
  speakers: [],
  sessions: [session({ id: 's1', title: 'Keynote', start: '2027-02-16T10:00', end: '2027-02-16T11:30' }), session({ id: 's2', title: 'Fleets', start: '2027-02-17T10:00', end: '2027-02-17T11:00' })],
} as unknown as TProgramme;

type TCall = { method: string; url: string; body: unknown };
let calls: TCall[] = [];
/** The server: the member's codes, and the session update route answering `answer` (a 409 clash, or the session). */
function serve(answer: () => Response) {
  calls = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('my-access')) {
      const codes = [...new Set(accessCodePath('AP-302').map((e) => e.code))];
      return new Response(JSON.stringify({ status: 'OK', data: { codes } }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    return answer();
  }) as typeof fetch;
}
const ok = () => new Response(JSON.stringify({ status: 'OK', data: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
const clash = () =>
  new Response(JSON.stringify({ status: 'ERROR', code: 'PROGRAMME_SPEAKER_CLASH', message: 'Arjun Mehta already speaks at that time in the session "Fleets"' }), {
    status: 409,
    headers: { 'content-type': 'application/json' },
  });

async function render() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  await act(async () =>
    root.render(
      <QueryClientProvider client={qc}>
        <MantineProvider>
          <DayGrid p={programme} eventId="ev1" onEdit={() => undefined} />
        </MantineProvider>
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(document.querySelector('[aria-label="Move “Keynote” to…"]')).not.toBeNull());
  return host;
}
const caption = () => document.querySelector('[role="table"]')?.getAttribute('aria-label');
const put = () => calls.find((c) => c.method === 'PUT');

beforeEach(() => serve(ok));
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
  globalThis.fetch = realFetch;
  Element.prototype.getBoundingClientRect = realRect;
});

function change(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
const field = (label: string) => {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent?.replace('*', '').trim() === label)!;
  return document.getElementById(l.htmlFor) as HTMLInputElement | HTMLSelectElement;
};

describe('DayGrid: Move to…', () => {
  it('moves a session to another day, room and time with the keyboard form, keeping its length', async () => {
    await render();
    expect(caption()).toBe('Sessions of Tue 16 Feb by room');
    await act(async () => (document.querySelector('[aria-label="Move “Keynote” to…"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(field('Day')).toBeTruthy());
    await act(async () => change(field('Day'), '2027-02-17'));
    await act(async () => change(field('Room'), 'studio'));
    await act(async () => change(field('Starts'), '14:00'));
    expect(document.body.textContent).toContain('Ends at 15:30: the session keeps its length (90 min).');
    await act(async () => (document.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(put()).toBeTruthy());
    expect(put()!.url).toContain('/sessions/s1');
    expect(put()!.body).toMatchObject({ title: 'Keynote', roomId: 'studio', start: '2027-02-17T14:00', end: '2027-02-17T15:30' });
    // Saved: the form closes and the grid shows the day the session went to.
    await vi.waitFor(() => expect(caption()).toBe('Sessions of Wed 17 Feb by room'));
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    expect(document.querySelector('[data-testid="grid-announcer"]')?.textContent).toBe('Moved “Keynote” to Wed 17 Feb, 14:00–15:30, Studio. Publish changes to tell attendees.');
  });

  it('keeps the form open with the server message naming the clashing session', async () => {
    serve(clash);
    await render();
    await act(async () => (document.querySelector('[aria-label="Move “Keynote” to…"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(field('Day')).toBeTruthy());
    await act(async () => change(field('Day'), '2027-02-17'));
    await act(async () => (document.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Arjun Mehta already speaks at that time in the session "Fleets"'));
    expect(put()!.body).toMatchObject({ start: '2027-02-17T10:00', end: '2027-02-17T11:30' });
    expect(caption()).toBe('Sessions of Tue 16 Feb by room');
  });

  it('refuses a time that is not HH:MM without calling the server', async () => {
    await render();
    await act(async () => (document.querySelector('[aria-label="Move “Keynote” to…"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(field('Starts')).toBeTruthy());
    await act(async () => change(field('Starts'), ''));
    await act(async () => (document.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    await vi.waitFor(() => expect(document.body.textContent).toContain('Enter a time as HH:MM'));
    expect(put()).toBeUndefined();
  });
});

describe('DayGrid: dragging onto another day', () => {
  // The screen as the grid measures it: the day tabs in a row at the top, the two room columns below from y=200
  // (Hall x 100–300, Studio x 304–504); a grabbed block reports its top where it was grabbed.
  function layOut() {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const day = this.querySelector?.('[data-grid-day]')?.getAttribute('data-grid-day') ?? this.getAttribute('data-grid-day');
      if (this.tagName === 'LABEL' && day) {
        const left = day === '2027-02-16' ? 0 : 80;
        return DOMRect.fromRect({ x: left, y: 0, width: 80, height: 30 });
      }
      const roomName = this.getAttribute('data-room');
      if (roomName) return DOMRect.fromRect({ x: roomName === 'Hall' ? 100 : 304, y: 200, width: 200, height: 600 });
      if (this.getAttribute('data-session-id')) return DOMRect.fromRect({ x: 100, y: 300, width: 200, height: 80 });
      return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    };
  }
  const pointer = (type: string, x: number, y: number) => new PointerEvent(type, { clientX: x, clientY: y, pointerId: 1, button: 0, bubbles: true });

  it('shows the hovered day, then saves the drop there with the same length', async () => {
    await render();
    layOut();
    const keynote = document.querySelector('[data-session-id="s1"]')!;
    await act(async () => keynote.dispatchEvent(pointer('pointerdown', 150, 300)));
    // Held over Wednesday's tab: the grid shows Wednesday.
    await act(async () => window.dispatchEvent(pointer('pointermove', 120, 15)));
    expect(caption()).toBe('Sessions of Wed 17 Feb by room');
    // Wednesday's grid starts at 09:00 (an hour before its first session): 150 px below its top is 11:05 → 11:00.
    await act(async () => window.dispatchEvent(pointer('pointermove', 400, 200 + 125 * 1.2)));
    expect(document.querySelector('[data-testid="grid-drop-preview"]')?.textContent).toBe('Wed 17 Feb, 11:00–12:30, Studio');
    await act(async () => window.dispatchEvent(pointer('pointerup', 400, 200 + 125 * 1.2)));
    await vi.waitFor(() => expect(put()).toBeTruthy());
    expect(put()!.body).toMatchObject({ roomId: 'studio', start: '2027-02-17T11:00', end: '2027-02-17T12:30' });
  });

  it('moves nothing when dropped on a tab, and shows the session day again after a refused drop', async () => {
    serve(clash);
    await render();
    layOut();
    const keynote = document.querySelector('[data-session-id="s1"]')!;
    await act(async () => keynote.dispatchEvent(pointer('pointerdown', 150, 300)));
    await act(async () => window.dispatchEvent(pointer('pointermove', 120, 15)));
    await act(async () => window.dispatchEvent(pointer('pointerup', 120, 15)));
    expect(caption()).toBe('Sessions of Wed 17 Feb by room');
    expect(put()).toBeUndefined();

    await act(async () => (document.querySelector('[data-grid-day="2027-02-16"]') as HTMLElement).click());
    await vi.waitFor(() => expect(caption()).toBe('Sessions of Tue 16 Feb by room'));
    const again = document.querySelector('[data-session-id="s1"]')!;
    await act(async () => again.dispatchEvent(pointer('pointerdown', 150, 300)));
    await act(async () => window.dispatchEvent(pointer('pointermove', 120, 15)));
    await act(async () => window.dispatchEvent(pointer('pointermove', 150, 200 + 60 * 1.2)));
    await act(async () => window.dispatchEvent(pointer('pointerup', 150, 200 + 60 * 1.2)));
    await vi.waitFor(() => expect(put()).toBeTruthy());
    expect(put()!.body).toMatchObject({ roomId: 'hall', start: '2027-02-17T10:00' });
    await vi.waitFor(() => expect(caption()).toBe('Sessions of Tue 16 Feb by room'));
    expect(document.querySelector('[data-testid="grid-announcer"]')?.textContent).toBe('Not moved: Arjun Mehta already speaks at that time in the session "Fleets"');
  });
});
