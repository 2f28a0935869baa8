import { ValidationKey, type TValidationKey } from './error-keys.ts';

// Kept apart from password.ts so that message tables do not pull in the common-password list.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
export const PASSWORD_SPECIALS = '@#$%^&+=!?~*';

/** SPEC §5: the three exact password messages. */
export const PASSWORD_MESSAGES = {
  length: 'Password must be between 8 and 16 characters long.',
  strength: 'Password must include uppercase, lowercase, number, and special character for a strong password',
  common: 'Password is too common. Please choose a different one.',
} as const;

/** The error key of each password message (for i18n: VALIDATION_MESSAGES_EN holds the same texts). */
export const PASSWORD_ERROR_KEYS = {
  length: ValidationKey.PasswordLength,
  strength: ValidationKey.PasswordStrength,
  common: ValidationKey.PasswordCommon,
} as const satisfies Record<keyof typeof PASSWORD_MESSAGES, TValidationKey>;

