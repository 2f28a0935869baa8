import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { createLiveKitProvider, sfuFromConfig } from './sfu.ts';

const SECRET = 'livekit-api-secret-of-at-least-32-chars';
const NOW = new Date('2027-03-02T10:00:00Z');

describe('LiveKit SFU adapter (issue 17)', () => {
  it('mints a LiveKit access token: HS256 with the API secret, iss = API key, sub = identity, the room grant', async () => {
    const sfu = createLiveKitProvider({ url: 'wss://sfu.example.org', apiKey: 'APIxyz', apiSecret: SECRET }, () => NOW);
    const token = await sfu.accessToken({ room: 'table-t1', identity: 'eu-1', name: 'Ann Tester', ttlSeconds: 3600, canPublish: true });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), { issuer: 'APIxyz', currentDate: NOW, algorithms: ['HS256'] });
    const at = NOW.getTime() / 1000;
    expect(payload).toEqual({
      iss: 'APIxyz',
      sub: 'eu-1',
      jti: 'eu-1',
      name: 'Ann Tester',
      nbf: at,
      iat: at,
      exp: at + 3600,
      video: { room: 'table-t1', roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true },
    });
    // Signed with the secret: another secret does not verify it.
    await expect(jwtVerify(token, new TextEncoder().encode(`${SECRET}-other`), { currentDate: NOW })).rejects.toThrow();
  });

  it('is configured only with its URL, key and secret together', () => {
    expect(sfuFromConfig({})).toBeNull();
    expect(sfuFromConfig({ LIVEKIT_URL: 'wss://sfu.example.org', LIVEKIT_API_KEY: 'k' })).toBeNull();
    expect(sfuFromConfig({ LIVEKIT_URL: 'wss://sfu.example.org', LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: SECRET })).toMatchObject({ provider: 'livekit', url: 'wss://sfu.example.org' });
    // Janus: its HTTP API and token secret together (the adapter against a real Janus: sfu.janus.test.ts).
    expect(sfuFromConfig({ JANUS_URL: 'http://127.0.0.1:8088/janus' })).toBeNull();
    expect(sfuFromConfig({ JANUS_URL: 'http://127.0.0.1:8088/janus/', JANUS_TOKEN_SECRET: 'a-janus-token-secret' })).toMatchObject({ provider: 'janus', url: 'http://127.0.0.1:8088/janus' });
  });
});
