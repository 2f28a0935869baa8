import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';

/** SPEC §5: letters, digits, dot, underscore and hyphen, then @, a domain, and a top-level label of 2–20 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,20}$/;
export const EMAIL_ERROR_KEY = ValidationKey.InvalidEmail;
export const EMAIL_MAX_LENGTH = 254;
/** The spec's two throwaway domains; the disposable-email-domains list is a superset. */
export const SPEC_THROWAWAY_DOMAINS = ['yopmail.com', 'mailinator.com'] as const;

/**
 * The throwaway domains refused in production. The spec's two are built in; the server loads the
 * disposable-email-domains list (a superset, ~40 MB in memory) into it at start-up in production only, so neither
 * the browser bundle nor a development server carries it.
 */
const disposable = new Set<string>(SPEC_THROWAWAY_DOMAINS);

export function addDisposableDomains(domains: Iterable<string>): void {
  for (const d of domains) disposable.add(d.toLowerCase());
}

export type EmailOptions = { isProduction?: boolean };

/** True for an address at a disposable domain or any subdomain of one (x@eu.mailinator.com). */
export function isDisposableEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 0) return false;
  const labels = value.slice(at + 1).toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposable.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

/** SPEC §5 email rule; in production, disposable domains are refused too. */
export function isValidEmail(value: string, options: EmailOptions = {}): boolean {
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return false;
  if (options.isProduction && isDisposableEmail(value)) return false;
  return true;
}

/** The variant that accepts a purely numeric value (a phone) and checks the email pattern otherwise. */
export function isValidEmailOrPhone(value: string, options: EmailOptions = {}): boolean {
  if (/^\d+$/.test(value)) return true;
  return isValidEmail(value, options);
}

export const zEmail = (options: EmailOptions = {}) =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .refine((v) => isValidEmail(v, options), { message: EMAIL_ERROR_KEY });

export const zEmailOrPhone = (options: EmailOptions = {}) =>
  z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .refine((v) => isValidEmailOrPhone(v, options), { message: EMAIL_ERROR_KEY });
