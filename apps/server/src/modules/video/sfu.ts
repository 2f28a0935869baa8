import { createHash, createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { videoErrors } from './video.errors.ts';

/** A participant's admission to a media-server room; `capacity` is the table's seats (the room's publishers). */
export type SfuGrant = { room: string; identity: string; name: string; ttlSeconds: number; canPublish: boolean; capacity: number; seated?: SfuMember[] };
/** A person seated at the table: their identity (eventUserId) and the display name the server gives them in the room. */
export type SfuMember = { identity: string; name: string };

/**
 * What the browser joins with: LiveKit a JWT; Janus a core token, the VideoRoom's numeric room, the seat's room token,
 * and the publisher id and display name the server assigns (the browser joins with exactly these).
 */
export type SfuAdmission = { provider: 'livekit'; token: string } | { provider: 'janus'; token: string; roomId: number; roomToken: string; publisherId: number; display: string };

/**
 * A media server (SFU) that takes over a table's video above the mesh limit: the server prepares the room where the
 * media server needs it and mints the participant's access; the browser connects to `url` with it.
 */
export type SfuProvider = {
  provider: 'livekit' | 'janus';
  url: string;
  admit(grant: SfuGrant): Promise<SfuAdmission>;
  /** Ends the room of a deleted table on the media server, if it keeps rooms (Janus does; LiveKit closes empty ones). */
  release?(room: string): Promise<void>;
  /**
   * The holder of `identity` left the table: their room token stops admitting and they are sent out of the room
   * (Janus); anyone in the room who is not one of `seated` under the name the server gave is sent out too.
   */
  revoke?(room: string, identity: string, seated: SfuMember[]): Promise<void>;
  /**
   * The ids under which the server admits these seated `identities` to `room` (Janus's publisher ids), as `viewer` may
   * see them: their own always, another's only once its holder is in the room under it. The browser labels each
   * remote feed by this id from the server's roster, so a name a participant gives the media server is never shown;
   * and since an id is neither derivable (keyed by the server's secret) nor shown before its holder takes it, no one
   * seated can join under another's id first. A media server that cannot be asked answers the viewer's own alone.
   */
  feedIds?(room: string, identities: readonly string[], viewer: string): Promise<Map<string, number>>;
};

/**
 * LiveKit (docs.livekit.io, "Access tokens"): a JWT signed HS256 with the API secret; `iss` is the API key, `sub`
 * the participant's identity, `nbf`/`exp` its validity, `name` the display name, and the `video` grant names the
 * room with roomJoin, canPublish, canSubscribe and canPublishData. LiveKit creates a room on its first join.
 */
export function createLiveKitProvider(config: { url: string; apiKey: string; apiSecret: string }, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(config.apiSecret);
  const accessToken = async (grant: Omit<SfuGrant, 'capacity'>): Promise<string> => {
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
  };
  return {
    provider: 'livekit' as const,
    url: config.url,
    accessToken,
    async admit(grant: SfuGrant): Promise<SfuAdmission> {
      return { provider: 'livekit', token: await accessToken(grant) };
    },
  } satisfies SfuProvider & { accessToken: unknown };
}

export type JanusConfig = { url: string; tokenSecret: string; apiSecret?: string; adminKey?: string };

const VIDEOROOM = 'janus.plugin.videoroom';
/** Janus VideoRoom's "room already exists". */
const ROOM_EXISTS = 427;
/** Janus VideoRoom's JANUS_VIDEOROOM_ERROR_NO_SUCH_ROOM: the room is already gone. */
const NO_SUCH_ROOM = 426;
/** Janus VideoRoom's JANUS_VIDEOROOM_ERROR_NO_SUCH_FEED: nobody with that id in the room (already gone). */
const NO_SUCH_FEED = 428;

/**
 * Janus's signed token (janus.jcfg `token_auth_secret`, auth.c): `<expiry>,<realm>,<descriptor>…:<signature>`, the
 * signature base64(HMAC-SHA1(secret, the part before the colon)); the expiry in Unix seconds.
 */
export function janusToken(secret: string, expiresAt: number, realm: string, descriptors: string[]): string {
  const data = [String(expiresAt), realm, ...descriptors].join(',');
  return `${data}:${createHmac('sha1', secret).update(data).digest('base64')}`;
}

/** The table's VideoRoom id: numeric (Janus's default ids), 52 bits of a hash of the room name, never 0. */
export function janusRoomId(room: string): number {
  return parseInt(createHash('sha256').update(`pavilion-videoroom:${room}`).digest('hex').slice(0, 13), 16) || 1;
}

/**
 * A seated person's publisher id in the table's VideoRoom: 52 bits of an HMAC of room and identity under the token
 * secret, never 0, so that no one without the secret can work out another's.
 */
export function janusPublisherId(tokenSecret: string, room: string, identity: string): number {
  return parseInt(createHmac('sha256', tokenSecret).update(`publisher:${room}:${identity}`).digest('hex').slice(0, 13), 16) || 1;
}

type JanusReply = { janus: string; data?: { id?: number }; error?: { code: number; reason: string }; plugindata?: { data?: { videoroom?: string; error_code?: number; error?: string } } };

/**
 * Janus (janus.conf.meetecho.com, VideoRoom plugin) over its HTTP API. For each admission the server creates the
 * table's room if it does not exist (idempotent: a numeric id derived from the table, `publishers` = the table's seats,
 * a room secret derived from the token secret, private, an `allowed` list (empty at first) and `require_pvtid`, so
 * that a subscription names its holder's publisher) or sets its publishers to the seats, with the VideoRoom
 * `admin_key` when configured and a short token of its own (plus the `api_secret` when set). The participant gets a
 * signed, expiring core token that admits to the VideoRoom plugin only (realm `janus`, descriptor
 * `janus.plugin.videoroom`), and a room token of their seat that the server puts on the room's `allowed` list; their
 * publisher id and display name are the server's (a previous presence under that id is sent out first).
 * When they leave the table (`revoke`) the room token comes off the list (a join with it is refused) and Janus
 * `kick`s them: their publisher and, by `require_pvtid`, their subscriptions end. Each admission and revocation also
 * sends out anyone in the room who is not seated, or whose display name is not the one the server gave.
 */
export function createJanusProvider(config: JanusConfig, now: () => Date = () => new Date(), fetcher: typeof fetch = fetch): SfuProvider {
  const url = config.url.replace(/\/$/, '');
  const seconds = () => Math.floor(now().getTime() / 1000);
  const roomSecret = (roomId: number) => createHmac('sha256', config.tokenSecret).update(`room-secret:${roomId}`).digest('base64url');
  /** A seat's room token: on the room's `allowed` list while its holder sits at the table. */
  const seatToken = (roomId: number, identity: string) => createHmac('sha256', config.tokenSecret).update(`seat:${roomId}:${identity}`).digest('base64url');
  const publisherOf = (room: string, identity: string) => janusPublisherId(config.tokenSecret, room, identity);

  async function call(path: string, body: Record<string, unknown>): Promise<JanusReply> {
    const auth = { token: janusToken(config.tokenSecret, seconds() + 60, 'janus', [VIDEOROOM]), ...(config.apiSecret ? { apisecret: config.apiSecret } : {}) };
    let res: Response;
    try {
      res = await fetcher(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, ...auth, transaction: randomUUID() }), signal: AbortSignal.timeout(5000) });
    } catch {
      throw videoErrors.sfuUnavailable();
    }
    const reply = (await res.json().catch(() => null)) as JanusReply | null;
    if (!res.ok || !reply || reply.janus === 'error') throw videoErrors.sfuUnavailable();
    return reply;
  }

  type Message = (body: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** A short-lived Janus session with a VideoRoom handle: `message` sends the plugin a request (with the admin key). */
  async function withVideoRoom<T>(work: (message: Message) => Promise<T>): Promise<T> {
    const session = (await call('', { janus: 'create' })).data!.id!;
    try {
      const handle = (await call(`/${session}`, { janus: 'attach', plugin: VIDEOROOM })).data!.id!;
      return await work(async (body) => (await call(`/${session}/${handle}`, { janus: 'message', body: { ...body, ...(config.adminKey ? { admin_key: config.adminKey } : {}) } })).plugindata?.data ?? {});
    } finally {
      await call(`/${session}`, { janus: 'destroy' }).catch(() => undefined);
    }
  }

  /** Sends out the publisher `id` (fine when nobody has it, or the room is gone). */
  async function kick(message: Message, roomId: number, id: number): Promise<void> {
    const kicked = await message({ request: 'kick', room: roomId, secret: roomSecret(roomId), id });
    if (kicked.videoroom !== 'success' && kicked.error_code !== NO_SUCH_FEED && kicked.error_code !== NO_SUCH_ROOM) throw videoErrors.sfuUnavailable();
  }
  /** Who is in the room now (none when it does not exist). */
  async function participants(message: Message, roomId: number): Promise<{ id: number; display?: string }[]> {
    const listed = await message({ request: 'listparticipants', room: roomId });
    return (listed.participants as { id: number; display?: string }[] | undefined) ?? [];
  }
  /** Sends out everyone in the room who is not one of `seated` under the server's id and display name. */
  async function enforce(message: Message, room: string, roomId: number, seated: SfuMember[]): Promise<void> {
    const expected = new Map(seated.map((m) => [publisherOf(room, m.identity), m.name]));
    for (const p of await participants(message, roomId)) {
      if (expected.get(p.id) !== p.display) await kick(message, roomId, p.id);
    }
  }
  async function allowed(message: Message, roomId: number, action: 'add' | 'remove', token: string): Promise<void> {
    const r = await message({ request: 'allowed', room: roomId, secret: roomSecret(roomId), action, allowed: [token] });
    if (r.videoroom !== 'success' && !(action === 'remove' && r.error_code === NO_SUCH_ROOM)) throw videoErrors.sfuUnavailable();
  }

  async function ensureRoom(message: Message, roomId: number, description: string, capacity: number): Promise<void> {
    const secret = roomSecret(roomId);
    const created = await message({
      request: 'create',
      room: roomId,
      description,
      permanent: false,
      is_private: true,
      secret,
      publishers: capacity,
      allowed: [],
      require_pvtid: true,
      audiocodec: 'opus',
      videocodec: 'vp8',
      notify_joining: true,
    });
    if (created.videoroom === 'created') return;
    if (created.error_code !== ROOM_EXISTS) throw videoErrors.sfuUnavailable();
    const edited = await message({ request: 'edit', room: roomId, secret, new_publishers: capacity, new_require_pvtid: true });
    if (edited.videoroom !== 'edited') throw videoErrors.sfuUnavailable();
  }

  return {
    provider: 'janus',
    url,
    async feedIds(room, identities, viewer) {
      const ids = new Map<string, number>();
      if (identities.includes(viewer)) ids.set(viewer, publisherOf(room, viewer));
      const others = identities.filter((identity) => identity !== viewer);
      if (others.length === 0) return ids;
      const present = await withVideoRoom(async (message) => new Set((await participants(message, janusRoomId(room))).map((p) => p.id))).catch(() => new Set<number>());
      for (const identity of others) {
        const id = publisherOf(room, identity);
        if (present.has(id)) ids.set(identity, id);
      }
      return ids;
    },
    async admit(grant) {
      const roomId = janusRoomId(grant.room);
      const publisherId = publisherOf(grant.room, grant.identity);
      const roomToken = seatToken(roomId, grant.identity);
      await withVideoRoom(async (message) => {
        await ensureRoom(message, roomId, grant.room, grant.capacity);
        await allowed(message, roomId, 'add', roomToken);
        // One presence per seat: an earlier one (another tab, a reload) leaves so that this one can join under the id.
        await kick(message, roomId, publisherId);
        if (grant.seated) await enforce(message, grant.room, roomId, grant.seated);
      });
      return { provider: 'janus', roomId, token: janusToken(config.tokenSecret, seconds() + grant.ttlSeconds, 'janus', [VIDEOROOM]), roomToken, publisherId, display: grant.name };
    },
    async revoke(room, identity, seated) {
      const roomId = janusRoomId(room);
      await withVideoRoom(async (message) => {
        await allowed(message, roomId, 'remove', seatToken(roomId, identity));
        await kick(message, roomId, publisherOf(room, identity));
        await enforce(message, room, roomId, seated.filter((m) => m.identity !== identity));
      });
    },
    async release(room) {
      const roomId = janusRoomId(room);
      await withVideoRoom(async (message) => {
        // Everyone still in it is sent away by Janus; a room that is already gone (never used, Janus restarted) is fine.
        const destroyed = await message({ request: 'destroy', room: roomId, secret: roomSecret(roomId) });
        if (destroyed.videoroom !== 'destroyed' && destroyed.error_code !== NO_SUCH_ROOM) throw videoErrors.sfuUnavailable();
      });
    },
  };
}

type SfuSettings = {
  LIVEKIT_URL?: string;
  LIVEKIT_API_KEY?: string;
  LIVEKIT_API_SECRET?: string;
  JANUS_URL?: string;
  JANUS_TOKEN_SECRET?: string;
  JANUS_API_SECRET?: string;
  JANUS_ADMIN_KEY?: string;
};

/**
 * The configured SFU, or null: LiveKit with LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET together, else Janus
 * with JANUS_URL and JANUS_TOKEN_SECRET (JANUS_API_SECRET and JANUS_ADMIN_KEY when Janus has them set).
 */
export function sfuFromConfig(config: SfuSettings, now?: () => Date): SfuProvider | null {
  if (config.LIVEKIT_URL && config.LIVEKIT_API_KEY && config.LIVEKIT_API_SECRET) {
    return createLiveKitProvider({ url: config.LIVEKIT_URL, apiKey: config.LIVEKIT_API_KEY, apiSecret: config.LIVEKIT_API_SECRET }, now);
  }
  if (config.JANUS_URL && config.JANUS_TOKEN_SECRET) {
    return createJanusProvider({ url: config.JANUS_URL, tokenSecret: config.JANUS_TOKEN_SECRET, apiSecret: config.JANUS_API_SECRET, adminKey: config.JANUS_ADMIN_KEY }, now);
  }
  return null;
}
