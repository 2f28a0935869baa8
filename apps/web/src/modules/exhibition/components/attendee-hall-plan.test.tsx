// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TPublicHallPlan } from '@pavilion/domain/exhibition/hall-plans';
import '../exhibition-i18n.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { AttendeeHallPlan } from './attendee-hall-plan.tsx';
import { planBackground } from './hall-plan.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const roots: Root[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) act(() => r.unmount());
  document.body.innerHTML = '';
});

const PLAN: TPublicHallPlan = {
  columns: 40,
  rows: 24,
  halls: [
    { hall: 'Hall A', imageUrl: '/api/eventservices/public/hall-plan-images/img_abcdefgh', booths: [
      { id: 'b1', number: 'B12', x: 4, y: 4, w: 6, h: 3, company: { id: 'c1', name: 'Lumen Optics' } },
      { id: 'b2', number: 'B13', x: 12, y: 4, w: 3, h: 3, company: null },
    ] },
    { hall: 'Hall B', imageUrl: null, booths: [{ id: 'b3', number: 'C1', x: 0, y: 0, w: 2, h: 2, company: { id: 'c2', name: 'North Rigs' } }] },
  ],
  matches: null,
};

async function render(initialHall: string | undefined, onOpen: (id: string) => void, filters: { category?: string } = {}, plan: TPublicHallPlan = PLAN) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(exhibitionKeys.hallPlan('ev1', filters), plan);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  roots.push(root);
  await act(async () =>
    root.render(
      <MantineProvider>
        <QueryClientProvider client={qc}>
          <AttendeeHallPlan eventId="ev1" initialHall={initialHall} filters={filters} onOpen={onOpen} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  );
  return host;
}

describe('AttendeeHallPlan', () => {
  it('names each held booth by number and company, opens its company, and leaves free booths as text', async () => {
    const opened: string[] = [];
    const host = await render(undefined, (id) => opened.push(id));
    const plan = host.querySelector<HTMLElement>('[data-testid="attendee-hall-plan"]')!;
    expect(plan.dataset.floorPlan).toBe('yes');
    const buttons = [...plan.querySelectorAll('button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Booth B12, Lumen Optics']);
    expect(buttons[0]!.style.gridColumn).toBe('5 / span 6');
    expect(plan.querySelector('[data-testid="plan-booth-B13"]')!.textContent).toContain('Booth B13, free');
    await act(async () => buttons[0]!.click());
    expect(opened).toEqual(['c1']);
    // The region around the plan is named after its hall and can take focus (to scroll it from the keyboard).
    expect(host.querySelector('[role="region"]')!.getAttribute('aria-label')).toBe('Plan of Hall A');
  });

  it('opens on the hall asked for (the list filter), without a floor plan when it has none', async () => {
    const host = await render('Hall B', () => undefined);
    const plan = host.querySelector<HTMLElement>('[data-testid="attendee-hall-plan"]')!;
    expect(plan.dataset.floorPlan).toBe('no');
    expect([...plan.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual(['Booth C1, North Rigs']);
  });

  it('highlights the booths of the companies matching the filters, dims the others, and says which in their names', async () => {
    const plan: TPublicHallPlan = {
      ...PLAN,
      halls: [{ ...PLAN.halls[0]!, booths: [...PLAN.halls[0]!.booths, { id: 'b4', number: 'B14', x: 16, y: 4, w: 2, h: 2, company: { id: 'c3', name: 'Nova Foods' } }] }],
      matches: ['c1'],
    };
    const host = await render(undefined, () => undefined, { category: 'Optics' }, plan);
    const buttons = [...host.querySelectorAll<HTMLElement>('[data-testid="attendee-hall-plan"] button')];
    expect(buttons.map((b) => [b.getAttribute('aria-label'), b.dataset.match])).toEqual([
      ['Booth B12, Lumen Optics, matches the filters', 'yes'],
      ['Booth B14, Nova Foods, does not match the filters', 'no'],
    ]);
    expect(buttons[1]!.style.opacity).toBe('0.35');
    expect(buttons[0]!.style.opacity).toBe('1');
    expect(host.querySelector('[data-testid="plan-match-summary"]')!.textContent).toBe('1 booth on this hall matches the filters; the others are dimmed.');
  });

  it('draws the image stretched under the grid lines and a veil', () => {
    const bg = planBackground(40, 24, '/img/a b.png');
    expect(bg.backgroundImage.split(', url(')[1]).toBe('"/img/a%20b.png")');
    expect(bg.backgroundSize).toBe('calc(100% / 40) calc(100% / 24), calc(100% / 40) calc(100% / 24), 100% 100%, 100% 100%');
    expect(planBackground(40, 24, null)).not.toHaveProperty('backgroundRepeat');
  });
});
