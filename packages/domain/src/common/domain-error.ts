/**
 * A rule violation raised by domain code. Carries a stable code (UPPER_SNAKE) that the server's error handler
 * maps to an HTTP status and the envelope's `code`; `details` is safe to show (no stack, no SQL).
 */
export class DomainError extends Error {
  readonly code: string;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
