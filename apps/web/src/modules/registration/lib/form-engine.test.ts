import { describe, expect, it } from 'vitest';
import type { TFormField } from '@pavilion/domain/registration/registration.schemas';
import { formPages, isFieldVisible, pruneAnswers, validateAnswers, visibleFields } from './form-engine.ts';

const field = (f: Partial<TFormField> & Pick<TFormField, 'key' | 'type'>): TFormField => ({
  label: f.key,
  required: false,
  page: 1,
  options: [],
  maxLength: 500,
  showIf: null,
  ...f,
});

const fields: TFormField[] = [
  field({ key: 'company', type: 'text', required: true }),
  field({ key: 'diet', type: 'radio', options: ['None', 'Vegetarian', 'Other'] }),
  field({ key: 'dietOther', type: 'text', required: true, showIf: { fieldKey: 'diet', equals: ['Other'] } }),
  field({ key: 'dietOtherNote', type: 'text', required: true, showIf: { fieldKey: 'dietOther', equals: ['nuts'] } }),
  field({ key: 'workEmail', type: 'email', page: 2 }),
  field({ key: 'terms', type: 'checkbox', required: true, page: 2 }),
];

describe('form engine', () => {
  it('shows a conditional question only for the listed answer', () => {
    expect(isFieldVisible(fields[2]!, fields, { diet: 'None' })).toBe(false);
    expect(isFieldVisible(fields[2]!, fields, { diet: 'Other' })).toBe(true);
  });
  it('hides a follow-up of a hidden question even if an old answer matches', () => {
    expect(isFieldVisible(fields[3]!, fields, { diet: 'None', dietOther: 'nuts' })).toBe(false);
    expect(isFieldVisible(fields[3]!, fields, { diet: 'Other', dietOther: 'nuts' })).toBe(true);
  });
  it('lists the pages in use', () => {
    expect(formPages(fields)).toEqual([1, 2]);
    expect(formPages([])).toEqual([1]);
    expect(visibleFields(fields, {}, 2).map((f) => f.key)).toEqual(['workEmail', 'terms']);
  });
  it('requires visible required answers of the page only', () => {
    expect(validateAnswers(fields, {}, 1)).toEqual({ company: 'required' });
    expect(validateAnswers(fields, { company: 'ACME', diet: 'Other' }, 1)).toEqual({ dietOther: 'required' });
    expect(validateAnswers(fields, { workEmail: 'nope' }, 2)).toEqual({ workEmail: 'inVaildEmail', terms: 'required' });
    expect(validateAnswers(fields, { workEmail: 'a@b.io', terms: true }, 2)).toEqual({});
  });
  it('refuses an option that is not offered and a blank required text', () => {
    expect(validateAnswers(fields, { company: '   ', diet: 'Fish' }, 1)).toEqual({ company: 'required', diet: 'invalid' });
  });
  it('sends only answers of visible questions, trimmed', () => {
    expect(pruneAnswers(fields, { company: ' ACME ', diet: 'None', dietOther: 'stale', terms: true })).toEqual({
      company: 'ACME',
      diet: 'None',
      terms: true,
    });
  });
});
