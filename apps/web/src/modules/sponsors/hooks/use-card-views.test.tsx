// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useCardViews } from './use-card-views.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * The browser's IntersectionObserver is not in happy-dom: this stand-in records what is observed and lets the test say
 * how much of each card is on screen, as the browser would report it. What is tested is the hook's rule: a card counts
 * once it is half visible, once per page view, and the page view's cards leave in one request.
 */
type Entry = { target: Element; isIntersecting: boolean; intersectionRatio: number };
let observers: FakeObserver[] = [];
class FakeObserver {
  targets = new Set<Element>();
  constructor(
    private readonly callback: (entries: Entry[]) => void,
    readonly options: { threshold: number[] },
  ) {
    observers.push(this);
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  report(el: Element, ratio: number) {
    if (this.targets.has(el)) this.callback([{ target: el, isIntersecting: ratio > 0, intersectionRatio: ratio }]);
  }
}

let sent: string[][] = [];
let root: Root | null = null;
const flushPromises = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

function Cards({ ids }: { ids: string[] }) {
  const cardRef = useCardViews((batch) => {
    sent.push(batch);
    return Promise.resolve();
  });
  return (
    <ul>
      {ids.map((id) => (
        <li key={id} data-id={id} ref={cardRef(id)}>
          {id}
        </li>
      ))}
    </ul>
  );
}
async function render(ids: string[]) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Cards ids={ids} />));
  return (id: string) => host.querySelector(`[data-id="${id}"]`)!;
}
const report = (el: Element, ratio: number) => act(() => observers[0]!.report(el, ratio));
const leave = async () => {
  await act(async () => window.dispatchEvent(new Event('pagehide')));
  await flushPromises();
};

beforeEach(() => {
  observers = [];
  sent = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('useCardViews', () => {
  it('counts a card once it is half on screen, once per page view, and sends the page view in one request', async () => {
    const card = await render(['a', 'b', 'c']);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options.threshold).toEqual([0.5]);
    await report(card('a'), 0.6);
    await report(card('b'), 0.3);
    await report(card('a'), 1);
    await report(card('c'), 0.5);
    // Nothing goes while the page is in use.
    await flushPromises();
    expect(sent).toEqual([]);
    await leave();
    expect(sent).toEqual([['a', 'c']]);
    // Left again with nothing new: no request; a card sent once never goes again.
    await leave();
    await report(card('a'), 1);
    await leave();
    expect(sent).toEqual([['a', 'c']]);
  });

  it('sends what a page view saw when the list goes away, and the cards seen later in their own request', async () => {
    const card = await render(['a', 'b']);
    await report(card('b'), 0.9);
    await act(async () => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await flushPromises();
    expect(sent).toEqual([['b']]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    await report(card('a'), 0.7);
    await act(() => root!.unmount());
    root = null;
    await flushPromises();
    expect(sent).toEqual([['b'], ['a']]);
  });

  it('sends nothing when no card was on screen', async () => {
    const card = await render(['a']);
    await report(card('a'), 0.2);
    await act(() => root!.unmount());
    root = null;
    await flushPromises();
    expect(sent).toEqual([]);
  });
});
