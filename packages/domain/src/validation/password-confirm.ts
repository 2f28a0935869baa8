import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';

/** SPEC §5: the confirmation must equal the password exactly (no trimming, no case folding). */
export function passwordConfirmationProblem(password: string, confirmation: string): 'comparePassword' | null {
  return password === confirmation ? null : ValidationKey.ComparePassword;
}

/** `.superRefine` callback; the issue lands on the confirmation field. */
export function refinePasswordConfirmation<P extends string, C extends string>(passwordKey: P, confirmKey: C) {
  return (value: Record<P | C, string>, ctx: z.RefinementCtx) => {
    if (passwordConfirmationProblem(value[passwordKey], value[confirmKey])) {
      ctx.addIssue({ code: 'custom', message: ValidationKey.ComparePassword, path: [confirmKey] });
    }
  };
}
