/** Lower-cased common passwords (SPEC §5: about 50 built in). The domain issue extends this list. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'password1', 'password123', 'password@123', 'password@1', 'passw0rd', 'p@ssw0rd', 'p@ssword1',
  '12345678', '123456789', '1234567890', 'qwerty123', 'qwerty@123', 'abc@1234', 'abcd@1234', 'admin@123',
  'admin123', 'welcome1', 'welcome@1', 'welcome@123', 'letmein1', 'iloveyou1', 'sunshine1', 'princess1',
  'football1', 'monkey123', 'dragon123', 'master123', 'test@1234', 'test@123', 'india@123', 'summer2024!',
  'winter2024!', 'changeme1', 'secret@123', 'qwertyuiop', 'asdfghjkl', '11111111', '00000000', 'abcdefgh',
  'a1b2c3d4', 'pass@1234', 'pass@123', 'user@1234', 'login@123', 'hello@123', 'demo@1234', 'root@1234',
  'p@ssw0rd1', 'qwerty1!', 'zaq12wsx', '1q2w3e4r',
]);
