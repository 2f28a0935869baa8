import { z } from 'zod';
import { ZIceServer } from '@pavilion/domain/video/video.schemas';

const zBool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every setting Pavilion reads from the environment. Invalid values stop start-up with a clear message. */
export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  /** Names this deployment's socket.io channels in Redis, so two deployments sharing one Redis never hear each other. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (1–64)').default('pavilion'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key for secrets stored in the database (payment and wallet keys); defaults to the signing secret. */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Pavilion <no-reply@pavilion.local>'),
  /**
   * How long a mail job's claim on a message lasts (confirmation, bulk certificate and programme-change mail): a
   * message claimed by an instance that died goes out from another instance, or the next start, once this has passed.
   * It must exceed the time a pass takes to send what it claimed (up to 100 messages).
   */
  MAIL_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(2).max(86_400).default(300),
  /** Serves the organiser's Mail outbox outside development (it is always on when NODE_ENV is development). */
  MAIL_OUTBOX_UI: zBool.optional(),
  PAVILION_DEMO: zBool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: zBool.default(false),
  /**
   * STUN/TURN servers for WebRTC calls and table video, as JSON (RTCPeerConnection's iceServers), e.g.
   * [{"urls":"stun:stun.example.org:3478"}]. Default none: on one network host candidates suffice.
   */
  RTC_ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
        return z.NEVER;
      }
    })
    .pipe(z.array(ZIceServer).max(10)),
  /** The LiveKit media server for tables of more than four people (with its API key and secret); unset: mesh video up to 4. */
  LIVEKIT_URL: z.string().regex(/^(wss?|https?):\/\//, 'must start with wss://, ws://, https:// or http://').optional(),
  LIVEKIT_API_KEY: z.string().min(1).optional(),
  LIVEKIT_API_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Or Janus (VideoRoom plugin) as that media server: its HTTP API (…/janus), the `token_auth_secret` it signs tokens
   * with, its `api_secret` if set, and the VideoRoom's `admin_key` if set (rooms are created by this server only).
   */
  JANUS_URL: z.string().regex(/^https?:\/\//, 'must start with https:// or http://').optional(),
  JANUS_TOKEN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  JANUS_API_SECRET: z.string().min(1).optional(),
  JANUS_ADMIN_KEY: z.string().min(1).optional(),
});
export type AppConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line per bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const relevant = Object.fromEntries(
    Object.keys(ZConfig.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = ZConfig.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Janus needs its token secret and the VideoRoom's admin key: without the key (and `admin_key` in Janus's VideoRoom
  // config) any participant holding a token could create rooms on the media server.
  if (parsed.data.JANUS_URL && (!parsed.data.JANUS_TOKEN_SECRET || !parsed.data.JANUS_ADMIN_KEY)) {
    const missing = ['JANUS_TOKEN_SECRET', 'JANUS_ADMIN_KEY'].filter((k) => !parsed.data[k as 'JANUS_TOKEN_SECRET' | 'JANUS_ADMIN_KEY']);
    throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required with JANUS_URL`).join('\n')}`);
  }
  // The demo's paid orders go through the built-in test gateway, which production never offers (payments.service.ts):
  // refused here with its reason rather than failing half-way through the demo's first start.
  if (parsed.data.NODE_ENV === 'production' && parsed.data.PAVILION_DEMO === true) {
    throw new ConfigError(
      'Invalid configuration:\n  PAVILION_DEMO: the demo pays its orders on the built-in test gateway, which NODE_ENV=production does not offer; try the demo with NODE_ENV=development (the default of npm start)',
    );
  }
  return parsed.data;
}

export function publicUrl(config: AppConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
