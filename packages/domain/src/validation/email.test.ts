import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import disposableDomains from 'disposable-email-domains' with { type: 'json' };
import { beforeAll } from 'vitest';
import { EMAIL_ERROR_KEY, addDisposableDomains, isDisposableEmail, isValidEmail, isValidEmailOrPhone, zEmail, zEmailOrPhone } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    ['a@b.co', true],
    ['first.last_name-x@sub.example.com', true],
    ['UPPER@EXAMPLE.ORG', true],
    ['a@b.abcdefghijklmnopqrst', true], // top-level label of 20 letters
    ['a@b.abcdefghijklmnopqrstu', false], // 21 letters
    ['a@b.c', false], // 1 letter
    ['a@b.c0m', false], // digits in the top-level label
    ['a+tag@example.com', false], // "+" is not in the spec's character set
    ['a@example', false],
    ['@example.com', false],
    ['a@@example.com', false],
    ['a b@example.com', false],
    ['', false],
    ['ü@example.com', false],
    ['a@exämple.com', false],
    [`${'a'.repeat(250)}@b.com`, false], // over 254 characters
  ])('%s → %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it('accepts throwaway domains outside production and refuses them in production', () => {
    for (const domain of ['yopmail.com', 'mailinator.com']) {
      expect(isValidEmail(`x@${domain}`)).toBe(true);
      expect(isValidEmail(`x@${domain}`, { isProduction: true })).toBe(false);
    }
    expect(isValidEmail('x@example.com', { isProduction: true })).toBe(true);
  });
});

describe('isDisposableEmail', () => {
  // The server loads the full list in production; load it here the same way.
  beforeAll(() => addDisposableDomains(disposableDomains as string[]));
  it.each([
    ['x@yopmail.com', true],
    ['x@MAILINATOR.COM', true],
    ['x@eu.mailinator.com', true], // subdomain of a listed domain
    ['x@10minutemail.com', true], // from the disposable-email-domains list
    ['x@gmail.com', false],
    ['x@mailinator.com.example.org', false], // a listed name that is not the domain's suffix
    ['no-at-sign', false],
  ])('%s → %s', (value, expected) => {
    expect(isDisposableEmail(value)).toBe(expected);
  });
});

describe('isValidEmailOrPhone', () => {
  it.each([
    ['9876543210', true],
    ['0', true],
    ['a@b.co', true],
    ['+919876543210', false], // not purely numeric, not an email
    ['98765 43210', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidEmailOrPhone(value)).toBe(expected);
  });
});

describe('zEmail', () => {
  it('trims, then reports inVaildEmail', () => {
    expect(zEmail().parse('  a@b.co ')).toBe('a@b.co');
    const result = zEmail().safeParse('nope');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(EMAIL_ERROR_KEY);
    expect(EMAIL_ERROR_KEY).toBe('inVaildEmail');
  });
  it('zEmailOrPhone accepts digits and emails', () => {
    expect(zEmailOrPhone().safeParse('12345').success).toBe(true);
    expect(zEmailOrPhone().safeParse('x@y').error?.issues[0]?.message).toBe('inVaildEmail');
  });
  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => typeof isValidEmail(s, { isProduction: true }) === 'boolean'));
  });
});
