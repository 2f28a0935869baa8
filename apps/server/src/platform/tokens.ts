import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@pavilion/domain';
import { newId } from './ids.ts';

export type AccessClaims = { userId: string; organisationId: string | null; sessionId: string };
export type EventAccessClaims = { userId: string; eventId: string; eventUserId: string };

const ISSUER = 'pavilion';

/** JWTs signed with HS256. Access tokens are short-lived; event-access tokens carry eventData's accessCodeToken. */
export function createTokens(secret: string, options: { accessTtlSeconds?: number; now?: () => number } = {}) {
  const key = new TextEncoder().encode(secret);
  const accessTtl = options.accessTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);

  async function verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: new Date(nowSeconds() * 1000),
      });
      return payload;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
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
        .sign(key);
    },
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      const p = await verify(token, 'access');
      if (!p?.sub || typeof p.sid !== 'string') return null;
      return { userId: p.sub, organisationId: typeof p.org === 'string' ? p.org : null, sessionId: p.sid };
    },
    /** Reads an expired-or-not access token's subject, for the refresh call's consistency check. */
    async subjectOfAnyAccess(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
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
      const now = nowSeconds();
      return new SignJWT({ ev: claims.eventId, eu: claims.eventUserId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience('event-access')
        .setSubject(claims.userId)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    async verifyEventAccess(token: string): Promise<EventAccessClaims | null> {
      const p = await verify(token, 'event-access');
      if (!p?.sub || typeof p.ev !== 'string' || typeof p.eu !== 'string') return null;
      return { userId: p.sub, eventId: p.ev, eventUserId: p.eu };
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;

export function isJwtShaped(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}
