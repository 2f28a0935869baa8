import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';

/** SPEC §5: a text is non-blank only if it contains a non-space character. */
export function isNonBlank(value: string | null | undefined): boolean {
  // Zero-width spaces and joiners count as spaces too: a field of only U+200B looks empty.
  return typeof value === 'string' && /[^\s\u200B-\u200D\u2060]/u.test(value);
}

/** A required text field: refuses empty and whitespace-only values with `required`. */
export const zNonBlank = (maxLength = 1000) =>
  z.string().max(maxLength).refine(isNonBlank, { message: ValidationKey.Required });
