import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN as DOMAIN_EMAIL_PATTERN } from '@pavilion/domain/validation/email';
import { isNonBlank as domainIsNonBlank } from '@pavilion/domain/validation/text';
import { EMAIL_PATTERN, isNonBlank } from './rules.ts';

describe('public validation rules', () => {
  it('uses exactly the domain email pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(DOMAIN_EMAIL_PATTERN.source);
    expect(EMAIL_PATTERN.flags).toBe(DOMAIN_EMAIL_PATTERN.flags);
  });
  it('agrees with the domain on blank text', () => {
    for (const v of ['', ' ', '\u200B', '\u2060 ', 'a', ' b ', null, undefined]) expect(isNonBlank(v)).toBe(domainIsNonBlank(v));
  });
});
