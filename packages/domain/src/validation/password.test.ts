import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_MESSAGES, passwordProblem, passwordProblemKind, zPassword, PASSWORD_CONFIRM_KEY } from './password.ts';
import { COMMON_PASSWORDS, SPEC_COMMON_PASSWORDS, isCommonPassword } from './common-passwords.ts';

describe('passwordProblem', () => {
  it('uses the spec messages word for word', () => {
    expect(PASSWORD_MESSAGES).toEqual({
      length: 'Password must be between 8 and 16 characters long.',
      strength: 'Password must include uppercase, lowercase, number, and special character for a strong password',
      common: 'Password is too common. Please choose a different one.',
    });
  });

  it.each([
    ['', 'length'],
    ['Ab1@xyz', 'length'], // 7
    ['Ab1@xyzw', null], // 8
    ['Ab1@xyzwvutsrqpo', null], // 16
    ['Ab1@xyzwvutsrqpon', 'length'], // 17
    ['abcdefgh', 'strength'],
    ['ABCDEFG1@', 'strength'], // no lower case
    ['abcdefg1@', 'strength'], // no upper case
    ['Abcdefgh@', 'strength'], // no digit
    ['Abcdefgh1', 'strength'], // no special
    ['Abcdefg1-', 'strength'], // "-" is not in the special set
    ['Abcdefg1 ', 'strength'], // nor is space
    ...[...'@#$%^&+=!?~*'].map((c) => [`Kestrel7${c}`, null] as const),
    ['Ábcdéfg1@', 'strength'], // accented letters are not ASCII upper/lower: no upper here
    ['Ab1@😀😀😀😀', null], // 8 code points, emoji count once each
    ['Ab1@' + '😀'.repeat(13), 'length'], // 17 code points
    ['Password@123', 'common'],
    ['P@ssw0rd1', 'common'],
    ['Welcome@2025', 'common'], // from the generated well-known list
    ['Qwerty@123', 'common'],
    ['Tr0ub4dor&3x', null],
  ] as const)('%j → %s', (value, kind) => {
    expect(passwordProblemKind(value)).toBe(kind);
    expect(passwordProblem(value)).toBe(kind ? PASSWORD_MESSAGES[kind] : null);
  });

  it('zPassword reports the message as the issue', () => {
    expect(zPassword().safeParse('short').error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.length);
    expect(zPassword().safeParse('Good#Pass9x').success).toBe(true);
  });

  it('never throws and only returns one of the three messages', () => {
    const allowed = new Set<string | null>([null, ...Object.values(PASSWORD_MESSAGES)]);
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => allowed.has(passwordProblem(s))));
  });

  it('keeps the confirmation key', () => {
    expect(PASSWORD_CONFIRM_KEY).toBe('comparePassword');
  });
});

describe('COMMON_PASSWORDS', () => {
  it('holds the spec list (~50) and a larger well-known list, all lower-case', () => {
    expect(SPEC_COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(50);
    for (const p of SPEC_COMMON_PASSWORDS) expect(COMMON_PASSWORDS.has(p)).toBe(true);
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(1000);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
  });
  it('matches regardless of case and compatibility forms', () => {
    expect(isCommonPassword('PASSWORD@123')).toBe(true);
    expect(isCommonPassword('ｐａｓｓｗｏｒｄ@123')).toBe(true); // full-width letters
    expect(isCommonPassword('Xq7#mL2!vB')).toBe(false);
  });
});
