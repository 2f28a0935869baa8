/**
 * Every validation error key the domain emits (SPEC §5 and §8 form error keys, plus the keys this package adds).
 * Zod issues carry these as their `message`; the server sends them as `errors[].key`, the web translates them.
 */
export const ValidationKey = {
  InvalidEmail: 'inVaildEmail',
  NotEquivalent: 'notEquivalent',
  TimeCompare: 'timeCampare',
  ComparePassword: 'comparePassword',
  Pattern: 'pattern',
  HtmlClassNotAllowed: 'htmlClassNotAllowed',
  DoubleCurlyVariableNotAllowed: 'doubleCurlyVariableNotAllowed',
  Required: 'required',
  InvalidTimeZone: 'invalidTimeZone',
  PasswordLength: 'passwordLength',
  PasswordStrength: 'passwordStrength',
  PasswordCommon: 'passwordCommon',
  InvalidCountry: 'invalidCountry',
  PhoneDigitsOnly: 'phoneDigitsOnly',
  PhoneLength: 'phoneLength',
  PhoneAreaCode: 'phoneAreaCode',
  DangerousContent: 'dangerousContent',
  FileTypeNotAllowed: 'fileTypeNotAllowed',
  FileContentMismatch: 'fileContentMismatch',
  InvalidDate: 'invalidDate',
  InvalidTime: 'invalidTime',
} as const;
export type TValidationKey = (typeof ValidationKey)[keyof typeof ValidationKey];
