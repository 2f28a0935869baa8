import { z } from 'zod';
import { ValidationKey } from './error-keys.ts';

/** True for IANA zone names the runtime knows (Intl), e.g. "Asia/Kolkata". */
export function isValidTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(name) && name !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const zTimeZone = () => z.string().max(64).refine(isValidTimeZone, { message: ValidationKey.InvalidTimeZone });
