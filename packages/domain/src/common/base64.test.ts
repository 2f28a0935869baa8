import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.ts';

describe('base64', () => {
  it('encodes like Node does, also past one slice, and decodes back', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    const text = encodeBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(decodeBase64(text)).toEqual(bytes);
  });

  it('refuses what is not base64', () => {
    expect(decodeBase64('abc')).toBeNull();
    expect(decodeBase64('ab$=')).toBeNull();
  });
});
