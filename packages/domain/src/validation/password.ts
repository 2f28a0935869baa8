import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';
import { isCommonPassword } from './common-passwords.ts';

export { PASSWORD_ERROR_KEYS, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from './password-messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from './password-messages.ts';

export type TPasswordProblemKind = keyof typeof PASSWORD_MESSAGES;

/**
 * Which rule fails first, or null. Length counts Unicode code points (an emoji is one character). The four
 * classes are ASCII upper, ASCII lower, ASCII digit and one of PASSWORD_SPECIALS; other characters are allowed
 * but count towards no class.
 */
export function passwordProblemKind(value: string): TPasswordProblemKind | null {
  const length = [...value].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'length';
  const hasUpper = /[A-Z]/.test(value);
  const hasLower = /[a-z]/.test(value);
  const hasDigit = /[0-9]/.test(value);
  const hasSpecial = [...value].some((c) => PASSWORD_SPECIALS.includes(c));
  if (!(hasUpper && hasLower && hasDigit && hasSpecial)) return 'strength';
  if (isCommonPassword(value)) return 'common';
  return null;
}

/** Returns the first failing SPEC §5 message, or null when the password is acceptable. */
export function passwordProblem(value: string): string | null {
  const kind = passwordProblemKind(value);
  return kind ? PASSWORD_MESSAGES[kind] : null;
}

/** Zod password: the issue message is the spec's exact text (the server and the form show it as is). */
export const zPassword = () =>
  z.string().superRefine((v, ctx) => {
    const problem = passwordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const PASSWORD_CONFIRM_KEY = ValidationKey.ComparePassword;
