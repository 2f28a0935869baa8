import { createHash, randomBytes } from 'node:crypto';

/** Unguessable public id (96 bits, URL-safe, 16 characters). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/** A secret for links and tokens (256 bits). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored hashed; SHA-256 suffices because they are high-entropy random values. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
