import { describe, expect, it } from 'vitest';
import { importColumnsOf, parseCsv } from './company-import.ts';
import { PLAN_COLUMNS, ZBoothInput, ZCompanyInput, placementsOverlap } from './exhibition.schemas.ts';

describe('placementsOverlap', () => {
  const a = { x: 2, y: 2, w: 3, h: 2 };
  it('sees a shared cell, and not a shared edge or corner', () => {
    expect(placementsOverlap(a, { x: 4, y: 3, w: 2, h: 2 })).toBe(true);
    expect(placementsOverlap(a, { x: 0, y: 0, w: 10, h: 10 })).toBe(true);
    expect(placementsOverlap(a, { x: 5, y: 2, w: 1, h: 1 })).toBe(false);
    expect(placementsOverlap(a, { x: 2, y: 4, w: 3, h: 1 })).toBe(false);
    expect(placementsOverlap(a, { x: 5, y: 4, w: 1, h: 1 })).toBe(false);
  });
});

describe('booth and company input', () => {
  const booth = { hall: 'H1', number: '1', sizeSqm: 9, stallType: 'shell', price: 10, x: 0, y: 0, w: 1, h: 1 };
  it('keeps a booth inside the plan and its price in whole cents', () => {
    expect(ZBoothInput.safeParse({ ...booth, x: PLAN_COLUMNS - 1 }).success).toBe(true);
    expect(ZBoothInput.safeParse({ ...booth, x: PLAN_COLUMNS - 1, w: 2 }).error?.issues[0]).toMatchObject({ path: ['w'], message: 'outsidePlan' });
    expect(ZBoothInput.safeParse({ ...booth, price: 19.99 }).success).toBe(true);
    expect(ZBoothInput.safeParse({ ...booth, price: 19.999 }).success).toBe(false);
  });
  it('takes a known country code in any case and an http(s) website only', () => {
    expect(ZCompanyInput.parse({ name: 'X', countryCode: 'in' }).countryCode).toBe('IN');
    expect(ZCompanyInput.safeParse({ name: 'X', countryCode: 'QQ' }).success).toBe(false);
    expect(ZCompanyInput.safeParse({ name: 'X', website: 'ftp://x.example' }).success).toBe(false);
  });
});

describe('company import CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF, a BOM, and skips blank lines', () => {
    const text = '\ufeffName,Profile\r\n"Acme, Inc.","<p>Say ""hi""</p>\nline two"\r\n\r\nBlue,\n';
    expect(parseCsv(text)).toEqual([
      ['Name', 'Profile'],
      ['Acme, Inc.', '<p>Say "hi"</p>\nline two'],
      ['Blue', ''],
    ]);
  });
  it('maps headers by name in any case and ignores unknown columns', () => {
    expect(importColumnsOf(['Company Name', 'COUNTRY', 'contact_email', 'Notes'])).toEqual(['name', 'countryCode', 'contactEmail', null]);
  });
});
