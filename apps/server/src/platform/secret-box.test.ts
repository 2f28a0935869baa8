import { describe, expect, it } from 'vitest';
import { createSecretBox, openOptional, sealOptional } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('a-key-that-is-long-enough-for-tests-0123456789');

  it('seals so the stored value hides the secret, and opens it back', () => {
    const sealed = box.seal('sk_live_51Hx…secret');
    expect(sealed).toMatch(/^pvs1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('sk_live');
    expect(box.open(sealed)).toBe('sk_live_51Hx…secret');
    // A fresh IV each time: the same secret never gives the same stored value.
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('reads values stored before encryption as they are, but openSealed refuses anything it did not seal', () => {
    expect(box.open('whsec_plain_legacy')).toBe('whsec_plain_legacy');
    // A link's ticket handed in by a caller: plain JSON claims would otherwise be read as if sealed.
    expect(() => box.openSealed('{"k":"brief-bag","x":9999999999999}')).toThrow();
    expect(box.openSealed(box.seal('claims'))).toBe('claims');
  });

  it('refuses a value sealed under another key, or tampered with', () => {
    const other = createSecretBox('another-key-that-is-long-enough-0123456789');
    expect(() => other.open(box.seal('secret'))).toThrow(/another key/);
    // One bit of the ciphertext flipped (the text's last byte). Replacing a base64 character instead changed nothing
    // once in 64 runs: the character was already the replacement.
    const sealed = box.seal('secret');
    const raw = Buffer.from(sealed.slice('pvs1:'.length), 'base64url');
    raw[raw.length - 1]! ^= 0x01;
    expect(() => box.open(`pvs1:${raw.toString('base64url')}`)).toThrow();
  });

  it('passes null and undefined through the optional helpers', () => {
    expect(sealOptional(box, null)).toBeNull();
    expect(openOptional(box, undefined)).toBeUndefined();
    expect(openOptional(box, sealOptional(box, 'x'))).toBe('x');
  });
});
