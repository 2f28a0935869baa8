import { describe, expect, it } from 'vitest';
import { areaChoiceBody, initialAreaChoice } from './room-checkin-area.tsx';

describe('areaChoiceBody', () => {
  it('sends nothing when the link is as it was, so a rename needs no check-in codes', () => {
    expect(areaChoiceBody(initialAreaChoice(null), null)).toBeUndefined();
    expect(areaChoiceBody(initialAreaChoice('a1'), 'a1')).toBeUndefined();
    // "Existing" with no area picked yet changes nothing either.
    expect(areaChoiceBody({ mode: 'existing', areaId: null }, null)).toBeUndefined();
  });
  it('sends the change: another area, a new one, or none to unlink', () => {
    expect(areaChoiceBody({ mode: 'existing', areaId: 'a2' }, 'a1')).toEqual({ mode: 'existing', areaId: 'a2' });
    expect(areaChoiceBody({ mode: 'create', areaId: 'a1' }, 'a1')).toEqual({ mode: 'create' });
    expect(areaChoiceBody({ mode: 'none', areaId: 'a1' }, 'a1')).toEqual({ mode: 'none' });
  });
});
