import { describe, it, expect } from 'vitest';
import { VALIDATION_MESSAGES_EN, validationMessageEn } from './messages.ts';
import { ValidationKey } from './error-keys.ts';
import { PASSWORD_ERROR_KEYS, PASSWORD_MESSAGES } from './password.ts';

describe('VALIDATION_MESSAGES_EN', () => {
  it('has a non-empty English message for every key', () => {
    for (const key of Object.values(ValidationKey)) {
      expect(VALIDATION_MESSAGES_EN[key], key).toMatch(/\S/);
    }
    expect(Object.keys(VALIDATION_MESSAGES_EN).sort()).toEqual(Object.values(ValidationKey).sort());
  });

  it('covers the spec form error keys with their exact spelling', () => {
    for (const key of ['inVaildEmail', 'notEquivalent', 'timeCampare', 'comparePassword', 'pattern', 'htmlClassNotAllowed', 'doubleCurlyVariableNotAllowed', 'required', 'invalidTimeZone']) {
      expect(VALIDATION_MESSAGES_EN).toHaveProperty(key);
    }
  });

  it('uses the spec password messages and the 1001 toast text', () => {
    for (const kind of ['length', 'strength', 'common'] as const) {
      expect(VALIDATION_MESSAGES_EN[PASSWORD_ERROR_KEYS[kind]]).toBe(PASSWORD_MESSAGES[kind]);
    }
    expect(VALIDATION_MESSAGES_EN.dangerousContent).toBe('Request contains potentially dangerous data.');
  });

  it('contains no i18next interpolation markers', () => {
    for (const text of Object.values(VALIDATION_MESSAGES_EN)) expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it('translates keys and passes raw messages through', () => {
    expect(validationMessageEn('timeCampare')).toBe('The end time must be after the start time.');
    expect(validationMessageEn(PASSWORD_MESSAGES.common)).toBe(PASSWORD_MESSAGES.common);
  });
});
