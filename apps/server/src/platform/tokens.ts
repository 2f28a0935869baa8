import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@pavilion/domain';
import { newId } from './ids.ts';

export type AccessClaims = { userId: string; organisationId: string | null; sessionId: string };
export type EventAccessClaims = { userId: string; eventId: string; eventUserId: string };

const ISSUER = 'pavilion';

// jose imports a raw (Uint8Array) HMAC key into WebCrypto on every sign and verify (~10 % of a lead scan's CPU in the
// profile). Each secret is encoded and imported once per process and the CryptoKey reused; keyed by the secret's
// bytes, so every caller with the same secret (tokens, chat's video tokens) shares one key.
const hmacKeys = new Map<string, Promise<CryptoKey>>();
export function hmacKey(secret: string | Uint8Array): Promise<CryptoKey> {
  const bytes = typeof secret === 'string' ? new TextEncoder().encode(secret) : new Uint8Array(secret);
  const id = Buffer.from(bytes).toString('base64');
  let key = hmacKeys.get(id);
  if (!key) {
    key = crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(id, key);
  }
  return key;
}

/** JWTs signed with HS256. Access tokens are short-lived; event-access tokens carry eventData's accessCodeToken. */
export function createTokens(secret: string, options: { accessTtlSeconds?: number; now?: () => number } = {}) {
  const keyOnce = hmacKey(secret);
  const accessTtl = options.accessTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);

  // Tokens this process verified, by audience and the whole token (signature included), until they expire: a phone
  // sends the same bearer and event access token on every call, and HMAC verification through WebCrypto was ~8 % of
  // a lead scan's CPU even with the key imported once. A forged or altered token never matches an entry.
  const verified = new Map<string, JWTPayload>();
  const VERIFIED_MAX = 20_000;

  async function verify(token: string, audience: string) {
    const cacheKey = `${audience} ${token}`;
    const hit = verified.get(cacheKey);
    if (hit) {
      if (typeof hit.exp === 'number' && hit.exp > nowSeconds()) return hit;
      verified.delete(cacheKey);
    }
    try {
      const { payload } = await jwtVerify(token, await keyOnce, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: new Date(nowSeconds() * 1000),
      });
      if (typeof payload.exp === 'number' && payload.nbf === undefined) {
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(cacheKey, payload);
      }
      return payload;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }

  /** A token naming one participation of an event (`ev`, `eu`) for an account, for one audience; `null`: no expiry. */
  async function signParticipation(audience: string, claims: EventAccessClaims, ttlSeconds: number | null): Promise<string> {
    const now = nowSeconds();
    const jwt = new SignJWT({ ev: claims.eventId, eu: claims.eventUserId }).setProtectedHeader({ alg: 'HS256' }).setIssuer(ISSUER).setAudience(audience).setSubject(claims.userId).setIssuedAt(now);
    return (ttlSeconds === null ? jwt : jwt.setExpirationTime(now + ttlSeconds)).sign(await keyOnce);
  }
  async function verifyParticipation(token: string, audience: string): Promise<EventAccessClaims | null> {
    const p = await verify(token, audience);
    if (!p?.sub || typeof p.ev !== 'string' || typeof p.eu !== 'string') return null;
    return { userId: p.sub, eventId: p.ev, eventUserId: p.eu };
  }

  return {
    accessTtlSeconds: accessTtl,
    async signAccess(claims: AccessClaims): Promise<string> {
      const now = nowSeconds();
      return new SignJWT({ org: claims.organisationId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience('access')
        .setSubject(claims.userId)
        .setJti(newId())
        .setIssuedAt(now)
        .setExpirationTime(now + accessTtl)
        .sign(await keyOnce);
    },
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      const p = await verify(token, 'access');
      if (!p?.sub || typeof p.sid !== 'string') return null;
      return { userId: p.sub, organisationId: typeof p.org === 'string' ? p.org : null, sessionId: p.sid };
    },
    /** Reads an expired-or-not access token's subject, for the refresh call's consistency check. */
    async subjectOfAnyAccess(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, await keyOnce, {
          issuer: ISSUER,
          audience: 'access',
          algorithms: ['HS256'],
          currentDate: new Date(0),
        });
        return payload.sub ?? null;
      } catch {
        return null;
      }
    },
    async signEventAccess(claims: EventAccessClaims, ttlSeconds = 30 * 24 * 3600): Promise<string> {
      return signParticipation('event-access', claims, ttlSeconds);
    },
    /**
     * A calendar feed's address (programme: "subscribe to my schedule"): calendar apps fetch it without headers, so the
     * participation it reads is signed into the URL. It does not expire (a subscription lasts); it names one event's
     * participation and reads that person's own schedule (booked sessions and meetings) only.
     */
    async signCalendarFeed(claims: EventAccessClaims): Promise<string> {
      return signParticipation('calendar-feed', claims, null);
    },
    async verifyCalendarFeed(token: string): Promise<EventAccessClaims | null> {
      return verifyParticipation(token, 'calendar-feed');
    },
    async verifyEventAccess(token: string): Promise<EventAccessClaims | null> {
      return verifyParticipation(token, 'event-access');
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;

export function isJwtShaped(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}
