import { describe, expect, it } from 'vitest';
import type { TFormField } from '@pavilion/domain/registration/registration.schemas';
import { keyFromLabel, moveField, newField, normaliseFields, removeField, renameKey } from './form-builder.ts';

const f = (key: string, over: Partial<TFormField> = {}): TFormField => ({ ...newField([]), key, label: key, ...over });

describe('form builder', () => {
  it('derives unique camelCase keys', () => {
    expect(keyFromLabel('Company name', [])).toBe('companyName');
    expect(keyFromLabel('Company name', ['companyName'])).toBe('companyName2');
    expect(keyFromLabel('2nd choice?', [])).toBe('q2ndChoice');
    expect(keyFromLabel('***', [])).toBe('q');
  });
  it('moves and removes, clearing conditions on the removed question', () => {
    const fields = [f('a'), f('b', { showIf: { fieldKey: 'a', equals: ['x'] } })];
    expect(moveField(fields, 0, 1).map((x) => x.key)).toEqual(['b', 'a']);
    expect(moveField(fields, 0, -1).map((x) => x.key)).toEqual(['a', 'b']);
    expect(removeField(fields, 0)).toEqual([{ ...fields[1], showIf: null }]);
  });
  it('follows a renamed key in conditions', () => {
    const fields = [f('a'), f('b', { showIf: { fieldKey: 'a', equals: ['x'] } })];
    expect(renameKey(fields, 0, 'z')[1]!.showIf?.fieldKey).toBe('z');
  });
  it('drops options of non-choice questions and conditions on later questions', () => {
    const fields = [f('a', { showIf: { fieldKey: 'b', equals: ['x'] }, options: ['1'] }), f('b', { type: 'radio', options: ['x'] })];
    const out = normaliseFields(fields);
    expect(out[0]!.showIf).toBeNull();
    expect(out[0]!.options).toEqual([]);
    expect(out[1]!.options).toEqual(['x']);
  });
});
