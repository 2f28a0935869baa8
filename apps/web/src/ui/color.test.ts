import { describe, expect, it } from 'vitest';
import { contrastWithWhite, isReadableWithWhite, luminance } from './color.ts';

describe('luminance', () => {
  it('is 0 for black, 1 for white and null for a non-colour', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBe(1);
    expect(luminance('red')).toBeNull();
  });
});

describe('isReadableWithWhite', () => {
  it('accepts dark brand colours and refuses pale ones', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(isReadableWithWhite('#3d46c6')).toBe(true);
    expect(isReadableWithWhite('#0b7285')).toBe(true);
    expect(isReadableWithWhite('#ffd43b')).toBe(false);
    expect(isReadableWithWhite('#1c7ed6')).toBe(false);
  });
});
