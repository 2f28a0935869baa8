// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import type { TBooth } from '@pavilion/domain/exhibition/exhibition.schemas';
import '../exhibition-i18n.ts';
import { HallPlan } from './hall-plan.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
});

const booth = (over: Partial<TBooth>): TBooth => ({ id: 'b1', hall: 'Hall 1', number: 'A1', sizeSqm: 9, stallType: 'shell', price: 100, x: 0, y: 0, w: 3, h: 3, company: null, ...over });

async function render(booths: TBooth[], handlers: { onSelect: (b: TBooth) => void; onEmptyCell: ((x: number, y: number) => void) | null }) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  await act(async () =>
    root.render(
      <MantineProvider>
        <HallPlan hall="Hall 1" columns={40} rows={24} booths={booths} selectedId="b2" {...handlers} />
      </MantineProvider>,
    ),
  );
  return host;
}

describe('HallPlan', () => {
  it('puts each booth on its cells as a button named by number, size and holder, and reports the clicked one', async () => {
    const clicked: string[] = [];
    const host = await render([booth({}), booth({ id: 'b2', number: 'B7', x: 10, y: 4, w: 2, h: 5, company: { id: 'c1', name: 'Acme' } })], { onSelect: (b) => clicked.push(b.number), onEmptyCell: null });
    const plan = host.querySelector('[role="group"][aria-label="Hall plan of Hall 1"]')!;
    const buttons = [...plan.querySelectorAll('button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Booth A1: free, 9 m²', 'Booth B7: Acme, 9 m²']);
    expect(buttons[1]!.style.gridColumn).toBe('11 / span 2');
    expect(buttons[1]!.style.gridRow).toBe('5 / span 5');
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
    await act(async () => buttons[1]!.click());
    expect(clicked).toEqual(['B7']);
  });

  it('offers a new booth at the empty cell clicked, not when a booth is clicked', async () => {
    const cells: [number, number][] = [];
    const host = await render([booth({})], { onSelect: () => undefined, onEmptyCell: (x, y) => cells.push([x, y]) });
    const plan = host.querySelector<HTMLElement>('[data-testid="hall-plan"]')!;
    plan.getBoundingClientRect = () => ({ left: 0, top: 0, width: 800, height: 480, right: 800, bottom: 480, x: 0, y: 0, toJSON: () => ({}) });
    await act(async () => plan.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 205, clientY: 65 })));
    await act(async () => plan.querySelector('button')!.click());
    expect(cells).toEqual([[10, 3]]);
  });
});
