import { SignJWT } from 'jose';

/** A participant's admission to a media-server room. */
export type SfuGrant = { room: string; identity: string; name: string; ttlSeconds: number; canPublish: boolean };

/**
 * A media server (SFU) that takes over a table's video above the mesh limit: the server only mints the participant's
 * access token; the browser connects to `url` with it.
 */
export type SfuProvider = {
  provider: 'livekit';
  url: string;
  accessToken(grant: SfuGrant): Promise<string>;
};

/**
 * LiveKit (docs.livekit.io, "Access tokens"): a JWT signed HS256 with the API secret; `iss` is the API key, `sub`
 * the participant's identity, `nbf`/`exp` its validity, `name` the display name, and the `video` grant names the
 * room with roomJoin, canPublish, canSubscribe and canPublishData.
 */
export function createLiveKitProvider(config: { url: string; apiKey: string; apiSecret: string }, now: () => Date = () => new Date()): SfuProvider {
  const key = new TextEncoder().encode(config.apiSecret);
  return {
    provider: 'livekit',
    url: config.url,
    async accessToken(grant) {
      const at = Math.floor(now().getTime() / 1000);
      return new SignJWT({
        name: grant.name,
        video: { room: grant.room, roomJoin: true, canPublish: grant.canPublish, canSubscribe: true, canPublishData: true },
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(config.apiKey)
        .setSubject(grant.identity)
        .setJti(grant.identity)
        .setNotBefore(at)
        .setIssuedAt(at)
        .setExpirationTime(at + grant.ttlSeconds)
        .sign(key);
    },
  };
}

/** The configured SFU, or null (LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET all needed). */
export function sfuFromConfig(config: { LIVEKIT_URL?: string; LIVEKIT_API_KEY?: string; LIVEKIT_API_SECRET?: string }, now?: () => Date): SfuProvider | null {
  if (!config.LIVEKIT_URL || !config.LIVEKIT_API_KEY || !config.LIVEKIT_API_SECRET) return null;
  return createLiveKitProvider({ url: config.LIVEKIT_URL, apiKey: config.LIVEKIT_API_KEY, apiSecret: config.LIVEKIT_API_SECRET }, now);
}
