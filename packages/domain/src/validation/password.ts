import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const PASSWORD_SPECIALS = '@#$%^&+=!?~*';

export const PASSWORD_MESSAGES = {
  length: 'Password must be between 8 and 16 characters long.',
  strength: 'Password must include uppercase, lowercase, number, and special character for a strong password',
  common: 'Password is too common. Please choose a different one.',
} as const;

/** Returns the first failing SPEC §5 message, or null when the password is acceptable. */
export function passwordProblem(value: string): string | null {
  const length = [...value].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.length;
  const hasUpper = /[A-Z]/.test(value);
  const hasLower = /[a-z]/.test(value);
  const hasDigit = /\d/.test(value);
  const hasSpecial = [...value].some((c) => PASSWORD_SPECIALS.includes(c));
  if (!(hasUpper && hasLower && hasDigit && hasSpecial)) return PASSWORD_MESSAGES.strength;
  if (COMMON_PASSWORDS.has(value.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}

export const zPassword = () =>
  z.string().superRefine((v, ctx) => {
    const problem = passwordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const PASSWORD_CONFIRM_KEY = 'comparePassword';
