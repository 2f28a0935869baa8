import { z } from 'zod';
import disposableDomains from 'disposable-email-domains' with { type: 'json' };

/** SPEC §5: letters, digits, dot, underscore and hyphen, then @, a domain, and a top-level label of 2–20 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,20}$/;
export const EMAIL_ERROR_KEY = 'inVaildEmail';
/** The spec's two throwaway domains; the disposable-email-domains list is a superset. */
export const SPEC_THROWAWAY_DOMAINS = ['yopmail.com', 'mailinator.com'] as const;

const disposable = new Set<string>([...(disposableDomains as string[]), ...SPEC_THROWAWAY_DOMAINS]);

export type EmailOptions = { isProduction?: boolean };

export function isDisposableEmail(value: string): boolean {
  const domain = value.split('@')[1]?.toLowerCase();
  return domain !== undefined && disposable.has(domain);
}

export function isValidEmail(value: string, options: EmailOptions = {}): boolean {
  if (value.length > 254 || !EMAIL_PATTERN.test(value)) return false;
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
    .max(254)
    .refine((v) => isValidEmail(v, options), { message: EMAIL_ERROR_KEY });
