import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for secrets organisers store in Pavilion (payment provider keys, wallet signing keys):
 * AES-256-GCM under a key derived (HKDF-SHA256) from SECRETS_KEY, or from the signing secret when SECRETS_KEY is not
 * set. With the key in the environment, a copy of the database alone does not reveal the secrets. A stored value is
 * `pvs1:` + base64url(iv 12 bytes | tag 16 bytes | ciphertext). Values stored before encryption existed (no prefix)
 * are read as they are and sealed on their next write.
 */
export type SecretBox = {
  seal(plain: string): string;
  /**
   * Throws when the value was sealed under another key (SECRETS_KEY changed) or was tampered with. A value without the
   * prefix is read as it is (a secret stored before encryption existed): never use it for a value a caller hands in.
   */
  open(stored: string): string;
  /** `open` for a value that must have been sealed here (a link's ticket a caller hands in): anything else throws. */
  openSealed(sealed: string): string;
};

const PREFIX = 'pvs1:';

export function createSecretBox(keyMaterial: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'pavilion', 'secret-box v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    openSealed(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Not a sealed value');
      return this.open(sealed);
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      try {
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('A stored secret cannot be decrypted: it was sealed under another key (did SECRETS_KEY change?)');
      }
    },
  };
}

/** `seal` for an optional value: null and undefined pass through. */
export function sealOptional<T extends string | null | undefined>(box: SecretBox, value: T): T {
  return (typeof value === 'string' ? box.seal(value) : value) as T;
}
/** `open` for an optional value: null and undefined pass through. */
export function openOptional<T extends string | null | undefined>(box: SecretBox, value: T): T {
  return (typeof value === 'string' ? box.open(value) : value) as T;
}
