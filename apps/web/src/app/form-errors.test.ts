import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { PASSWORD_MESSAGES, VALIDATION_MESSAGES_EN, ZEventCreateRequest, ZSignupRequest } from '@pavilion/domain';
import { i18next } from './i18n.ts';
import { applyServerFieldErrors, schemaValidator, translateErrorKey } from './form-errors.ts';

const t = i18next.t.bind(i18next) as unknown as TFunction;

describe('translateErrorKey', () => {
  it('translates the spec keys through i18n', () => {
    expect(translateErrorKey(t, 'notEquivalent')).toBe(VALIDATION_MESSAGES_EN.notEquivalent);
    expect(translateErrorKey(t, 'inVaildEmail')).toBe(VALIDATION_MESSAGES_EN.inVaildEmail);
    expect(translateErrorKey(t, 'comparePassword')).toBe(VALIDATION_MESSAGES_EN.comparePassword);
  });

  it('shows the password messages exactly as the spec writes them', () => {
    for (const message of Object.values(PASSWORD_MESSAGES)) expect(translateErrorKey(t, message)).toBe(message);
  });

  it('falls back to a generic text for unknown keys', () => {
    expect(translateErrorKey(t, 'someUnknownKey')).toBe(t('validation.invalid'));
  });
});

describe('applyServerFieldErrors', () => {
  it('puts each {field,key} on its field', () => {
    const setFieldError = vi.fn();
    const applied = applyServerFieldErrors(
      { status: 'ERROR', code: 'VALIDATION', message: 'x', errors: [{ field: 'endDate', key: 'notEquivalent' }, { field: 'password', key: PASSWORD_MESSAGES.strength }] },
      setFieldError,
      t,
    );
    expect(applied).toBe(true);
    expect(setFieldError).toHaveBeenCalledWith('endDate', VALIDATION_MESSAGES_EN.notEquivalent);
    expect(setFieldError).toHaveBeenCalledWith('password', PASSWORD_MESSAGES.strength);
  });

  it('returns false for errors without field errors', () => {
    expect(applyServerFieldErrors({ status: 'ERROR', code: 'X', message: 'x' }, vi.fn(), t)).toBe(false);
    expect(applyServerFieldErrors(new Error('x'), vi.fn(), t)).toBe(false);
  });
});

describe('schemaValidator', () => {
  it('validates with the domain schema the server uses', () => {
    const validate = schemaValidator(ZEventCreateRequest, t);
    const errors = validate({ name: 'Expo', startDate: '2026-05-02', endDate: '2026-05-01', timeZone: 'Asia/Kolkata', venue: '', eventMode: 1, eventType: 1 });
    expect(errors).toEqual({ endDate: VALIDATION_MESSAGES_EN.notEquivalent });
  });

  it('turns empty required fields and password rules into readable messages', () => {
    const validate = schemaValidator(ZSignupRequest, t);
    const errors = validate({ firstName: '', lastName: '', email: 'nope', organisationName: 'Org', password: 'short', confirmPassword: 'other' });
    expect(errors.firstName).toBe(VALIDATION_MESSAGES_EN.required);
    expect(errors.email).toBe(VALIDATION_MESSAGES_EN.inVaildEmail);
    expect(errors.password).toBe(PASSWORD_MESSAGES.length);
  });
});
