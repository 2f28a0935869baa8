import { describe, expect, it } from 'vitest';
import { fitWithin } from './shrink-photo.ts';

describe('photo shrinking', () => {
  it('fits the longest side within 480 px and never enlarges', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 480, height: 360 });
    expect(fitWithin(1000, 2000)).toEqual({ width: 240, height: 480 });
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(5000, 1)).toEqual({ width: 480, height: 1 });
  });
});
