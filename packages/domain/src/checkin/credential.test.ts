import { generateKeyPairSync, sign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { credentialMessage, formatCredential, fromBase64Url, parseCredential, toBase64Url, verifyCredential } from './credential.ts';

const pair = generateKeyPairSync('ed25519');
const publicKey = toBase64Url(new Uint8Array(pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12)));
const issue = (eventId: string, registrationId: string, version: number) => {
  const claims = { eventId, registrationId, version };
  return formatCredential(claims, new Uint8Array(sign(null, Buffer.from(credentialMessage(claims)), pair.privateKey)));
};
const zId = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);

describe('credential', () => {
  it('round-trips any well-formed claims and verifies with the event key', async () => {
    await fc.assert(
      fc.asyncProperty(zId, zId, fc.integer({ min: 1, max: 999_999_999 }), async (e, r, v) => {
        const token = issue(e, r, v);
        expect(parseCredential(token)).toMatchObject({ eventId: e, registrationId: r, version: v });
        expect(await verifyCredential(token, e, publicKey)).toEqual({ ok: true, claims: { eventId: e, registrationId: r, version: v } });
      }),
      { numRuns: 40 },
    );
  });

  it('stays small enough for a version-8 QR code', () => {
    expect(issue('AbCdEfGhIjKlMnOp', 'QrStUvWxYz012345', 12).length).toBeLessThanOrEqual(140);
  });

  it('refuses a changed version, registration or event as forged or other_event', async () => {
    const token = issue('ev1', 'reg1', 1);
    expect(await verifyCredential(token.replace(':1:', ':2:'), 'ev1', publicKey)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyCredential(token.replace(':reg1:', ':reg2:'), 'ev1', publicKey)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyCredential(token, 'ev2', publicKey)).toEqual({ ok: false, reason: 'other_event' });
  });

  it.each([
    '',
    'hello',
    'PV1:a:b:1',
    'PV2:a:b:1:' + 'A'.repeat(86),
    'PV1:a:b:0:' + 'A'.repeat(86),
    'PV1:a:b:01:' + 'A'.repeat(86),
    'PV1:a b:c:1:' + 'A'.repeat(86),
    'PV1:a:b:1:' + 'A'.repeat(85),
    'PV1:a:b:1:' + 'A'.repeat(86) + ':x',
    'PV1:' + 'a'.repeat(65) + ':b:1:' + 'A'.repeat(86),
    '<script>alert(1)</script>',
  ])('parses %j as malformed', async (raw) => {
    expect(parseCredential(raw)).toBeNull();
    expect(await verifyCredential(raw, 'a', publicKey)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('base64url round-trips bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(Array.from(fromBase64Url(toBase64Url(bytes)))).toEqual(Array.from(bytes));
      }));
  });
});
