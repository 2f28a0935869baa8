import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineEnum, type TEnumValue } from './define-enum.ts';

describe('defineEnum', () => {
  const mode = defineEnum({ Virtual: [1, 'Virtual'], InPerson: [2, 'In person'], Hybrid: [3, 'Hybrid'] });

  it('gives the value map, the label map and the options in declaration order', () => {
    expect(mode.values).toEqual({ Virtual: 1, InPerson: 2, Hybrid: 3 });
    expect(mode.labels).toEqual({ 1: 'Virtual', 2: 'In person', 3: 'Hybrid' });
    expect(mode.options).toEqual([
      { value: 1, label: 'Virtual' },
      { value: 2, label: 'In person' },
      { value: 3, label: 'Hybrid' },
    ]);
  });

  it('labels a value, and shows an unknown value as itself', () => {
    expect(mode.label(2)).toBe('In person');
    expect(mode.label(9)).toBe('9');
    expect(mode.has(3)).toBe(true);
    expect(mode.has('3')).toBe(false);
  });

  it('keeps the literal types', () => {
    expectTypeOf(mode.values.Hybrid).toEqualTypeOf<3>();
    expectTypeOf<TEnumValue<typeof mode>>().toEqualTypeOf<1 | 2 | 3>();
  });
});
