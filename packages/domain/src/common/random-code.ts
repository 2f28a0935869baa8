/** SPEC §9 random code helper: default alphabet lower-case letters and digits. */
export const RANDOM_CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const DEFAULT_RANDOM_CODE_LENGTH = 8;

export type TRandomBytes = (buffer: Uint8Array) => Uint8Array;

const cryptoRandomBytes: TRandomBytes = (buffer) => globalThis.crypto.getRandomValues(buffer);

/**
 * A code of `length` characters drawn uniformly from `alphabet` with the platform CSPRNG (Web Crypto, in browsers
 * and Node alike). Bytes that would bias the draw (≥ the largest multiple of the alphabet size) are rejected.
 */
export function randomCode(
  length = DEFAULT_RANDOM_CODE_LENGTH,
  alphabet = RANDOM_CODE_ALPHABET,
  randomBytes: TRandomBytes = cryptoRandomBytes,
): string {
  const symbols = [...new Set(alphabet)];
  if (!Number.isInteger(length) || length < 0) throw new RangeError('length must be a non-negative integer');
  if (symbols.length < 2 || symbols.length > 256) throw new RangeError('alphabet must have 2 to 256 symbols');
  const limit = 256 - (256 % symbols.length);
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(new Uint8Array(Math.max(16, (length - out.length) * 2)));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      out += symbols[byte % symbols.length];
      if (out.length === length) break;
    }
  }
  return out;
}
