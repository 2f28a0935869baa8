import { DANGEROUS_REQUEST_MESSAGE } from '../common/api-codes.ts';
import type { TValidationKey } from './error-keys.ts';
import { PASSWORD_MESSAGES } from './password-messages.ts';

/**
 * English text of every validation error key, flat so that react-i18next can load it as the English resource of
 * its `validation` namespace (`t('validation:inVaildEmail')`). Password texts are the spec's exact messages.
 */
export const VALIDATION_MESSAGES_EN: Readonly<Record<TValidationKey, string>> = {
  inVaildEmail: 'Please enter a valid email address.',
  notEquivalent: 'The end date must not be before the start date.',
  timeCampare: 'The end time must be after the start time.',
  comparePassword: 'The passwords do not match.',
  pattern: 'Please enter a value in the correct format.',
  htmlClassNotAllowed: 'HTML class attributes are not allowed.',
  doubleCurlyVariableNotAllowed: 'Variables in double curly braces are not allowed.',
  required: 'This field is required.',
  invalidTimeZone: 'Please choose a valid time zone.',
  passwordLength: PASSWORD_MESSAGES.length,
  passwordStrength: PASSWORD_MESSAGES.strength,
  passwordCommon: PASSWORD_MESSAGES.common,
  invalidCountry: 'Please choose a valid country.',
  phoneDigitsOnly: 'The phone number may contain digits only.',
  phoneLength: 'The phone number has the wrong number of digits for this country.',
  phoneAreaCode: 'The phone number does not start with a valid area code for this country.',
  dangerousContent: DANGEROUS_REQUEST_MESSAGE,
  fileTypeNotAllowed: 'This file type is not allowed.',
  fileContentMismatch: 'The file content does not match its extension.',
  invalidDate: 'Please enter a valid date.',
  invalidTime: 'Please enter a valid time.',
};

/** The English text for a key or for a raw message (password issues carry their text, which is returned as is). */
export function validationMessageEn(keyOrMessage: string): string {
  return (VALIDATION_MESSAGES_EN as Readonly<Record<string, string>>)[keyOrMessage] ?? keyOrMessage;
}
