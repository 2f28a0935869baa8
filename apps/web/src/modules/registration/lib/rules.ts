/**
 * SPEC §5 rules the public pages check before sending, copied from @pavilion/domain because the domain's
 * validation files import zod (~26 KB gzipped), which would break the registration page's size budget.
 * rules.test.ts proves these stay identical to the domain's (EMAIL_PATTERN, isNonBlank).
 */

/** SPEC §5 email pattern (domain validation/email EMAIL_PATTERN). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,20}$/;

/** SPEC §5: a text is non-blank only if it contains a non-space character (domain validation/text isNonBlank). */
export function isNonBlank(value: string | null | undefined): boolean {
  return typeof value === 'string' && /[^\s\u200B-\u200D\u2060]/u.test(value);
}
