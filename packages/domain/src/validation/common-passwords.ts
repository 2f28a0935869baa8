import { WELL_KNOWN_COMMON_PASSWORDS } from './common-passwords.data.ts';

/** SPEC §5: the built-in list of about 50 common passwords (lower-cased). */
export const SPEC_COMMON_PASSWORDS: readonly string[] = [
  'password', 'password1', 'password123', 'password@123', 'password@1', 'passw0rd', 'p@ssw0rd', 'p@ssword1',
  '12345678', '123456789', '1234567890', 'qwerty123', 'qwerty@123', 'abc@1234', 'abcd@1234', 'admin@123',
  'admin123', 'welcome1', 'welcome@1', 'welcome@123', 'letmein1', 'iloveyou1', 'sunshine1', 'princess1',
  'football1', 'monkey123', 'dragon123', 'master123', 'test@1234', 'test@123', 'india@123', 'summer2024!',
  'winter2024!', 'changeme1', 'secret@123', 'qwertyuiop', 'asdfghjkl', '11111111', '00000000', 'abcdefgh',
  'a1b2c3d4', 'pass@1234', 'pass@123', 'user@1234', 'login@123', 'hello@123', 'demo@1234', 'root@1234',
  'p@ssw0rd1', 'qwerty1!', 'zaq12wsx', '1q2w3e4r',
];

/**
 * Lower-cased common passwords: the spec's list plus the generated well-known list (common-passwords.data.ts).
 * Compare with `isCommonPassword`, which normalises case (and Unicode form) the same way.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([...SPEC_COMMON_PASSWORDS, ...WELL_KNOWN_COMMON_PASSWORDS]);

export function isCommonPassword(value: string): boolean {
  return COMMON_PASSWORDS.has(value.normalize('NFKC').toLowerCase());
}
