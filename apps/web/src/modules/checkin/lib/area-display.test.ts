import { describe, expect, it } from 'vitest';
import type { TArea } from '@pavilion/domain/checkin/checkin.schemas';
import { footfallPath, ruleSummary } from './area-display.ts';

const area: TArea = {
  id: 'a1',
  eventId: 'e1',
  name: 'Hall A',
  kind: 'hall',
  ticketIds: [],
  categoryIds: [],
  timeWindows: [],
  tracksExit: true,
  allowsReentry: true,
  autoCheckoutAt: null,
  autoCheckoutAfterMinutes: null,
  capacity: null,
  capacityMode: 'warn',
  displayKey: 'k/ey+1',
  inside: 0,
  createdAt: '',
  updatedAt: '',
};
const t = (k: string, o?: Record<string, unknown>) => (o ? `${k}:${JSON.stringify(o)}` : k);

describe('ruleSummary', () => {
  it('says "always open" for an area without rules', () => {
    expect(ruleSummary(area, t)).toEqual(['checkin.org.ruleSummary.open']);
  });
  it('names every rule that narrows entry', () => {
    const strict = { ...area, ticketIds: ['t1', 't2'], timeWindows: [{ start: 'a', end: 'b' }], tracksExit: false, allowsReentry: false, autoCheckoutAfterMinutes: 60 };
    expect(ruleSummary(strict, t)).toEqual([
      'checkin.org.ruleSummary.windows:{"count":1}',
      'checkin.org.ruleSummary.tickets:{"count":2}',
      'checkin.org.ruleSummary.noExit',
      'checkin.org.ruleSummary.noReentry',
      'checkin.org.ruleSummary.autoOut',
    ]);
  });
});

describe('footfallPath', () => {
  it('links the big screen with the encoded display key', () => {
    expect(footfallPath(area)).toBe('/footfall-ct/a1?key=k%2Fey%2B1');
  });
});
