import { describe, it, expect } from 'vitest';
import { EXHIBITION_FORMS, exhibitionFormsForStall, findExhibitionForm, ZExhibitionFormDefinition } from './exhibition-forms.ts';

describe('exhibition form catalogue (SPEC §3.5)', () => {
  it('has 23 valid forms, numbered 1–23, for Host and Exhibiting Company', () => {
    expect(EXHIBITION_FORMS).toHaveLength(23);
    EXHIBITION_FORMS.forEach((form, i) => {
      ZExhibitionFormDefinition.parse(form);
      expect(form.formNo).toBe(i + 1);
      expect(form.roles).toEqual(['Host', 'Exhibiting Company']);
    });
    expect(new Set(EXHIBITION_FORMS.map((f) => f.formCode)).size).toBe(23);
  });

  it('restricts stall types as the spec says', () => {
    const typed = Object.fromEntries(EXHIBITION_FORMS.filter((f) => f.stallType).map((f) => [f.formCode, f.stallType]));
    expect(typed).toEqual({ FASCIA_NAME: 'shell', EXTRA_FURNITURE_PLACEMENT: 'shell', STALL_VENDOR: 'raw', STALL_LAYOUT_APPROVAL: 'raw' });
    const shell = exhibitionFormsForStall('shell').map((f) => f.formCode);
    const raw = exhibitionFormsForStall('raw').map((f) => f.formCode);
    expect(shell).toHaveLength(21);
    expect(raw).toHaveLength(21);
    expect(shell).toContain('FASCIA_NAME');
    expect(shell).not.toContain('STALL_VENDOR');
    expect(raw).toContain('STALL_LAYOUT_APPROVAL');
    expect(raw).not.toContain('EXTRA_FURNITURE_PLACEMENT');
  });

  it('finds forms by code', () => {
    expect(findExhibitionForm('WIRED_INTERNET')?.formNo).toBe(23);
    expect(findExhibitionForm('NOPE')).toBeUndefined();
  });
});
