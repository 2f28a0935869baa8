import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { passwordConfirmationProblem, refinePasswordConfirmation } from './password-confirm.ts';

describe('passwordConfirmationProblem', () => {
  it.each([
    ['Secret#123', 'Secret#123', null],
    ['Secret#123', 'secret#123', 'comparePassword'], // case matters
    ['Secret#123', 'Secret#123 ', 'comparePassword'], // no trimming
    ['', '', null],
    ['é', 'e\u0301', 'comparePassword'], // different code points
  ] as const)('%j / %j → %s', (a, b, expected) => {
    expect(passwordConfirmationProblem(a, b)).toBe(expected);
  });

  it('refinement lands on the confirmation field', () => {
    const schema = z
      .object({ password: z.string(), confirmPassword: z.string() })
      .superRefine(refinePasswordConfirmation('password', 'confirmPassword'));
    expect(schema.safeParse({ password: 'a', confirmPassword: 'b' }).error?.issues[0]).toEqual(
      expect.objectContaining({ message: 'comparePassword', path: ['confirmPassword'] }),
    );
  });
});
